/// Groups the accepted animations into one slot per animated (element, attribute), in element
/// order then A3's order, so a frame writes each attribute once (D7's sandwich per pair).
enum Slots {
    static func build(smil: [SmilAnimation], css: [CssAnimation], motions: inout [Int: FrameWriter.CssMotion],
                      origins: [Int: (x: Double, y: Double)], doc: inout XMLDocument, currentColor: RGB) -> [FrameWriter.Slot] {
        var keys: [ElementAttribute] = []
        func note(_ key: ElementAttribute) { if !keys.contains(key) { keys.append(key) } }
        for a in smil { note(ElementAttribute(element: a.target, name: a.attribute.name)) }
        for a in css { for t in a.tracks where t.attribute.type != .offsetDistance { note(ElementAttribute(element: a.element, name: t.attribute.name)) } }
        // Motion paths (with or without animation) and origins write the transform.
        let motionElements = motions.keys.sorted()
        for e in motionElements { note(ElementAttribute(element: e, name: "transform")) }
        for a in css { for (k, t) in a.tracks.enumerated() where t.attribute.type == .offsetDistance {
            motions[a.element]?.tracks.append((a, k))
        } }
        let rank = { (name: String) in AnimatableAttribute.all.firstIndex { $0.name == name } ?? Int.max }
        keys.sort { ($0.element, rank($0.name)) < ($1.element, rank($1.name)) }

        var slots: [FrameWriter.Slot] = []
        for key in keys {
            guard let attribute = AnimatableAttribute.named(key.name) else { continue }
            var slot = FrameWriter.Slot(element: key.element, attribute: attribute,
                                        underlying: Underlying.value(of: attribute, element: key.element, in: doc, currentColor: currentColor),
                                        smil: [], css: [], motion: [], cssMotion: nil, origin: nil)
            for a in smil where a.target == key.element && a.attribute.name == key.name {
                if case .motion = a.kind { slot.motion.append(a) } else { slot.smil.append(a) }
            }
            slot.smil.sort { ($0.beginNanoseconds, $0.order) < ($1.beginNanoseconds, $1.order) }
            slot.motion.sort { ($0.beginNanoseconds, $0.order) < ($1.beginNanoseconds, $1.order) }
            for a in css.sorted(by: { $0.listIndex < $1.listIndex }) where a.element == key.element {
                for (k, t) in a.tracks.enumerated() where t.attribute.name == key.name { slot.css.append((a, k)) }
            }
            if attribute.type == .transform {
                slot.cssMotion = motions[key.element]
                slot.origin = origins[key.element]
            }
            slots.append(slot)
        }
        // G4 on elements whose transform is not animated: the origin wraps the static list once.
        for (element, o) in origins.sorted(by: { $0.key < $1.key }) where !keys.contains(ElementAttribute(element: element, name: "transform")) {
            guard let text = doc.elements[element].value("transform"),
                  case .success(let list) = parseTransformList(text, syntax: .svg), !list.isEmpty,
                  let k = doc.elements[element].attributes.firstIndex(where: { $0.name == "transform" }) else { continue }
            let wrapped = [TransformFunction(kind: .translate, parameters: [o.x, o.y])] + list + [TransformFunction(kind: .translate, parameters: [-o.x, -o.y])]
            doc.elements[element].attributes[k].value = formatTransform(wrapped)
        }
        return slots
    }
}
