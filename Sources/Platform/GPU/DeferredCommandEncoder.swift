/// A draw call of a deferred encoder: a span of the shared instance buffer and whatever else the
/// draw binds (colour, blend, texture). Two draws merge only when `canExtend` says the second
/// continues the first with the same look.
public protocol DeferredDraw: Sendable, Equatable {
    var offset: Int { get set }
    var count: Int { get set }
    /// Whether `next` may be folded into `self` (same pipeline state and bindings).
    func canExtend(with next: Self) -> Bool
}

/// What a simulated GPU is asked to do, in encoding order.
public enum DeferredCommand<Draw: DeferredDraw>: Sendable, Equatable {
    /// A render pass with `loadAction = .clear`.
    case clearPass
    /// A draw that reads its span of the instance buffer when the command buffer EXECUTES.
    case draw(Draw)
}

/// A command encoder with deferred execution, like Metal's: encoding records commands and CPU
/// writes to the one shared, GPU-visible instance buffer happen at once, but draws read the buffer
/// only when the command buffer executes (`commit`). That is what makes the one-buffer aliasing
/// bug reproducible: when every draw's data is copied to offset 0 before its draw (instead of
/// appended, or passed inline with `setVertexBytes`), every draw reads whatever was written last.
/// Shared by chalk (stamp instances) and dualCam (per-tile uniforms).
public struct DeferredCommandEncoder<Instance: Sendable, Draw: DeferredDraw>: Sendable {
    /// The shared instance buffer.
    public private(set) var buffer: [Instance] = []
    public private(set) var commands: [DeferredCommand<Draw>] = []

    public init() {}

    /// Appends `instances` at the end of the buffer in ONE upload and returns their offset. An
    /// empty upload is a success (the current end); `emptyFails` re-enables the bug that treated
    /// it as a failure (nil).
    public mutating func upload(_ instances: [Instance], emptyFails: Bool = false) -> Int? {
        if instances.isEmpty { return emptyFails ? nil : buffer.count }
        let offset = buffer.count
        buffer.append(contentsOf: instances)
        return offset
    }

    /// Copies `instances` to a fixed offset, overwriting what is there (the aliasing bug's write).
    public mutating func write(_ instances: ArraySlice<Instance>, at offset: Int) {
        var i = max(0, offset)
        for inst in instances {
            if i < buffer.count { buffer[i] = inst } else { buffer.append(inst) }
            i += 1
        }
    }

    public mutating func encodeClearPass() { commands.append(.clearPass) }

    /// Encodes a draw; a draw that continues the previous one (same look, contiguous) extends it.
    public mutating func encodeDraw(_ draw: Draw) {
        guard draw.count > 0 else { return }
        if case .draw(var last)? = commands.last, last.offset + last.count == draw.offset, last.canExtend(with: draw) {
            last.count += draw.count
            commands[commands.count - 1] = .draw(last)
            return
        }
        commands.append(.draw(draw))
    }

    /// Encodes a draw that never merges with the previous one.
    public mutating func encodeSeparateDraw(_ draw: Draw) {
        guard draw.count > 0 else { return }
        commands.append(.draw(draw))
    }

    public var pendingInstances: Int { buffer.count }
    public var pendingCommands: Int { commands.count }

    /// Executes every command in order, each draw reading its span of the buffer as it is NOW
    /// (clamped to the buffer; a clear pass gets an empty slice), then resets the encoder.
    public mutating func commit(_ execute: (DeferredCommand<Draw>, ArraySlice<Instance>) -> Void) {
        for command in commands {
            switch command {
            case .clearPass: execute(command, buffer[0..<0])
            case .draw(let d):
                let end = min(buffer.count, d.offset + d.count)
                let start = min(max(0, d.offset), end)
                execute(command, buffer[start..<end])
            }
        }
        buffer.removeAll(keepingCapacity: true)
        commands.removeAll(keepingCapacity: true)
    }
}
