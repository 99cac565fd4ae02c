/// One draw call: a span of the shared instance buffer drawn with one stroke's colour and blend.
public struct DrawSpan: Sendable, Equatable {
    public var offset: Int
    public var count: Int
    public var color: RGBA
    public var erasing: Bool
    public var brushKind: BrushKind
}

/// What the simulated GPU is asked to do, in order.
public enum RenderCommand: Sendable, Equatable {
    /// A render pass with `loadAction = .clear`: the canvas becomes transparent.
    case clearPass
    /// A draw reading `span` from the instance buffer when the command buffer EXECUTES.
    case draw(DrawSpan)
}

/// A command encoder with deferred execution, like Metal's: encoding records commands and CPU
/// writes to the one shared instance buffer happen immediately, but draws read the buffer only at
/// `commit`. That is what makes the one-buffer aliasing bug reproducible: if every stroke of a
/// replay is copied to offset 0 before its draw, all draws read whatever was written last.
public struct CommandEncoder: Sendable {
    /// The shared, GPU-visible instance buffer.
    public private(set) var buffer: [StampInstance] = []
    public private(set) var commands: [RenderCommand] = []

    public init() {}

    /// Appends `instances` at the end of the buffer in ONE upload and returns their offset.
    /// An empty upload is a success (returns the current end): clearing the board is exactly the
    /// zero-stamp case. `emptyFails` re-enables the bug where it was treated as a failure (nil).
    public mutating func upload(_ instances: [StampInstance], emptyFails: Bool = false) -> Int? {
        if instances.isEmpty { return emptyFails ? nil : buffer.count }
        let offset = buffer.count
        buffer.append(contentsOf: instances)
        return offset
    }

    /// Copies `instances` to a fixed offset, overwriting what is there (the aliasing bug's write).
    public mutating func write(_ instances: ArraySlice<StampInstance>, at offset: Int) {
        var i = offset
        for inst in instances {
            if i < buffer.count { buffer[i] = inst } else { buffer.append(inst) }
            i += 1
        }
    }

    public mutating func encodeClearPass() { commands.append(.clearPass) }

    mutating func appendCommand(_ c: RenderCommand) { commands.append(c) }

    /// Encodes a draw; a draw that continues the previous one (same look, contiguous) extends it,
    /// so a live stroke is one draw call however many segments it has.
    public mutating func encodeDraw(_ span: DrawSpan) {
        guard span.count > 0 else { return }
        if case .draw(var last)? = commands.last, last.offset + last.count == span.offset, last.color == span.color,
           last.erasing == span.erasing, last.brushKind == span.brushKind {
            last.count += span.count
            commands[commands.count - 1] = .draw(last)
            return
        }
        commands.append(.draw(span))
    }

    public var pendingInstances: Int { buffer.count }
    public var pendingCommands: Int { commands.count }

    /// Executes every command against `raster`, reading the buffer as it is NOW, then resets.
    public mutating func commit(into raster: inout Raster, textures: ChalkTextures, view: ViewTransform) -> CommitStats {
        var stats = CommitStats()
        for command in commands {
            switch command {
            case .clearPass:
                raster.clear()
                stats.clearPasses += 1
            case .draw(let span):
                let end = min(buffer.count, span.offset + span.count)
                let start = min(span.offset, end)
                stats.draws += 1
                stats.stamps += end - start
                stats.pixels += raster.draw(buffer[start..<end], color: span.color, erasing: span.erasing,
                                            brush: span.brushKind.brush, textures: textures, view: view)
            }
        }
        buffer.removeAll(keepingCapacity: true)
        commands.removeAll(keepingCapacity: true)
        return stats
    }
}

public struct CommitStats: Sendable, Equatable {
    public var clearPasses = 0
    public var draws = 0
    public var stamps = 0
    public var pixels = 0
}
