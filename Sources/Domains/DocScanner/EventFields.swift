import LockstepCore
import Platform

/// The fields shared by `scanContent` and `photoPicked`: a PNG fixture, or a generated page.
/// Every field is read first, then checked (the declaration pass sees them all).
enum EventFields {
    struct Source {
        var source: PixelSource
        var hasFile: Bool
    }

    static func source(_ f: inout Fields, defaultPage: [Double]) throws(ScenarioError) -> Source {
        let file = try f.optional("file", .file, "a PNG fixture under Scenarios/ (instead of a generated page)")
        let page = try f.optional("page", .tuple(8), "generated: the page corners TL,TR,BR,BL as x,y fractions of the upright picture, y down")
        let paper = try f("paper", .number, default: 0.95, in: 0 ... 1, "generated: paper luma 0...1")
        let ink = try f("ink", .number, default: 0.2, in: 0 ... 1, "generated: ink luma 0...1 (a faint thermal receipt is 0.8)")
        let background = try f("background", .number, default: 0.35, in: 0 ... 1, "generated: desk luma 0...1")
        let seed = try f("seed", .integer, default: 1, in: 0 ... Int64.max, "generated: the text layout's seed")
        let lines = try f("lines", .int, default: 12, in: 1 ... DocumentPagePattern.maxLineCount, "generated: text lines")
        let noise = try f("noise", .int, default: 0, in: 0 ... DocumentPagePattern.maxNoiseLevels, "generated: sensor noise in grey levels")
        if !f.isDeclaring, let page {
            if page.contains(where: { !($0 >= 0 && $0 <= 1) }) {
                throw f.error("page corners must be fractions in 0...1", at: "page")
            }
            if file != nil { throw f.error("a file fixture has no generated page corners", atAnyOf: ["file", "page"]) }
        }
        if let file { return Source(source: .file(file), hasFile: true) }
        return Source(source: .pattern(PatternParameters(pageFractions: page ?? defaultPage, paperLuma: paper, inkLuma: ink,
                                                         backgroundLuma: background, seed: UInt64(seed), lineCount: lines,
                                                         noiseLevels: noise)), hasFile: false)
    }

    /// A page inside the photo, slightly skewed, as a hand-held shot.
    static let defaultPhotoPage: [Double] = [0.15, 0.1, 0.85, 0.12, 0.88, 0.9, 0.12, 0.88]

    static func photo(_ f: inout Fields) throws(ScenarioError) -> PhotoFixture {
        let source = try EventFields.source(&f, defaultPage: defaultPhotoPage)
        let width = try f.optional("width", .int, in: 1 ... DocScanner.maxPageSidePixels, "generated: stored width in pixels")
        let height = try f.optional("height", .int, in: 1 ... DocScanner.maxPageSidePixels, "generated: stored height in pixels")
        let orientation = try f("orientation", .word, default: "up",
                                "UIImage.Orientation: up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored")
        let orientationRaw = try f.optional("orientationRaw", .int, in: -1_000 ... 1_000,
                                            "UIImage.Orientation by raw value instead (0...7; others are unknown)")
        let hasCGImage = try f("hasCGImage", .bool, default: true, "false: a CIImage-backed UIImage (cgImage is nil)")
        let png = try f("pngEncodable", .bool, default: true, "false: pngData() returns nil")
        var raw = 0
        if !f.isDeclaring {
            if source.hasFile, width != nil || height != nil {
                throw f.error("a file fixture has its own size; leave out width and height", atAnyOf: ["width", "height"])
            }
            if !source.hasFile, width == nil || height == nil {
                throw f.error("a generated photo needs width= and height=")
            }
            if let orientationRaw {
                if orientation != "up" { throw f.error("give orientation= or orientationRaw=, not both", atAnyOf: ["orientation", "orientationRaw"]) }
                raw = orientationRaw
            } else if let named = UIImageOrientationValue.allCases.first(where: { "\($0)" == orientation }) {
                raw = named.rawValue
            } else {
                throw f.error("unknown orientation '\(orientation)'; expected up, down, left, right, upMirrored, downMirrored, "
                              + "leftMirrored or rightMirrored (orientationRaw= for a raw value)", at: "orientation")
            }
        }
        return PhotoFixture(source: source.source, widthPixels: width ?? 0, heightPixels: height ?? 0, orientationRaw: raw,
                            hasCGImage: hasCGImage, pngEncodable: png)
    }
}
