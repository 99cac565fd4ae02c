import LockstepCore
import Platform

extension Wallpapers {
    static func openDetail(_ s: inout WallpapersState, url: String, _ world: inout World<Wallpapers>) { world.reject("detailOpen", "unavailable") }
    static func closeDetail(_ s: inout WallpapersState, _ world: inout World<Wallpapers>) { world.reject("detailClose", "unavailable") }
    static func detailArrived(_ s: inout WallpapersState, _ done: TransportCompletion, url: String, generation: Int, _ world: inout World<Wallpapers>) {}
    static func openEditor(_ s: inout WallpapersState, _ world: inout World<Wallpapers>) { world.reject("editorOpen", "unavailable") }
    static func slider(_ s: inout WallpapersState, radiusPixels: Double, dim: Double, _ world: inout World<Wallpapers>) { world.reject("editorSlider", "unavailable") }
    static func export(_ s: inout WallpapersState, _ world: inout World<Wallpapers>) { world.reject("editorExport", "unavailable") }
    static func save(_ s: inout WallpapersState, _ what: SaveWhat, _ world: inout World<Wallpapers>) { world.reject("save", "unavailable") }
    static func openPhotos(_ s: inout WallpapersState, _ world: inout World<Wallpapers>) { world.reject("openPhotos", "unavailable") }
    static func selectCategory(_ s: inout WallpapersState, _ id: String, _ world: inout World<Wallpapers>) { world.reject("category", "unavailable") }
    static func search(_ s: inout WallpapersState, _ text: String, _ world: inout World<Wallpapers>) { world.reject("search", "unavailable") }
    static func catalogArrived(_ s: inout WallpapersState, _ done: TransportCompletion, category: String, _ world: inout World<Wallpapers>) {}
    static func capture(_ s: inout WallpapersState, _ e: CaptureSystemEvent, _ world: inout World<Wallpapers>) { world.reject("photos", "unavailable") }
}
