import LockstepCore

/// Hard limits of the image kit, checked before any allocation they bound.
///
/// A scenario can name any size (a hostile "decompression bomb", a corrupt header), so every
/// entry point checks its sizes here first and throws an `ImageKitError` that names the limit,
/// instead of allocating gigabytes or looping for minutes. The materialised-image limits equal
/// `PNGLimits`, so every `RGBA8Image` can be written as a PNG artifact.
public enum ImageLimits {
    /// Largest width or height of an image held in memory, in pixels (`PNGLimits.maxDimension`).
    public static let maxSidePixels = PNGLimits.maxDimension
    /// Largest `width × height` of an image held in memory: 64 Mi pixels, 256 MiB of RGBA
    /// (`PNGLimits.maxPixels`).
    public static let maxPixelCount = PNGLimits.maxPixels
    /// Largest width or height of a *streamed* source (`ImageRowSource`) that the downsampler reads
    /// row by row: 65,535, JPEG's own limit. Streaming is what lets a bomb-sized source be
    /// thumbnailed without ever holding it.
    public static let maxStreamedSidePixels = 65_535
    /// Largest `width × height` of a streamed source: 1 Gi pixels, a bound on work, not memory.
    public static let maxStreamedPixelCount = 1 << 30
    /// Largest Gaussian blur radius, in output pixels. The wallpapers note proposes 200: the
    /// export-scaled radius of a generous preview slider (about 60 px for a 4K export) fits with room.
    public static let maxBlurRadiusPixels = 200.0
}
