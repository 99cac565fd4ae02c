import LockstepCore
import Platform

/// Exact decimal text for integer microseconds and fixed-precision golden values, written by hand.
///
/// WHY: goldens and AHAP bytes must be identical on every platform, and a time must survive
/// text → µs → text exactly (0.15 s is 150000 µs, never 149999.99…); Foundation's formatters and
/// Double arithmetic give neither guarantee.
enum DecimalText {
    /// Seconds as the shortest exact decimal of `microseconds`: 150000 → "0.15", 0 → "0",
    /// 1000000 → "1", -50000 → "-0.05".
    static func seconds(fromMicroseconds microseconds: Int64) -> String {
        let magnitude = microseconds.magnitude
        let whole = magnitude / 1_000_000
        var fraction = magnitude % 1_000_000
        var text = (microseconds < 0 ? "-" : "") + String(whole)
        guard fraction > 0 else { return text }
        var width = 6
        while fraction % 10 == 0 { fraction /= 10; width -= 1 }
        let digits = String(fraction)
        text += "." + String(repeating: "0", count: width - digits.count) + digits
        return text
    }

    /// Why a number's text could not become microseconds.
    enum MicrosecondsFailure: Error, Equatable, Sendable {
        case malformed
        case negative
        case overLimit
    }

    /// The exact value of a JSON number's text (seconds) in whole microseconds, rounded half to
    /// even beyond the sixth decimal; negative values (other than zero) and values above
    /// `limitMicroseconds` fail. Reads only the text's bytes, so any length and any exponent
    /// are handled without overflow.
    static func microseconds(fromSecondsText text: String, limitMicroseconds: Int64) -> Result<Int64, MicrosecondsFailure> {
        let bytes = Array(text.utf8)
        var i = 0
        var negative = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        var digits: [UInt8] = []
        var fractionCount = 0
        var sawDigit = false
        while i < bytes.count, isDigit(bytes[i]) { digits.append(bytes[i] - 48); i += 1; sawDigit = true }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, isDigit(bytes[i]) { digits.append(bytes[i] - 48); fractionCount += 1; i += 1; sawDigit = true }
        }
        guard sawDigit else { return .failure(.malformed) }
        var exponent = 0
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var expNegative = false
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
                expNegative = bytes[i] == UInt8(ascii: "-"); i += 1
            }
            var sawExpDigit = false
            // Saturate: beyond a million the value is 0 or over the limit either way.
            while i < bytes.count, isDigit(bytes[i]) {
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(bytes[i] - 48) }
                i += 1; sawExpDigit = true
            }
            guard sawExpDigit else { return .failure(.malformed) }
            if expNegative { exponent = -exponent }
        }
        guard i == bytes.count else { return .failure(.malformed) }
        guard let firstNonZero = digits.firstIndex(where: { $0 != 0 }) else { return .success(0) }
        if negative { return .failure(.negative) }
        let significant = digits[firstNonZero...]
        // value in µs = significant × 10^shift
        let shift = exponent - fractionCount + 6
        let integerDigitCount = significant.count + shift
        guard integerDigitCount <= 18 else { return .failure(.overLimit) }
        var value: Int64 = 0
        if shift >= 0 {
            for d in significant { value = value * 10 + Int64(d) }
            for _ in 0..<shift { value *= 10 }
        } else {
            let kept = max(0, integerDigitCount)
            var k = significant.startIndex
            for _ in 0..<kept { value = value * 10 + Int64(significant[k]); k += 1 }
            // Rounding digit: an implied 0 when the value is below 0.1 µs.
            let roundDigit: UInt8 = integerDigitCount >= 0 && k < significant.endIndex ? significant[k] : 0
            let restStart = integerDigitCount >= 0 ? k + 1 : significant.startIndex
            let restNonZero = integerDigitCount >= 0 ? significant[min(restStart, significant.endIndex)...].contains { $0 != 0 } : true
            if roundDigit > 5 || (roundDigit == 5 && (restNonZero || value % 2 == 1)) { value += 1 }
        }
        guard value <= limitMicroseconds else { return .failure(.overLimit) }
        return .success(value)
    }

    /// `value` with exactly six decimals, rounded half to even at the sixth ("0.571429"), for
    /// goldens; "nan"/"inf"/"-inf" for non-finite values, so it never traps.
    static func sixDecimals(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let scaled = (value * 1_000_000).rounded(.toNearestOrEven)
        guard scaled.magnitude < 9e18 else { return value < 0 ? "-inf" : "inf" }
        let micro = Int64(scaled)
        let magnitude = micro.magnitude
        let fraction = String(magnitude % 1_000_000)
        return (micro < 0 ? "-" : "") + String(magnitude / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
}
