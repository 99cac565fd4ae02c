import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import Units

@Suite struct UnitsTests {
    func conversions(_ sim: Simulation<Units>) -> [Record] { sim.outputs.filter { $0.name == "conversion" } }
    func field(_ r: Record?, _ key: String) -> String? {
        guard let r, let f = r.fields.first(where: { $0.key == key }) else { return nil }
        switch f.value {
        case .word(let w): return w
        case .string(let s): return s
        case .int(let i): return String(i)
        default: return nil
        }
    }
    func value(_ sim: Simulation<Units>) -> Double? { field(conversions(sim).last, "value").flatMap(Double.init) }
    func display(_ sim: Simulation<Units>) -> String? { field(conversions(sim).last, "display") }

    func run(_ events: [UnitsEvent], faults: [UnitsFault] = [], locale: LocaleID = .enUS) throws -> Simulation<Units> {
        var sim = try Simulation<Units>(settings: Units.Settings(locale: locale), faults: faults)
        for (i, e) in events.enumerated() { sim.send(e, at: .seconds(Int64(i + 1))) }
        return sim
    }

    @Test func declarationsMeetTheContract() {
        #expect(Units.entry.problems.isEmpty, "\(Units.entry.problems)")
    }

    /// python3: 42.195 * 1000 / 1609.344 = 26.218757456454306; display to 6 significant digits.
    @Test func marathonInMiles() throws {
        let sim = try run([.text("42.195")])
        #expect(conversions(sim).last == Record("conversion").word("category", "length").word("from", "km").word("to", "mi")
            .word("value", "26.218757456454306").string("display", "26.2188 mi"))
    }

    /// The article: "26,2188 mi" in de_DE for the same value, typed as "42,195".
    @Test func marathonInGerman() throws {
        let sim = try run([.text("42,195")], locale: .deDE)
        #expect(value(sim) == 26.218757456454306)
        #expect(display(sim) == "26,2188 mi")
    }

    /// 10 °C as a point: python3 (10 + 273.15 - (273.15 - 32*5/9)) / (5/9) = 49.999999999999986 → "50 °F";
    /// as a difference: 10 * 1 / (5/9) = 18.0 → "18 °F".
    @Test func temperaturePointAndDifference() throws {
        let sim = try run([.category("temperature"), .text("10")])
        #expect(abs(value(sim)! - 50) < 1e-9)
        #expect(display(sim) == "50 °F")
        let diff = try run([.category("temperature"), .text("10"), .temperatureMode(.difference)])
        #expect(value(diff) == 18.0)
        #expect(display(diff) == "18 °F")
        let bug = try run([.category("temperature"), .text("10"), .temperatureMode(.difference)], faults: [.temperatureDeltaAsPoint])
        #expect(display(bug) == "50 °F")
    }

    /// Standard values: −40 °C = −40 °F, 100 °C = 212 °F, 0 K = −273.15 °C = −459.67 °F (within 1e-9).
    @Test func temperatureFixedPoints() throws {
        let cases: [(String, String, String, Double)] = [("C", "F", "-40", -40), ("C", "F", "100", 212), ("K", "C", "0", -273.15), ("K", "F", "0", -459.67)]
        for (from, to, input, expected) in cases {
            let sim = try run([.convert(from: from, to: to, input: input)])
            #expect(abs(value(sim)! - expected) < 1e-9, "\(input) \(from) → \(to)")
        }
    }

    /// 5 min/km: base 5 * 60/1000 = 0.3 s/m; 3.6 / 0.3 = 12.0 km/h (python3: 3.6/0.3 == 12.0 is
    /// True); min/mi: 0.3 / (60/1609.344) = 8.046719999999999 → "8.04672 min/mi".
    @Test func paceKnownValues() throws {
        let sim = try run([.convert(from: "min/km", to: "km/h", input: "5")])
        #expect(value(sim) == 12.0)
        #expect(display(sim) == "12 km/h")
        let mi = try run([.convert(from: "min/km", to: "min/mi", input: "5")])
        #expect(value(mi) == 8.046719999999999)
        #expect(display(mi) == "8.04672 min/mi")
    }

    /// A pace of 0 is +∞ km/h, shown "∞ km/h", not a crash; with the fault the app crashes and relaunches.
    @Test func zeroPaceIsInfinity() throws {
        let sim = try run([.convert(from: "min/km", to: "km/h", input: "0")])
        #expect(field(conversions(sim).last, "value") == "inf")
        #expect(display(sim) == "∞ km/h")
        let bug = try run([.convert(from: "min/km", to: "km/h", input: "0")], faults: [.zeroPaceCrash])
        #expect(bug.outputs.contains { $0.name == "app.crashed" })
        #expect(field(conversions(bug).last, "category") == "length")
    }

    /// python3: 1000 / 16.018463 = 62.427962033560895 → "62.428 lb/ft³".
    @Test func densityKnownValue() throws {
        let sim = try run([.convert(from: "g/cm3", to: "lb/ft3", input: "1")])
        #expect(value(sim) == 62.427962033560895)
        #expect(display(sim) == "62.428 lb/ft³")
    }

    /// Fuel: k = 100 * 3.785411784 / 1.609344 = 235.2145833…; 10 L/100km → 23.52145833333333 mpg,
    /// 30 mpg → 7.84048611111111 L/100km (python3).
    @Test func fuelIsReciprocal() throws {
        let sim = try run([.convert(from: "L/100km", to: "mpg", input: "10")])
        #expect(abs(value(sim)! - 23.521458333333333) < 1e-12)
        #expect(display(sim) == "23.5215 mpg")
        let back = try run([.convert(from: "mpg", to: "L/100km", input: "30")])
        #expect(abs(value(back)! - 7.840486111111111) < 1e-12)
        let bug = try run([.convert(from: "L/100km", to: "mpg", input: "10")], faults: [.foundationFuelBug])
        #expect(display(bug) == "2,352.15 mpg")
    }

    /// Feet per kilometre: python3 1000/0.3048 = 3280.839895013123; 1 mi + 500 m = 2109.344 m.
    @Test func feetPerKilometreAndSum() throws {
        let sim = try run([.convert(from: "km", to: "ft", input: "1"), .sum(a: 1, aUnit: "mi", b: 500, bUnit: "m"),
                           .compare(a: 1, aUnit: "kg", b: 2, bUnit: "lb")])
        #expect(value(sim) == 3280.839895013123)
        let sum = sim.outputs.first { $0.name == "sum" }
        #expect(field(sum, "value") == "2109.344")
        #expect(field(sum, "display") == "2,109.34 m")
        #expect(field(sim.outputs.first { $0.name == "comparison" }, "result") == "greater")
    }

    /// The upside-down mile turns the marathon into 42195 / (1/1609.344) ≈ 6.79e7 "miles".
    @Test func upsideDownFactorIsVisible() throws {
        let bug = try run([.text("42.195")], faults: [.factorUpsideDown])
        #expect(value(bug)! > 1e7)
    }

    /// The note's score table, python3: round(max(0, 1 - abs(log2(g/t))) * 100).
    @Test func estimationScores() {
        let truth = 3280.84
        let table: [(Double, Int)] = [(3280.84, 100), (3300, 99), (3000, 87), (4000, 71), (2000, 29), (1640.42, 0), (6561.68, 0)]
        for (guess, score) in table { #expect(EstimationScore.score(truth: truth, guess: guess).score == score, "\(guess)") }
        #expect(EstimationScore.score(truth: 100, guess: 110).score == 86)
        #expect(EstimationScore.score(truth: 1e6, guess: 1.1e6).score == 86)
        #expect(EstimationScore.score(truth: 100, guess: 90).score == 85)
        #expect(EstimationScore.score(truth: 100, guess: 0).score == 0)
        #expect(EstimationScore.score(truth: 100, guess: .infinity).score == 0)
        #expect(EstimationScore.score(truth: 0, guess: 1).score == 0)
    }

    /// Significant digits: 1/3 → "0.333333"; 0.0000123; 12,300,000; 1,234,567.89 → "1,234,570".
    @Test func significantDigits() {
        #expect(Display.text(1.0 / 3.0, symbol: "km", locale: .enUS, raw: false) == "0.333333 km")
        #expect(Display.text(0.0000123, symbol: "m", locale: .enUS, raw: false) == "0.0000123 m")
        #expect(Display.text(12_300_000, symbol: "m", locale: .enUS, raw: false) == "12,300,000 m")
        #expect(Display.text(1_234_567.89, symbol: "m", locale: .enUS, raw: false) == "1,234,570 m")
        #expect(Display.text(nil, symbol: "m", locale: .enUS, raw: false) == "—")
    }

    /// Strict parsing: "1,5" is refused in en_US (and gives no value), accepted as 1.5 in de_DE.
    @Test func strictLocaleParsing() throws {
        let us = try run([.text("1,5")])
        #expect(us.outputs.contains { $0.name == "rejected" && field($0, "reason") == "malformed-number" })
        #expect(field(conversions(us).last, "value") == "none")
        let de = try run([.convert(from: "m", to: "m", input: "1,5")], locale: .deDE)
        #expect(value(de) == 1.5)
        let bug = try run([.convert(from: "m", to: "m", input: "1,5")], faults: [.doubleInitParse], locale: .deDE)
        #expect(field(conversions(bug).last, "value") == "none")
    }

    /// km → kg is refused with a record and no conversion.
    @Test func dimensionMismatch() throws {
        let sim = try run([.convert(from: "km", to: "kg", input: "1")])
        #expect(sim.outputs.last == Record("rejected").word("input", "convert").word("reason", "dimension-mismatch").word("from", "km").word("to", "kg"))
        #expect(conversions(sim).count == 1)  // only the launch record
    }

    /// Every pair round-trips within 1e-9 (the article's checklist 1).
    @Test func roundTripsWithinTolerance() throws {
        let sim = try run([.roundTrip])
        let rows = sim.outputs.filter { $0.name == "roundtrip" }
        #expect(rows.count == Catalog.builtIn.count)
        #expect(rows.allSatisfy { field($0, "failures") == "0" })
    }

    /// History recomputes: a record made under mile = 1609.34 shows 1.609344 km after the fix.
    @Test func historyRecomputesAfterFix() throws {
        let sim = try run([.registryChange(unit: "mi", coefficient: 1609.34, constant: 0), .convert(from: "mi", to: "km", input: "1"),
                           .commit, .registryChange(unit: "mi", coefficient: 1609.344, constant: 0), .historyOpen])
        #expect(field(sim.outputs.last { $0.name == "history.row" }, "value") == "1.609344")
        let bug = try run([.registryChange(unit: "mi", coefficient: 1609.34, constant: 0), .convert(from: "mi", to: "km", input: "1"),
                           .commit, .registryChange(unit: "mi", coefficient: 1609.344, constant: 0), .historyOpen], faults: [.historyStoresOutput])
        #expect(field(bug.outputs.last { $0.name == "history.row" }, "value") == "1.60934")
    }

    /// Exact SI constants (2019): c, h, e with exact=true.
    @Test func exactConstants() {
        let c = ConstantsTable.query("light", in: ConstantsTable.bundled)
        #expect(c.map(\.value) == ["299792458"] && c[0].exact)
        #expect(ConstantsTable.query("planck", in: ConstantsTable.bundled).first?.value == "6.62607015e-34")
        #expect(ConstantsTable.query("elementary", in: ConstantsTable.bundled).first?.value == "1.602176634e-19")
    }

    /// Events write back as lines that read to the same events; the typing generator gives prefixes.
    @Test func eventTextRoundTrips() throws {
        let events: [UnitsEvent] = [.category("pace"), .unit(.to, "km/h"), .text("1,5"), .convert(from: "km", to: "mi", input: ""),
                                    .temperatureMode(.difference), .locale(.deDE), .commit, .historyOpen,
                                    .historyRestore(category: "length", from: "furlong", to: "m", input: 1),
                                    .registryChange(unit: "mi", coefficient: 1609.344, constant: 0), .constantsQuery("c"),
                                    .challenge(from: "km", to: "ft", value: 1, guess: 3300), .sum(a: 1, aUnit: "mi", b: 500, bUnit: "m"),
                                    .compare(a: 1, aUnit: "kg", b: 2, bUnit: "lb"), .roundTrip]
        let back = try EventDecoding.roundTrip(Units.self, events)
        #expect(back.map(EventDecoding.structure) == events.map(EventDecoding.structure))
        let typed = try EventDecoding.generated(Units.self, "gen typing input=\"4.2\"")
        #expect(typed.count == 3)
    }
}
