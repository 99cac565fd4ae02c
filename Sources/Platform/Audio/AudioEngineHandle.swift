/// A reference to an engine (and every node attached to it) the app built. Media services resets
/// invalidate every audio object made before them: a handle is **stale** when its generation is
/// older than the session's. A domain asks `AudioSession.makeEngine` for a handle when it builds an
/// engine and `AudioSession.isCurrent(_:)` before it uses one; using a stale handle is the "reuse
/// nodes after a media services reset" bug.
public struct AudioEngineHandle: Hashable, Sendable {
    /// The session generation (media services resets + 1) the engine was built in.
    public let generation: Int
    /// 1 for the first engine built in the process, then 2, 3, ...
    public let serial: Int

    public init(generation: Int, serial: Int) {
        self.generation = generation
        self.serial = serial
    }
}
