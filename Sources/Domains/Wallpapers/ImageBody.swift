import LockstepCore
import Platform

/// What a downloaded body decodes to: the stand-in for `CGImageSourceCreateWithData`.
///
/// Two formats are understood, and anything else is undecodable (an HTML error page, truncated
/// bytes), which the article's code turns into a nil image:
///
/// - **PNG** (the core decoder): real pixels, EXIF orientation 1 (PNG carries none here).
/// - **`WPX1`**, the harness's tiny test-image header, one ASCII line:
///   `WPX1 2160x3840 [exif=N] [pattern=gradient|solid:RRGGBB|checker:CELL]`. It says what a camera
///   JPEG's header says (stored size, EXIF tag) and names a `TestPattern` for the pixels, which are
///   drawn row by row on demand (`PatternSource`), so a 4K or bomb-sized source is never held whole.
///   An EXIF value outside 1...8 is read as 1, as the note says, and reported (`exifFallback`).
struct ImageBody: Sendable {
    enum Pixels: Sendable {
        case pattern(PatternSource)
        case decoded(RGBA8Image)
    }

    var widthPixels: Int
    var heightPixels: Int
    var orientation: ExifOrientation
    /// The EXIF value as written, when it was outside 1...8 and read as 1.
    var exifFallback: Int?
    var pixels: Pixels

    /// Longest `WPX1` header accepted, in bytes: a header is one short line.
    static let maxHeaderBytes = 256

    /// The decoded body, or nil when it is not an image this decoder reads.
    static func decode(_ bytes: [UInt8]) -> ImageBody? {
        if case .image(let body) = parse(bytes) { return body }
        return nil
    }

    /// What a body is: an image, not an image, or an image header the kit refuses by name (a size
    /// past the streamed limits).
    enum Parsed {
        case image(ImageBody)
        case undecodable
        case refused(ImageKitError)
    }

    static func parse(_ bytes: [UInt8]) -> Parsed {
        guard let header = parseHeader(bytes) else { return .undecodable }
        switch header {
        case .success(let body): return .image(body)
        case .failure(let error): return .refused(error)
        }
    }

    private static func parseHeader(_ bytes: [UInt8]) -> Result<ImageBody, ImageKitError>? {
        if bytes.count >= 8, bytes[0] == 0x89, bytes[1] == 0x50, bytes[2] == 0x4E, bytes[3] == 0x47 {
            guard let png = try? PNG.decode(bytes) else { return nil }
            let image = RGBA8Image(png)
            return .success(ImageBody(widthPixels: image.width, heightPixels: image.height, orientation: .up, exifFallback: nil,
                                      pixels: .decoded(image)))
        }
        guard bytes.count <= maxHeaderBytes, bytes.starts(with: Array("WPX1 ".utf8)),
              bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        let words = String(decoding: bytes, as: UTF8.self).split(separator: " ").map(String.init)
        guard words.count >= 2 else { return nil }
        let dims = words[1].split(separator: "x", omittingEmptySubsequences: false)
        guard dims.count == 2, let w = Int(dims[0]), let h = Int(dims[1]), w > 0, h > 0 else { return nil }
        var exif = 1
        var pattern = TestPattern.gradient(from: RGBA8(32, 48, 96, 255), to: RGBA8(224, 192, 128, 255), vertical: true)
        for word in words.dropFirst(2) {
            if word.hasPrefix("exif=") {
                guard let v = Int(word.dropFirst(5)) else { return nil }
                exif = v
            } else if word.hasPrefix("pattern=") {
                guard let p = parsePattern(String(word.dropFirst(8))) else { return nil }
                pattern = p
            } else {
                return nil
            }
        }
        let source: PatternSource
        do throws(ImageKitError) {
            source = try PatternSource(pattern, width: w, height: h)
        } catch {
            return .failure(error)
        }
        let orientation = ExifOrientation(exif: exif)
        return .success(ImageBody(widthPixels: w, heightPixels: h, orientation: orientation ?? .up,
                                  exifFallback: orientation == nil ? exif : nil, pixels: .pattern(source)))
    }

    /// `gradient`, `solid:RRGGBB`, `checker:CELL`.
    static func parsePattern(_ text: String) -> TestPattern? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        switch parts[0] {
        case "gradient" where parts.count == 1:
            return .gradient(from: RGBA8(32, 48, 96, 255), to: RGBA8(224, 192, 128, 255), vertical: true)
        case "solid" where parts.count == 2:
            return hexColor(parts[1]).map { .solid($0) }
        case "checker" where parts.count == 2:
            guard let cell = Int(parts[1]), cell >= 1, cell <= 4096 else { return nil }
            return .checkerboard(cellPixels: cell, first: RGBA8(240, 240, 240, 255), second: RGBA8(40, 80, 160, 255))
        default:
            return nil
        }
    }

    static func hexColor(_ text: String) -> RGBA8? {
        guard text.utf8.count == 6, let v = Int(text, radix: 16) else { return nil }
        return RGBA8(UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF), 255)
    }

    /// The source's pixel count, stored orientation.
    var pixelCount: Int { widthPixels * heightPixels }

    /// The full-size decoded cost: what `UIImage(data:)` pays, whatever the file size.
    var fullDecodeCost: Int { widthPixels * heightPixels * 4 }

    /// The upright size (orientations 5...8 swap the sides) when `respectingOrientation`.
    func uprightSize(respectingOrientation: Bool) -> PixelSize {
        let o: ExifOrientation = respectingOrientation ? orientation : .up
        let s = o.uprightSize(widthPixels: widthPixels, heightPixels: heightPixels)
        return PixelSize(widthPixels: s.widthPixels, heightPixels: s.heightPixels)
    }

    /// The thumbnail with its longest side at most `maxPixelSize` (ImageKit `Downsampler`, rows
    /// streamed), or nil when the source has more than `pixelWorkLimit` pixels: then only its size
    /// is known (`ThumbnailSize`), which is all the memory arithmetic needs.
    func thumbnail(maxPixelSize: Int, respectingOrientation: Bool, pixelWorkLimit: Int) throws(ImageKitError) -> (PixelSize, RGBA8Image?) {
        let o: ExifOrientation = respectingOrientation ? orientation : .up
        let size = try ThumbnailSize.fitting(widthPixels: widthPixels, heightPixels: heightPixels, orientation: o, maxPixelSize: maxPixelSize)
        guard pixelCount <= pixelWorkLimit else { return (size, nil) }
        switch pixels {
        case .pattern(let source):
            return (size, try Downsampler.thumbnail(of: source, orientation: o, maxPixelSize: maxPixelSize))
        case .decoded(let image):
            return (size, try Downsampler.thumbnail(of: image, orientation: o, maxPixelSize: maxPixelSize))
        }
    }

    /// One decode as the app runs it: the image, its pixels when computed, and the bytes the decode
    /// holds at its peak (the downsampler's working set; the whole bitmap for a full decode; plus
    /// the source's full bitmap when the image source caches it as a side effect).
    struct Decoded {
        var size: PixelSize
        var pixels: RGBA8Image?
        var orientation: ExifOrientation
        var workingBytes: Int
        var heldFullBitmap: Bool
    }

    func decode(maxPixelSize: Int, respectingOrientation: Bool, fullDecode: Bool, sourceCachesFullDecode: Bool,
                pixelWorkLimit: Int) throws(ImageKitError) -> Decoded {
        let (size, pixels) = try thumbnail(maxPixelSize: maxPixelSize, respectingOrientation: respectingOrientation,
                                           pixelWorkLimit: pixelWorkLimit)
        let orientation: ExifOrientation = respectingOrientation ? self.orientation : .up
        var working = fullDecode ? fullDecodeCost
            : Downsampler.workingBytes(sourceWidthPixels: widthPixels, target: size, orientation: orientation)
        let held = sourceCachesFullDecode && !fullDecode
        if held { working += fullDecodeCost }
        return Decoded(size: size, pixels: pixels, orientation: orientation, workingBytes: working, heldFullBitmap: held)
    }
}
