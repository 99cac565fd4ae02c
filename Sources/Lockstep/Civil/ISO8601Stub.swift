// Temporary stub; replaced by the civil-time implementation.
public enum CivilTime {
    public static func iso8601UTC(_ instant: Instant) -> String { "\(instant.nanosecondsSinceEpoch)ns" }
}
