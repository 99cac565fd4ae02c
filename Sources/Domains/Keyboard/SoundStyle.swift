/// A click-sound style: a name plus the bundled sample names it registers (item 5).
struct SoundStyle: Equatable, Sendable {
    static let maxSamples = 16
    static let maxNameBytes = 64

    let name: String
    /// Unique, sorted (so registration order is deterministic).
    let sampleNames: [String]

    /// For the app's own built-in styles, whose names are known to be valid (sorted, unique).
    init(builtIn name: String, sampleNames: [String]) {
        self.name = name
        self.sampleNames = sampleNames.sorted()
    }

    init(name: String, sampleNames: [String]) throws(SoundStyleError) {
        guard !name.isEmpty, name.utf8.count <= Self.maxNameBytes else { throw .badName(maxBytes: Self.maxNameBytes) }
        guard !sampleNames.isEmpty, sampleNames.count <= Self.maxSamples else {
            throw .badSampleCount(limit: Self.maxSamples)
        }
        for sample in sampleNames where sample.isEmpty || sample.utf8.count > Self.maxNameBytes {
            throw .badName(maxBytes: Self.maxNameBytes)
        }
        let sorted = sampleNames.sorted()
        for i in sorted.indices.dropFirst() where sorted[i] == sorted[i - 1] { throw .duplicateSample }
        self.name = name
        self.sampleNames = sorted
    }
}

enum SoundStyleError: Error, Equatable, Sendable {
    case badName(maxBytes: Int)
    case badSampleCount(limit: Int)
    case duplicateSample
}
