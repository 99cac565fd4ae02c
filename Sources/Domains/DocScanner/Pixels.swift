import LockstepCore
import Platform

/// Turning fixtures into pixels, and the small measurements the records pin.
enum Pixels {
    /// The pixels of `source` at `width × height` (a generated page) or at the file's own size.
    /// A refusal is the text of the record that says why.
    static func image(_ source: PixelSource, widthPixels: Int, heightPixels: Int) -> Result<RGBA8Image, PixelRefusal> {
        switch source {
        case .file(let bytes):
            let png: PNGImage
            do { png = try PNG.decode(bytes) } catch { return .failure(.undecodable(error.description)) }
            if let refusal = checkSize(png.width, png.height) { return .failure(refusal) }
            return .success(RGBA8Image(png))
        case .pattern(let p):
            if let refusal = checkSize(widthPixels, heightPixels) { return .failure(refusal) }
            let w = Double(widthPixels), h = Double(heightPixels), q = p.pageFractions
            let quad = ImageQuad(topLeft: ImagePoint(x: q[0] * w, y: q[1] * h), topRight: ImagePoint(x: q[2] * w, y: q[3] * h),
                                 bottomRight: ImagePoint(x: q[4] * w, y: q[5] * h), bottomLeft: ImagePoint(x: q[6] * w, y: q[7] * h))
            let pattern = DocumentPagePattern(page: quad, paperLuma: p.paperLuma, inkLuma: p.inkLuma, backgroundLuma: p.backgroundLuma,
                                              seed: p.seed, lineCount: p.lineCount, noiseLevels: p.noiseLevels)
            do { return .success(try TestPattern.documentPage(pattern).image(width: widthPixels, height: heightPixels)) } catch {
                return .failure(.pattern(error.description))
            }
        }
    }

    /// A picked photo's *stored* pixels. A generated page is drawn as the user sees the picture
    /// (`page` fractions are upright), then turned back by the inverse of the photo's true
    /// orientation, as a camera stores a portrait shot on a landscape sensor. A file is stored as is.
    static func photo(_ photo: PhotoFixture) -> Result<RGBA8Image, PixelRefusal> {
        guard case .pattern = photo.source else { return image(photo.source, widthPixels: 0, heightPixels: 0) }
        let truth = photo.trueOrientation
        let upright = truth.uprightSize(widthPixels: photo.widthPixels, heightPixels: photo.heightPixels)
        return image(photo.source, widthPixels: upright.widthPixels, heightPixels: upright.heightPixels).map { $0.oriented(truth.inverse) }
    }

    static func checkSize(_ w: Int, _ h: Int) -> PixelRefusal? {
        if w < 1 || h < 1 { return .emptyImage(w, h) }
        if w > DocScanner.maxPageSidePixels || h > DocScanner.maxPageSidePixels || w * h > DocScanner.maxPagePixels {
            return .tooLarge(w, h)
        }
        return nil
    }

    /// Distinct luma levels (Rec. 709 in 1/256ths, as the sim enhancer's histogram): 1 means a
    /// blank page, so faint print that vanished shows as 1.
    static func lumaLevels(_ image: RGBA8Image) -> Int {
        var seen = [Bool](repeating: false, count: 256)
        var count = 0
        image.rgba.withUnsafeBufferPointer { px in
            var i = 0
            while i < px.count {
                let y = (54 * Int(px[i]) + 183 * Int(px[i + 1]) + 19 * Int(px[i + 2]) + 128) >> 8
                if !seen[y] { seen[y] = true; count += 1 }
                i += 4
            }
        }
        return count
    }

    /// SHA-256 of `bytes` as 64 lowercase hex digits (the note asks for sha256 of files and items).
    static func sha256(_ bytes: [UInt8]) -> String { SHA256.hex(SHA256.hash(bytes)) }
}

/// Why a fixture gave no image.
enum PixelRefusal: Error, Sendable {
    case undecodable(String)
    case emptyImage(Int, Int)
    case tooLarge(Int, Int)
    case pattern(String)

    func details(_ r: Record) -> Record {
        switch self {
        case .undecodable(let why): r.string("why", why)
        case .emptyImage(let w, let h): r.int("width", w).int("height", h)
        case .tooLarge(let w, let h):
            r.int("width", w).int("height", h).word("limit", "maxPagePixels").int("value", DocScanner.maxPagePixels)
                .int("maxSide", DocScanner.maxPageSidePixels)
        case .pattern(let why): r.string("why", why)
        }
    }

    var reason: String {
        switch self {
        case .undecodable: "undecodable"
        case .emptyImage: "emptyImage"
        case .tooLarge: "tooLarge"
        case .pattern: "badPattern"
        }
    }
}

extension PhotoFixture {
    /// What the stored pixels really need to stand upright (an unknown raw value: as stored).
    var trueOrientation: ExifOrientation { UIImageOrientationValue(rawValue: orientationRaw)?.exif ?? .up }
}

extension ExifOrientation {
    /// The transform that undoes this one: the two quarter turns swap, the rest undo themselves.
    var inverse: ExifOrientation {
        switch self {
        case .right: .left
        case .left: .right
        default: self
        }
    }
}
