/// Section G and D7: writes every animated attribute's value at frame `i` into a copy of the
/// static document, so that each frame is a plain SVG the stand-in compiler takes unchanged
/// (the article's rule 6: a frame costs what a static SVG costs).
struct FrameWriter: Sendable {
    /// One animated (element, attribute) pair and everything that decides its value.
    struct Slot: Sendable {
        var element: Int
        var attribute: AnimatableAttribute
        /// F1: where the sandwich starts; for transforms, the source list without origin wrap.
        var underlying: AnimValue
        /// Sorted by begin, then document order (D7).
        var smil: [SmilAnimation]
        /// CSS animations with a track for this attribute: (animation, track index), by list order.
        var css: [(animation: CssAnimation, track: Int)]
        /// `transform` only: SMIL motion, by begin then order; the later active one wins.
        var motion: [SmilAnimation]
        /// `transform` only: a CSS motion path (E7).
        var cssMotion: CssMotion?
        /// G4: the origin in user units, when it is not 0 0.
        var origin: (x: Double, y: Double)?
    }

    /// E7: `offset-path` with its distance (a track, or the element's static value).
    struct CssMotion: Sendable {
        var spec: MotionSpec
        /// The static `offset-distance` (a length, or a percentage of the path's length).
        var distance: Length
        /// The CSS animations with an `offset-distance` track.
        var tracks: [(animation: CssAnimation, track: Int)]
    }

    var base: XMLDocument
    var slots: [Slot]
    var grid: FrameGrid
    /// ColorMapper (rule 10): exact colour replacements applied to written paint values.
    var colorMap: [(from: String, to: String)]
    /// How many attributes each element had in the source: the ones after are new (folded from
    /// CSS or written here) and stay sorted by name (G6). Slots are sorted by element.
    var sourceAttributeCounts: [Int]
    /// The `toFromInitialValue` regression: a to-animation starts from A3's initial value.
    var toStartsAtInitial = false

    /// Frame `i`'s document.
    func document(frame i: Int) -> XMLDocument {
        var doc = base
        var writes: [(element: Int, name: String, value: String?)] = []
        writes.reserveCapacity(slots.count)
        for slot in slots { writes.append((slot.element, slot.attribute.name, text(slot, frame: i))) }
        apply(writes, to: &doc)
        return doc
    }

    /// The written text of one slot at frame `i`; `nil` leaves the attribute as in the source.
    func text(_ slot: Slot, frame i: Int) -> String? {
        guard var value = value(slot, frame: i) else { return nil }
        if slot.attribute.type == .transform, case .transform(let list) = value, let o = slot.origin, !list.isEmpty {
            value = .transform([TransformFunction(kind: .translate, parameters: [o.x, o.y])] + list
                               + [TransformFunction(kind: .translate, parameters: [-o.x, -o.y])])
        }
        var written = value.text(clamp: slot.attribute.clamp)
        if slot.attribute.type == .paint { for m in colorMap where m.from == written { written = m.to; break } }
        return written
    }

    /// The slot's value at frame `i`, or `nil` for no effect (C4).
    func value(_ slot: Slot, frame i: Int) -> AnimValue? {
        var result: AnimValue?
        // CSS (E6: the later animation in the list wins). SMIL on a CSS-animated property was
        // refused at load (mixedSources), so at most one of the two applies.
        for entry in slot.css {
            guard let point = entry.animation.point(frame: i, grid: grid) else { continue }
            result = entry.animation.tracks[entry.track].track.value(at: point.x, beforeFlag: point.beforeFlag)
        }
        if !slot.smil.isEmpty {
            var running = slot.underlying
            var any = false
            for a in slot.smil {
                guard let point = SmilClock.point(frame: i, grid: grid, beginNanoseconds: a.beginNanoseconds,
                                                  simpleNanoseconds: a.simpleNanoseconds, activeNanoseconds: a.activeNanoseconds,
                                                  freeze: a.freeze) else { continue }
                let below = toStartsAtInitial && a.mode == .to
                    ? Underlying.parse(slot.attribute.initial, slot.attribute, RGB(r: 0, g: 0, b: 0)) : running
                let v = a.value(at: point, below: below)
                running = a.addsToBelow ? AnimValue.add(running, v) : v
                any = true
            }
            if any { result = running }
        }
        guard slot.attribute.type == .transform else { return result }
        // Motion goes in the parent's user space, before the element's own transform (D10, E7).
        var motion: [TransformFunction]?
        for a in slot.motion {
            guard case .motion(let spec) = a.kind,
                  let point = SmilClock.point(frame: i, grid: grid, beginNanoseconds: a.beginNanoseconds,
                                              simpleNanoseconds: a.simpleNanoseconds, activeNanoseconds: a.activeNanoseconds,
                                              freeze: a.freeze) else { continue }
            motion = spec.transform(at: point.progress)
        }
        if let m = slot.cssMotion {
            var distance = m.distance
            for entry in m.tracks {
                guard let point = entry.animation.point(frame: i, grid: grid),
                      case .length(let l) = entry.animation.tracks[entry.track].track.value(at: point.x, beforeFlag: point.beforeFlag) else { continue }
                distance = l
            }
            let s = distance.unit == "%" ? distance.value / 100 * m.spec.path.lengthTotal : distance.value
            motion = m.spec.transform(atDistance: s)
        }
        guard let motion else { return result }
        guard case .transform(let own) = result ?? slot.underlying else { return .transform(motion) }
        return .transform(motion + own)
    }

    /// G6: a written attribute that exists keeps its place; new ones go after the source's
    /// attributes, sorted by name (byte order). `nil` leaves the source attribute (or absence).
    func apply(_ writes: [(element: Int, name: String, value: String?)], to doc: inout XMLDocument) {
        var start = 0
        while start < writes.count {
            let element = writes[start].element
            var end = start
            while end < writes.count, writes[end].element == element { end += 1 }
            var added: [XMLAttribute] = []
            let at = doc.elements[element].at
            for w in writes[start..<end] {
                guard let value = w.value else { continue }
                if let k = doc.elements[element].attributes.firstIndex(where: { $0.name == w.name }) {
                    doc.elements[element].attributes[k].value = value
                } else {
                    added.append(XMLAttribute(name: w.name, value: value, at: at, valueAt: at))
                }
            }
            if !added.isEmpty {
                var attributes = doc.elements[element].attributes
                let source = min(sourceAttributeCounts[element], attributes.count)
                var tail = Array(attributes[source...]) + added
                tail.sort { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
                attributes.removeSubrange(source...)
                attributes += tail
                doc.elements[element].attributes = attributes
            }
            start = end
        }
    }
}
