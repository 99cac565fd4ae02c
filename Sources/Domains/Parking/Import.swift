import LockstepCore
import Platform

/// The server pipeline, replayed as data: OSM tag rows, council rows, feed rows, València's
/// clusters, the derived complement, then the regression guard. The published table replaces the
/// previous one and is sorted by source_id.
extension Parking {
    static func runImport(_ s: inout ParkingState, _ world: inout World<Parking>) {
        let city = s.city
        let prefix = "\(city.country)-\(city.rawValue)"
        var rows: [KerbRow] = []
        var carParks = 0
        var untaggedWays = 0

        // Closed amenity=parking ways are polygons (closed_ways_are_polygons); in the lines layer
        // the highway filter drops them.
        for way in s.ways where way.closed && way.tag("amenity") == "parking" {
            if world.isOn(.closedWaysAsLines) { continue }
            carParks += 1
            world.emit(Record("carPark").int("way", Int(way.id)).int("vertices", way.points.count))
        }

        // OSM tags, both schemes, per side.
        for way in s.ways where way.highway != nil {
            let hasParkingKey = way.tags.contains { $0.key.hasPrefix("parking:") }
            guard hasParkingKey else { untaggedWays += 1; continue }
            for side in WaySide.allCases {
                let result = OSMTags.side(way, side, noAsAbsence: world.isOn(.noAsAbsence), deprecatedIgnored: world.isOn(.deprecatedTagsIgnored))
                switch result {
                case .none(let reason):
                    world.emit(Record("osm.noRow").int("way", Int(way.id)).word("side", side.rawValue).word("reason", reason))
                case .row(let state, let hours):
                    guard way.points.count >= 2 else { continue }
                    rows.append(KerbRow(sourceID: "osm-\(prefix)-\(way.id)-\(side.rawValue)", feeState: state.rawValue,
                                        feeSource: FeeSource.osm_tag.rawValue, hours: hours,
                                        points: KerbOffset.offset(way.points, side: side, metres: Complement.kerbOffsetMetres), highway: way.highway))
                }
            }
        }

        // Council kerbs and bands.
        for c in s.council {
            let (state, source, hours) = CouncilKinds.row(kind: c.kind, hours: c.hours, city: city, greyAsComplement: world.isOn(.greyAsComplement))
            rows.append(KerbRow(sourceID: "council-\(prefix)-\(c.id)", feeState: state.rawValue, feeSource: source.rawValue, hours: hours, points: c.points))
        }
        rows += s.rawRows

        // València's bays.
        let clusters = Clustering.clusters(s.bays, plane: LocalPlane(origin: city.origin), gridPartition: !world.isOn(.noGridPartition),
                                           hullDiameter: !world.isOn(.zigzagPolyline))
        s.longestClusterMetres = 0
        s.clusterNotASegment = false
        for c in clusters {
            if c.bayIDs.count > 1 && c.points.count != 2 { s.clusterNotASegment = true }
            let id = "bay-\(prefix)-\(c.bayIDs.min()!)"
            s.longestClusterMetres = max(s.longestClusterMetres, c.lengthMetres)
            world.emit(Record("cluster").string("id", id).string("street", c.street).word("fee", c.paid ? "paid" : "free")
                .string("cell", "\(c.cell.0),\(c.cell.1)").int("bays", c.bayIDs.count).fixed("lengthMetres", c.lengthMetres, 3).int("vertices", c.points.count))
            rows.append(KerbRow(sourceID: id, feeState: c.paid ? FeeState.PAID.rawValue : FeeState.FREE.rawValue,
                                feeSource: c.paid ? FeeSource.municipal_paid.rawValue : FeeSource.municipal_free.rawValue,
                                hours: nil, points: c.points, bayCount: c.bayIDs.count))
        }

        // The regulated set (B3): council paid/free kerbs, the bays themselves, paid zones.
        var regulated: [Complement.Regulated] = []
        for r in rows where CouncilKinds.isRegulated(r.feeSource) && r.bayCount == nil {
            regulated.append(Complement.Regulated(geometry: .line(r.points), bbox: BBox.around(r.points)))
        }
        for b in s.bays { regulated.append(Complement.Regulated(geometry: .line(b.points), bbox: BBox.around(b.points))) }
        for z in s.zones { regulated.append(Complement.Regulated(geometry: .polygon(z), bbox: BBox.around(z))) }
        let m = WGS84.metresPerDegree(atLatitude: city.origin.latitude)
        // 40 m of slack around each kerb: every pair that could be within 25 m (or 0.00025°) is measured.
        let margin = (lat: 40 / m.latitude, lon: 40 / (m.longitude * 0.9))

        var derived = 0
        if city.derivesComplement {
            let faults = Complement.Faults(degreeBuffer: world.isOn(.degreeBuffer), centreline: world.isOn(.centrelineClearance),
                                           anyHighway: world.isOn(.arterialsIncluded), accessCaseSensitive: world.isOn(.accessCaseSensitive))
            for way in s.ways.sorted(by: { $0.id < $1.id }) where way.highway != nil && way.points.count >= 2 {
                if let v = Complement.streetVerdict(way, boundary: s.boundary, faults: faults) {
                    world.emit(verdictRecord(way, nil, v))
                    continue
                }
                for side in WaySide.allCases {
                    let kerb = KerbOffset.offset(way.points, side: side, metres: Complement.kerbOffsetMetres)
                    let tested = faults.centreline ? way.points : kerb
                    let d = Complement.nearest(tested, regulated, marginDegrees: margin, degrees: faults.degreeBuffer)
                    let limit = faults.degreeBuffer ? Complement.degreeBuffer : Complement.clearanceMetres
                    if let d, d <= limit {
                        // Report metres even under the degree rule: the reader compares with 25 m.
                        let metres = faults.degreeBuffer ? (Complement.nearest(kerb, regulated, marginDegrees: margin, degrees: false) ?? d) : d
                        world.emit(verdictRecord(way, side, .withinClearance(metres)))
                        continue
                    }
                    derived += 1
                    rows.append(KerbRow(sourceID: "complement-\(prefix)-\(way.id)-\(side.rawValue)", feeState: FeeState.FREE.rawValue,
                                        feeSource: FeeSource.municipal_paid_complement.rawValue, hours: nil, points: kerb, highway: way.highway,
                                        access: way.access))
                }
            }
        }

        // One row per id; a later duplicate is refused.
        rows.sort { $0.sourceID < $1.sourceID }
        var unique: [KerbRow] = []
        for r in rows {
            if unique.last?.sourceID == r.sourceID {
                world.reject("row", "duplicate-id") { $0.string("id", r.sourceID) }
                continue
            }
            unique.append(r)
        }
        s.rows = unique
        s.carParks = carParks
        s.closedParkingWays = s.ways.filter { $0.closed && $0.tag("amenity") == "parking" }.count
        s.imports += 1
        if unique.count > maxRowRecords {
            var groups: [String: Int] = [:]
            for r in unique { groups["\(r.feeState) \(r.feeSource)", default: 0] += 1 }
            for key in groups.keys.sorted() {
                let parts = key.split(separator: " ")
                world.emit(Record("rows.group").word("fee_state", String(parts[0])).word("fee_source", String(parts[1])).int("count", groups[key]!))
            }
        }
        for r in unique where unique.count <= maxRowRecords {
            let claim = Claim.of(feeState: r.feeState, feeSource: r.feeSource, hours: r.hours, trustBareFree: world.isOn(.bareFreeTrusted))
            var rec = r.record.word("claim", claim.word)
            if FeeState(rawValue: r.feeState) == nil || FeeSource(rawValue: r.feeSource) == nil { rec = rec.word("provenance", "unrecognised") }
            world.emit(rec)
        }
        regressionGuard(&s, regulated, margin: margin, &world)
        world.emit(Record("import.done").int("rows", unique.count).int("derived", derived).int("carParks", carParks)
            .int("untaggedWays", untaggedWays).int("clusters", clusters.count).int("regulated", regulated.count))
    }

    /// Past this many rows the import prints counts per (fee_state, fee_source) instead.
    static let maxRowRecords = 64

    static func verdictRecord(_ way: OSMWay, _ side: WaySide?, _ v: Complement.Verdict) -> Record {
        var r = Record("complement.rejected").int("way", Int(way.id))
        if let side { r = r.word("side", side.rawValue) }
        switch v {
        case .emit: return r.word("reason", "none")
        case .outsideBoundary: return r.word("reason", "outsideBoundary")
        case .highwayExcluded: return r.word("reason", "highwayExcluded").word("highway", way.highway ?? "none")
        case .accessExcluded: return r.word("reason", "accessExcluded").string("access", way.access ?? "")
        case .withinClearance(let d): return r.word("reason", "withinClearance").fixed("distanceMetres", d, 3)
        }
    }

    /// The article's test: sample up to 2,000 derived kerbs (seeded) and assert none is within
    /// 25 m of regulated. It always measures in metres on the stored kerb line.
    static func regressionGuard(_ s: inout ParkingState, _ regulated: [Complement.Regulated], margin: (lat: Double, lon: Double),
                                _ world: inout World<Parking>) {
        var derived = s.rows.filter { $0.feeSource == FeeSource.municipal_paid_complement.rawValue }
        let total = derived.count
        if derived.count > s.guardSample {
            var rng = world.rng("guard", UInt64(s.imports))
            rng.shuffle(&derived)
            derived = Array(derived.prefix(s.guardSample)).sorted { $0.sourceID < $1.sourceID }
        }
        var violations = 0
        s.pipelineGuardViolations = 0
        for r in derived {
            if let d = Complement.nearest(r.points, regulated, marginDegrees: margin, degrees: false), d <= Complement.clearanceMetres {
                violations += 1
                if !r.fromFeed { s.pipelineGuardViolations += 1 }
                world.emit(Record("guard.violation").string("id", r.sourceID).fixed("distanceMetres", d, 3))
            }
        }
        s.guardViolations = violations
        world.emit(Record("import.guard").int("sampled", derived.count).int("derived", total).int("violations", violations)
            .word("result", violations == 0 ? "pass" : "fail"))
    }
}
