/// Hard limits on what the decoder accepts, checked before any allocation they would bound.
///
/// Lockstep reads files produced by other tools; a limit turns a hostile or corrupt file into a
/// clear error instead of an out-of-memory kill, and every error that hits one names the limit.
public enum PNGLimits {
    /// Largest width or height, in pixels.
    public static let maxDimension = 16_384
    /// Largest `width * height`: 64 Mi pixels, i.e. 256 MiB of RGBA8 (512 MiB from `decode16`).
    public static let maxPixels = 64 * 1_024 * 1_024
    /// Largest size of the decompressed image data, filter-type bytes included: 257 MiB.
    ///
    /// The size is exact from the header (each Adam7 pass adds a filter byte per row and pads its
    /// rows to whole bytes), so an image over it is refused before anything is inflated. 257 MiB
    /// holds every 8-bit layout up to `maxPixels`, interlaced or not (RGBA8 needs 4 bytes a pixel
    /// plus under 2 filter bytes per image row), and 16-bit grey and grey + alpha too; 16-bit RGB
    /// (6 bytes a pixel) and RGBA (8) stop at about 42 Mi and 32 Mi pixels. It caps the largest
    /// buffer a file can make the decoder fill from a small input.
    public static let maxDecompressedBytes = 257 * 1_024 * 1_024
    /// Most chunks in one file (including `IHDR` and `IEND`). Generous: a 64 Mi-pixel image
    /// split into 8 KiB `IDAT` chunks, as some tools write, needs about 32 Ki of them.
    public static let maxChunkCount = 1 << 17
    /// Largest length of one chunk's data. Below the PNG maximum of 2^31 - 1 because nothing that
    /// passes the pixel limit needs more in one chunk than the whole image's filtered data.
    public static let maxChunkLength = 1 << 28
}
