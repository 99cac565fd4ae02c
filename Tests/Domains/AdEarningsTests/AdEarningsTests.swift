import Testing
import LockstepCore
import Platform
@testable import AdEarnings

/// Known values from RFC 7636 appendix B, the domain note and Python (each computation below was
/// run independently in python3; the oracle is never this code's output).
@Suite struct AdEarningsKnownValues {
    /// RFC 7636 appendix B. python3: base64.urlsafe_b64encode(bytes([116,24,...,121])).rstrip(b'=')
    /// = dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk;
    /// base64.urlsafe_b64encode(hashlib.sha256(v.encode()).digest()).rstrip(b'=')
    /// = E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM.
    @Test func rfc7636AppendixB() {
        let bytes: [UInt8] = [116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186,
                              22, 212, 37, 77, 105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121]
        #expect(PKCE.verifier(bytes: bytes) == "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(PKCE.challenge(for: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk") == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    /// 32 zero bytes (D5). python3: base64.urlsafe_b64encode(bytes(32)).rstrip(b'=') = 43 × "A".
    @Test func zeroBytesVerifier() {
        #expect(PKCE.verifier(bytes: [UInt8](repeating: 0, count: 32)) == String(repeating: "A", count: 43))
    }

    /// Seeded bytes always give a 43-character verifier of the unreserved alphabet.
    @Test func seededVerifierShape() {
        var rng = SeededRNG(seed: 7)
        let v = PKCE.verifier(bytes: PKCE.randomBytes(&rng))
        #expect(v.utf8.count == 43)
        #expect(v.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F })
    }

    /// The authorization URL: the note's string with `:` → %3A and `/` → %2F (Python
    /// urllib.parse.quote(v, safe='-._~')), query in the article's order.
    @Test func authorizationURL() {
        let url = OAuthConfig.authorizationURL(challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", state: "00000000-0000-0000-0000-000000000000")
        #expect(url == "https://accounts.google.com/o/oauth2/v2/auth?client_id=1234-abc.apps.googleusercontent.com&redirect_uri=com.googleusercontent.apps.1234-abc%3A%2Foauth2redirect&response_type=code&scope=https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fadmob.report&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&state=00000000-0000-0000-0000-000000000000")
    }

    /// python3 zoneinfo: the LA days of 2026-03-08 and 2026-11-01 are 82,800 and 90,000 s long
    /// (1773000000 = 2026-03-08T20:00Z, 1793563200 = 2026-11-01T20:00Z).
    @Test func dstDayLengths() {
        #expect(ReportCalendar.dayLengthSeconds(Instant(secondsSinceEpoch: 1_773_000_000)) == 82_800)
        #expect(ReportCalendar.dayLengthSeconds(Instant(secondsSinceEpoch: 1_793_563_200)) == 90_000)
        #expect(ReportCalendar.dayLengthSeconds(Instant(secondsSinceEpoch: 1_784_142_000)) == 86_400)
    }

    /// 2026-10-22T05:00Z (1792645200) is 22:00 PDT on the 21st; 2026-03-08T10:00Z (1772964000) is
    /// 03:00 PDT, 7,200 s into the 23-hour day (note).
    @Test func reportDays() {
        #expect(ReportCalendar.reportDay(Instant(secondsSinceEpoch: 1_792_645_200)) == "20261021")
        #expect(ReportCalendar.secondsIntoDay(Instant(secondsSinceEpoch: 1_772_964_000)) == 7_200)
    }

    /// Micros: 6500000 → 6.5, "1234567" → 1.234567; "abc", "12abc", "12.5" rejected (D7).
    @Test func micros() {
        #expect(ReportParser.earnings(micros: "6500000", asDouble: false) == "6.5")
        #expect(ReportParser.earnings(micros: "1234567", asDouble: false) == "1.234567")
        #expect(ReportParser.earnings(micros: "abc", asDouble: false) == nil)
        #expect(ReportParser.earnings(micros: "12abc", asDouble: false) == nil)
        #expect(ReportParser.earnings(micros: "12.5", asDouble: false) == nil)
        #expect(ReportParser.isReportDay("20261021"))
        #expect(!ReportParser.isReportDay("20261345"))
    }
}
