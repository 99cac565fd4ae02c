import LockstepCore
import Platform

/// The Canvas: each speck a filled circle of radius 18 in board order, then, for a chain of two or
/// more, a white polyline at opacity 0.8 and width 6 through the chain in chain order (a vanished
/// id is skipped). Colours are pinned by name; the RGB is only for the PNG.
extension SpeckMatch {
    public static let canvasWidth = 390.0
    public static let canvasHeight = 844.0

    static func drawColor(_ c: SpeckColor) -> DrawColor {
        switch c {
        case .coral: DrawColor(name: "coral", r: 255, g: 127, b: 80)
        case .mint: DrawColor(name: "mint", r: 62, g: 180, b: 137)
        case .sky: DrawColor(name: "sky", r: 135, g: 206, b: 235)
        case .lemon: DrawColor(name: "lemon", r: 255, g: 244, b: 79)
        case .violet: DrawColor(name: "violet", r: 143, g: 0, b: 255)
        }
    }

    static func drawList(_ s: SpeckMatchState) -> DrawList {
        var list = DrawList()
        _ = list.append(.page(widthPoints: canvasWidth, heightPoints: canvasHeight, background: .black))
        for speck in s.specks {
            _ = list.append(.circle(centerX: speck.x, centerY: speck.y, radiusPoints: Speck.radius, fill: drawColor(speck.color)))
        }
        if s.chain.count > 1 {
            let points = s.chain.compactMap { s.speck($0) }.map { DrawPoint(x: $0.x, y: $0.y) }
            _ = list.append(.polyline(points: points, stroke: .white, opacity: 0.8, lineWidthPoints: 6))
        }
        return list
    }

    /// `snapshot [png=true]`: the draw list as the player sees it now, and with `png` a PNG of it for
    /// a person to look at (an artifact beside the golden).
    static func snapshot(_ s: inout SpeckMatchState, png: Bool, _ world: inout World<SpeckMatch>) {
        let list = drawList(s)
        s.renderer.present(list, &world)
        s.snapshots += 1
        guard png else { return }
        do {
            try s.renderer.snapshot(name: "snapshot-\(s.snapshots).png", &world)
        } catch {
            world.reject("snapshot", "renderFailed") { $0.string("error", "\(error)") }
        }
    }
}
