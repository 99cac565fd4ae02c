/// Recording times, read exactly: decimal seconds text (`"t": 12.345678901`) or integer
/// nanoseconds (`"tNs": 12345678901`), both since the recording's start, into integer nanoseconds
/// without floating point, and written back as `S.nnnnnnnnn`, the same value in the scenario's
/// time syntax. A time finer than one nanosecond is refused, never rounded.
enum ImportTime {
    /// The longest recording accepted: 366 days (the limit maxRecordingSeconds).
    static let maxRecordingSeconds: Int64 = 366 * 86_400
    static let nanosPerSecond: Int64 = 1_000_000_000

    /// Nanoseconds from JSON number text of seconds; the message says what is wrong otherwise.
    static func nanoseconds(secondsText text: String, column: Int) throws(ImportProblem) -> Int64 {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { throw ImportProblem(column: column, message: "time \(text) is negative; times count from the recording's start") }
        if bytes.contains(UInt8(ascii: "e")) || bytes.contains(UInt8(ascii: "E")) {
            throw ImportProblem(column: column, message: "time \(text) has an exponent; write times as plain decimal seconds (12.5) or integer nanoseconds (tNs)")
        }
        var whole: Int64 = 0
        while let b = bytes.first, b != UInt8(ascii: ".") {
            whole = whole * 10 + Int64(b - 0x30)
            bytes = bytes.dropFirst()
            if whole > maxRecordingSeconds { throw ImportProblem(column: column, message: tooLong(text)) }
        }
        var fraction: Int64 = 0
        var digits = 0
        if bytes.first == UInt8(ascii: ".") {
            for b in bytes.dropFirst() {
                digits += 1
                if digits <= 9 { fraction = fraction * 10 + Int64(b - 0x30) }
                else if b != UInt8(ascii: "0") { throw ImportProblem(column: column, message: "time \(text) is finer than one nanosecond") }
            }
        }
        while digits < 9 { fraction *= 10; digits += 1 }
        let ns = whole * nanosPerSecond + fraction
        guard ns <= maxRecordingSeconds * nanosPerSecond else { throw ImportProblem(column: column, message: tooLong(text)) }
        return ns
    }

    /// Nanoseconds from JSON number text that must be a whole, non-negative number.
    static func nanoseconds(integerText text: String, column: Int) throws(ImportProblem) -> Int64 {
        guard !text.contains("."), !text.contains("e"), !text.contains("E") else {
            throw ImportProblem(column: column, message: "tNs \(text) is not a whole number of nanoseconds")
        }
        if text.hasPrefix("-") { throw ImportProblem(column: column, message: "tNs \(text) is negative; times count from the recording's start") }
        guard text.utf8.count <= 19, let ns = Int64(text), ns <= maxRecordingSeconds * nanosPerSecond else {
            throw ImportProblem(column: column, message: tooLong(text))
        }
        return ns
    }

    private static func tooLong(_ text: String) -> String {
        "time \(text) is past the longest recording, \(maxRecordingSeconds) s (366 days, the limit maxRecordingSeconds)"
    }

    /// `12.345678901`: whole seconds, a point and nine digits, the exact value of `ns`.
    static func text(_ ns: Int64) -> String {
        precondition(ns >= 0, "recording times are never negative")
        let fraction = String(ns % nanosPerSecond)
        return "\(ns / nanosPerSecond)." + String(repeating: "0", count: 9 - fraction.utf8.count) + fraction
    }
}
