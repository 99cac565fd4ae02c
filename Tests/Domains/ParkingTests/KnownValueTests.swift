import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import Parking

/// Known values from the article and the note's addendum B8, worked out apart from the code
/// (Python for the geodesy, the calendar by hand).
@Suite struct ParkingKnownValueTests {
    let madrid = try! Zone.named("Europe/Madrid")

    func instant(_ text: String) -> Instant {
        guard case .success(let t) = CivilTime.parseISO8601(Substring(text), requireUTC: true) else { preconditionFailure(text) }
        return t
    }

    func charged(_ hours: String?, _ at: String, holidays: [String]? = nil) -> Charge {
        Charge.at(instant(at), claim: .conditional(hours: hours), zone: madrid, holidays: holidays, unreadableIsFree: false)
    }

    /// `Mo-Fr 09:00-20:00; Sa 09:00-14:00` in CET and CEST (B8's rows).
    @Test func weekdayHoursAcrossSummerTime() {
        let h = "Mo-Fr 09:00-20:00; Sa 09:00-14:00"
        #expect(charged(h, "2026-11-09T08:30:00Z") == .charged)      // Mon 09:30 CET
        #expect(charged(h, "2026-11-09T07:59:00Z") == .notCharged)   // Mon 08:59
        #expect(charged(h, "2026-11-09T19:00:00Z") == .notCharged)   // Mon 20:00: half-open
        #expect(charged(h, "2026-07-15T07:30:00Z") == .charged)      // Wed 09:30 CEST
        #expect(charged(h, "2026-07-15T06:30:00Z") == .notCharged)   // Wed 08:30 CEST
        #expect(charged(h, "2026-11-14T12:30:00Z") == .charged)      // Sat 13:30
        #expect(charged(h, "2026-11-14T13:30:00Z") == .notCharged)   // Sat 14:30
    }

    /// 2026-03-29T01:00:00Z is 03:00 CEST; 2026-10-25T01:00:00Z is 02:00 CET.
    @Test func summerTimeChangeOvers() {
        #expect(madrid.formatLocal(instant("2026-03-29T01:00:00Z")) == "2026-03-29T03:00:00+02:00")
        #expect(madrid.formatLocal(instant("2026-10-25T01:00:00Z")) == "2026-10-25T02:00:00+01:00")
    }

    @Test func laterRulesOverrideAndOffRemoves() {
        let h = "Mo-Fr 09:00-20:00; We 09:00-14:00"
        #expect(charged(h, "2026-11-11T14:00:00Z") == .notCharged)  // We 15:00
        #expect(charged(h, "2026-11-12T14:00:00Z") == .charged)     // Th 15:00
        let ph = "Mo-Sa 09:00-20:00; PH off"
        #expect(charged(ph, "2026-12-08T09:00:00Z", holidays: ["2026-12-08"]) == .notCharged)
        #expect(charged(ph, "2026-12-08T09:00:00Z", holidays: []) == .charged)
        #expect(charged(ph, "2026-12-08T09:00:00Z", holidays: nil) == .charged)  // no calendar: charged if either is
        #expect(charged("24/7", "2026-11-15T02:00:00Z") == .charged)
        #expect(charged("Su off", "2026-11-15T10:00:00Z") == .notCharged)
        #expect(charged("Fr-Mo 10:00-12:00", "2026-11-15T10:00:00Z") == .charged)  // Su 11:00, the range wraps
        let lunch = "Mo-Sa 09:00-20:00; 14:00-16:00 off"
        #expect(charged(lunch, "2026-11-10T14:00:00Z") == .notCharged)  // Tu 15:00
        #expect(charged(lunch, "2026-11-10T15:30:00Z") == .charged)     // Tu 16:30
    }

    /// Every unreadable case is charged, even on Sunday at 03:00.
    @Test func unreadableHoursAreCharged() {
        for h in ["Mo-Fr 9:00-20:00", "mo-fr 09:00-20:00", "Mo-Fr 09:00-20:00, Sa 09:00-14:00", "Mo-Fr 22:00-06:00",
                  "Mo-Fr 09:00-20:00;", "", "   ", "Mo-Fr 09:60-20:00", "PH Mo-Fr 09:00-20:00"] {
            guard case .unreadable = charged(h, "2026-11-15T02:00:00Z") else {
                Issue.record("\(h) should be unreadable")
                continue
            }
        }
        guard case .unreadable(let column, _) = charged(nil, "2026-11-15T02:00:00Z") else { Issue.record("null hours"); return }
        #expect(column == 1)
        guard case .unreadable(let c2, _) = charged("Mo-Fr 9:00-20:00", "2026-11-15T02:00:00Z") else { return }
        #expect(c2 == 7)
    }

    /// B8's tag rows.
    @Test func tagTable() {
        func way(_ tags: [(String, String)]) -> OSMWay {
            OSMWay(id: 1, highway: "residential", access: nil, name: nil, tags: tags.map { OSMTag(key: $0.0, value: $0.1) }, closed: false, points: [])
        }
        func side(_ tags: [(String, String)], _ s: WaySide) -> OSMTags.SideResult {
            OSMTags.side(way(tags), s, noAsAbsence: false, deprecatedIgnored: false)
        }
        #expect(side([("parking:left", "no")], .left) == .none("noParking"))
        #expect(side([("parking:right", "lane"), ("parking:right:fee", "no")], .right) == .row(.FREE, hours: nil))
        #expect(side([("parking:left", "lane")], .left) == .row(.UNKNOWN, hours: nil))
        let both = [("parking:both", "lane"), ("parking:left", "no")]
        #expect(side(both, .left) == .none("noParking"))
        #expect(side(both, .right) == .row(.UNKNOWN, hours: nil))
        #expect(OSMTags.side(way(both), .left, noAsAbsence: true, deprecatedIgnored: false) == .row(.UNKNOWN, hours: nil))
        #expect(side([("parking:left", "lane"), ("parking:left:fee", "no"), ("parking:left:fee:conditional", "yes @ (Mo-Fr 09:00-20:00)")], .left)
            == .row(.CONDITIONAL, hours: "Mo-Fr 09:00-20:00"))
        let deprecated = [("parking:lane:left", "diagonal"), ("parking:condition:left", "ticket"), ("parking:condition:left:time_interval", "Mo-Sa 09:00-19:00")]
        #expect(side(deprecated, .left) == .row(.CONDITIONAL, hours: "Mo-Sa 09:00-19:00"))
        #expect(OSMTags.side(way(deprecated), .left, noAsAbsence: false, deprecatedIgnored: true) == .none("untagged"))
        #expect(side([("parking:left", "lane"), ("parking:left:fee", "yes"), ("parking:left:fee:conditional", "no @ (Su)")], .left) == .row(.CONDITIONAL, hours: nil))
        #expect(side([("parking:lane:both", "parallel"), ("parking:condition:both", "disc")], .right) == .row(.FREE, hours: nil))
        #expect(side([("highway", "residential")], .left) == .none("untagged"))
    }

    /// The article's claim function, and (FREE, "foo") is unknown, never free.
    @Test func claimTable() {
        #expect(Claim.of(feeState: "FREE", feeSource: "municipal_free", hours: nil) == .cityFree)
        #expect(Claim.of(feeState: "FREE", feeSource: "operator_feed", hours: nil) == .cityFree)
        #expect(Claim.of(feeState: "FREE", feeSource: "osm_tag", hours: nil) == .signpostedFree)
        #expect(Claim.of(feeState: "FREE", feeSource: "municipal_outside_zone", hours: nil) == .likelyFree)
        #expect(Claim.of(feeState: "FREE", feeSource: "municipal_paid_complement", hours: nil) == .likelyFree)
        #expect(Claim.of(feeState: "FREE", feeSource: "foo", hours: nil) == .unknown)
        #expect(Claim.of(feeState: "PAID", feeSource: "municipal_paid", hours: nil) == .paid)
        #expect(Claim.of(feeState: "maybe", feeSource: "osm_tag", hours: nil) == .unknown)
        #expect(Claim.likelyFree.isInferred && !Claim.cityFree.isInferred)
        let dashed = KerbStroke.of(.likelyFree, mintSolid: false)
        #expect(dashed.tint == "teal" && dashed.dash == [3, 7] && dashed.cap == "butt" && dashed.lineWidth == 4 && dashed.opacity == 0.85)
        let solid = KerbStroke.of(.cityFree, mintSolid: false)
        #expect(solid.cap == "round" && solid.join == "round" && solid.dash.isEmpty)
    }

    /// Viewport lat [41.38, 41.40], lon [2.16, 2.19] fetches [41.374, 41.406] × [2.151, 2.199].
    @Test func fetchRing() {
        let (ring, clamped) = Parking.ring(Camera(latitude: 41.39, longitude: 2.175, spanLatitude: 0.02, spanLongitude: 0.03))
        #expect(!clamped)
        #expect(abs(ring.south - 41.374) < 1e-12 && abs(ring.north - 41.406) < 1e-12)
        #expect(abs(ring.west - 2.151) < 1e-12 && abs(ring.east - 2.199) < 1e-12)
        let (polar, c2) = Parking.ring(Camera(latitude: 89.9995, longitude: 0, spanLatitude: 0.002, spanLongitude: 0.003))
        #expect(c2 && polar.north == 90)
    }

    /// Freshness: 14:59 and 15:00 live (inclusive), 15:00.001 stale, no timestamp none.
    @Test func freshness() {
        let now = Instant(secondsSinceEpoch: 1_794_225_600)
        func f(_ age: Duration?) -> Parking.Freshness {
            Parking.freshness(Site(source: "x", free: 3, capacity: 10, updatedAt: age.map { now - $0 }), now: now, disabled: false).0
        }
        #expect(f(.seconds(899)) == .live)
        #expect(f(.minutes(15)) == .live)
        #expect(f(.minutes(15) + .milliseconds(1)) == .stale)
        #expect(f(nil) == Parking.Freshness.none)
        #expect(Parking.freshness(Site(source: "x", free: 11, capacity: 10, updatedAt: now), now: now, disabled: false).0 == .invalid)
    }

    /// Six decimals, half away from zero: 2.1748125 → 2.174813, −0.3763004 → −0.376300.
    @Test func coordinateRounding() {
        #expect(Gateway.coordinate(2.174812) == "2.174812")
        #expect(Gateway.coordinate(41.403032) == "41.403032")
        #expect(Gateway.coordinate(2.1748125) == "2.174813")
        #expect(Gateway.coordinate(-0.3763004) == "-0.376300")
        #expect(Gateway.coordinate(-0.0000004) == "0.000000")
    }

    /// Log radii: with max 158, 6 → 12.371 and 20 → 16.651; with max 1000, 10 → 12.000 (Python).
    @Test func logarithmicRadius() {
        #expect(abs(Gateway.radius(6, max: 158, linear: false) - 12.370580746771967) < 1e-9)
        #expect(abs(Gateway.radius(20, max: 158, linear: false) - 16.65129258259686) < 1e-9)
        #expect(abs(Gateway.radius(10, max: 1_000, linear: false) - 12.0) < 1e-9)
        #expect(Gateway.radius(1, max: 1, linear: false) == 24)
        #expect(Gateway.radius(158, max: 158, linear: false) == 24)
    }

    /// B7: 10 bays 2.6 m apart are one 23.400 m cluster; after a 6 m gap a second; nameless bays
    /// straddling a 300 m cell line split.
    @Test func clusters() {
        let plane = LocalPlane(origin: City.valencia.origin)
        func bay(_ id: Int64, _ e: Double, _ n: Double, _ street: String = "A") -> Bay {
            Bay(id: id, street: street, paid: true, points: [plane.unproject(PlanePoint(east: e, north: n))])
        }
        var bays = (0..<10).map { bay(Int64($0 + 1), 10 + 2.6 * Double($0), 10) }
        bays += (0..<5).map { bay(Int64($0 + 20), 39.4 + 2.6 * Double($0), 10) }
        let c = Clustering.clusters(bays, plane: plane, gridPartition: true, hullDiameter: true)
        #expect(c.count == 2)
        #expect(abs(c[0].lengthMetres - 23.4) < 0.0005 && abs(c[1].lengthMetres - 10.4) < 0.0005)
        let straddle = [292.3, 294.9, 297.5, 300.1, 302.7, 305.3].enumerated().map { bay(Int64(100 + $0.offset), $0.element, 50, "") }
        #expect(Clustering.clusters(straddle, plane: plane, gridPartition: true, hullDiameter: true).map(\.bayIDs.count) == [3, 3])
        #expect(Clustering.clusters(straddle, plane: plane, gridPartition: false, hullDiameter: true).map(\.bayIDs.count) == [6])
    }

    /// B5: Madrid's grey band is FREE outside the zone, not regulated; an unknown colour is
    /// UNKNOWN and regulated.
    @Test func councilKinds() {
        let grey = CouncilKinds.row(kind: "grey", hours: nil, city: .madrid, greyAsComplement: false)
        #expect(grey.0 == .FREE && grey.1 == .municipal_outside_zone)
        #expect(!CouncilKinds.isRegulated(grey.1.rawValue))
        let red = CouncilKinds.row(kind: "red", hours: nil, city: .madrid, greyAsComplement: false)
        #expect(red.0 == .UNKNOWN && CouncilKinds.isRegulated(red.1.rawValue))
        let green = CouncilKinds.row(kind: "green", hours: "Mo-Fr 09:00-20:00", city: .barcelona, greyAsComplement: false)
        #expect(green.0 == .CONDITIONAL && green.2 == "Mo-Fr 09:00-20:00")
    }
}
