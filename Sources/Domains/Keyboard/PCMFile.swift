/// A tiny in-memory stand-in for a WAV/CAF sample (item 3): interleaved Float PCM.
///
/// WHY its own type: the scaled-click path reads, scales and rewrites samples, and each
/// step can fail; modelling the file lets the harness inject each failure.
struct PCMFile: Equatable, Sendable {
    static let maxFrames = 1_000_000
    static let maxChannels = 8

    let frameCount: Int
    let channelCount: Int
    let sampleRateHz: Int
    /// frameCount × channelCount samples, interleaved by frame.
    private(set) var samples: [Float]

    /// Validates shape so later scaling never indexes out of range.
    init(frameCount: Int, channelCount: Int, sampleRateHz: Int = 44_100, samples: [Float]) throws(PCMFileError) {
        guard frameCount >= 0, frameCount <= Self.maxFrames else { throw .tooManyFrames(limit: Self.maxFrames) }
        guard channelCount >= 1, channelCount <= Self.maxChannels else {
            throw .badChannelCount(limit: Self.maxChannels)
        }
        guard samples.count == frameCount * channelCount else { throw .sampleCountMismatch }
        self.frameCount = frameCount
        self.channelCount = channelCount
        self.sampleRateHz = sampleRateHz
        self.samples = samples
    }

    /// A mono file from literal samples the app bundles (at most `maxFrames`).
    init(validMono samples: [Float], sampleRateHz: Int = 44_100) {
        self.frameCount = samples.count
        self.channelCount = 1
        self.sampleRateHz = sampleRateHz
        self.samples = samples
    }

    /// Every sample of every channel multiplied by `gain`; the format settings are kept.
    func scaled(by gain: Float) -> PCMFile {
        var copy = self
        for i in copy.samples.indices { copy.samples[i] *= gain }
        return copy
    }
}

enum PCMFileError: Error, Equatable, Sendable {
    case tooManyFrames(limit: Int)
    case badChannelCount(limit: Int)
    case sampleCountMismatch
}
