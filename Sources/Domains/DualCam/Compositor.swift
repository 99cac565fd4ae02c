import LockstepCore
import Platform

/// One tile's uniforms: where the camera's texture goes on the canvas and whether it is flipped.
/// Passed per draw (`setVertexBytes`), never through one shared buffer at offset 0.
public struct TileUniforms: Hashable, Sendable {
    public var rect: TileRect
    public var mirrored: Bool
}

/// A tile draw: one quad sampling one camera's texture with the uniforms at `offset`.
public struct TileDraw: DeferredDraw {
    public var offset: Int
    public var count: Int
    public var camera: CameraPosition

    /// Every tile is its own draw call (another texture binding).
    public func canExtend(with next: TileDraw) -> Bool { false }
}

/// A camera texture as a command buffer references it. Kept alive (`retained`), it pins the
/// pixel buffer it wraps; released at encode (the fault), the command buffer only knows which
/// camera's buffer it was, and reads whatever the camera wrote there by the time it executes.
public enum TextureReference: Hashable, Sendable {
    case retained(HeldBuffer)
    case released(CameraPosition, HeldBuffer)
}

/// One composite on its way through the GPU.
public struct CompositeWork: Sendable {
    public var encoder: DeferredCommandEncoder<TileUniforms, TileDraw>
    public var back: TextureReference
    public var front: TextureReference
    public var backBuffer: HeldBuffer
    /// Rendered into the writer's pool buffer (recording) or a preview-only texture.
    public var recording: Bool
    public var timer: TimerID?
}

/// The Metal compositor, modelled on Platform's deferred encoder and command-buffer queue: per
/// back frame one command buffer with two tile draws (back, then front), each with its own
/// uniforms; the texture references live in the command buffer until it completes, and the
/// composite exists only then.
public struct Compositor: Sendable {
    public var queue = CommandBufferQueue<CompositeWork>(maxInFlight: 3)
    /// The newest buffer each camera delivered (what a released buffer holds by execution time).
    public var newestBack: HeldBuffer?
    public var newestFront: HeldBuffer?

    public init() {}

    /// Encodes the two tile draws. `sharedBuffer` is the aliasing bug: each draw's uniforms are
    /// written to offset 0 of one buffer before its draw, so at execution both read the last one.
    public static func encode(layout: CompositeLayout, frontMirrored: Bool, sharedBuffer: Bool) -> DeferredCommandEncoder<TileUniforms, TileDraw> {
        var encoder = DeferredCommandEncoder<TileUniforms, TileDraw>()
        let tiles = CompositeCanvas.tiles(layout)
        encoder.encodeClearPass()
        for (camera, uniforms) in [(CameraPosition.back, TileUniforms(rect: tiles.back, mirrored: false)),
                                   (.front, TileUniforms(rect: tiles.front, mirrored: frontMirrored))] {
            let offset: Int
            if sharedBuffer {
                encoder.write([uniforms][...], at: 0)
                offset = 0
            } else {
                offset = encoder.upload([uniforms]) ?? 0
            }
            encoder.encodeSeparateDraw(TileDraw(offset: offset, count: 1, camera: camera))
        }
        return encoder
    }

    /// Runs `work` on the GPU: each draw reads its uniforms and its texture as they are now.
    public func execute(_ work: CompositeWork) -> CompositeFrame {
        var encoder = work.encoder
        var tiles: [DrawnTile] = []
        encoder.commit { command, uniforms in
            guard case .draw(let d) = command, let u = uniforms.first else { return }
            let texture = d.camera == .back ? work.back : work.front
            tiles.append(DrawnTile(camera: d.camera, bufferIndex: resolve(texture).index, rect: u.rect, mirrored: u.mirrored))
        }
        return CompositeFrame(tiles: tiles)
    }

    /// What `frame` drew that `work` did not encode: a tile at another place than its layout's,
    /// a mirrored back tile, or a buffer other than the one the texture was made from.
    public static func mismatch(_ frame: CompositeFrame, _ work: CompositeWork, layout: CompositeLayout) -> String? {
        let tiles = CompositeCanvas.tiles(layout)
        func encoded(_ t: TextureReference) -> HeldBuffer {
            switch t {
            case .retained(let b), .released(_, let b): b
            }
        }
        for tile in frame.tiles {
            let rect = tile.camera == .back ? tiles.back : tiles.front
            let buffer = encoded(tile.camera == .back ? work.back : work.front)
            if tile.rect != rect { return "\(tile.camera.rawValue) tile drawn at \(tile.rect), encoded at \(rect)" }
            if tile.camera == .back && tile.mirrored { return "back tile drawn mirrored" }
            if tile.bufferIndex != buffer.index { return "\(tile.camera.rawValue) tile shows buffer \(tile.bufferIndex), encoded with \(buffer.index)" }
        }
        return frame.tiles.count == 2 ? nil : "\(frame.tiles.count) tiles drawn, 2 encoded"
    }

    /// What a texture shows at execution: its own buffer when retained; when released, the
    /// camera's newest frame if one has arrived since (the pool reused the buffer).
    func resolve(_ texture: TextureReference) -> HeldBuffer {
        switch texture {
        case .retained(let b): return b
        case .released(let camera, let b):
            let newest = camera == .back ? newestBack : newestFront
            if let newest, newest.index > b.index { return newest }
            return b
        }
    }
}

extension DualCam {
    /// Encodes and commits one composite of `back` and `front`; it completes at once or after
    /// `gpuLatency` (a timer).
    static func encodeComposite(_ s: inout DualCamState, back: HeldBuffer, front: HeldBuffer, layout: CompositeLayout, frontMirrored: Bool,
                                recording: Bool, _ world: inout World<DualCam>) {
        let encoder = Compositor.encode(layout: layout, frontMirrored: frontMirrored, sharedBuffer: world.isOn(.sharedUniformBuffer))
        let early = world.isOn(.textureReleasedEarly)
        var work = CompositeWork(encoder: encoder, back: early ? .released(.back, back) : .retained(back),
                                 front: early ? .released(.front, front) : .retained(front), backBuffer: back, recording: recording, timer: nil)
        let latency = s.settings.gpuLatency
        if latency == .zero {
            finishComposite(&s, work, &world)
            return
        }
        guard s.compositor.queue.inFlight.count < s.compositor.queue.maxInFlight else {
            world.emit(Record("composite.skipped").int64("back", back.index).duration("pts", Duration(nanoseconds: back.ptsNanoseconds))
                .word("reason", "gpuBusy").int("inFlight", s.compositor.queue.inFlight.count))
            return
        }
        // Ids count commits, so the next one is known before the completion handler is installed.
        work.timer = world.schedule(after: latency, .gpuComplete(commandBuffer: s.compositor.queue.committed + 1))
        _ = s.compositor.queue.commit(work)
    }

    static func finishComposite(_ s: inout DualCamState, _ work: CompositeWork, _ world: inout World<DualCam>) {
        let frame = s.compositor.execute(work)
        s.stepCompositeMismatch = Compositor.mismatch(frame, work, layout: s.take?.layout ?? s.layout)
        composed(&s, frame, back: work.backBuffer, recording: work.recording, &world)
    }

    /// `waitUntilCompleted` on every command buffer in flight (before a take is finalized).
    static func drainGPU(_ s: inout DualCamState, _ world: inout World<DualCam>) {
        for (_, work) in s.compositor.queue.drain() {
            if let t = work.timer { _ = world.cancel(t) }
            finishComposite(&s, work, &world)
        }
    }

    /// Timer: command buffer `id` completed.
    static func gpuComplete(_ s: inout DualCamState, _ id: Int, _ world: inout World<DualCam>) {
        guard let work = s.compositor.queue.complete(id) else { return }
        finishComposite(&s, work, &world)
    }
}
