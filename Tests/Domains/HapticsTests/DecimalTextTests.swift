import Testing
import LockstepCore
import Platform
@testable import Haptics

@Suite struct DecimalTextTests {
    @Test func secondsFromMicroseconds() {
        #expect(DecimalText.seconds(fromMicroseconds: 150_000) == "0.15")
        #expect(DecimalText.seconds(fromMicroseconds: 0) == "0")
        #expect(DecimalText.seconds(fromMicroseconds: 1_000_000) == "1")
        #expect(DecimalText.seconds(fromMicroseconds: 50_000) == "0.05")
        #expect(DecimalText.seconds(fromMicroseconds: 1) == "0.000001")
        #expect(DecimalText.seconds(fromMicroseconds: 12_345_670) == "12.34567")
        #expect(DecimalText.seconds(fromMicroseconds: -50_000) == "-0.05")
        #expect(DecimalText.seconds(fromMicroseconds: Int64.min) == "-9223372036854.775808")
    }

    static let parses: [(String, Int64)] = [
        ("0.15", 150_000), ("1.5e-1", 150_000), ("15E-2", 150_000), ("0", 0), ("-0", 0), ("-0.0", 0), ("1", 1_000_000),
        ("0.95", 950_000), ("30", 30_000_000), ("3e1", 30_000_000), ("0.0000005", 0), ("0.0000015", 2), ("0.0000025", 2),
        ("0.00000250001", 3), ("0.1234565", 123_456), ("0.1234575", 123_458), ("1e-400", 0),
        ("0.15000000000000000000000000000", 150_000), ("29.9999995", 30_000_000),
    ]

    @Test(arguments: parses)
    func microsecondsFromText(_ text: String, _ expected: Int64) {
        #expect(DecimalText.microseconds(fromSecondsText: text, limitMicroseconds: 30_000_000) == .success(expected))
    }

    @Test func microsecondsFailures() {
        let limit: Int64 = 30_000_000
        #expect(DecimalText.microseconds(fromSecondsText: "-0.1", limitMicroseconds: limit) == .failure(.negative))
        #expect(DecimalText.microseconds(fromSecondsText: "-0.0000001", limitMicroseconds: limit) == .failure(.negative))
        #expect(DecimalText.microseconds(fromSecondsText: "30.000001", limitMicroseconds: limit) == .failure(.overLimit))
        #expect(DecimalText.microseconds(fromSecondsText: "1e400", limitMicroseconds: limit) == .failure(.overLimit))
        #expect(DecimalText.microseconds(fromSecondsText: "1e99999999999999999999", limitMicroseconds: limit) == .failure(.overLimit))
        #expect(DecimalText.microseconds(fromSecondsText: "12345678901234567890", limitMicroseconds: limit) == .failure(.overLimit))
        #expect(DecimalText.microseconds(fromSecondsText: "abc", limitMicroseconds: limit) == .failure(.malformed))
        #expect(DecimalText.microseconds(fromSecondsText: "", limitMicroseconds: limit) == .failure(.malformed))
        #expect(DecimalText.microseconds(fromSecondsText: "1e", limitMicroseconds: limit) == .failure(.malformed))
    }

    @Test func sixDecimals() {
        #expect(DecimalText.sixDecimals(4.0 / 7.0) == "0.571429")
        #expect(DecimalText.sixDecimals(0) == "0.000000")
        #expect(DecimalText.sixDecimals(-1.5) == "-1.500000")
        #expect(DecimalText.sixDecimals(Double(Float(0.2))) == "0.200000")
        #expect(DecimalText.sixDecimals(.nan) == "nan")
        #expect(DecimalText.sixDecimals(1e300) == "inf")
    }
}
