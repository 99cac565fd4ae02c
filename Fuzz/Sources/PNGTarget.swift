import LockstepCore

/// Bytes as a PNG file. Rules: refusals are `PNGError`s; an image that decodes holds four bytes per
/// pixel and re-encodes to bytes that decode to the same image; `PNG.decode16` refuses exactly the
/// files `PNG.decode` refuses, and its samples narrowed by `PNGSampleScaling` equal `decode`'s bytes
/// (the two paths share the reader, so a difference is a bug in one of the sample conversions).
struct PNGTarget: FuzzTarget {
    func run(_ bytes: [UInt8]) {
        let wide = try? PNG.decode16(bytes)
        guard let image = try? PNG.decode(bytes) else {
            if wide != nil { Finding.fail("png", "decode16 accepted a file decode refuses") }
            return
        }
        guard let wide else { Finding.fail("png", "decode16 refused a file decode accepts") }
        guard wide.width == image.width, wide.height == image.height,
              wide.rgba.map({ PNGSampleScaling.eightBit($0, bitDepth: 16) }) == image.rgba else {
            Finding.fail("png", "decode16 narrowed to 8 bits differs from decode on a \(image.width)x\(image.height) image")
        }
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
