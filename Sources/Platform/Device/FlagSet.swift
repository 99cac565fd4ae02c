import LockstepCore

/// A flag a `FlagSet` holds: its raw value is the word traces use, and its declaration order
/// (`allCases`) is the order a set lists its members in. At most 64 cases.
public protocol DeviceFlag: CaseIterable, Hashable, Sendable, RawRepresentable where RawValue == String, AllCases == [Self] {}

/// A small typed set of flags (capabilities, entitlements), held as bits, so it has no hash-order
/// iteration: members are always listed in the flag's declaration order, whatever order they
/// were inserted in.
public struct FlagSet<Flag: DeviceFlag>: Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
    private var bits: UInt64 = 0

    public init() {}

    public init(_ flags: some Sequence<Flag>) {
        for flag in flags { insert(flag) }
    }

    public init(arrayLiteral flags: Flag...) { self.init(flags) }

    private static func bit(_ flag: Flag) -> UInt64 {
        // Every case is in allCases by definition; the protocol documents the 64-case limit.
        let index = Flag.allCases.firstIndex(of: flag)!
        precondition(index < 64, "FlagSet holds at most 64 kinds of flag")
        return 1 << UInt64(index)
    }

    public func contains(_ flag: Flag) -> Bool { bits & FlagSet.bit(flag) != 0 }
    public mutating func insert(_ flag: Flag) { bits |= FlagSet.bit(flag) }
    public mutating func remove(_ flag: Flag) { bits &= ~FlagSet.bit(flag) }
    /// Inserts `flag` when `on`, removes it otherwise (a scenario's `true`/`false` setting).
    public mutating func set(_ flag: Flag, _ on: Bool) { if on { insert(flag) } else { remove(flag) } }

    public var isEmpty: Bool { bits == 0 }

    /// In declaration order.
    public var members: [Flag] { Flag.allCases.filter { contains($0) } }

    /// `none`, or the members' words comma-separated (`backgroundAudio,microphoneUsageDescription`):
    /// the form a trace record writes (`value`) and `parse` reads.
    public var description: String {
        isEmpty ? "none" : members.map(\.rawValue).joined(separator: ",")
    }

    /// `description` as a record value: the word `none`, or a tuple of words.
    public var value: Value { isEmpty ? .word("none") : .tuple(members.map { .word($0.rawValue) }) }

    /// `none`, or flag words separated by commas in any order, each at most once; nil for an
    /// empty text, an unknown word or a repeated one.
    public static func parse(_ text: String) -> FlagSet? {
        if text == "none" { return FlagSet() }
        var set = FlagSet()
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let flag = Flag(rawValue: String(word)), !set.contains(flag) else { return nil }
            set.insert(flag)
        }
        return set
    }
}
