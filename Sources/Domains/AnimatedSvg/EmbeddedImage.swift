import LockstepCore

/// J3: an embedded image is drawn only if its `data:` payload is whole, so a truncated fixture (the
/// article's misleading repro) fails loudly and only for that element, instead of the compiler
/// killing the picture.
///
/// Ordering: `validateImages` runs before `UseExpansion.expand`; it marks bad images `removed`, and
/// the expansion then drops their `<use>` copies silently (one diagnostic per image).

/// Why an image's `href` cannot be drawn. `code` is the K diagnostic code.
enum ImageProblem: Error, Hashable, Sendable {
    /// The `href` is not a `data:` URI (`imageExternal`).
    case external
    /// Not `data:…;base64,…`, or the text is not strict standard padded base64 (`imageInvalid`).
    case malformed(String)
    /// The `href` is longer than `EmbeddedImage.maxHrefBytes` (`imageInvalid`).
    case tooLarge(Int)
    /// The payload starts with no known magic bytes (`imageInvalid`).
    case unknownFormat
    /// The payload has a format's magic bytes but not its whole-file rule (`imageInvalid`).
    case incomplete(ImageFormat)

    var code: String { self == .external ? "imageExternal" : "imageInvalid" }

    var detail: String {
        switch self {
        case .external: "the href is not a data: URI"
        case .malformed(let why): "the data: URI is not valid base64: \(why)"
        case .tooLarge(let bytes): "the href has \(bytes) bytes, over EmbeddedImage.maxHrefBytes = \(EmbeddedImage.maxHrefBytes)"
        case .unknownFormat: "the payload is not PNG, JPEG, WebP or GIF"
        case .incomplete(let format): "the \(format) payload is not whole (truncated?)"
        }
    }
}

/// An image that passed J3, by element index, in document order.
struct ValidatedImage: Hashable, Sendable {
    var element: Int
    var format: ImageFormat
    var bytes: [UInt8]
}

enum EmbeddedImage {
    /// Bound on one `href` (UTF-8 bytes) so a huge attribute cannot make decoding unbounded.
    static let maxHrefBytes = 64 << 20

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let pngEnd: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
    static let jpegStart: [UInt8] = [0xFF, 0xD8, 0xFF]
    static let jpegEnd: [UInt8] = [0xFF, 0xD9]
    static let gif87: [UInt8] = Array("GIF87a".utf8)
    static let gif89: [UInt8] = Array("GIF89a".utf8)
    static let riff: [UInt8] = Array("RIFF".utf8)
    static let webp: [UInt8] = Array("WEBP".utf8)

    /// True when `href` is a `data:` URI (scheme compared case-insensitively, surrounding ASCII
    /// whitespace ignored), i.e. the compiler should embed it.
    static func isDataURI(_ href: String) -> Bool {
        let bytes = trimmedBytes(href)
        return hasDataScheme(bytes)
    }

    /// The payload of a `data:…;base64,…` `href` and its format from the magic bytes. The media type
    /// and other parameters are ignored; ASCII whitespace inside the payload is skipped.
    static func decode(href: String) -> Result<(format: ImageFormat, bytes: [UInt8]), ImageProblem> {
        guard href.utf8.count <= maxHrefBytes else { return .failure(.tooLarge(href.utf8.count)) }
        let bytes = trimmedBytes(href)
        guard hasDataScheme(bytes) else { return .failure(.external) }
        guard let comma = bytes.firstIndex(of: UInt8(ascii: ",")) else { return .failure(.malformed("no comma")) }
        let header = String(decoding: bytes[5..<comma], as: UTF8.self).lowercased()
        guard header.hasSuffix(";base64") else { return .failure(.malformed("the data: URI does not declare ;base64")) }
        let payload = bytes[(comma + 1)...].filter { !isWhitespace($0) }
        let decoded: [UInt8]
        do {
            decoded = try Base64.decode(String(decoding: payload, as: UTF8.self), alphabet: .standard, padding: .required)
        } catch {
            return .failure(.malformed(error.description))
        }
        switch format(of: decoded) {
        case .success(let format): return .success((format, decoded))
        case .failure(let problem): return .failure(problem)
        }
    }

    /// The format whose magic bytes start `bytes`, if its whole-payload rule holds too.
    static func format(of bytes: [UInt8]) -> Result<ImageFormat, ImageProblem> {
        if starts(bytes, pngSignature) {
            return bytes.count >= pngSignature.count + pngEnd.count && ends(bytes, pngEnd) ? .success(.png) : .failure(.incomplete(.png))
        }
        if starts(bytes, jpegStart) {
            return bytes.count >= jpegStart.count + jpegEnd.count && ends(bytes, jpegEnd) ? .success(.jpeg) : .failure(.incomplete(.jpeg))
        }
        if starts(bytes, gif87) || starts(bytes, gif89) {
            return bytes.count > gif89.count && bytes[bytes.count - 1] == 0x3B ? .success(.gif) : .failure(.incomplete(.gif))
        }
        if starts(bytes, riff) {
            // RIFF, u32 LE = length − 8, WEBP.
            guard bytes.count >= 12, Array(bytes[8..<12]) == webp else { return .failure(.unknownFormat) }
            let size = UInt64(bytes[4]) | UInt64(bytes[5]) << 8 | UInt64(bytes[6]) << 16 | UInt64(bytes[7]) << 24
            return size == UInt64(bytes.count - 8) ? .success(.webp) : .failure(.incomplete(.webp))
        }
        return .failure(.unknownFormat)
    }

    /// The J3 stage: every live `<image>` in document order is decoded; a failing one is marked
    /// `removed` with `imageInvalid`/`imageExternal` at its `href` attribute (the one attribute at
    /// fault, K), or at its `<` when it has no `href` at all (Choice: `imageInvalid`, nothing to
    /// draw). Run before `UseExpansion.expand`, which then removes the failing images' copies.
    static func validateImages(_ doc: inout XMLDocument, diagnostics: inout [Diagnostic]) -> [ValidatedImage] {
        let walk = DocumentOrder.walk(doc)
        var valid: [ValidatedImage] = []
        for index in walk.order where walk.live[index] && doc.elements[index].name == "image" {
            let element = doc.elements[index]
            guard let href = UseChain.hrefAttribute(of: element) else {
                doc.elements[index].removed = true
                diagnostics.append(Diagnostic(.reject, "imageInvalid", at: element.at, "the <image> has no href"))
                continue
            }
            switch decode(href: href.value) {
            case .success(let image):
                valid.append(ValidatedImage(element: index, format: image.format, bytes: image.bytes))
            case .failure(let problem):
                doc.elements[index].removed = true
                diagnostics.append(Diagnostic(.reject, problem.code, at: href.at, problem.detail))
            }
        }
        return valid
    }

    /// Re-based to index 0, so callers can slice with plain offsets.
    private static func trimmedBytes(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        var start = 0
        var end = bytes.count
        while start < end, isWhitespace(bytes[start]) { start += 1 }
        while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
        return Array(bytes[start..<end])
    }

    private static func hasDataScheme(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 5 else { return false }
        let scheme = String(decoding: bytes.prefix(5), as: UTF8.self).lowercased()
        return scheme == "data:"
    }

    /// ASCII whitespace as J3 skips it: space, tab, LF, FF, CR.
    private static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D }

    private static func starts(_ bytes: [UInt8], _ magic: [UInt8]) -> Bool {
        bytes.count >= magic.count && Array(bytes.prefix(magic.count)) == magic
    }

    private static func ends(_ bytes: [UInt8], _ tail: [UInt8]) -> Bool {
        bytes.count >= tail.count && Array(bytes.suffix(tail.count)) == tail
    }
}
