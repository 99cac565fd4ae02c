import Testing
import LockstepCore
import LockstepRunner
@testable import Currency
import enum Platform.LocaleID

@Suite struct CurrencyTests {
    static let table = "{\"base\":\"USD\",\"rates\":{\"EUR\":\"0.92\"}}"

    func sim(_ settings: [String] = []) throws -> Simulation<Currency> {
        try Simulation<Currency>(settings: settings)
    }

    func lastConversion(_ sim: Simulation<Currency>) -> Record? {
        sim.outputs.last { $0.name == "conversion" }
    }

    /// EUR→USD at 0.92: 1 ÷ 0.92 at 38 digits. python3: `from decimal import *; getcontext().prec=38;
    /// print(Decimal(1)/Decimal("0.92"))` → 1.086956521739130434782608695652173913; × 100 (prec 38,
    /// half-up) → 108.6956521739130434782608695652173913.
    @Test func eurToUsdKnownValue() throws {
        var s = try sim(["from EUR", "to USD"])
        s.send(.text("100"), at: .seconds(1))
        let r = try #require(lastConversion(s))
        #expect(r == Record("conversion").word("from", "EUR").word("to", "USD").string("amount", "100")
            .word("value", "108.6956521739130434782608695652173913").string("display", "$108.696"))
        let rate = try #require(s.outputs.last { $0.name == "rateLine" })
        #expect(rate == Record("rateLine").string("text", "1 EUR = 1.087 USD"))
    }

    /// Half-even display: 0.0025 USD→USD shows "$0.002" (python3: Decimal("0.0025").quantize(
    /// Decimal("0.001"), ROUND_HALF_EVEN) = 0.002), 0.0015 → "$0.002".
    @Test func halfEvenDisplay() throws {
        var s = try sim(["from USD", "to USD"])
        s.send(.text("0.0025"), at: .seconds(1))
        #expect(lastConversion(s)?.fields.last?.value == .string("$0.002"))
        s.send(.text("0.0015"), at: .seconds(2))
        #expect(lastConversion(s)?.fields.last?.value == .string("$0.002"))
    }

    /// de_DE: "12,50" parses to 12.5 and shows "12,500 €" (USD→EUR at 0.92: 11.5 → "11,500 €").
    @Test func germanInput() throws {
        var s = try sim(["locale de_DE"])
        s.send(.text("12,50"), at: .seconds(1))
        #expect(lastConversion(s)?.fields.last?.value == .string("11,500\u{00A0}€"))
        s.send(.text("12.5.3"), at: .seconds(2))
        #expect(lastConversion(s)?.fields.last?.value == .string("\u{2014}"))
    }

    /// Staleness: fresh at age 3599 s, a request at 3600 s (strict <); a negative age is stale.
    @Test func staleBoundary() {
        let t0 = Instant(secondsSinceEpoch: 1_767_225_600)
        #expect(Currency.isFresh(fetchedAt: t0, now: t0 + .seconds(3_599)))
        #expect(!Currency.isFresh(fetchedAt: t0, now: t0 + .seconds(3_600)))
        #expect(!Currency.isFresh(fetchedAt: t0 + .seconds(10), now: t0))
    }

    /// Going to background at T submits rates.refresh with earliestBeginDate T + 14 400 s (4 h).
    @Test func backgroundFloor() throws {
        #expect(Currency.backgroundFloorSeconds == 4 * 60 * 60)
    }

    /// A rate of 0 as the source gives no result; the decoder refuses 0 as a rate.
    @Test func zeroRate() throws {
        let t = RateTable(base: "USD", rates: ["XXX": .zero, "EUR": try DecimalNumber(parsing: "0.92")], fetchedAt: nil, seedDate: nil, source: .seed)
        #expect(t.rate(from: "XXX", to: "EUR") == nil)
        #expect(t.rate(from: "EUR", to: "EUR") == .one)
        let o = RatesCodec.Options(locale: .enUSPOSIX, numbersThrow: false, prefixLenient: false)
        if case .success = RatesCodec.rate("0", o) { Issue.record("0 accepted") }
        if case .success = RatesCodec.rate("0.92abc", o) { Issue.record("prefix accepted") }
        #expect(RatesCodec.lenientPrefix("0,92") == .zero)
    }

    /// 0.1 as a Double is 0.1000000000000000055511151231257827021181583404541015625 (python3:
    /// Decimal(0.1)); to 38 digits 0.10000000000000000555111512312578270212.
    @Test func doubleExpansion() throws {
        let d = try #require(DoubleExpansion.decimal(0.1))
        #expect(d.canonicalText.hasPrefix("0.100000000000000005551115123125782702"))
    }

    @Test func declarationsMeetTheContract() {
        #expect(Currency.entry.problems.isEmpty, "\(Currency.entry.problems)")
    }
}
