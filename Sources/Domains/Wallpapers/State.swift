import LockstepCore
import Platform

/// A screen as the app reads it: `displayScale` and `nativeBounds` in pixels.
struct ScreenProfile: Sendable, Equatable {
    var scale: Int
    var nativeWidthPixels: Int
    var nativeHeightPixels: Int
    var longestSidePixels: Int { max(nativeWidthPixels, nativeHeightPixels) }
}

/// A decoded image somewhere in the app (a cell, the cache, the detail screen, the editor): its id
/// (so one image held in two places counts once), size and decoded cost.
struct LiveImage: Sendable, Equatable {
    var id: Int
    var size: PixelSize
    var cost: Int { size.decodedByteCost }
}

/// One grid cell and its `.task(id: thumbnailURL)`.
struct CellTask: Sendable {
    enum Phase: Sendable, Equatable {
        case loading(request: Int)
        case shown
        case failed
    }
    var url: String
    /// The cell in pixels: points × displayScale, truncated (GAP).
    var widthPixels: Int
    var heightPixels: Int
    var phase: Phase
    var image: LiveImage?
    /// The URL the shown image was loaded for (a stale load may land in a reused cell).
    var imageURL: String?
    /// The article's `pixelSize`: `max(width, height) × scale`.
    var pixelSize: Int { max(widthPixels, heightPixels) }
}

/// A request in flight and who waits for it.
enum Load: Sendable {
    /// A thumbnail for the cells waiting on it (more than one when concurrent misses are joined).
    case thumbnail(url: String, cells: [Int], widthPixels: Int, heightPixels: Int)
    case detail(url: String, generation: Int)
    case catalog(category: String)
}

/// The detail screen: one full-size-for-the-screen image, its kept file.
struct Detail: Sendable {
    var url: String
    var generation: Int
    var keptPath: String?
    var source: PixelSize?
    var image: LiveImage?
    /// The decoded pixels, when the source was small enough for pixel work.
    var pixels: RGBA8Image?
    /// Bytes the app holds in RAM for the download (`downloadIntoMemory`).
    var inMemoryBytes: Int = 0
    /// FNV-1a 64 of the downloaded bytes.
    var fileDigest: UInt64?
}

/// Create mode (`BlurEditor`).
struct Editor: Sendable {
    var url: String
    var preview: PixelSize
    var previewPixels: RGBA8Image?
    /// The source's full upright size: what an export renders.
    var export: PixelSize
    var radiusPixels: Double = 0
    var dim: Double = 0
    var contexts = 1
    var renders = 0
    var lastRender: LiveImage?
    /// The last preview's pixels, for the artifact a person compares with the export.
    var lastPixels: RGBA8Image?
    var exported: (size: PixelSize, digest: UInt64?, image: LiveImage)?
    var exports = 0
    /// The last export's (preview radius, export radius).
    var lastExportRadii: (preview: Double, export: Double)?
}

/// What a save hands to Photos, fixed when the user taps Save (the screen may change before the
/// permission prompt is answered).
struct PendingSave: Sendable {
    var what: SaveWhat
    var url: String
    var keptPath: String?
    var size: PixelSize
    var digest: UInt64
    /// The downloaded file's digest, for "the asset holds the download's bytes".
    var fileDigest: UInt64?
}

public struct WallpapersState: Sendable {
    var screen: ScreenProfile
    /// `UIScreen.main`: the built-in screen, whatever screen the window scene is on.
    var mainScreen: ScreenProfile
    var os: OSRelease
    var pixelWorkLimit: Int
    var net = ScriptedTransport("net")
    var cache: ThumbnailCache
    var cells: [Int: CellTask] = [:]
    var loads: [Int: Load] = [:]
    var nextImageID = 1
    var detail: Detail?
    var detailGeneration = 0
    var files = FileStore(name: "tmp")
    var editor: Editor?
    var permissions = CapturePermissions()
    var library = PhotoLibrary()
    /// A save waiting for the Photos prompt's answer, with what it saves captured at the tap.
    var pendingSave: PendingSave?
    var guideShown = false
    var catalog = Catalog()
    var life = AppLifecycle()
    var peakResidentBytes = 0
    var lastResidentBytes = 0
    var lastCacheTotal = 0
    var lastCacheCount = 0
    /// Main-thread decode work of the last step, for the hitch invariant (not written).
    var mainThreadNanoseconds = 0
    /// The last decode's working set held the source's full bitmap (not written).
    var lastDecodeIncludedFullSource = false
    var cancelledInserts = 0
    /// What this step did that an invariant judges (reset every step, never written).
    var flags = StepFlags()
    /// Which URL each kept path holds, for the collision rule (never written: derived).
    var keptOwners: [String: String] = [:]
}

/// Observations of one step for the invariants: each is what the user would see or what is
/// stored, with the values, or nil.
struct StepFlags: Sendable {
    var oversizeDecode: String?
    var upscaledDespiteSource: String?
    var servedSmaller: String?
    var sideways: String?
    var scaleMismatch: String?
    var keptCollision: String?
    var originalNotFileBytes: String?
    var staleImage: String?
}
