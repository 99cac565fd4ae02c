/// Volume quantised into four buckets (item 4).
///
/// WHY buckets: every distinct gain costs a scaled temp file and a system-sound
/// registration, so a slider drag must not create one per pixel.
/// Mapping (GAP choice, as proposed): bucket = clamp(ceil(v·4), 1, 4), gain = bucket/4;
/// v == 0 is mute (no bucket, no click).
struct VolumeBucket: Equatable, Comparable, Sendable {
    static let bucketCount = 4
    static let full = VolumeBucket(uncheckedIndex: 4)

    /// 1...4.
    let index: Int

    private init(uncheckedIndex: Int) { index = uncheckedIndex }

    /// nil for an index outside 1...4.
    init?(index: Int) {
        guard (1...Self.bucketCount).contains(index) else { return nil }
        self.index = index
    }

    /// Gain in quarters (exact integer form used for goldens): 1...4.
    var gainQuarters: Int { index }
    /// Linear PCM gain: 0.25, 0.5, 0.75, 1.0 (exact in binary floating point).
    var gain: Float { Float(index) / Float(Self.bucketCount) }

    /// nil = mute (v == 0). NaN or v outside 0...1 is refused rather than clamped,
    /// so a broken slider shows up in the log instead of as a plausible volume.
    static func forVolume(_ volume: Double) throws(VolumeError) -> VolumeBucket? {
        guard !volume.isNaN else { throw .notANumber }
        guard volume >= 0, volume <= 1 else { throw .outOfRange(minimum: 0, maximum: 1) }
        if volume == 0 { return nil }
        let scaled = (volume * Double(bucketCount)).rounded(.up)
        let index = min(max(Int(scaled), 1), bucketCount)
        return VolumeBucket(uncheckedIndex: index)
    }

    static func < (lhs: VolumeBucket, rhs: VolumeBucket) -> Bool { lhs.index < rhs.index }
}

enum VolumeError: Error, Equatable, Sendable {
    case notANumber
    case outOfRange(minimum: Double, maximum: Double)
}
