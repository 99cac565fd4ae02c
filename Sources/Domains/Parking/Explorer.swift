import LockstepCore
import Platform

/// Random walks: a city's data is staged and imported first (a street grid, council kerbs with
/// readable and unreadable hours, a paid zone, Madrid's grey bands, València's bays, arterials,
/// private streets, a car park), then the map pans and zooms (sometimes past 0.02°, sometimes with
/// bad spans), the gateway answers, fails or goes offline, kerbs are tapped through the day, the
/// app goes to the background and back, live counts age and the pipeline re-runs.
extension Parking {
    struct ExplorerMemory: Sendable {
        var city: City = .barcelona
        var dense = false
        /// The walk's clock: its start and the time written so far, for absolute updatedAt values.
        var start = Instant.defaultStart
        var elapsed = Duration.zero
    }

    static let explorerStarts: [(String, Int64)] = [("2026-03-29T00:30:00Z", 1_774_744_200), ("2026-07-15T07:00:00Z", 1_784_098_800),
                                                    ("2026-11-09T08:00:00Z", 1_794_211_200)]

    static func setupLines(_ rng: inout SeededRNG, _ m: ExplorerMemory) -> [String] {
        var l = ["+0 boundary m=\"-3000,-3000 3000,-3000 3000,3000 -3000,3000\"",
                 "+0 gen streets rows=6 cols=6 spacing=40 length=40 east=-120 north=-120 firstId=1"]
        if m.dense { l.append("+0 gen streets rows=15 cols=15 spacing=8 length=10 east=400 north=400 firstId=5001") }
        l.append("+0 way id=900 highway=primary m=\"-120,-150 120,-150\"")
        l.append("+0 way id=901 highway=service m=\"-120,150 120,150\"")
        l.append("+0 way id=902 highway=residential access=\"Private\" m=\"-120,170 120,170\"")
        l.append("+0 way id=903 tags=\"amenity=parking\" closed=true m=\"200,200 240,200 240,230 200,230 200,200\"")
        l.append("+0 way id=904 highway=residential tags=\"parking:both=lane|parking:left=no|parking:right:fee=no\" m=\"-120,190 120,190\"")
        l.append("+0 way id=905 highway=residential tags=\"parking:lane:left=parallel|parking:condition:left=free|parking:lane:right=no\" m=\"-120,230 120,230\"")
        let hours = ["Mo-Fr 09:00-20:00", "Mo-Sa 09:00-14:00; Su off", "Mo-Fr 9:00-20:00", "24/7", "Mo-Fr 22:00-06:00"]
        let y = rng.int(in: 0...4) * 40 - 80 + 22 + rng.int(in: 0...6)
        l.append("+0 council id=1 kind=blue m=\"-100,\(y) 0,\(y)\"")
        l.append("+0 council id=2 kind=green hours=\"\(hours[rng.int(below: hours.count)])\" m=\"0,\(y + 40) 100,\(y + 40)\"")
        switch m.city {
        case .madrid: l.append("+0 council id=3 kind=grey m=\"-100,\(y + 8) 0,\(y + 8)\"")
        case .krakow: l.append("+0 paidZone id=1 m=\"40,40 90,40 90,90 40,90 40,40\"")
        case .valencia:
            l.append("+0 bay id=1 street=\"Carrer A\" fee=paid m=\"-60,-100\"")
            for i in 0..<8 { l.append("+0 bay id=\(10 + 2 * i) street=\"Carrer B\" fee=paid m=\"\(FixedDecimal.format(-100 + 2.6 * Double(i), places: 1)),-60\"") }
            for i in 0..<8 { l.append("+0 bay id=\(11 + 2 * i) street=\"Carrer B\" fee=paid m=\"\(FixedDecimal.format(-100 + 2.6 * Double(i), places: 1)),-56\"") }
            for i in 0..<200 { l.append("+0 bay id=\(1000 + i) fee=paid m=\"\(FixedDecimal.format(-500 + 2.6 * Double(i), places: 1)),-400\"") }
        default: break
        }
        if rng.chance(0.3) { l.append("+0 row id=\"feed-1\" feeState=FREE feeSource=\(rng.chance(0.5) ? "operator_feed" : "foo") m=\"-120,210 120,210\"") }
        l.append("+0.1 import")
        return l
    }

    public static let explorer: Explorer? = Explorer(memory: ExplorerMemory(), header: { rng, m in
        m.city = City.allCases[rng.int(below: City.allCases.count)]
        m.dense = rng.chance(0.3)
        var h = ["set city \(m.city.rawValue)"]
        if rng.chance(0.3) { h.append("set serverLimit \(rng.int(in: 5...60))") }
        if rng.chance(0.3) {
            let (text, seconds) = explorerStarts[rng.int(below: explorerStarts.count)]
            h.append("start \(text)")
            m.start = Instant(secondsSinceEpoch: seconds)
        }
        return h
    }, next: { rng, m, step in
        if step == 0 {
            m.elapsed = .milliseconds(100)
            return setupLines(&rng, m).joined(separator: "\n")
        }
        let o = m.city.origin
        func pick(_ a: [String]) -> String { a[rng.int(below: a.count)] }
        let gaps: [(String, Duration)] = [("+0.05", .milliseconds(50)), ("+0.1", .milliseconds(100)), ("+0.2", .milliseconds(200)),
                                          ("+0.3", .milliseconds(300)), ("+1", .seconds(1)), ("+20m", .minutes(20))]
        let (gap, gapDuration) = gaps[rng.int(below: gaps.count)]
        m.elapsed = m.elapsed + gapDuration
        let roll = rng.int(below: 100)
        let line: String
        switch roll {
        case 0 ..< 4 where m.dense:
            // The dense block fills the screen: 450 kerbs in view.
            let c = LocalPlane(origin: o).unproject(PlanePoint(east: 475, north: 456))
            line = "camera lat=\(FixedDecimal.format(c.latitude, places: 6)) lon=\(FixedDecimal.format(c.longitude, places: 6)) spanLat=0.002 spanLon=0.003"
        case 0 ..< 30:
            let lat = o.latitude + Double(rng.int(in: -30...30)) * 0.0001 + (m.dense && rng.chance(0.3) ? 0.004 : 0)
            let lon = o.longitude + Double(rng.int(in: -30...30)) * 0.0001 + (m.dense && rng.chance(0.3) ? 0.005 : 0)
            let span = rng.chance(0.08) ? pick(["0", "-0.001", "nan", "200"]) : pick(["0.0005", "0.001", "0.002", "0.004", "0.019", "0.021", "0.05"])
            line = "camera lat=\(FixedDecimal.format(lat, places: 6)) lon=\(FixedDecimal.format(lon, places: 6)) spanLat=\(span) spanLon=0.003"
        case 30 ..< 50: line = "net respond id=latest status=\(rng.chance(0.9) ? 200 : 500)"
        case 50 ..< 53: line = "net fail id=latest kind=\(pick(["connectionLost", "timeout", "dnsFailure"]))"
        case 53 ..< 55: line = "net offline on=\(rng.chance(0.5))"
        case 55 ..< 65: line = "tap id=\"\(pick(["complement-\(m.city.country)-\(m.city.rawValue)-\(rng.int(in: 1...36))-\(rng.chance(0.5) ? "left" : "right")", "council-\(m.city.country)-\(m.city.rawValue)-2", "council-\(m.city.country)-\(m.city.rawValue)-1", "feed-1", "osm-\(m.city.country)-\(m.city.rawValue)-904-right"]))\""
        case 65 ..< 70: line = pick(["lifecycle background", "lifecycle active", "lifecycle memoryWarning", "lifecycle inactive", "lifecycle foreground"])
        case 70 ..< 76:
            let ages: [Duration] = [.minutes(-2), .zero, .seconds(899), .minutes(15), .seconds(901), .hours(2)]
            let at = m.start + m.elapsed - ages[rng.int(below: ages.count)]
            let src = pick(["parkapi_bcn", "indigo", "parkapi_bcn"])
            return "\(gap) realtime site=\"site-\(rng.int(in: 1...4))\" source=\(src) free=\(rng.int(in: -1...50)) capacity=40 updatedAt=@\(at)\n+0 carParks"
        case 76 ..< 80: line = "carParks"
        case 80 ..< 83: line = "sourcePoll source=\(pick(["parkapi_bcn", "indigo"]))\(rng.chance(0.3) ? " error=\"HTTP 502\"" : "")"
        case 83 ..< 86: line = "payload id=\"complement-\(m.city.country)-\(m.city.rawValue)-\(rng.int(in: 1...36))-left\""
        case 86 ..< 90: line = "info"
        case 90 ..< 94:
            let x = rng.int(in: -150...150), yy = rng.int(in: -150...150)
            line = "council id=\(rng.int(in: 10...40)) kind=\(pick(["blue", "green", "grey", "delivery", "free"])) m=\"\(x),\(yy) \(x + 30),\(yy)\""
        case 94 ..< 97: line = "import"
        default:
            // The same camera twice: nothing visible changes, nothing is reassigned.
            let c = "camera lat=\(FixedDecimal.format(o.latitude, places: 6)) lon=\(FixedDecimal.format(o.longitude, places: 6)) spanLat=0.002 spanLon=0.003"
            m.elapsed = m.elapsed + .milliseconds(700)
            return "\(gap) \(c)\n+0.3 net respond id=latest status=200\n+0.1 \(c)\n+0.3 \(c)"
        }
        return "\(gap) \(line)"
    })
}
