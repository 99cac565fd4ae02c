import LockstepCore
import Platform

/// The Metal compositor, modelled: one render of (back, front) into one texture per back frame.
public struct Compositor: Sendable {
    public init() {}

    /// The composite of `back` and `front` in `layout`; `frontMirrored` is the front connection's
    /// mirroring as the texture carries it.
    public func render(back: HeldBuffer, front: HeldBuffer, layout: CompositeLayout, frontMirrored: Bool) -> CompositeFrame {
        let tiles = CompositeCanvas.tiles(layout)
        return CompositeFrame(tiles: [
            DrawnTile(camera: .back, bufferIndex: back.index, rect: tiles.back, mirrored: false),
            DrawnTile(camera: .front, bufferIndex: front.index, rect: tiles.front, mirrored: frontMirrored),
        ])
    }
}

extension DualCam {
    /// Encodes one composite of `back` and `front`.
    static func encodeComposite(_ s: inout DualCamState, back: HeldBuffer, front: HeldBuffer, layout: CompositeLayout, frontMirrored: Bool,
                                recording: Bool, _ world: inout World<DualCam>) {
        let frame = s.compositor.render(back: back, front: front, layout: layout, frontMirrored: frontMirrored)
        composed(&s, frame, back: back, recording: recording, &world)
    }

    /// `waitUntilCompleted` on every command buffer in flight (before a take is finalized).
    static func drainGPU(_ s: inout DualCamState, _ world: inout World<DualCam>) {}
}

extension DualCam {
    /// Timer: a command buffer completed.
    static func gpuComplete(_ s: inout DualCamState, _ id: Int, _ world: inout World<DualCam>) {}
}
