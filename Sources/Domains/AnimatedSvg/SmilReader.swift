/// Reads one SMIL element into a `SmilAnimation`, or refuses it with a located diagnostic (A2,
/// C1, C2, D1–D10, section K). Refusing drops only this animation; everything else proceeds.
struct SmilReader {
    static let elementNames = ["animate", "set", "animateTransform", "animateMotion"]
    /// Animation elements outside the subset (section K: `unsupportedAttribute`).
    static let unsupportedElementNames = ["animateColor", "discard", "mpath"]
    /// A2: the attributes a SMIL element may carry.
    static let timingAttributes = ["begin", "dur", "end", "repeatCount", "repeatDur", "fill", "restart"]
    static let valueAttributes = ["attributeName", "attributeType", "values", "from", "to", "by", "keyTimes", "keySplines",
                                  "calcMode", "additive", "accumulate"]
    /// The most values one animation may list (section K: `limit`).
    static let maxValues = 256
    /// 600 s: clock values above it are refused (A4), active durations above it count as ∞ (C2).
    static let maxClockNanoseconds: Int64 = 600_000_000_000

    var document: XMLDocument
    /// Finds an element by `id` (the first in document order).
    var elementWithID: (String) -> Int?
    var currentColor: RGB
    /// The regression: a `begin` that is not an offset (`click`) starts at 0 instead of never.
    var eventBeginStartsAtZero = false

    struct Refusal: Error { var diagnostic: Diagnostic }

    func read(_ index: Int, order: Int) -> Result<SmilAnimation, Diagnostic> {
        do throws(Refusal) { return .success(try readOrThrow(index, order: order)) } catch { return .failure(error.diagnostic) }
    }

    private func refuse(_ code: String, _ at: SvgLocation, _ detail: String, kind: DiagnosticKind = .reject) -> Refusal {
        Refusal(diagnostic: Diagnostic(kind, code, at: at, detail))
    }

    private func readOrThrow(_ index: Int, order: Int) throws(Refusal) -> SmilAnimation {
        var a = try readAnimation(index, order: order)
        a.target = try target(of: document.elements[index])
        return a
    }

    /// The target: `href` (or `xlink:href`), else the parent. Resolved last, so a document's own
    /// errors (W76) are reported before a missing target.
    private func target(of e: XMLElement) throws(Refusal) -> Int {
        let name = e.name
        // The target: href (or xlink:href), else the parent.
        var target = 0
        if let href = e.attribute("href") ?? e.attribute("xlink:href") {
            guard href.value.hasPrefix("#"), let t = elementWithID(String(href.value.dropFirst())) else {
                throw refuse("target", href.at, "<\(name)> targets '\(href.value)', which names no element")
            }
            target = t
        } else {
            guard let p = e.parent else { throw refuse("target", e.at, "<\(name)> has no parent to animate") }
            target = p
        }

        return target
    }

    private func readAnimation(_ index: Int, order: Int) throws(Refusal) -> SmilAnimation {
        let e = document.elements[index]
        let target = 0
        let name = e.name
        // A2: any other attribute (besides id and namespace declarations) refuses the animation.
        var allowed = Self.timingAttributes + Self.valueAttributes + ["id", "href", "xlink:href"]
        if name == "animateTransform" { allowed.append("type") }
        if name == "animateMotion" { allowed += ["path", "rotate", "keyPoints"] }
        for a in e.attributes where !allowed.contains(a.name) && a.name != "xmlns" && !a.name.hasPrefix("xmlns:") {
            throw refuse("unsupportedAttribute", a.at, "<\(name)> attribute '\(a.name)' is outside the subset")
        }
        for child in e.children {
            if case .element(let c) = child, document.elements[c].name == "mpath" {
                throw refuse("unsupportedAttribute", document.elements[c].at, "<mpath> is outside the subset; use the path attribute")
            }
        }

        // Timing (C1, C2).
        let begin = try offset(e, "begin", default: 0)
        let isSet = name == "set"
        var simple: Int64?
        if let dur = e.attribute("dur") {
            if isSet && trim(dur.value) == "indefinite" {
                simple = nil
            } else {
                let d = try clock(dur, code: "dur")
                guard d > 0 else { throw refuse("dur", dur.at, "dur must be greater than 0 (got '\(dur.value)')") }
                simple = d
            }
        } else if !isSet {
            throw refuse("dur", e.at, "<\(name)> needs a dur")
        }
        var active: Int64? = simple
        var indefinite = simple == nil
        var limited = false
        if let rc = e.attribute("repeatCount") {
            limited = true
            let text = trim(rc.value)
            if text == "indefinite" { active = nil; indefinite = true } else {
                guard let c = parseNumber(text), c > 0, c.isFinite else {
                    throw refuse("repeat", rc.at, "repeatCount must be a number above 0 or indefinite (got '\(rc.value)')")
                }
                if let d = simple {
                    let ad = (Double(d) * c).rounded(.toNearestOrEven)
                    active = ad > Double(Self.maxClockNanoseconds) ? nil : Int64(ad)
                    indefinite = active == nil
                }
            }
        }
        if let rd = e.attribute("repeatDur") {
            let text = trim(rd.value)
            if text == "indefinite" {
                if !limited { active = nil; indefinite = true }
            } else {
                let r = try clock(rd, code: "repeat")
                guard r > 0 else { throw refuse("repeat", rd.at, "repeatDur must be above 0 (got '\(rd.value)')") }
                // With both, the smaller (C2); an indefinite repeatCount leaves repeatDur.
                if let current = active, limited { active = min(current, r) } else { active = r }
                indefinite = false
            }
            limited = true
        }
        if !limited, simple != nil { active = simple; indefinite = false }
        if isSet, simple == nil, !limited { active = nil; indefinite = true }
        if let endAttribute = e.attribute("end") {
            let end = try offset(e, "end", default: 0)
            if end <= begin {
                throw refuse("neverActive", endAttribute.at, "end \(endAttribute.value) is at or before begin: the animation never applies", kind: .ignore)
            }
            active = active.map { min($0, end - begin) } ?? (end - begin)
            indefinite = false
        }
        _ = indefinite
        var freeze = false
        if let fill = e.attribute("fill") {
            switch trim(fill.value) {
            case "freeze": freeze = true
            case "remove": freeze = false
            default: throw refuse("unsupportedAttribute", fill.at, "fill must be remove or freeze (got '\(fill.value)')")
            }
        }
        if let restart = e.attribute("restart"), !["always", "whenNotActive", "never"].contains(trim(restart.value)) {
            throw refuse("unsupportedAttribute", restart.at, "restart must be always, whenNotActive or never")
        }

        // The attribute (A3).
        let attribute: AnimatableAttribute
        if name == "animateMotion" {
            attribute = AnimatableAttribute.named("transform")!
        } else {
            guard let an = e.attribute("attributeName") else { throw refuse("unsupportedAttribute", e.at, "<\(name)> needs an attributeName") }
            let attr = trim(an.value)
            guard let a = AnimatableAttribute.named(attr), a.smil else {
                throw refuse("unsupportedAttribute", an.at, "animating '\(attr)' is outside the subset (supported: opacity, fill, stroke, lengths, transform, visibility, display)")
            }
            if name == "animate", a.type == .transform {
                throw refuse("animateTransformAttr", an.at, "<animate> cannot animate transform; use <animateTransform>")
            }
            if name == "animateTransform", a.type != .transform {
                throw refuse("unsupportedAttribute", an.at, "<animateTransform> animates transform only")
            }
            attribute = a
        }

        let additive = try keyword(e, "additive", ["replace", "sum"], default: "replace") == "sum"
        let accumulate = try keyword(e, "accumulate", ["none", "sum"], default: "none") == "sum"

        if isSet {
            guard let to = e.attribute("to") else { throw refuse("noValues", e.at, "<set> needs a to value") }
            let text = trim(to.value)
            return SmilAnimation(kind: .set(text), target: target, attribute: attribute, beginNanoseconds: begin,
                                 simpleNanoseconds: simple, activeNanoseconds: active, freeze: freeze,
                                 track: KeyframeTrack(keyValues: [.keyword(text)], keyTimes: [0], calcMode: .discrete, easing: []),
                                 mode: .to, additive: false, accumulate: false, order: order, at: e.at)
        }

        if name == "animateMotion" {
            for banned in ["values", "from", "to", "by", "keyPoints"] {
                if let a = e.attribute(banned) { throw refuse("unsupportedAttribute", a.at, "<animateMotion> supports the path attribute only, not \(banned)") }
            }
            if let cm = e.attribute("calcMode"), trim(cm.value) != "paced" {
                throw refuse("motionCalcMode", cm.at, "<animateMotion> supports calcMode paced only (got '\(cm.value)')")
            }
            guard let pathAttribute = e.attribute("path") else { throw refuse("noValues", e.at, "<animateMotion> needs a path") }
            let path: FlatPath
            switch flattenPath(pathAttribute.value) {
            case .success(let p): path = p
            case .failure(let problem): throw refuse(problem.code, pathAttribute.at, "path: \(problem.detail)")
            }
            var rotate = MotionSpec.Rotate.fixed(0)
            if let r = e.attribute("rotate") {
                switch trim(r.value) {
                case "auto": rotate = .auto
                case "auto-reverse": rotate = .autoReverse
                case let text:
                    guard let a = parseNumber(text) else { throw refuse("unsupportedAttribute", r.at, "rotate must be a number, auto or auto-reverse") }
                    rotate = .fixed(a)
                }
            }
            return SmilAnimation(kind: .motion(MotionSpec(path: path, rotate: rotate)), target: target, attribute: attribute,
                                 beginNanoseconds: begin, simpleNanoseconds: simple, activeNanoseconds: active, freeze: freeze,
                                 track: KeyframeTrack(keyValues: [.number(0), .number(1)], keyTimes: [0, 1], calcMode: .linear, easing: []),
                                 mode: .values, additive: false, accumulate: false, order: order, at: e.at)
        }

        // Values (D1, D9).
        var transformKind: TransformKind?
        if name == "animateTransform" {
            let t = try keyword(e, "type", ["translate", "scale", "rotate", "skewX", "skewY"], default: "translate")
            transformKind = TransformKind(rawValue: t)
        }
        func parse(_ a: XMLAttribute, _ text: String) throws(Refusal) -> AnimValue {
            if let kind = transformKind { return try transformParameters(a, text, kind) }
            switch AnimValue.parse(text, attribute.type, syntax: .svg, currentColor: currentColor) {
            case .success(let v): return v
            case .failure(let p): throw refuse(p.code, a.at, p.detail)
            }
        }
        var values: [AnimValue] = []
        // The values as written, for D4: discrete values are written verbatim.
        var written: [String] = []
        var mode = SmilAnimation.ValuesMode.values
        var valuesAttribute: XMLAttribute?
        if let v = e.attribute("values") {
            valuesAttribute = v
            var pieces = v.value.split(separator: ";", omittingEmptySubsequences: false).map { trim(String($0)) }
            if pieces.count > 1, pieces.last == "" { pieces.removeLast() }
            guard pieces.count <= Self.maxValues else { throw refuse("limit", v.at, "\(pieces.count) values, over the limit of \(Self.maxValues)") }
            for piece in pieces { values.append(try parse(v, piece)) }
            written = pieces
        } else if let from = e.attribute("from") {
            let f = try parse(from, from.value)
            if let to = e.attribute("to") {
                values = [f, try parse(to, to.value)]; mode = .fromTo
                written = [trim(from.value), trim(to.value)]
            } else if let by = e.attribute("by") {
                let b = try parse(by, by.value)
                // from + by: for one transform function the parameters add (not the functions).
                values = [f, transformKind == nil ? AnimValue.add(f, b) : AnimValue.accumulate(f, last: b, times: 1)]
                mode = .fromBy
            } else {
                throw refuse("noValues", from.at, "from without to or by gives no values")
            }
        } else if let by = e.attribute("by") {
            let b = try parse(by, by.value)
            values = [AnimValue.zero(like: b), b]; mode = .by
        } else if let to = e.attribute("to") {
            if transformKind != nil { throw refuse("transformTo", to.at, "<animateTransform> with to only cannot be interpolated against a list; give from") }
            values = [try parse(to, to.value), try parse(to, to.value)]; mode = .to
            written = [trim(to.value), trim(to.value)]
        } else {
            throw refuse("noValues", e.at, "<\(name)> has no values, from, to or by")
        }
        guard !values.isEmpty else { throw refuse("noValues", valuesAttribute?.at ?? e.at, "values is empty") }
        // mixedUnits (K): all lengths in one unit.
        if case .length(let first) = values[0] {
            for v in values { if case .length(let l) = v, l.unit != first.unit {
                throw refuse("mixedUnits", valuesAttribute?.at ?? e.at, "lengths in '\(first.unit)' and '\(l.unit)' cannot interpolate")
            } }
        }

        var calcMode = KeyframeTrack.CalcMode.linear
        if let cm = e.attribute("calcMode") {
            guard let m = KeyframeTrack.CalcMode(rawValue: trim(cm.value)) else {
                throw refuse("unsupportedAttribute", cm.at, "calcMode must be linear, discrete, paced or spline")
            }
            calcMode = m
        }
        if values.contains(where: { !$0.isInterpolable }) { calcMode = .discrete }
        let n = values.count
        var keyTimes = KeyframeTrack.evenKeyTimes(count: n, discrete: calcMode == .discrete)
        if calcMode == .paced {
            guard let paced = KeyframeTrack.pacedKeyTimes(values) else {
                throw refuse("pacedType", e.attribute("calcMode")?.at ?? e.at, "paced needs distances between the values (not matrix)")
            }
            keyTimes = paced
        } else if let kt = e.attribute("keyTimes") {
            var pieces = kt.value.split(separator: ";", omittingEmptySubsequences: false).map { trim(String($0)) }
            if pieces.count > 1, pieces.last == "" { pieces.removeLast() }
            var times: [Double] = []
            for piece in pieces {
                guard let t = parseNumber(piece) else { throw refuse("keyTimesOrder", kt.at, "keyTimes '\(piece)' is not a number") }
                times.append(t)
            }
            guard times.count == n else { throw refuse("keyTimesCount", kt.at, "\(times.count) keyTimes for \(n) values") }
            for j in times.indices where times[j] < 0 || times[j] > 1 || (j > 0 && times[j] < times[j - 1]) {
                throw refuse("keyTimesOrder", kt.at, "keyTimes must be non-decreasing inside [0, 1]")
            }
            guard times.first == 0, calcMode == .discrete || times.last == 1 else {
                throw refuse("keyTimesEnds", kt.at, "keyTimes must start at 0" + (calcMode == .discrete ? "" : " and end at 1"))
            }
            keyTimes = times
        }
        var easing: [TimingFunction] = []
        if calcMode == .spline {
            guard let ks = e.attribute("keySplines") else { throw refuse("keySplines", e.attribute("calcMode")?.at ?? e.at, "calcMode spline needs keySplines") }
            var groups = ks.value.split(separator: ";", omittingEmptySubsequences: false).map { trim(String($0)) }
            if groups.count > 1, groups.last == "" { groups.removeLast() }
            guard groups.count == n - 1 else { throw refuse("keySplines", ks.at, "\(groups.count) keySplines for \(n - 1) segments") }
            for g in groups {
                let numbers = g.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" }).map { parseNumber(String($0)) }
                guard numbers.count == 4, numbers.allSatisfy({ $0 != nil && $0! >= 0 && $0! <= 1 }) else {
                    throw refuse("keySplines", ks.at, "keySplines '\(g)' must be four numbers in [0, 1]")
                }
                easing.append(.cubicBezier(x1: numbers[0]!, y1: numbers[1]!, x2: numbers[2]!, y2: numbers[3]!))
            }
        }
        if calcMode == .discrete, !additive, !accumulate, mode != .by, written.count == values.count {
            values = written.map { .keyword($0) }
        }
        let kind: SmilAnimation.Kind = transformKind.map { .transform($0) } ?? .animate
        return SmilAnimation(kind: kind, target: target, attribute: attribute, beginNanoseconds: begin, simpleNanoseconds: simple,
                             activeNanoseconds: active, freeze: freeze,
                             track: KeyframeTrack(keyValues: values, keyTimes: keyTimes, calcMode: calcMode, easing: easing),
                             mode: mode, additive: additive, accumulate: accumulate, order: order, at: e.at)
    }

    /// `begin`/`end`: one offset value (C1). Events, syncbases, lists and `indefinite` are refused.
    private func offset(_ e: XMLElement, _ name: String, default value: Int64) throws(Refusal) -> Int64 {
        guard let a = e.attribute(name) else { return value }
        // Anything that is not one signed clock value is an event, syncbase, list or indefinite:
        // the element as a whole is outside the subset, so the location is its `<` (W75).
        switch parseSmilClock(trim(a.value)) {
        case .success(let ns): return ns
        case .failure(.timeRange): throw refuse("timeRange", a.at, "\(name)=\"\(a.value)\" is above 600 s")
        case .failure:
            if eventBeginStartsAtZero { return 0 }
            throw refuse("beginKind", e.at, "\(name)=\"\(a.value)\": only one offset value is supported (no events, syncbases, lists or indefinite)")
        }
    }

    private func clock(_ a: XMLAttribute, code: String, signed: Bool = false) throws(Refusal) -> Int64 {
        switch parseSmilClock(trim(a.value)) {
        case .success(let ns): return ns
        case .failure(let e):
            if e == .timeRange { throw refuse("timeRange", a.at, "\(a.name)=\"\(a.value)\" is above 600 s") }
            throw refuse(code, a.at, "\(a.name)=\"\(a.value)\" is not a clock value")
        }
    }

    private func keyword(_ e: XMLElement, _ name: String, _ choices: [String], default value: String) throws(Refusal) -> String {
        guard let a = e.attribute(name) else { return value }
        let text = trim(a.value)
        guard choices.contains(text) else { throw refuse("unsupportedAttribute", a.at, "\(name) must be one of \(choices.joined(separator: ", ")) (got '\(a.value)')") }
        return text
    }

    /// D9: `tx [ty]`, `sx [sy]`, `a [cx cy]`, `a`, normalised to one full function.
    private func transformParameters(_ a: XMLAttribute, _ text: String, _ kind: TransformKind) throws(Refusal) -> AnimValue {
        var numbers: [Double] = []
        for piece in text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" }) {
            guard let v = parseNumber(String(piece)) else { throw refuse("value", a.at, "'\(text)' is not a \(kind.rawValue) parameter list") }
            numbers.append(v)
        }
        let parameters: [Double]
        switch (kind, numbers.count) {
        case (.translate, 1): parameters = [numbers[0], 0]
        case (.translate, 2), (.scale, 2): parameters = numbers
        case (.scale, 1): parameters = [numbers[0], numbers[0]]
        case (.rotate, 1): parameters = [numbers[0], 0, 0]
        case (.rotate, 3): parameters = numbers
        case (.skewX, 1), (.skewY, 1): parameters = numbers
        default: throw refuse("value", a.at, "'\(text)' has \(numbers.count) parameters, wrong for \(kind.rawValue)")
        }
        return .transform([TransformFunction(kind: kind, parameters: parameters)])
    }
}
