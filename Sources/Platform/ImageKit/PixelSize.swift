/// A width and height in pixels, e.g. a thumbnail target or an image that was never decoded.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var widthPixels: Int
    public var heightPixels: Int

    public init(widthPixels: Int, heightPixels: Int) {
        self.widthPixels = widthPixels
        self.heightPixels = heightPixels
    }

    /// `width × height × 4`: the bytes an RGBA8 decode of this size costs.
    public var decodedByteCost: Int { RGBA8Image.decodedByteCost(widthPixels: widthPixels, heightPixels: heightPixels) }

    /// `width x height`, e.g. `439x780`.
    public var description: String { "\(widthPixels)x\(heightPixels)" }
}
