/// J4: the compiled frames share a long run at the front (the image table), so it is stored once
/// and each frame keeps only its tail. Nothing here knows the format: if the shared run shrinks,
/// storage just grows and reassembly still gives the original bytes.
struct SharedFrames: Hashable, Sendable {
    /// The longest prefix common to all frames; for one frame, the whole frame.
    var prefix: [UInt8]
    var tails: [[UInt8]]
    /// prefix + Σ tails.
    var storedBytes: Int
    /// Σ frames, what storing every frame whole would cost.
    var naiveBytes: Int

    /// O(total bytes): each frame is compared with the first only up to the prefix found so far.
    /// No frames gives an empty prefix and no tails.
    init(frames: [[UInt8]]) {
        guard let first = frames.first else {
            self.init(prefix: [], tails: [], storedBytes: 0, naiveBytes: 0)
            return
        }
        var length = first.count
        for frame in frames.dropFirst() {
            let limit = min(length, frame.count)
            var j = 0
            while j < limit, frame[j] == first[j] { j += 1 }
            length = j
        }
        let tails = frames.map { Array($0[length...]) }
        let tailBytes = tails.reduce(0) { $0 + $1.count }
        self.init(prefix: Array(first[..<length]), tails: tails,
                  storedBytes: length + tailBytes,
                  naiveBytes: frames.reduce(0) { $0 + $1.count })
    }

    init(prefix: [UInt8], tails: [[UInt8]], storedBytes: Int, naiveBytes: Int) {
        self.prefix = prefix
        self.tails = tails
        self.storedBytes = storedBytes
        self.naiveBytes = naiveBytes
    }

    /// Frame `i` rebuilt as prefix + tail; an index outside the frames gives no bytes rather than trap.
    func frame(_ i: Int) -> [UInt8] {
        guard i >= 0, i < tails.count else { return [] }
        return prefix + tails[i]
    }
}
