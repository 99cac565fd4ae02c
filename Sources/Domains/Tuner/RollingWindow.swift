/// Turns tap buffers of any size into fixed 4096-sample analysis frames with 50 % overlap
/// (spec item 4).
///
/// WHY the shape: the tap delivers buffers of whatever size the OS chooses (failure mode 6), so
/// frames are cut from a rolling buffer: append, and once ≥ 4096 samples are held emit the last
/// 4096 and keep the last 2048 ("readings update twice as often"). At most one frame per append;
/// anything older than the last 4096 samples is dropped (failure mode 15: large buffers give one
/// frame per buffer). Storage is a fixed 4096-sample array — never more is needed, because samples
/// older than the newest 4096 can never appear in a frame.
struct RollingWindow {
    /// One emitted analysis frame and where it sits in the input stream.
    struct Frame: Equatable {
        /// The 4096 samples, oldest first.
        var samples: [Float]
        /// Absolute index of `samples[0]` in the stream (samples appended since creation).
        var startSample: Int64
        /// Absolute index one past the last sample (= samples consumed when the frame was cut).
        var endSample: Int64
    }

    static let frameLength = 4096
    static let keptAfterEmit = 2048

    /// Fixed-capacity storage; only `storage[0..<heldCount]` is meaningful.
    private var storage = [Float](repeating: 0, count: RollingWindow.frameLength)
    /// Samples currently held (always < 4096 between appends).
    private(set) var heldCount = 0
    /// Total samples appended so far (saturates instead of trapping on overflow).
    private(set) var samplesConsumed: Int64 = 0

    /// Appends one buffer; returns the frame it completes, if any. Empty buffers are a no-op.
    mutating func append(_ samples: [Float]) -> Frame? {
        guard !samples.isEmpty else { return nil }
        let n = samples.count
        let (sum, overflow) = samplesConsumed.addingReportingOverflow(Int64(n))
        samplesConsumed = overflow ? Int64.max : sum
        let frameLength = RollingWindow.frameLength
        if heldCount + n < frameLength {
            for i in 0..<n { storage[heldCount + i] = samples[i] }
            heldCount += n
            return nil
        }
        // Frame = last 4096 of (held ++ samples).
        var frame = [Float](repeating: 0, count: frameLength)
        if n >= frameLength {
            let offset = n - frameLength
            for i in 0..<frameLength { frame[i] = samples[offset + i] }
        } else {
            let fromHeld = frameLength - n          // ≤ heldCount because heldCount + n ≥ 4096
            let heldOffset = heldCount - fromHeld
            for i in 0..<fromHeld { frame[i] = storage[heldOffset + i] }
            for i in 0..<n { frame[fromHeld + i] = samples[i] }
        }
        let kept = RollingWindow.keptAfterEmit
        for i in 0..<kept { storage[i] = frame[frameLength - kept + i] }
        heldCount = kept
        let end = samplesConsumed
        return Frame(samples: frame, startSample: end - Int64(frameLength), endSample: end)
    }

    /// Drops held samples (e.g. on stop/interruption) but keeps the stream position.
    mutating func clear() { heldCount = 0 }
}
