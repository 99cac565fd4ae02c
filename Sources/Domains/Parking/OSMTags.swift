import LockstepCore
import Platform

/// OSM tag text (`k=v|k=v`) and the kerb-side table (the note's addendum B4).
enum OSMTags {
    /// At most this many tags per way.
    static let maxTags = 256

    /// Parses `tags=` text; a tag without `=` or with an empty key is refused with its column.
    static func parse(_ text: String) -> Result<[OSMTag], GeometryError> {
        var out: [OSMTag] = []
        if text.isEmpty { return .success([]) }
        var column = 1
        for part in text.split(separator: "|", omittingEmptySubsequences: false) {
            let s = String(part)
            if out.count >= maxTags { return .failure(GeometryError(column: column, why: "more than \(maxTags) tags")) }
            guard let eq = s.firstIndex(of: "=") else {
                return .failure(GeometryError(column: column, why: "tag \(out.count + 1) \"\(s)\" has no '='"))
            }
            let key = String(s[s.startIndex..<eq]).trimmingSpaces
            let value = String(s[s.index(after: eq)...])
            if key.isEmpty { return .failure(GeometryError(column: column, why: "tag \(out.count + 1) has an empty key")) }
            if out.contains(where: { $0.key == key }) {
                return .failure(GeometryError(column: column, why: "tag \(out.count + 1) repeats the key \(key)"))
            }
            out.append(OSMTag(key: key, value: value))
            column += s.utf8.count + 1
        }
        return .success(out)
    }

    /// What one side of a tagged way becomes.
    enum SideResult: Hashable, Sendable {
        case row(FeeState, hours: String?)
        case none(String)
    }

    static let laneValues: Set<String> = ["lane", "street_side", "on_kerb", "half_on_kerb", "shoulder", "yes"]
    static let deprecatedLaneValues: Set<String> = ["parallel", "diagonal", "perpendicular", "marked", "yes"]

    /// B4, top to bottom, first match decides. `noAsAbsence` and `deprecatedIgnored` are the
    /// article's two reading bugs.
    static func side(_ way: OSMWay, _ side: WaySide, noAsAbsence: Bool, deprecatedIgnored: Bool) -> SideResult {
        let s = side.rawValue
        func raw(_ key: String) -> String? {
            guard let v = way.tag(key) else { return nil }
            if noAsAbsence && v.trimmingSpaces.lowercased() == "no" { return nil }
            return v
        }
        func value(_ key: String) -> String? { raw(key).map { $0.trimmingSpaces.lowercased() } }
        let hasCurrent = raw("parking:\(s)") != nil || raw("parking:both") != nil
        if hasCurrent {
            func cur(_ suffix: String) -> String? { value("parking:\(s)\(suffix)") ?? value("parking:both\(suffix)") }
            func curRaw(_ suffix: String) -> String? { raw("parking:\(s)\(suffix)") ?? raw("parking:both\(suffix)") }
            let base = cur("") ?? ""
            if raw("parking:\(s)") == nil && raw("parking:both") == nil { return .none("untagged") }
            if base == "no" { return .none("noParking") }
            if base == "separate" { return .none("mappedSeparately") }
            if !laneValues.contains(base) { return .row(.UNKNOWN, hours: nil) }
            if let r = cur(":restriction") {
                if ["no_parking", "no_stopping", "no_standing"].contains(r) { return .none("restricted") }
                if ["loading_only", "charging_only"].contains(r) { return .none("reservedUse") }
            }
            if let a = cur(":access"), ["private", "no", "customers", "delivery", "permit"].contains(a) { return .none("access") }
            if cur(":restriction:conditional") != nil { return .row(.UNKNOWN, hours: nil) }
            let fee = cur(":fee")
            if let conditional = curRaw(":fee:conditional") {
                if fee == nil || fee == "no", let hours = singleChargedClause(conditional) { return .row(.CONDITIONAL, hours: hours) }
                return .row(.CONDITIONAL, hours: nil)
            }
            if fee == "no" { return .row(.FREE, hours: nil) }
            if fee == "yes" { return .row(.PAID, hours: nil) }
            return .row(.UNKNOWN, hours: nil)
        }
        if deprecatedIgnored { return .none("untagged") }
        let lane = value("parking:lane:\(s)") ?? value("parking:lane:both")
        let condition = value("parking:condition:\(s)") ?? value("parking:condition:both")
        let interval = raw("parking:condition:\(s):time_interval") ?? raw("parking:condition:both:time_interval")
        if lane == nil && condition == nil { return .none("untagged") }
        if let lane {
            if ["no", "no_parking", "no_stopping", "fire_lane"].contains(lane) { return .none("noParking") }
            if lane == "separate" { return .none("mappedSeparately") }
            if !deprecatedLaneValues.contains(lane) { return .row(.UNKNOWN, hours: nil) }
        }
        guard let condition else { return .row(.UNKNOWN, hours: nil) }
        if ["no_parking", "no_stopping", "no_standing", "loading"].contains(condition) { return .none("restricted") }
        if ["residents", "customers", "private"].contains(condition) { return .none("access") }
        if condition == "ticket" { return interval.map { .row(.CONDITIONAL, hours: $0) } ?? .row(.PAID, hours: nil) }
        if condition == "free" || condition == "disc" { return interval == nil ? .row(.FREE, hours: nil) : .row(.CONDITIONAL, hours: nil) }
        return .row(.UNKNOWN, hours: nil)
    }

    /// `yes @ (H)` with exactly one clause: H as written, else nil.
    static func singleChargedClause(_ value: String) -> String? {
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].trimmingSpaces.lowercased() == "yes" else { return nil }
        let rest = String(parts[1]).trimmingSpaces
        guard rest.hasPrefix("("), rest.hasSuffix(")"), rest.count >= 2 else { return nil }
        let inner = String(rest.dropFirst().dropLast())
        guard !inner.contains("("), !inner.contains(")") else { return nil }
        return inner
    }
}

extension StringProtocol {
    /// Without leading and trailing ASCII spaces and tabs.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
