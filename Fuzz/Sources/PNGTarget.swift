import LockstepCore

/// Bytes as a PNG file. Rules: refusals are `PNGError`s; an image that decodes holds four bytes per
/// pixel and re-encodes to bytes that decode to the same image.
struct PNGTarget: FuzzTarget {
    func run(_ bytes: [UInt8]) {
        guard let image = try? PNG.decode(bytes) else { return }
        guard image.rgba.count == image.width * image.height * 4 else {
            Finding.fail("png", "a \(image.width)x\(image.height) image holds \(image.rgba.count) bytes of RGBA")
        }
        let encoded = PNG.encode(image, format: .rgba)
        do {
            let again = try PNG.decode(encoded)
            guard again == image else { Finding.fail("png", "re-encoding a \(image.width)x\(image.height) image changed its pixels") }
        } catch {
            Finding.fail("png", "the encoder wrote a PNG the decoder refuses: \(error)")
        }
    }
}
