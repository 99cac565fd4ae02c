import Platform

/// One draw call: a span of the shared instance buffer drawn with one stroke's colour and blend.
public struct DrawSpan: DeferredDraw {
    public var offset: Int
    public var count: Int
    public var color: RGBA
    public var erasing: Bool
    public var brushKind: BrushKind

    /// A live stroke's segments share colour, blend and brush, so they merge into one draw call.
    public func canExtend(with next: DrawSpan) -> Bool {
        color == next.color && erasing == next.erasing && brushKind == next.brushKind
    }
}

/// What the simulated GPU is asked to do, in order (Platform's deferred command).
public typealias RenderCommand = DeferredCommand<DrawSpan>

/// Platform's deferred command encoder over chalk's stamp instances: encoding records commands
/// and CPU writes to the one shared instance buffer happen immediately, but draws read the buffer
/// only at `commit`. That is what makes the one-buffer aliasing bug reproducible: if every stroke
/// of a replay is copied to offset 0 before its draw, all draws read whatever was written last.
public typealias CommandEncoder = DeferredCommandEncoder<StampInstance, DrawSpan>

extension DeferredCommandEncoder where Instance == StampInstance, Draw == DrawSpan {
    /// Executes every command against `raster`, reading the buffer as it is NOW, then resets.
    public mutating func commit(into raster: inout Raster, textures: ChalkTextures, view: ViewTransform) -> CommitStats {
        var stats = CommitStats()
        commit { command, instances in
            switch command {
            case .clearPass:
                raster.clear()
                stats.clearPasses += 1
            case .draw(let span):
                stats.draws += 1
                stats.stamps += instances.count
                stats.pixels += raster.draw(instances, color: span.color, erasing: span.erasing,
                                            brush: span.brushKind.brush, textures: textures, view: view)
            }
        }
        return stats
    }
}

public struct CommitStats: Sendable, Equatable {
    public var clearPasses = 0
    public var draws = 0
    public var stamps = 0
    public var pixels = 0
}
