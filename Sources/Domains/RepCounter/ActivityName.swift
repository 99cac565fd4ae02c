import LockstepCore

/// What an activity is for; the raw value is the first part of its name (GAP: the article names
/// `.grant` and `.warning`; `schedule` and `budget` are this model's names for rule activities).
public enum ActivityKind: String, CaseIterable, Sendable {
    case schedule, budget, grant, warning
}

/// The DeviceActivityName codec: the monitor is handed nothing but a name, so the name carries
/// `kind|RULE-UUID|slot`.
public enum ActivityName {
    public static func make(_ kind: ActivityKind, rule: SeededUUID, slot: Int = 0) -> String {
        "\(kind.rawValue)|\(rule.description)|\(slot)"
    }

    /// Strict decode: exactly three `|`-separated parts (empty parts kept), a known kind, a UUID in
    /// Foundation's `uuidString` form, an `Int` as Swift's `Int(String)` reads it; otherwise nil.
    public static func decode(_ name: String) -> (kind: ActivityKind, rule: SeededUUID, slot: Int)? {
        let parts = name.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 3, let kind = ActivityKind(rawValue: String(parts[0])),
              let id = parseUUID(parts[1]), let slot = Int(String(parts[2])) else { return nil }
        return (kind, id, slot)
    }

    /// `8-4-4-4-12` hex digits, either case (as `UUID(uuidString:)` accepts).
    public static func parseUUID(_ s: Substring) -> SeededUUID? {
        let bytes = Array(s.utf8)
        guard bytes.count == 36 else { return nil }
        var value: (UInt64, UInt64) = (0, 0)
        var digits = 0
        for (i, b) in bytes.enumerated() {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard b == 45 else { return nil }
                continue
            }
            let d: UInt64
            switch b {
            case 48...57: d = UInt64(b - 48)
            case 65...70: d = UInt64(b - 55)
            case 97...102: d = UInt64(b - 87)
            default: return nil
            }
            if digits < 16 { value.0 = value.0 << 4 | d } else { value.1 = value.1 << 4 | d }
            digits += 1
        }
        return SeededUUID(high: value.0, low: value.1)
    }
}
