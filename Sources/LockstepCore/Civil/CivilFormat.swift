/// Byte-level formatting shared by the civil types, so every rendering of a date, a time, a
/// fraction or an offset is spelled the same way and none of it goes through Foundation.
enum CivilFormat {
    /// The nanoseconds past the whole second of `instant` (0...999 999 999), by remainder rather
    /// than `seconds * 10^9` so it cannot overflow at the ends of Int64.
    static func nanosecondOfSecond(_ instant: Instant) -> Int {
        let remainder = instant.nanosecondsSinceEpoch % 1_000_000_000
        return Int(remainder < 0 ? remainder + 1_000_000_000 : remainder)
    }

    static func twoDigits(_ value: Int) -> String {
        var out: [UInt8] = []
        appendPadded(value, width: 2, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends a non-negative number left-padded with zeros to at least `width` digits.
    static func appendPadded(_ value: Int, width: Int, to out: inout [UInt8]) {
        if value < 0 {
            out.append(UInt8(ascii: "-"))
            appendPadded(-value, width: width, to: &out)
            return
        }
        var divisor = 1
        var digits = 1
        while digits < width || value / divisor >= 10 {
            divisor *= 10
            digits += 1
        }
        var rest = value
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// Appends `.ddd` with trailing zeros removed, or nothing for zero: a whole second should read
    /// as one, and a fraction should show exactly the precision it has.
    static func appendFraction(_ nanosecond: Int, to out: inout [UInt8]) {
        guard nanosecond != 0 else { return }
        out.append(UInt8(ascii: "."))
        var rest = nanosecond
        var divisor = 100_000_000
        while rest > 0 && divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// `YYYY-MM-DDTHH:MM:SS[.f]`.
    static func appendDateTime(_ t: LocalDateTime, to out: inout [UInt8]) {
        appendPadded(t.year, width: 4, to: &out)
        out.append(UInt8(ascii: "-"))
        appendPadded(t.month, width: 2, to: &out)
        out.append(UInt8(ascii: "-"))
        appendPadded(t.day, width: 2, to: &out)
        out.append(UInt8(ascii: "T"))
        appendPadded(t.hour, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendPadded(t.minute, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendPadded(t.second, width: 2, to: &out)
        appendFraction(t.nanosecond, to: &out)
    }

    /// `+05:30`, `-03:30`, `+00:00`; seconds (`+00:17:30`) only when the offset has them.
    static func appendOffset(_ seconds: Int, to out: inout [UInt8]) {
        out.append(UInt8(ascii: seconds < 0 ? "-" : "+"))
        let magnitude = seconds.magnitude
        appendPadded(Int(magnitude / 3_600), width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendPadded(Int(magnitude / 60 % 60), width: 2, to: &out)
        if magnitude % 60 != 0 {
            out.append(UInt8(ascii: ":"))
            appendPadded(Int(magnitude % 60), width: 2, to: &out)
        }
    }
}
