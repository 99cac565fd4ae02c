import LockstepCore
import Platform

/// What a cell shows (`save what=`).
public enum SaveWhat: String, CaseIterable, Sendable {
    case original, edited
}

/// What reaches the app: scrolling cells (`.task(id:)` appear, disappear, URL change), the
/// scripted network, memory pressure and lifecycle, the detail screen, the blur editor, saving
/// and the Photos permission, the catalogue, and the screen the window scene is on.
public enum WallpapersEvent: Sendable {
    /// A grid cell appears: its `.task(id: thumbnailURL)` starts. Geometry in points.
    case cellAppear(cell: Int, url: String, widthPoints: Double, heightPoints: Double)
    /// The cell scrolls off: its task is cancelled.
    case cellDisappear(cell: Int)
    /// The cell is reused for another URL: the old task is cancelled, a new one starts.
    case cellURL(cell: Int, url: String)
    case detailOpen(url: String)
    case detailClose
    /// Create mode on the open wallpaper (`BlurEditor(image:)`).
    case editorOpen
    /// One slider tick: radius in output pixels, dim 0...1.
    case editorSlider(radiusPixels: Double, dim: Double)
    /// Save tapped in the editor: the full-resolution render.
    case editorExport
    case save(SaveWhat)
    /// The guide's "Open Photos" button.
    case openPhotos
    /// A category tab (listing feature; the catalogue comes over the network).
    case category(String)
    /// The search field's text (filters the loaded catalogue).
    case search(String)
    /// The window scene is now on a screen with this scale and native bounds (an external display,
    /// a Stage Manager window); `UIScreen.main` stays the built-in screen.
    case screen(scale: Int, nativeWidthPixels: Int, nativeHeightPixels: Int)
    case network(NetworkEvent)
    case capture(CaptureSystemEvent)
    case lifecycle(LifecycleLine)
}

extension Wallpapers {
    /// Longest URL a scenario may give: the transport's own limit.
    static let maxURLBytes = HTTPRequest.maxURLBytes
    /// Cell ids 0...maxCellID.
    static let maxCellID = 100_000

    public static let events: [EventKind<WallpapersEvent>] = [
        EventKind("cellAppear", "A grid cell appears and starts its thumbnail task") { f throws(ScenarioError) in
            let cell = try f("id", .int, in: 0 ... maxCellID, "the cell")
            let url = try f("url", .text, "the thumbnail URL")
            let w = try f("width", .number, "cell width in points (nan or 0 is refused with a record)")
            let h = try f("height", .number, default: 0, "cell height in points; 0 (default) means width × 19.5/9, the cell's aspect ratio")
            if !f.isDeclaring, url.utf8.count > maxURLBytes { throw f.error("url is \(url.utf8.count) bytes; at most \(maxURLBytes)", at: "url") }
            return .cellAppear(cell: cell, url: url, widthPoints: w, heightPoints: h)
        },
        EventKind("cellDisappear", "The cell scrolls off-screen: its task is cancelled") { f throws(ScenarioError) in
            .cellDisappear(cell: try f("id", .int, in: 0 ... maxCellID, "the cell"))
        },
        EventKind("cellURL", "The visible cell is given another URL (task id changes)") { f throws(ScenarioError) in
            let cell = try f("id", .int, in: 0 ... maxCellID, "the cell")
            let url = try f("url", .text, "the new thumbnail URL")
            if !f.isDeclaring, url.utf8.count > maxURLBytes { throw f.error("url is \(url.utf8.count) bytes; at most \(maxURLBytes)", at: "url") }
            return .cellURL(cell: cell, url: url)
        },
        EventKind("detailOpen", "The detail screen for a wallpaper: download to disk, decode at screen size") { f throws(ScenarioError) in
            let url = try f("url", .text, "the full image URL")
            if !f.isDeclaring, url.utf8.count > maxURLBytes { throw f.error("url is \(url.utf8.count) bytes; at most \(maxURLBytes)", at: "url") }
            return .detailOpen(url: url)
        },
        EventKind("detailClose", "The detail screen closes") { _ throws(ScenarioError) in .detailClose },
        EventKind("editorOpen", "Create mode on the open wallpaper") { _ throws(ScenarioError) in .editorOpen },
        EventKind("editorSlider", "One slider tick in Create mode") { f throws(ScenarioError) in
            .editorSlider(radiusPixels: try f("radius", .number, "blur radius in output pixels; clamped to 0...200, nan refused"),
                          dim: try f("dim", .number, default: 0, "darkening 0...1; clamped, nan refused"))
        },
        EventKind("editorExport", "Save tapped in Create mode: the full-resolution render") { _ throws(ScenarioError) in .editorExport },
        EventKind("save", "Save to Photos") { f throws(ScenarioError) in
            .save(try f("what", .choice(SaveWhat.self), "original (the downloaded bytes) or edited (the export)"))
        },
        EventKind("openPhotos", "The guide's Open Photos button") { _ throws(ScenarioError) in .openPhotos },
        EventKind("category", "A category tab: loads its catalogue") { f throws(ScenarioError) in
            let id = try f("id", .word, "nature, anime, space, minimalism, ...")
            return .category(id)
        },
        EventKind("search", "The search field's text") { f throws(ScenarioError) in
            let text = try f("text", .text, "the query (empty shows everything)")
            if !f.isDeclaring, text.utf8.count > 256 { throw f.error("search text is \(text.utf8.count) bytes; at most 256", at: "text") }
            return .search(text)
        },
        EventKind("screen", "The window scene's screen changes (external display, another window)") { f throws(ScenarioError) in
            .screen(scale: try f("scale", .int, in: 1 ... 3, "displayScale"),
                    nativeWidthPixels: try f("width", .int, in: 1 ... 16_384, "nativeBounds width in pixels"),
                    nativeHeightPixels: try f("height", .int, in: 1 ... 16_384, "nativeBounds height in pixels"))
        },
        NetVocabulary.eventKind { .network(.line($0)) },
        LifecycleVocabulary.eventKind { .lifecycle($0) },
    ] + CaptureVocabulary.eventKinds(only: [CaptureVocabulary.photosKind]) { .capture($0) }

    public static func kind(of event: WallpapersEvent) -> String {
        switch event {
        case .cellAppear: "cellAppear"
        case .cellDisappear: "cellDisappear"
        case .cellURL: "cellURL"
        case .detailOpen: "detailOpen"
        case .detailClose: "detailClose"
        case .editorOpen: "editorOpen"
        case .editorSlider: "editorSlider"
        case .editorExport: "editorExport"
        case .save: "save"
        case .openPhotos: "openPhotos"
        case .category: "category"
        case .search: "search"
        case .screen: "screen"
        case .network(let e): NetVocabulary.kind(of: e)
        case .capture(let e): CaptureVocabulary.kind(of: e)
        case .lifecycle: LifecycleVocabulary.kind
        }
    }

    public static func text(of event: WallpapersEvent) -> String? {
        switch event {
        case .cellAppear(let cell, let url, let w, let h):
            let line = LineText("cellAppear").int("id", cell).string("url", url).number("width", w)
            return (h == 0 ? line : line.number("height", h)).line
        case .cellDisappear(let cell): return LineText("cellDisappear").int("id", cell).line
        case .cellURL(let cell, let url): return LineText("cellURL").int("id", cell).string("url", url).line
        case .detailOpen(let url): return LineText("detailOpen").string("url", url).line
        case .detailClose: return LineText("detailClose").line
        case .editorOpen: return LineText("editorOpen").line
        case .editorSlider(let r, let d):
            let line = LineText("editorSlider").number("radius", r)
            return (d == 0 ? line : line.number("dim", d)).line
        case .editorExport: return LineText("editorExport").line
        case .save(let what): return LineText("save").choice("what", what).line
        case .openPhotos: return LineText("openPhotos").line
        case .category(let id): return LineText("category").word("id", id).line
        case .search(let text): return LineText("search").string("text", text).line
        case .screen(let s, let w, let h): return LineText("screen").int("scale", s).int("width", w).int("height", h).line
        case .network(.line(let l)): return NetVocabulary.text(of: l)
        case .network(.timer): return nil
        case .capture(let e): return CaptureVocabulary.text(of: e)
        case .lifecycle(let l): return LifecycleVocabulary.text(of: l)
        }
    }
}
