import LockstepCore
import Platform

/// `LiveAudioEngine`: the app's wrapper around one `AVAudioEngine` with an EQ (two shelves) and a
/// reverb, `inputNode → EQ → Reverb → mainMixerNode → outputNode`.
///
/// Two flags, as in the article: `isRunning` is the app's *intent* (set by its own start/stop) and
/// can be stale; `realRunning` is whether the system's engine is actually rendering (a
/// configuration change or an interruption stops it behind the app's back).
public struct LiveEngine: Sendable, Equatable {
    /// One `engine.connect(from, to, format)`.
    public struct Connection: Sendable, Equatable {
        public var from: String
        public var to: String
        public var format: AudioFormat
    }

    /// Which engine (and session generation) this is: stale after a media services reset.
    public let handle: AudioEngineHandle
    public internal(set) var isRunning = false
    public internal(set) var realRunning = false
    /// Rebuilt on every start with the input node's format at that moment.
    public internal(set) var connections: [Connection] = []
    public internal(set) var voiceProcessing = false
    /// `mainMixerNode.outputVolume` (1.0 on a fresh engine; the app sets 0.3 on every start).
    public internal(set) var volume: Float = 1
    public internal(set) var boostDB: Float = 0
    public internal(set) var bassDB: Float = 0
    public internal(set) var trebleDB: Float = 0
    public internal(set) var reverbMix: Float = 0
    public internal(set) var starts = 0
    public internal(set) var stops = 0
    /// Shelf memories, one per connected channel (reset when the graph is rebuilt).
    var lowMemory: [Shelf.Memory] = []
    var highMemory: [Shelf.Memory] = []

    /// The article's constants: low shelf at 150 Hz, high shelf at 6 kHz, reverb `.mediumRoom`.
    public static let lowShelfHz = 150.0
    public static let highShelfHz = 6_000.0
    public static let reverbPreset = "mediumRoom"

    public init(handle: AudioEngineHandle) { self.handle = handle }

    /// The connected format (nil when never started).
    public var format: AudioFormat? { connections.first?.format }

    /// The format the input node reports given the session's hardware format: voice processing
    /// (GAP) gives mono at the same rate.
    public func inputFormat(hardware: AudioFormat) -> AudioFormat {
        guard voiceProcessing, hardware.isUsable else { return hardware }
        return AudioFormat(sampleRateHz: hardware.sampleRateHz, channels: 1)
    }

    /// Disconnects and reconnects the chain with `format` (every connection uses the input node's
    /// format) and clears the filters' memories.
    mutating func rebuild(_ format: AudioFormat) {
        connections = [Connection(from: "input", to: "eq", format: format),
                       Connection(from: "eq", to: "reverb", format: format),
                       Connection(from: "reverb", to: "mainMixer", format: format)]
        lowMemory = Array(repeating: Shelf.Memory(), count: format.channels)
        highMemory = Array(repeating: Shelf.Memory(), count: format.channels)
    }

    /// The product of boost and volume, what feedback depends on (shelves and reverb ignored).
    public var linearGain: Double { Controls.linearGain(dB: Double(boostDB)) * Double(volume) }

    /// A digest of the shelf memories (they change at every rendered buffer).
    var filterDigest: UInt64 {
        var bytes: [UInt8] = []
        bytes.reserveCapacity((lowMemory.count + highMemory.count) * 32)
        for m in lowMemory + highMemory {
            for v in [m.x1, m.x2, m.y1, m.y2] {
                var bits = v.bitPattern
                for _ in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: bits)); bits >>= 8 }
            }
        }
        return FNV1a64.hash(bytes)
    }
}
