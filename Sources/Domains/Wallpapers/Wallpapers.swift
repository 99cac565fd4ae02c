import LockstepCore
import Platform

/// `wallpapers`: Wallpapers HD: Exotic 4K, a gallery of 4K wallpapers in categories with search. The
/// grid shows downsampled thumbnails, the detail screen decodes the full image once at screen
/// size, Create mode blurs and dims a photo, and images are saved to Photos with add-only access so
/// the user can set them as a wallpaper from Photos.
///
/// Source: seed article `001_6956b43c84091d36.txt`, "Shipping a 4K wallpaper app without running out
/// of memory". Modelled, all of it: the decoded cost `w × h × 4` whatever the file size; ImageIO
/// downsampling with EXIF transform, no source cache and an immediate decode (ImageKit
/// `ThumbnailSize`/`Downsampler`, rows streamed from `PatternSource`); the cell's pixel size
/// `max(w, h) × displayScale`; the URL-keyed cache costed in decoded bytes with the 80 MiB limit and
/// the memory-pressure purge; `.task(id:)` cancellation; the detail download kept on disk
/// (`FileStore`) and decoded at `max(nativeBounds)`; one full-size image alive; parallax readiness;
/// the blur editor (clamp to extent then crop, brightness −dim, one context, preview small and
/// export with the scaled radius: ImageKit `GaussianBlur`, `Dim`, `BlurRadiusScaling`); add-only
/// saving of the original bytes or the rendered edit (Capture `CapturePermissions`, `PhotoLibrary`);
/// the Photos guide with no "Set" button; the window scene's screen, never `UIScreen.main`.
///
/// Choices where the article is silent (GAPs), and where this differs from the note:
/// - The note's "addendum" does not exist in the note as shipped; the note's own proposals are
///   followed. **Dim** is `DimRule.subtractBrightness` (brightness −dim, clamped), the article's
///   `colorControls.brightness = −dim` and the note's known value (0.5 − 0.2 = 0.3); the
///   multiplicative rule is not used because nothing in the article or note asks for it.
/// - Bodies decode as PNG or as the `WPX1` test-image header (`ImageBody`); anything else (an HTML
///   error page) is undecodable. The status is not checked, as in the article: a 404 fails by not
///   decoding, and its record carries the status.
/// - Thumbnail rounding is ImageKit's pinned rule (halves up, never upscaling). The cell's pixel
///   size truncates `points × scale`. A thumbnail is sized to **cover** the cell (the smallest
///   max-pixel-size whose fit is at least the cell on both sides): for a portrait source this is
///   the article's `max(w, h) × scale` exactly (2160×3840 in 360×780 → 439×780); for a landscape
///   one it avoids the note's derived upscale (`landscapeUpscaled` is the article's rule).
/// - The cache key is the URL, and a hit needs an image made for at least the requested pixel size
///   (or the whole source); otherwise it is a miss that replaces the entry (`keyIgnoresPixelSize`
///   is the article's URL-only key). Concurrent misses for one URL share one download
///   (`duplicateDownloads` is the actor-reentrancy behaviour). A cancelled load never inserts.
/// - Eviction is LRU after each insert until the total fits; an entry over the limit alone is not
///   stored; a memory warning empties the cache. A cell keeps showing its image after eviction
///   (SwiftUI `@State` holds it), so resident bytes count every distinct live image once: cache,
///   visible cells, the detail image, the editor's renders.
/// - Resident bytes include each decode's working set (ImageKit's `workingBytes`) at its peak.
/// - Main-thread decode time, for the hitch of the lazy-decode fault: 10 ns per source pixel
///   against a 16,666,667 ns frame.
/// - Sources above `pixelWorkLimit` pixels (default 1,048,576) are sized from their header only
///   (`pixels=sizedOnly`, no digest): the byte arithmetic is exact, the pixels are not computed, so
///   goldens stay fast. Smaller sources are decoded and blurred for real, with PNG artifacts.
/// - The kept file is `tmp/<16 hex of FNV-1a(url)>-<lastPathComponent>` (`image` when the URL has
///   none), so two URLs never share a path; opening another detail deletes the previous kept file
///   unless a save of it is pending.
/// - Photos names: an original is saved as its `lastPathComponent`, an edit as `<stem>-edit.png`;
///   a taken name becomes `<stem>-2.<ext>`, `-3`, ... (unique names, the rule).
/// - Parallax: `sourceSmallerThanScreen` when a side is below the native bounds (compared in
///   portrait), `notPortrait` when w > h; otherwise `ready`.
/// - Editor input: NaN refused; radius clamped to 0...200 px, dim to 0...1, each clamp a record.
///   The editor previews on the detail image (screen size) and exports the kept file decoded whole;
///   an export radius past 200 px is refused by name. Opening another detail closes the editor.
/// - A save captures what it saves when tapped (the URL, kept file, pixels): the screen may change
///   before the Photos prompt is answered. One save waits for the prompt at a time; a second is
///   refused. A denial (or restriction) explains itself and offers the Settings link where one
///   exists; nothing is written.
/// - The catalogue (listing-only in the article) is a line format with a licence column; items
///   without a licence are hidden (checklist 9), search is an ASCII case-insensitive substring.
///   Unlike the thumbnail path, the catalogue checks its HTTP status.
/// - `screen` events move the window scene to another screen; `UIScreen.main` stays the launch
///   screen (the `mainScreenScale` fault reads it).
/// - A body whose header names a size past ImageKit's streamed limits is refused with the kit's
///   message; the detail path reports it, like any undecodable file, as `fileReadCorruptFile`.
///
/// Faults (`WallpapersFault`): the note's failure list 1–16 and its four derived ones, and the
/// issue's four, and a denial without help; each caught by a golden and found by an invariant (`Invariants.swift`).
public enum Wallpapers: Domain {
    public static let entry = DomainEntry(Self.self)

    public typealias State = WallpapersState
    public typealias Event = WallpapersEvent
    public typealias Fault = WallpapersFault

    public static let name = "wallpapers"
    public static let summary = "Wallpapers HD: downsampled EXIF-aware thumbnails, an LRU cache bounded by decoded bytes with cancellation and memory pressure, one full-size detail image kept on disk, a clamped blur with the export radius scaled, add-only saving with unique names (seed 001, \"Shipping a 4K wallpaper app without running out of memory\")."

    /// The app's deployment target (the listing: iOS 16.0 and later).
    static let minimumOS = OSRelease(16, 0)

    public struct Settings: Sendable {
        var scale: Int
        var nativeWidthPixels: Int
        var nativeHeightPixels: Int
        var os: OSRelease
        var cacheLimitBytes: Int
        var pixelWorkLimit: Int
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        let scale = try s("displayScale", .int, default: 3, in: 1 ... 3, "the environment's displayScale")
        let w = try s("nativeWidth", .int, default: 1290, in: 1 ... 16_384, "the screen's nativeBounds width in pixels")
        let h = try s("nativeHeight", .int, default: 2796, in: 1 ... 16_384, "the screen's nativeBounds height in pixels")
        let os = try s("os", DeviceVocabulary.osRelease, default: OSRelease(17, 0), "the iOS release (the app supports 16.0 and later)")
        let limit = try s("cacheLimitBytes", .int, default: ThumbnailCache.articleLimitBytes, in: 1 ... 1 << 34, "the thumbnail cache's totalCostLimit")
        let work = try s("pixelWorkLimit", .int, default: 1 << 20, in: 1 ... 1 << 26, "sources above this many pixels are sized, not decoded")
        if !s.isDeclaring, os < minimumOS { throw s.error("os \(os) is below the app's minimum, \(minimumOS)", at: "os") }
        return Settings(scale: scale, nativeWidthPixels: w, nativeHeightPixels: h, os: os, cacheLimitBytes: limit, pixelWorkLimit: work)
    }

    public static func start(_ settings: Settings, _ world: inout World<Wallpapers>) throws(ScenarioError) -> WallpapersState {
        let screen = ScreenProfile(scale: settings.scale, nativeWidthPixels: settings.nativeWidthPixels,
                                   nativeHeightPixels: settings.nativeHeightPixels)
        var cache = ThumbnailCache(limitBytes: settings.cacheLimitBytes)
        if world.isOn(.countLimitedCache) { cache.countLimit = 100 }
        var s = WallpapersState(screen: screen, mainScreen: screen, os: settings.os, pixelWorkLimit: settings.pixelWorkLimit, cache: cache)
        _ = s.life.handle(.launch(.user, .foreground), &world)
        _ = s.life.handle(.becomeActive, &world)
        world.emit(Record("launch").int("scale", screen.scale).int("nativeWidth", screen.nativeWidthPixels)
            .int("nativeHeight", screen.nativeHeightPixels).word("os", settings.os.description).int("cacheLimit", cache.limitBytes))
        return s
    }

    public static func write(_ s: WallpapersState, to out: inout CanonicalWriter) {
        out.record(Record("screen").int("scale", s.screen.scale).int("nativeWidth", s.screen.nativeWidthPixels)
            .int("nativeHeight", s.screen.nativeHeightPixels))
        out.record(Record("memory").int("resident", residentBytes(s)).int("peak", s.peakResidentBytes))
        out.section("cache total=\(s.cache.totalCost) limit=\(s.cache.limitBytes) count=\(s.cache.entries.count)") { w in
            for e in s.cache.entries {
                w.record(Record("entry").string("url", e.url).int("image", e.imageID).word("size", e.size.description).int("cost", e.cost))
            }
        }
        out.section("cells count=\(s.cells.count)") { w in
            for id in s.cells.keys.sorted() {
                let c = s.cells[id]!
                var r = Record("cell").int("id", id).string("url", c.url).int("pixelSize", c.pixelSize)
                switch c.phase {
                case .loading(let req): r = r.word("phase", "loading").int("request", req)
                case .shown: r = r.word("phase", "shown")
                case .failed: r = r.word("phase", "failed")
                }
                if let img = c.image { r = r.int("image", img.id).word("size", img.size.description) }
                w.record(r)
            }
        }
        out.section("loads count=\(s.loads.count)") { w in
            for id in s.loads.keys.sorted() {
                switch s.loads[id]! {
                case .thumbnail(let url, let cells, _, _):
                    w.record(Record("thumbnail").int("request", id).string("url", url).string("cells", cells.map(String.init).joined(separator: ",")))
                case .detail(let url, let g): w.record(Record("detail").int("request", id).string("url", url).int("generation", g))
                case .catalog(let c): w.record(Record("catalog").int("request", id).word("category", c))
                }
            }
        }
        if let d = s.detail {
            var r = Record("detail").string("url", d.url).string("kept", d.keptPath ?? "none")
            if let img = d.image { r = r.word("decoded", img.size.description).int("cost", img.cost) }
            out.record(r.int("inMemory", d.inMemoryBytes))
        } else {
            out.word("detail", "none")
        }
        if let e = s.editor {
            out.record(Record("editor").word("preview", e.preview.description).word("export", e.export.description)
                .fixed("radius", e.radiusPixels, 2).fixed("dim", e.dim, 2).int("contexts", e.contexts).int("renders", e.renders)
                .int("exports", e.exports))
        } else {
            out.word("editor", "none")
        }
        out.record(Record("catalog").word("category", s.catalog.category ?? "none").int("items", s.catalog.items.count)
            .string("query", s.catalog.query))
        out.bool("guideShown", s.guideShown)
        out.word("pendingSave", s.pendingSave?.what.rawValue ?? "none")
        s.permissions.write(to: &out)
        s.library.write(to: &out)
        s.files.write(to: &out)
        s.net.write(to: &out)
        s.life.write(to: &out)
    }

    /// Every distinct decoded image alive, counted once: cache entries, visible cells, the detail
    /// image, the editor's last render and export.
    static func liveImages(_ s: WallpapersState) -> [LiveImage] {
        var all: [LiveImage] = s.cache.entries.map { LiveImage(id: $0.imageID, size: $0.size) }
        for id in s.cells.keys.sorted() { if let img = s.cells[id]!.image { all.append(img) } }
        if let img = s.detail?.image { all.append(img) }
        if let e = s.editor {
            if let img = e.lastRender { all.append(img) }
            if let ex = e.exported { all.append(ex.image) }
        }
        all.sort { $0.id < $1.id }
        var out: [LiveImage] = []
        for img in all where out.last?.id != img.id { out.append(img) }
        return out
    }

    static func residentBytes(_ s: WallpapersState) -> Int {
        liveImages(s).reduce(0) { $0 + $1.cost } + (s.detail?.inMemoryBytes ?? 0)
    }
}
