/// The bitmap formats an embedded image may have, with J2's format byte as the raw value. Known
/// from the payload's magic bytes only: the `data:` media type is not trusted (J3).
enum ImageFormat: UInt8, Hashable, Sendable, CaseIterable {
    case png = 1
    case jpeg = 2
    case webp = 3
    case gif = 4
}
