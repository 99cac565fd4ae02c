import LockstepCore
import Platform

/// A camera buffer the app holds: its stream index (the buffer id) and PTS.
public struct HeldBuffer: Hashable, Sendable {
    public var index: Int64
    public var ptsNanoseconds: Int64

    public init(index: Int64, ptsNanoseconds: Int64) {
        self.index = index
        self.ptsNanoseconds = ptsNanoseconds
    }
}

/// One tile as the GPU drew it: which camera buffer, where, mirrored or not.
public struct DrawnTile: Hashable, Sendable, CustomStringConvertible {
    public var camera: CameraPosition
    public var bufferIndex: Int64
    public var rect: TileRect
    public var mirrored: Bool

    /// `b2@540x1920+0+0`, `f1m@…` (m: mirrored).
    public var description: String { "\(camera == .back ? "b" : "f")\(bufferIndex)\(mirrored ? "m" : "")@\(rect)" }
}

/// One composited frame: the texture the preview samples and, while recording, the pool buffer
/// the writer appends (the same texture: preview and file cannot disagree).
public struct CompositeFrame: Hashable, Sendable, CustomStringConvertible {
    public var tiles: [DrawnTile]

    public var description: String { tiles.map(\.description).joined(separator: ",") }
}
