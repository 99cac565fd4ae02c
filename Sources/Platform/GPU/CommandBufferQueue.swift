/// Why a command buffer was not committed.
public enum CommandBufferRefusal: Error, Hashable, Sendable {
    /// `maxInFlight` buffers are already on the GPU (the frame semaphore would block; a capture
    /// callback drops the frame instead).
    case tooManyInFlight(limit: Int)
}

/// Committed command buffers until their completion handler runs, each with the work it carries,
/// including the resources it must keep alive: a `CVMetalTexture` released before its command
/// buffer completes lets the camera reuse the pixel buffer under the GPU. Ids count commits
/// (1, 2, …) and are never reused. Completion is explicit (`complete(id)`, the completed handler)
/// or all at once (`drain()`, `waitUntilCompleted`).
public struct CommandBufferQueue<Work: Sendable>: Sendable {
    /// Three in flight, the usual triple-buffering bound.
    public static var defaultMaxInFlight: Int { 3 }

    public let maxInFlight: Int
    public private(set) var inFlight: [(id: Int, work: Work)] = []
    public private(set) var committed = 0
    public private(set) var completed = 0

    public init(maxInFlight: Int = 3) { self.maxInFlight = max(1, maxInFlight) }

    /// `commit()`: the buffer's id, or the refusal when the queue is full.
    public mutating func commit(_ work: Work) -> Result<Int, CommandBufferRefusal> {
        guard inFlight.count < maxInFlight else { return .failure(.tooManyInFlight(limit: maxInFlight)) }
        committed += 1
        inFlight.append((committed, work))
        return .success(committed)
    }

    /// The completed handler of buffer `id`: its work, or nil when it is not in flight (never
    /// committed, or already completed or drained).
    public mutating func complete(_ id: Int) -> Work? {
        guard let i = inFlight.firstIndex(where: { $0.id == id }) else { return nil }
        completed += 1
        return inFlight.remove(at: i).work
    }

    /// `waitUntilCompleted` on everything in flight, in commit order.
    public mutating func drain() -> [(id: Int, work: Work)] {
        let all = inFlight
        completed += all.count
        inFlight.removeAll()
        return all
    }
}
