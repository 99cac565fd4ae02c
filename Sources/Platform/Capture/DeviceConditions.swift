import LockstepCore

/// The device signals a capture app watches while it records: the thermal state
/// (`ProcessInfo.thermalState` and its change notification) and the free space a large write may
/// use (`volumeAvailableCapacityForImportantUsage`), set by the scenario's `thermal level=` and
/// `storage free=` lines.
///
/// The thresholds are the domain's (the dual-camera seed starts a take only with 200 MiB free and
/// stops below 100 MiB); the model gives the values, whether they changed, and how long a
/// recording at a bitrate still fits, in integer nanoseconds.
public struct DeviceConditions: Hashable, Sendable, CanonicallyWritable {
    /// Free space before the scenario says otherwise: 32 GiB, plenty for any take, so a scenario
    /// that is not about storage never runs out by accident.
    public static let defaultFreeBytes: Int64 = 32 << 30

    public private(set) var thermal: ThermalState
    /// `volumeAvailableCapacityForImportantUsage`, in bytes, never negative.
    public private(set) var freeBytes: Int64
    /// Thermal changes so far (a level reported again does not count).
    public private(set) var thermalChanges = 0

    public init(thermal: ThermalState = .nominal, freeBytes: Int64 = DeviceConditions.defaultFreeBytes) {
        self.thermal = thermal
        self.freeBytes = max(0, freeBytes)
    }

    /// A `thermal level=` line: `thermalStateDidChangeNotification` (only when the level moved).
    public mutating func setThermal(_ level: ThermalState) -> DeviceConditionChange {
        let from = thermal
        thermal = level
        if from != level { thermalChanges += 1 }
        return .thermal(from: from, to: level)
    }

    /// A `storage free=` line: what the next capacity query returns. Negative values are clamped to 0
    /// (the vocabulary refuses them before they get here).
    public mutating func setFreeBytes(_ bytes: Int64) -> DeviceConditionChange {
        let from = freeBytes
        freeBytes = max(0, bytes)
        return .storage(fromBytes: from, toBytes: freeBytes)
    }

    /// Whether at least `bytes` are free (`>=`: a threshold is met when it is reached).
    public func hasFree(_ bytes: Int64) -> Bool { freeBytes >= bytes }

    /// How long a recording at `bitsPerSecond` fits in the free space: `⌊free · 8 · 10⁹ / bps⌋` ns,
    /// computed at full width (so 32 GiB at 1 bit/s does not overflow; a time past Int64 is
    /// `Int64.max`); nil for a non-positive rate.
    /// 100 MiB at 10 Mbit/s is 83.886080 s.
    public func recordableNanoseconds(atBitsPerSecond bitsPerSecond: Int64) -> Int64? {
        guard bitsPerSecond > 0 else { return nil }
        let product = UInt64(freeBytes).multipliedFullWidth(by: 8_000_000_000)
        let divisor = UInt64(bitsPerSecond)
        // The quotient fits 64 bits exactly when the product's high word is below the divisor.
        guard product.high < divisor else { return Int64.max }
        let quotient = divisor.dividingFullWidth(product).quotient
        return quotient > UInt64(Int64.max) ? Int64.max : Int64(quotient)
    }

    /// `conditions { thermal freeBytes thermalChanges }`.
    public func write(to out: inout CanonicalWriter) {
        out.section("conditions") { w in
            w.word("thermal", thermal.rawValue)
            w.write("freeBytes", .int(freeBytes))
            w.int("thermalChanges", thermalChanges)
        }
    }
}

/// What a thermal or storage line changed.
public enum DeviceConditionChange: Hashable, Sendable, RecordConvertible {
    case thermal(from: ThermalState, to: ThermalState)
    case storage(fromBytes: Int64, toBytes: Int64)

    /// Whether the value moved.
    public var changed: Bool {
        switch self {
        case .thermal(let a, let b): a != b
        case .storage(let a, let b): a != b
        }
    }

    public var record: Record {
        switch self {
        case .thermal(let from, let to):
            return Record("thermal").word("from", from.rawValue).word("to", to.rawValue).bool("changed", from != to)
        case .storage(let from, let to):
            return Record("storage").with("fromBytes", .int(from)).with("freeBytes", .int(to))
                .fixed("freeMiB", Double(to) / 1_048_576, 1)
        }
    }
}
