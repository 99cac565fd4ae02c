import LockstepCore
import Platform

/// The supported `opening_hours` subset (the note's addendum B6), parsed once and evaluated per
/// local date. Anything outside the grammar is unreadable, with the column where reading stopped;
/// unreadable hours are charged at every instant (the article: wrong that way costs a walk).
///
/// ```
/// value    = rule *( ws ";" ws rule )
/// rule     = "24/7" | days [ sp times ] [ sp modifier ] | times [ sp modifier ] | modifier
/// days     = dayitem *( "," dayitem ) ;  dayitem = wd [ "-" wd ] | "PH"
/// times    = span *( "," span )       ;  span = hh ":" mm "-" hh ":" mm
/// modifier = "off" | "closed"
/// ```
struct OpeningHours: Hashable, Sendable {
    struct Rule: Hashable, Sendable {
        /// ISO weekdays 1 = Monday ... 7 = Sunday; nil when the rule has no day part.
        var weekdays: Set<Int>?
        var publicHoliday = false
        /// Minute spans [start, end); nil is the whole day.
        var spans: [ClosedOpen]?
        var off = false
        var allWeek = false
    }

    struct ClosedOpen: Hashable, Sendable {
        var start: Int
        var end: Int
    }

    var rules: [Rule]

    /// The longest value read; past it the hours are unreadable.
    static let maxBytes = 255

    static let dayNames = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]

    /// Parses `text`, or says at which 1-based column and why it is unreadable.
    static func parse(_ text: String) -> Result<OpeningHours, GeometryError> {
        let b = Array(text.utf8)
        if b.count > maxBytes { return .failure(GeometryError(column: maxBytes + 1, why: "longer than \(maxBytes) bytes")) }
        var p = Parser(bytes: b)
        p.skipSpaces()
        var end = b.count
        while end > p.i && b[end - 1] == 32 { end -= 1 }
        p.end = end
        if p.i >= p.end { return .failure(GeometryError(column: 1, why: "empty")) }
        var rules: [Rule] = []
        while true {
            switch p.rule() {
            case .success(let r): rules.append(r)
            case .failure(let e): return .failure(e)
            }
            p.skipSpaces()
            if p.i >= p.end { break }
            guard p.peek == UInt8(ascii: ";") else { return .failure(p.fail("expected ';' between rules")) }
            p.i += 1
            p.skipSpaces()
            if p.i >= p.end { return .failure(p.fail("a rule must follow ';'")) }
        }
        return .success(OpeningHours(rules: rules))
    }

    /// The charged minute spans on a local date with ISO weekday `w` and holiday flag `h`.
    func spans(weekday w: Int, holiday h: Bool) -> [ClosedOpen] {
        var current: [ClosedOpen] = []
        for r in rules {
            if r.allWeek { current = [ClosedOpen(start: 0, end: 1_440)]; continue }
            let applies = (r.weekdays == nil && !r.publicHoliday) || (r.weekdays?.contains(w) ?? false) || (r.publicHoliday && h)
            guard applies else { continue }
            if r.off {
                guard let cut = r.spans else { current = []; continue }
                for c in cut { current = current.flatMap { OpeningHours.subtract($0, c) } }
            } else {
                current = r.spans ?? [ClosedOpen(start: 0, end: 1_440)]
            }
        }
        return current
    }

    /// Whether `secondOfDay` falls in a charged span (half-open: 20:00:00 is out of 09:00-20:00).
    func charged(weekday w: Int, holiday h: Bool, secondOfDay: Int) -> Bool {
        spans(weekday: w, holiday: h).contains { $0.start * 60 <= secondOfDay && secondOfDay < $0.end * 60 }
    }

    static func subtract(_ a: ClosedOpen, _ c: ClosedOpen) -> [ClosedOpen] {
        if c.end <= a.start || c.start >= a.end { return [a] }
        var out: [ClosedOpen] = []
        if c.start > a.start { out.append(ClosedOpen(start: a.start, end: c.start)) }
        if c.end < a.end { out.append(ClosedOpen(start: c.end, end: a.end)) }
        return out
    }

    /// A cursor over the value's bytes.
    struct Parser {
        var bytes: [UInt8]
        var i = 0
        var end = 0

        var peek: UInt8? { i < end ? bytes[i] : nil }

        func fail(_ why: String) -> GeometryError { GeometryError(column: i + 1, why: why) }

        mutating func skipSpaces() { while i < end && bytes[i] == 32 { i += 1 } }

        func lookingAt(_ s: String) -> Bool {
            let u = Array(s.utf8)
            guard i + u.count <= end else { return false }
            return Array(bytes[i..<(i + u.count)]) == u
        }

        /// A rule ends at ';' or the end of the value.
        var atRuleEnd: Bool { i >= end || bytes[i] == UInt8(ascii: ";") || bytes[i] == 32 }

        mutating func rule() -> Result<Rule, GeometryError> {
            var r = Rule()
            if lookingAt("24/7") {
                i += 4
                r.allWeek = true
                return atRuleEndAfterSpaces() ? .success(r) : .failure(fail("nothing may follow 24/7"))
            }
            if modifierAhead() { r.off = readModifier(); return .success(r) }
            if let c = peek, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
                switch times() { case .success(let s): r.spans = s; case .failure(let e): return .failure(e) }
            } else {
                switch days(&r) { case .success: break; case .failure(let e): return .failure(e) }
                if i < end && bytes[i] == 32 {
                    let save = i
                    skipSpaces()
                    if let c = peek, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
                        switch times() { case .success(let s): r.spans = s; case .failure(let e): return .failure(e) }
                    } else if modifierAhead() {
                        r.off = readModifier()
                        return endOfRule(r)
                    } else {
                        i = save
                    }
                }
            }
            if i < end && bytes[i] == 32 {
                let save = i
                skipSpaces()
                if modifierAhead() { r.off = readModifier() } else { i = save }
            }
            return endOfRule(r)
        }

        /// After a rule only spaces, then ';' or the end.
        mutating func endOfRule(_ r: Rule) -> Result<Rule, GeometryError> {
            skipSpaces()
            if i < end && bytes[i] != UInt8(ascii: ";") { return .failure(fail("unexpected text")) }
            return .success(r)
        }

        mutating func atRuleEndAfterSpaces() -> Bool {
            let save = i
            skipSpaces()
            let ok = i >= end || bytes[i] == UInt8(ascii: ";")
            i = save
            return ok
        }

        func modifierAhead() -> Bool {
            for m in ["off", "closed"] where lookingAt(m) {
                let after = i + m.utf8.count
                if after >= end || bytes[after] == 32 || bytes[after] == UInt8(ascii: ";") { return true }
            }
            return false
        }

        mutating func readModifier() -> Bool {
            i += lookingAt("off") ? 3 : 6
            return true
        }

        mutating func weekday() -> Int? {
            for (k, name) in OpeningHours.dayNames.enumerated() where lookingAt(name) {
                i += 2
                return k + 1
            }
            return nil
        }

        mutating func days(_ r: inout Rule) -> Result<Void, GeometryError> {
            var set = Set<Int>()
            while true {
                if lookingAt("PH") {
                    i += 2
                    r.publicHoliday = true
                } else if let a = weekday() {
                    if peek == UInt8(ascii: "-") {
                        i += 1
                        guard let b = weekday() else { return .failure(fail("expected a weekday (Mo Tu We Th Fr Sa Su) after '-'")) }
                        var d = a
                        while true {  // ranges wrap: Fr-Mo is Fr, Sa, Su, Mo
                            set.insert(d)
                            if d == b { break }
                            d = d % 7 + 1
                        }
                    } else {
                        set.insert(a)
                    }
                } else {
                    return .failure(fail("expected a weekday (Mo Tu We Th Fr Sa Su), PH, a time or 24/7"))
                }
                if peek == UInt8(ascii: ",") { i += 1; continue }
                break
            }
            if !set.isEmpty { r.weekdays = set }
            return .success(())
        }

        mutating func twoDigits() -> Int? {
            guard i + 2 <= end else { return nil }
            let a = bytes[i], b = bytes[i + 1]
            guard (48...57).contains(a), (48...57).contains(b) else { return nil }
            i += 2
            return Int(a - 48) * 10 + Int(b - 48)
        }

        mutating func clock() -> Result<Int, GeometryError> {
            let at = i
            guard let h = twoDigits(), peek == UInt8(ascii: ":") else {
                i = at
                return .failure(fail("expected hh:mm with two-digit hours"))
            }
            i += 1
            guard let m = twoDigits() else { return .failure(fail("expected two-digit minutes")) }
            guard m <= 59 else { i -= 2; return .failure(fail("minutes run 00-59")) }
            guard h <= 24, h * 60 + m <= 1_440 else { i = at; return .failure(fail("time past 24:00")) }
            return .success(h * 60 + m)
        }

        mutating func times() -> Result<[ClosedOpen], GeometryError> {
            var spans: [ClosedOpen] = []
            while true {
                let startAt = i
                let s: Int
                switch clock() { case .success(let v): s = v; case .failure(let e): return .failure(e) }
                guard s <= 1_439 else { i = startAt; return .failure(fail("a start runs 00:00-23:59")) }
                guard peek == UInt8(ascii: "-") else { return .failure(fail("expected '-' between start and end")) }
                i += 1
                let endAt = i
                let e: Int
                switch clock() { case .success(let v): e = v; case .failure(let err): return .failure(err) }
                guard e > s else { i = endAt; return .failure(fail("the end must be after the start (no wrap past midnight)")) }
                spans.append(ClosedOpen(start: s, end: e))
                if peek == UInt8(ascii: ",") { i += 1; continue }
                break
            }
            return .success(spans)
        }
    }
}
