import LockstepCore
import LockstepRunner
import Platform
import Testing
@testable import Aquarium

/// Known values from the article and standard formulas, worked out apart from the code (Python,
/// by hand: `pKa = 0.09018 + 2729.92 / (T + 273.15)`, `f = 1 / (1 + 10^(pKa − pH))`).
@Suite struct KnownValueTests {
    @Test func pKaAndFreeFraction() {
        #expect(abs(FreeAmmonia.pKa(tempC: 25) - 9.246377) < 1e-6)
        #expect(abs(FreeAmmonia.pKa(tempC: 0) - 10.084396) < 1e-6)
        #expect(abs(FreeAmmonia.pKa(tempC: 50) - 8.538022) < 1e-6)
        #expect(abs(FreeAmmonia.fraction(pH: 7, tempC: 25) - 0.0056386) < 1e-7)
        #expect(abs(FreeAmmonia.fraction(pH: 8, tempC: 25) - 0.053662) < 1e-6)
    }

    /// The note's two cases and their ratio ("about 33 times").
    @Test func freeAmmoniaCases() {
        let low = 0.5 * FreeAmmonia.fraction(pH: 6.8, tempC: 24)
        let high = 0.5 * FreeAmmonia.fraction(pH: 8.3, tempC: 26)
        #expect(abs(low - 0.0016609) < 1e-7)
        #expect(abs(high - 0.054130) < 1e-6)
        #expect(abs(high / low - 32.59) < 0.01)
    }

    @Test func unitConstants() {
        #expect(abs(Units.toCanonical(10, .ppmN, .nitrate)! - 44.27) < 1e-9)
        #expect(abs(Units.toCanonical(1, .ppmN, .nitrite)! - 3.284) < 1e-12)
        #expect(abs(Units.toCanonical(8.4, .dKH, .kh)! - 3.0) < 1e-12)
        #expect(abs(Units.toCanonical(0.5, .dKH, .kh)! - 0.178571) < 1e-6)
        #expect(abs(Units.toCanonical(77, .F, .temp)! - 25) < 1e-12)
        #expect(Units.toCanonical(3, .dKH, .nitrate) == nil)
        #expect(abs(Units.rateFromCanonical(0.8 / 2.8, .dKH, .kh) - 0.8) < 1e-12)
    }

    static func reading(_ v: Double, at seconds: Int64) -> Reading {
        Reading(id: "\(seconds)", session: "\(seconds)", parameter: .kh, canonical: v / 2.8, entered: v, unit: "dKH",
                measuredAt: Instant(secondsSinceEpoch: seconds))
    }

    /// 8.0 → 8.4 dKH: 24 h is 0.4/day (ok under 0.5); 11 h 59 m gives no rate; 12 h is 0.8/day (alert).
    @Test func twelveHourRule() {
        let limit = 0.5 / 2.8
        let prev = Self.reading(8.0, at: 0)
        guard case .ok(let day, _) = Derived.rate(new: Self.reading(8.4, at: 86_400), previous: prev, limitCanonical: limit) else {
            Issue.record("24 h should be a rate under the limit")
            return
        }
        #expect(abs(day * 2.8 - 0.4) < 1e-9)
        #expect(Derived.rate(new: Self.reading(8.4, at: 11 * 3_600 + 59 * 60), previous: prev, limitCanonical: limit)
            == .underTwelveHours(.minutes(11 * 60 + 59)))
        guard case .alert(let half, _) = Derived.rate(new: Self.reading(8.4, at: 12 * 3_600), previous: prev, limitCanonical: limit) else {
            Issue.record("12 h should alert")
            return
        }
        #expect(abs(half * 2.8 - 0.8) < 1e-9)
    }

    static func snap(_ id: String, _ amm: Double?, _ no2: Double?, _ no3: Double?, kh: Double? = nil) -> Snapshot {
        var s = Snapshot(session: id, measuredAt: Instant(secondsSinceEpoch: Int64(id.unicodeScalars.first!.value)))
        s[.ammonia] = amm
        s[.nitrite] = no2
        s[.nitrate] = no3
        s[.kh] = kh
        return s
    }

    /// The note's cycling values: A passes, B (KH only) is ignored → Confirming; C passes → Cycled.
    @Test func cyclingStages() {
        let a = Self.snap("A", 0.25, 0.0, 10), b = Self.snap("B", nil, nil, nil, kh: 3), c = Self.snap("C", 0, 0.25, 5)
        #expect(Derived.stage([a, b], newestOnly: false).label == "Confirming")
        #expect(Derived.stage([a, b], newestOnly: true).label == "Setting up")
        #expect(Derived.stage([a, b, c], newestOnly: false).label == "Cycled")
        #expect(!Self.snap("D", 0.26, 0, 10).passesCompletionTest)
        #expect(!Self.snap("E", 0, 0, 0).nitratePresent)
        #expect(!Self.snap("F", 0, 0, nil).nitratePresent)
        #expect(!Self.snap("G", nil, 0, 10).ammoniaClear)
    }

    @Test func formRules() {
        let faults = Form.FormFaults()
        guard case .success(let d) = Form.field(.kh, text: "8,4", unit: "dKH", faults: faults) else {
            Issue.record("8,4 should parse")
            return
        }
        #expect(d.entered == 8.4)
        for bad in ["1,234.5", "NaN", "Infinity", "1e400", "abc", "7.x", "0x10"] {
            guard case .failure(let e) = Form.field(.kh, text: bad, unit: "dKH", faults: faults) else {
                Issue.record("\(bad) should not parse")
                continue
            }
            #expect(e.message == "Alkalinity (KH): \"\(bad)\" is not a number")
        }
        guard case .failure(let u) = Form.field(.kh, text: "3", unit: "mgL", faults: faults) else {
            Issue.record("mgL is not a KH unit")
            return
        }
        #expect(u.reason == "unknownUnit")
    }

    @Test func stampsRoundTripInAnyZone() throws {
        let t = try CivilTime.parseISO8601("2026-01-01T00:00:00Z", requireUTC: true).get()
        let zone = try Zone.named("America/New_York")
        let good = StampCodec(zone: zone, localBug: false)
        #expect(good.encode(t) == "2026-01-01T00:00:00Z")
        #expect(good.decode(good.encode(t)) == t)
        let bad = StampCodec(zone: zone, localBug: true)
        #expect(bad.decode(bad.encode(t)) == t - .hours(5))
    }

    @Test func declarationsMeetTheContract() {
        #expect(Aquarium.entry.problems.isEmpty, "\(Aquarium.entry.problems)")
    }
}
