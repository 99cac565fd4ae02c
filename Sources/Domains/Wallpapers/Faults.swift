import LockstepCore

/// The article's failure modes (the note's list 1–17 and the four), each one switched back
/// on by name and each caught by what the user sees or what is stored: decoded bytes, the cache,
/// the network requests made, pixels, the saved assets.
public enum WallpapersFault: String, DomainFault {
    case fullSizeDecode
    case asyncImagePipeline
    case mainThreadDecode
    case sourceCachesFullDecode
    case countLimitedCache
    case ignoresMemoryWarning
    case noCancellation
    case ignoresExifOrientation
    case downloadIntoMemory
    case tempFileNotMoved
    case darkBlurBorder
    case blurFullResolutionPerTick
    case contextPerTick
    case unscaledExportRadius
    case saveReencoded
    case fullLibraryAccess
    case deniedWithoutHelp
    case setWallpaperButton
    case mainScreenScale
    case unlicensedImages
    case keyIgnoresPixelSize
    case keptPathCollision
    case savedNameCollision
    case landscapeUpscaled
    case duplicateDownloads

    public var summary: String {
        switch self {
        case .fullSizeDecode: "UIImage(data:): grid thumbnails decoded at the source's full size, w×h×4 each (failures 1, 2)"
        case .asyncImagePipeline: "AsyncImage: full-size decodes and no cost cache, so every appearance downloads again (failure 5)"
        case .mainThreadDecode: "no ShouldCacheImmediately: the decode runs lazily on the main thread at first draw, a scroll hitch (failure 3)"
        case .sourceCachesFullDecode: "ShouldCache true on the image source: a full-size decode is cached as a side effect while it lives (failure 4)"
        case .countLimitedCache: "the cache is limited by count (100), not decoded bytes: it grows past 80 MB (failure 6)"
        case .ignoresMemoryWarning: "a memory warning leaves the cache full (failure 6)"
        case .noCancellation: "loads are not cancelled when cells scroll off: late results are cached and land in reused cells (failure 7)"
        case .ignoresExifOrientation: "no CreateThumbnailWithTransform: orientations 5...8 come out sideways (failure 8)"
        case .downloadIntoMemory: "the full image is downloaded into RAM and decoded at full size instead of streamed to disk (failure 9)"
        case .tempFileNotMoved: "the download is used in place; the system deletes the temporary file, so saving the original fails (failure 10)"
        case .darkBlurBorder: "blur without clampedToExtent: transparent pixels pulled in, a dark soft border (failure 11)"
        case .blurFullResolutionPerTick: "every slider tick blurs the full-resolution image (failure 12)"
        case .contextPerTick: "a new CIContext per slider tick (failure 12)"
        case .unscaledExportRadius: "the export uses the preview's radius unscaled, so the export is less blurred than the preview (failure 12)"
        case .saveReencoded: "Save original hands Photos a re-encoded UIImage instead of the downloaded bytes (failure 13)"
        case .fullLibraryAccess: "asks for read-write library access instead of add-only (failure 14)"
        case .deniedWithoutHelp: "a denied save fails without saying how to allow add-only access or offering Settings (failure 14, checklist 6)"
        case .setWallpaperButton: "promises a one-tap Set Wallpaper button that cannot work (failure 15)"
        case .mainScreenScale: "UIScreen.main instead of the window scene's screen: wrong scale and bounds on another screen (failure 16)"
        case .unlicensedImages: "catalogue items without a licence are shown (failure 16, checklist 9)"
        case .keyIgnoresPixelSize: "the cache key ignores the pixel size: a larger cell gets the smaller cached image (derived)"
        case .keptPathCollision: "the kept file is temporaryDirectory/<lastPathComponent>: /nature/1.jpg and /space/1.jpg overwrite each other (derived)"
        case .savedNameCollision: "saves reuse the file name: two assets named alike in Photos (issue)"
        case .landscapeUpscaled: "the longest side is capped at the cell's longest side: a landscape source is upscaled ~1.78x in a portrait cell (derived)"
        case .duplicateDownloads: "two concurrent misses for one URL both download (actor reentrancy, derived)"
        }
    }
}
