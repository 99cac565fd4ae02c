/// One CSS animation in effect on one element (E2), with a track per property (E5).
struct CssAnimation: Hashable, Sendable {
    enum Direction: String, Hashable, Sendable, CaseIterable { case normal, reverse, alternate, alternateReverse = "alternate-reverse" }
    enum FillMode: String, Hashable, Sendable, CaseIterable { case none, forwards, backwards, both }

    struct Track: Hashable, Sendable {
        var attribute: AnimatableAttribute
        var track: KeyframeTrack
    }

    var name: String
    var element: Int
    /// The position in `animation-name`: a later one wins a property (E6).
    var listIndex: Int
    var durationNanoseconds: Int64
    var delayNanoseconds: Int64
    /// `nil` for `infinite`.
    var count: Double?
    var direction: Direction
    var fillMode: FillMode
    var tracks: [Track]
    /// The `animation` (or `animation-name`) declaration.
    var at: SvgLocation

    /// AD = d × count, rounded half to even to whole ns; `nil` (∞) for infinite or above 600 s.
    var activeNanoseconds: Int64? {
        guard let count else { return nil }
        let ad = (Double(durationNanoseconds) * count).rounded(.toNearestOrEven)
        return ad > Double(SmilReader.maxClockNanoseconds) ? nil : Int64(ad)
    }

    var isPeriodic: Bool { activeNanoseconds == nil }
    var settleNanoseconds: Int64? { activeNanoseconds.map { delayNanoseconds + $0 } }

    /// E3 at frame `i`: the directed progress and the before flag, or `nil` for no effect.
    func point(frame i: Int, grid: FrameGrid) -> (x: Double, beforeFlag: Bool)? {
        let m = grid.denominator
        let local = grid.numerator(i) - delayNanoseconds * m
        let unit = durationNanoseconds * m
        var k: Int64, p: Double
        enum Phase { case before, active, after }
        let phase: Phase
        if local < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            (k, p, phase) = (0, 0, .before)
        } else if let ad = activeNanoseconds, local >= ad * m {
            guard fillMode == .forwards || fillMode == .both, let count else { return nil }
            let whole = count.rounded(.down)
            if whole == count { (k, p) = (Int64(count) - 1, 1) } else { (k, p) = (Int64(whole), count - whole) }
            phase = .after
        } else {
            (k, p, phase) = (local / unit, Double(local % unit) / Double(unit), .active)
        }
        let forwards: Bool
        switch direction {
        case .normal: forwards = true
        case .reverse: forwards = false
        case .alternate: forwards = k % 2 == 0
        case .alternateReverse: forwards = k % 2 != 0
        }
        let before = (phase == .before && forwards) || (phase == .after && !forwards)
        return (forwards ? p : 1 - p, before)
    }
}

/// Reads an element's `animation*` declarations (E2) against the stylesheet's `@keyframes` (E5).
struct CssAnimationReader {
    /// The winning declaration of a property on this element (after E1), if any.
    var declaration: (String) -> (value: String, at: SvgLocation)?
    /// The last `@keyframes` with a name (E2: a name defined twice, the last wins).
    var keyframes: (String) -> CSSKeyframes?
    /// F1 for a property of this element, for constructed 0% / 100% ends.
    var underlying: (AnimatableAttribute) -> AnimValue
    var currentColor: RGB
    var element: Int
    /// Faults that change how tracks are built (the bug-3 regression).
    var fillMissingEndFromOtherKeyframe: Bool = false
    var defaultEasing: TimingFunction = .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

    static let longhands = ["animation-name", "animation-duration", "animation-delay", "animation-iteration-count",
                            "animation-direction", "animation-fill-mode", "animation-timing-function", "animation-play-state"]
    static let refusedProperties = ["animation-composition", "animation-timeline", "animation-range"]

    struct Entry {
        var name: String?
        var duration: Int64?
        var delay: Int64?
        var count: Double??
        var direction: CssAnimation.Direction?
        var fillMode: CssAnimation.FillMode?
        var easing: TimingFunction?
        var paused: Bool?
    }

    func read(diagnostics: inout [Diagnostic]) -> [CssAnimation] {
        for p in Self.refusedProperties { if let d = declaration(p) { diagnostics.append(Diagnostic(.reject, "cssProperty", at: d.at, "\(p) is outside the subset")) } }
        var entries: [Entry] = []
        var at = SvgLocation(line: 1, column: 1)
        if let shorthand = declaration("animation") {
            at = shorthand.at
            for piece in CSSList.splitTopLevelCommas(shorthand.value) {
                guard let entry = parseShorthand(piece) else {
                    diagnostics.append(Diagnostic(.reject, "declaration", at: shorthand.at, "animation '\(piece)' is not a valid animation entry"))
                    continue
                }
                entries.append(entry)
            }
        }
        // Longhands replace the shorthand's lists (a choice: the subset does not order a shorthand
        // against its longhands inside one rule).
        if let names = declaration("animation-name") {
            at = names.at
            let list = CSSList.splitTopLevelCommas(names.value)
            while entries.count < list.count { entries.append(Entry()) }
            if entries.count > list.count { entries.removeLast(entries.count - list.count) }
            for (i, n) in list.enumerated() { entries[i].name = n }
        }
        func apply<T>(_ property: String, _ parse: (String) -> T?, _ set: (inout Entry, T) -> Void) {
            guard let d = declaration(property), !entries.isEmpty else { return }
            let list = CSSList.splitTopLevelCommas(d.value)
            var parsed: [T] = []
            for item in list {
                guard let v = parse(item) else {
                    diagnostics.append(Diagnostic(.reject, "declaration", at: d.at, "\(property) '\(item)' is invalid"))
                    return
                }
                parsed.append(v)
            }
            guard !parsed.isEmpty else { return }
            for i in entries.indices { set(&entries[i], parsed[i % parsed.count]) }
        }
        apply("animation-duration", { cssTime($0) }) { $0.duration = $1 }
        apply("animation-delay", { cssTime($0) }) { $0.delay = $1 }
        apply("animation-iteration-count", { iterationCount($0) }) { $0.count = .some($1) }
        apply("animation-direction", { CssAnimation.Direction(rawValue: $0) }) { $0.direction = $1 }
        apply("animation-fill-mode", { CssAnimation.FillMode(rawValue: $0) }) { $0.fillMode = $1 }
        apply("animation-timing-function", { TimingFunction.parse($0) }) { $0.easing = $1 }
        apply("animation-play-state", { $0 == "paused" ? true : $0 == "running" ? false : nil }) { $0.paused = $1 }

        var out: [CssAnimation] = []
        for (i, entry) in entries.enumerated() {
            guard let name = entry.name, name != "none" else { continue }
            let duration = entry.duration ?? 0
            if duration <= 0 { diagnostics.append(Diagnostic(.reject, "cssDuration", at: at, "animation \(name) has duration 0s")); continue }
            if let c = entry.count, c == 0 { diagnostics.append(Diagnostic(.reject, "cssCount", at: at, "animation \(name) has iteration count 0")); continue }
            if entry.paused == true { diagnostics.append(Diagnostic(.reject, "cssPaused", at: at, "animation \(name) is paused")); continue }
            guard let frames = keyframes(name) else {
                diagnostics.append(Diagnostic(.reject, "noKeyframes", at: at, "no @keyframes named \(name)"))
                continue
            }
            let easing = entry.easing ?? defaultEasing
            let tracks = buildTracks(frames, easing: easing, diagnostics: &diagnostics)
            out.append(CssAnimation(name: name, element: element, listIndex: i, durationNanoseconds: duration,
                                    delayNanoseconds: entry.delay ?? 0, count: entry.count ?? 1,
                                    direction: entry.direction ?? .normal, fillMode: entry.fillMode ?? .none, tracks: tracks, at: at))
        }
        return out
    }

    /// One shorthand entry: the first time is the duration, the second the delay; `infinite` or
    /// the first bare number is the count; keywords and functions fill their properties; the
    /// identifier left over is the name.
    func parseShorthand(_ text: String) -> Entry? {
        var e = Entry()
        for token in CSSList.tokens(text) {
            if let t = cssTime(token) {
                if e.duration == nil { e.duration = t } else if e.delay == nil { e.delay = t } else { return nil }
            } else if e.count == nil, let c = iterationCount(token) {
                e.count = .some(c)
            } else if e.direction == nil, let d = CssAnimation.Direction(rawValue: token) {
                e.direction = d
            } else if e.fillMode == nil, let f = CssAnimation.FillMode(rawValue: token) {
                e.fillMode = f
            } else if e.paused == nil, token == "paused" || token == "running" {
                e.paused = token == "paused"
            } else if e.easing == nil, let f = TimingFunction.parse(token) {
                e.easing = f
            } else if e.name == nil, isIdentifier(token) {
                e.name = token
            } else {
                return nil
            }
        }
        return e
    }

    /// E5: a track per property from the keyframes that declare it; a missing 0% or 100% gets the
    /// underlying value (F1), shaped like the other end for transforms (F2).
    func buildTracks(_ frames: CSSKeyframes, easing: TimingFunction, diagnostics: inout [Diagnostic]) -> [CssAnimation.Track] {
        struct Key { var offset: Double; var text: String; var easing: TimingFunction?; var at: SvgLocation; var order: Int }
        var properties: [String] = []
        var keys: [String: [Key]] = [:]
        var order = 0
        for block in frames.blocks {
            var blockEasing: TimingFunction?
            if let tf = block.declarations.last(where: { $0.name == "animation-timing-function" }) {
                blockEasing = TimingFunction.parse(tf.value)
                if blockEasing == nil { diagnostics.append(Diagnostic(.reject, "declaration", at: tf.at, "animation-timing-function '\(tf.value)' is invalid")) }
            }
            for offset in block.offsets {
                for d in block.declarations where d.name != "animation-timing-function" {
                    if keys[d.name] == nil { properties.append(d.name); keys[d.name] = [] }
                    keys[d.name]!.append(Key(offset: offset, text: d.value, easing: blockEasing, at: d.at, order: order))
                    order += 1
                }
            }
        }
        var tracks: [CssAnimation.Track] = []
        for property in properties {
            guard var list = keys[property], let first = list.first else { continue }
            guard let attribute = AnimatableAttribute.named(property), attribute.css else {
                diagnostics.append(Diagnostic(.reject, "cssProperty", at: first.at, "animating '\(property)' is outside the subset"))
                continue
            }
            // Sort by offset; at one offset the later declaration wins.
            list.sort { ($0.offset, $0.order) < ($1.offset, $1.order) }
            var merged: [Key] = []
            for k in list { if let last = merged.last, last.offset == k.offset { merged[merged.count - 1] = k } else { merged.append(k) } }
            var values: [AnimValue] = []
            var problem: Diagnostic?
            for k in merged {
                switch AnimValue.parse(k.text, attribute.type, syntax: .css, currentColor: currentColor) {
                case .success(let v): values.append(v)
                case .failure(let p): problem = problem ?? Diagnostic(.reject, p.code, at: k.at, "\(property): \(p.detail)")
                }
            }
            if let problem { diagnostics.append(problem); continue }
            var offsets = merged.map(\.offset)
            var easings: [TimingFunction] = merged.map { $0.easing ?? easing }
            if offsets.first != 0 {
                let stand = fillMissingEndFromOtherKeyframe ? values[0] : standIn(for: attribute, other: values[0])
                values.insert(stand, at: 0); offsets.insert(0, at: 0); easings.insert(easing, at: 0)
            }
            if offsets.last != 1 {
                let stand = fillMissingEndFromOtherKeyframe ? values[values.count - 1] : standIn(for: attribute, other: values[values.count - 1])
                values.append(stand); offsets.append(1); easings.append(easing)
            }
            // F2 / mixedUnits: every value of the track must interpolate with the next.
            var ok = true
            for j in 1 ..< values.count where values[j - 1].isInterpolable && values[j].isInterpolable && !AnimValue.compatible(values[j - 1], values[j]) {
                let code: String
                if case .length = values[j] { code = "mixedUnits" } else { code = "transformShape" }
                diagnostics.append(Diagnostic(.reject, code, at: first.at, "\(property): keyframes \(j - 1) and \(j) cannot interpolate (\(values[j - 1].text(clamp: .none)) → \(values[j].text(clamp: .none)))"))
                ok = false
                break
            }
            guard ok else { continue }
            tracks.append(.init(attribute: attribute, track: KeyframeTrack(keyValues: values, keyTimes: offsets, calcMode: .linear, easing: easings)))
        }
        return tracks
    }

    /// F1, and F2 for transforms: an underlying `none` becomes the other end's identity list.
    func standIn(for attribute: AnimatableAttribute, other: AnimValue) -> AnimValue {
        let base = underlying(attribute)
        if case .transform(let list) = base, list.isEmpty, case .transform(let shape) = other {
            return .transform(shape.map(identity(of:)))
        }
        return base
    }

    func cssTime(_ token: String) -> Int64? {
        guard case .success(let ns) = parseCssTime(token) else { return nil }
        return ns
    }

    /// `infinite` → `.some(nil)`-style: returns `Double?` where nil means infinite, wrapped.
    func iterationCount(_ token: String) -> Double?? {
        if token == "infinite" { return .some(nil) }
        guard let v = parseNumber(token), v >= 0, v.isFinite else { return nil }
        return .some(v)
    }

    func isIdentifier(_ token: String) -> Bool {
        guard let first = token.unicodeScalars.first, first == "-" || first == "_" || ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { return false }
        return token.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }
}
