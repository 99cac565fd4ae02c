/// Hard limits on what the decoder accepts, checked before any allocation they would bound.
///
/// Lockstep reads files produced by other tools; a limit turns a hostile or corrupt file into a
/// clear error instead of an out-of-memory kill, and every error that hits one names the limit.
public enum PNGLimits {
    /// Largest width or height, in pixels.
    public static let maxDimension = 16_384
    /// Largest `width * height`: 64 Mi pixels, i.e. 256 MiB of RGBA.
    public static let maxPixels = 64 * 1_024 * 1_024
    /// Most chunks in one file (including `IHDR` and `IEND`). Generous: a 64 Mi-pixel image
    /// split into 8 KiB `IDAT` chunks, as some tools write, needs about 32 Ki of them.
    public static let maxChunkCount = 1 << 17
    /// Largest length of one chunk's data. Below the PNG maximum of 2^31 - 1 because nothing that
    /// passes the pixel limit needs more in one chunk than the whole image's filtered data.
    public static let maxChunkLength = 1 << 28
}
