/// One pixel: red, green, blue and alpha bytes, alpha not premultiplied.
///
/// Used where a test or a pattern names a colour; images store the same four bytes in that order.
public struct RGBA8: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// An opaque grey whose three channels are `level`.
    public static func grey(_ level: UInt8) -> RGBA8 { RGBA8(level, level, level, 255) }

    public static let black = RGBA8(0, 0, 0)
    public static let white = RGBA8(255, 255, 255)
    public static let clear = RGBA8(0, 0, 0, 0)

    public var description: String { "\(r),\(g),\(b),\(a)" }
}
