import LockstepCore
import Platform

/// The article's rules as invariants, checked after every step. Each reads the state or the step's
/// records; none recomputes the pipeline.
extension Parking {
    static let freeClaims: Set<String> = ["cityFree", "signpostedFree", "likelyFree"]

    static func field(_ r: Record, _ key: String) -> String? {
        guard let v = r.fields.first(where: { $0.key == key })?.value else { return nil }
        switch v {
        case .word(let w), .string(let w): return w
        default: return nil
        }
    }

    public static let invariants: [Invariant<Parking>] = [
        Invariant("noFreeWithoutProvenance", "a free claim needs a free provenance: never a bare \"free\"") { s, outputs in
            guard outputs.contains(where: { $0.name == "import.done" }) else { return nil }
            for r in outputs where r.name == "row" {
                guard let claim = field(r, "claim"), freeClaims.contains(claim) else { continue }
                let ok: Bool
                switch (field(r, "fee_state"), field(r, "fee_source")) {
                case ("FREE", "municipal_free"), ("FREE", "operator_feed"): ok = claim == "cityFree"
                case ("FREE", "osm_tag"): ok = claim == "signpostedFree"
                case ("FREE", "municipal_outside_zone"), ("FREE", "municipal_paid_complement"): ok = claim == "likelyFree"
                default: ok = false
                }
                if !ok { return "row \(field(r, "id") ?? "?") claims \(claim) from \(field(r, "fee_state") ?? "?")/\(field(r, "fee_source") ?? "?")" }
            }
            return nil
        },
        Invariant("derivedKerbsClear", "no derived kerb within 25 m (geodesic, on the kerb line) of regulated geometry") { s, _ in
            s.pipelineGuardViolations == 0 ? nil : "\(s.pipelineGuardViolations) derived kerbs within 25 m of regulated"
        },
        Invariant("derivedOnlyOnDrivableStreets", "the complement covers residential, living_street, unclassified and tertiary(_link) streets open to the public") { s, _ in
            for r in s.rows where r.feeSource == FeeSource.municipal_paid_complement.rawValue && !r.fromFeed && r.bayCount == nil && r.highway != nil {
                if !Complement.highways.contains(r.highway!) { return "\(r.sourceID) is on highway=\(r.highway!)" }
                let a = (r.access ?? "").trimmingSpaces.lowercased()
                if Complement.excludedAccess.contains(a) { return "\(r.sourceID) has access=\(r.access ?? "")" }
            }
            return nil
        },
        Invariant("inferredDrawnDashed", "likely free is drawn teal, dashed [3, 7], butt caps: never like a confirmed kerb") { _, outputs in
            for r in outputs where r.name == "polyline" && field(r, "claim") == "likelyFree" {
                if field(r, "tint") != "teal" || field(r, "dash") != "3,7" || field(r, "cap") != "butt" {
                    return "\(field(r, "id") ?? "?") drawn \(field(r, "tint") ?? "?") dash \(field(r, "dash") ?? "?")"
                }
            }
            return nil
        },
        Invariant("unreadableHoursCharged", "charging hours that cannot be read count as charged right now") { s, _ in
            s.unreadableShownFree ? "a kerb with unreadable hours was shown free now" : nil
        },
        Invariant("drawExactlyTheViewport", "every held kerb meeting the viewport is drawn, and nothing else (no cap, clipped)") { s, _ in
            guard s.mode == .kerbs, let c = s.camera else { return s.drawn.isEmpty ? nil : "\(s.drawn.count) kerbs drawn in the grid view" }
            let v = c.viewport
            var visible = 0
            for f in s.features.values where f.bbox.intersects(v) { visible += 1 }  // lint:allow unordered-iteration — a count, order-free
            return visible == s.drawn.count ? nil : "\(s.drawn.count) drawn, \(visible) meet the viewport"
        },
        Invariant("reassignOnlyOnChange", "the drawn array is reassigned only when the visible ids change") { s, _ in
            s.assignedUnchanged ? "the drawn array was reassigned with the same \(s.drawn.count) ids" : nil
        },
        Invariant("fetchAfterSettle", "a fetch waits for 250 ms without camera changes") { s, _ in
            s.fetchSentEarly ? "a fetch went out less than 250 ms after a camera change" : nil
        },
        Invariant("noFetchInsideRing", "no request while the viewport stays inside the fetched ring") { s, _ in
            s.fetchInsideRing ? "a kerb fetch went out for a viewport inside the fetched ring" : nil
        },
        Invariant("staleNeverCurrent", "a count older than 15 minutes is never shown as current; a disabled source shows no count") { s, _ in
            if s.staleShownLive { return "a stale count was shown as current" }
            return s.disabledShown ? "a disabled source's count was shown" : nil
        },
        Invariant("clustersAreSegments", "a multi-bay cluster is drawn as one segment (its hull diameter) inside one 300 m cell") { s, _ in
            if s.clusterNotASegment { return "a cluster was drawn as a polyline through its bays" }
            return s.longestClusterMetres <= 300 * 1.4143 ? nil : "a cluster is \(FixedDecimal.format(s.longestClusterMetres, places: 3)) m long, past one cell's diagonal"
        },
        Invariant("logarithmicCircles", "grid circles are sized by log10(count)/log10(max)") { s, _ in
            let maxCount = s.cells.map(\.count).max() ?? 0
            for c in s.cells where c.radiusPoints != Gateway.radius(c.count, max: maxCount, linear: false) {
                return "cell \(c.row),\(c.col) count \(c.count) has radius \(FixedDecimal.format(c.radiusPoints, places: 3))"
            }
            return nil
        },
        Invariant("slimCoordinates", "coordinates on the wire are rounded to six decimals") { s, outputs in
            guard outputs.contains(where: { $0.name == "fetch.response" }) else { return nil }
            for id in s.featureOrder {
                let f = s.features[id]!
                for p in f.points where Gateway.rounded(p.latitude) != p.latitude || Gateway.rounded(p.longitude) != p.longitude {
                    return "\(f.id) carries an unrounded coordinate"
                }
            }
            return nil
        },
        Invariant("osmNoIsAValue", "parking:S=no means no parking on that side, and deprecated tags are read, never skipped as untagged") { s, outputs in
            guard outputs.contains(where: { $0.name == "import.done" }) else { return nil }
            for r in s.rows where r.sourceID.hasPrefix("osm-") {
                let parts = r.sourceID.split(separator: "-")
                guard parts.count >= 5, let wayID = Int64(parts[parts.count - 2]) else { continue }
                let side = String(parts[parts.count - 1])
                if let way = s.ways.first(where: { $0.id == wayID }), way.tag("parking:\(side)")?.trimmingSpaces.lowercased() == "no" {
                    return "way \(wayID) side \(side) is tagged no but has a row"
                }
            }
            for r in outputs where r.name == "osm.noRow" && field(r, "reason") == "untagged" {
                guard case .int(let wayID)? = r.fields.first(where: { $0.key == "way" })?.value,
                      let way = s.ways.first(where: { $0.id == wayID }) else { continue }
                let side = field(r, "side") ?? ""
                if way.tags.contains(where: { $0.key.hasPrefix("parking:lane:\(side)") || $0.key.hasPrefix("parking:condition:\(side)") }) {
                    return "way \(wayID) side \(side) has deprecated parking tags but was read as untagged"
                }
            }
            return nil
        },
        Invariant("closedWaysArePolygons", "every closed amenity=parking way is a car-park polygon") { s, outputs in
            guard outputs.contains(where: { $0.name == "import.done" }) else { return nil }
            return s.carParks == s.closedParkingWays ? nil : "\(s.carParks) car parks from \(s.closedParkingWays) closed amenity=parking ways"
        },
    ]
}
