/// H2–H4: every `<use>` that leads to an `<image>` is replaced by `<g …><image …/></g>` before the
/// compiler runs, because the compiler loses a referenced image's size and fails the whole picture
/// (article Bug 1). `<use>`s of shapes, `<g>` and `<symbol>` stay: copying them only bloats frames.
///
/// Ordering with J3: run `EmbeddedImage.validateImages` first. It marks bad images `removed`; this
/// stage then drops every `<use>` that leads to a removed image silently (the image carries the one
/// diagnostic). The size guard (H4) runs here, before any expansion, with the same effect.
///
/// Diagnostics: each defect is reported once, at the element that has it. `useCycle` at the `<` of
/// every `<use>` whose own chain loops or exceeds `maxHops`; `useTarget` at the `href` attribute
/// whose id does not exist; `useOffset` at the offending `x`/`y`. A `<use>` removed only because a
/// later link of its chain is bad is removed without a record of its own. When H runs per frame
/// (H1), keep the diagnostics of one run only: they are the same in every frame.
enum UseExpansion {
    /// H3's hop limit, shared with the compiler's J6 check.
    static let maxHops = UseChain.maxHops
    /// A bound on the document after expansion (each expansion adds at most `maxHops + 1`).
    static let maxElements = 1_000_000
    /// `x`/`y` beyond this magnitude are refused (`useOffset`), so `formatNumber` never needs an
    /// exponent or more digits than an `Int64` holds.
    static let maxOffset = 1e9

    /// Attributes of the `<use>` that the `<g>` does not take (H2): the offset becomes a
    /// `translate`, the size means nothing for an image reference, the reference is resolved.
    static let notOnGroup: [String] = ["x", "y", "width", "height", "href", "xlink:href"]

    static func expand(_ doc: inout XMLDocument, diagnostics: inout [Diagnostic]) {
        var walk = DocumentOrder.walk(doc)
        var reported = [Bool](repeating: false, count: doc.elements.count)

        // H4 first, so the plan below already sees the images it removes.
        for index in walk.order where walk.live[index] && doc.elements[index].name == "image" {
            if let problem = sizeProblem(doc.elements[index]) {
                doc.elements[index].removed = true
                walk.live[index] = false
                diagnostics.append(Diagnostic(.reject, "imageSize", at: doc.elements[index].at, problem))
            }
        }

        // Plan on the unchanged tree, then apply: a chain through a `<use>` replaced earlier must
        // still read that `<use>`'s own attributes.
        let ids = UseChain.idTable(doc, order: walk.order)
        var plans: [(use: Int, chain: [Int], transforms: [String?], image: Int)] = []
        for use in walk.order where walk.live[use] && doc.elements[use].name == "use" {
            switch UseChain.resolve(use, in: doc, ids: ids) {
            case .notReference, .other:
                continue
            case .cycle:
                doc.elements[use].removed = true
                report(&reported, &diagnostics, use, Diagnostic(.reject, "useCycle", at: doc.elements[use].at,
                       "the <use> chain returns to itself"))
            case .tooLong:
                doc.elements[use].removed = true
                report(&reported, &diagnostics, use, Diagnostic(.reject, "useCycle", at: doc.elements[use].at,
                       "the <use> chain is longer than UseExpansion.maxHops = \(maxHops)"))
            case .missing(let culprit):
                doc.elements[use].removed = true
                let element = doc.elements[culprit]
                let href = UseChain.hrefAttribute(of: element)
                report(&reported, &diagnostics, culprit, Diagnostic(.reject, "useTarget", at: href?.at ?? element.at,
                       "no element has the id in \(href?.value ?? "href")"))
            case .image(let chain, let image):
                guard walk.live[image] else { doc.elements[use].removed = true; continue }
                var transforms: [String?] = []
                var failed = false
                for link in chain {
                    switch groupTransform(doc.elements[link]) {
                    case .success(let text): transforms.append(text)
                    case .failure(let problem):
                        report(&reported, &diagnostics, link, Diagnostic(.reject, "useOffset", at: problem.at, problem.detail))
                        failed = true
                    }
                    if failed { break }
                }
                if failed { doc.elements[use].removed = true; continue }
                plans.append((use, chain, transforms, image))
            }
        }

        let original = doc.elements
        for plan in plans {
            guard doc.elements.count + plan.chain.count + 1 <= maxElements else {
                doc.elements[plan.use].removed = true
                diagnostics.append(Diagnostic(.reject, "limit", at: original[plan.use].at,
                                              "expansion would exceed UseExpansion.maxElements = \(maxElements)"))
                continue
            }
            replace(&doc, plan.use, chain: plan.chain, transforms: plan.transforms,
                    image: original[plan.image], original: original)
        }
    }

    /// Builds the nested `<g>`s and the image copy and hangs them where the `<use>` was. The `<use>`
    /// is marked `removed` too, so a stage scanning the array (not the tree) still skips it. A
    /// `<use>` with no parent (the root, or a broken parent link) is overwritten in place instead,
    /// since element 0 must stay the root.
    private static func replace(_ doc: inout XMLDocument, _ use: Int, chain: [Int], transforms: [String?],
                                image: XMLElement, original: [XMLElement]) {
        let parent = original[use].parent
        var position: Int? = nil
        if let p = parent, p >= 0, p < doc.elements.count {
            position = doc.elements[p].children.firstIndex(of: .element(use))
        }
        let first = doc.elements.count
        // slots[k] is where the k-th new element goes: <g>s for the chain, then the image copy.
        var slots: [Int] = []
        if position == nil { slots.append(use) }
        while slots.count < chain.count + 1 { slots.append(first + slots.count - (position == nil ? 1 : 0)) }

        var built: [XMLElement] = []
        for (k, link) in chain.enumerated() {
            let source = original[link]
            built.append(XMLElement(name: "g",
                                    attributes: groupAttributes(source, transform: transforms[k], keepID: k == 0),
                                    children: [.element(slots[k + 1])],
                                    at: source.at,
                                    parent: k == 0 ? parent : slots[k - 1]))
        }
        built.append(XMLElement(name: image.name,
                                attributes: image.attributes.filter { $0.name != "id" },
                                children: [],
                                at: image.at,
                                parent: slots[chain.count - 1]))
        for (k, element) in built.enumerated() {
            if slots[k] == doc.elements.count { doc.elements.append(element) } else { doc.elements[slots[k]] = element }
        }
        if let p = parent, let position {
            doc.elements[p].children[position] = .element(slots[0])
            doc.elements[use].removed = true
        }
    }

    /// H2: the `<use>`'s attributes in source order minus `notOnGroup` (and `id` on inner hops, so
    /// ids stay unique), with the combined transform where the `<use>`'s `transform` was, or last.
    static func groupAttributes(_ use: XMLElement, transform: String?, keepID: Bool) -> [XMLAttribute] {
        var out: [XMLAttribute] = []
        var placed = false
        for attribute in use.attributes {
            if notOnGroup.contains(attribute.name) || (!keepID && attribute.name == "id") { continue }
            if attribute.name == "transform" {
                if !placed, let transform {
                    out.append(XMLAttribute(name: "transform", value: transform, at: attribute.at, valueAt: attribute.valueAt))
                }
                placed = true
                continue
            }
            out.append(attribute)
        }
        if !placed, let transform {
            let anchor = use.attribute("x") ?? use.attribute("y")
            out.append(XMLAttribute(name: "transform", value: transform,
                                    at: anchor?.at ?? use.at, valueAt: anchor?.valueAt ?? use.at))
        }
        return out
    }

    struct OffsetProblem: Error, Hashable, Sendable {
        var at: SvgLocation
        var detail: String
    }

    /// The `<g>`'s transform: the `<use>`'s own list, then `translate(x y)` on the right (SVG 1.1
    /// "The 'use' element"); each part left out when empty or zero (as written by G1); nil when both are.
    static func groupTransform(_ use: XMLElement) -> Result<String?, OffsetProblem> {
        var offsets: [String] = []
        for name in ["x", "y"] {
            guard let attribute = use.attribute(name) else { offsets.append("0"); continue }
            guard let value = PlainNumber.parse(attribute.value) else {
                return .failure(OffsetProblem(at: attribute.at, detail: "\(name)=\"\(attribute.value)\" is not a plain number"))
            }
            guard abs(value) <= maxOffset else {
                return .failure(OffsetProblem(at: attribute.at, detail: "\(name) exceeds UseExpansion.maxOffset = 1e9"))
            }
            offsets.append(formatNumber(value))
        }
        var parts: [String] = []
        let own = trimmed(use.value("transform") ?? "")
        if !own.isEmpty { parts.append(own) }
        if offsets != ["0", "0"] { parts.append("translate(\(offsets[0]) \(offsets[1]))") }
        return .success(parts.isEmpty ? nil : parts.joined(separator: " "))
    }

    /// H4: nil when `width` and `height` are both plain numbers > 0, else why not.
    static func sizeProblem(_ image: XMLElement) -> String? {
        for name in ["width", "height"] {
            guard let text = image.value(name) else { return "the <image> has no \(name)" }
            guard let value = PlainNumber.parse(text) else { return "\(name)=\"\(text)\" is not a plain number" }
            guard value > 0 else { return "\(name)=\"\(text)\" is not positive" }
        }
        return nil
    }

    /// One diagnostic per element for this stage, however many chains pass through it.
    private static func report(_ reported: inout [Bool], _ diagnostics: inout [Diagnostic], _ element: Int, _ diagnostic: Diagnostic) {
        guard element >= 0, element < reported.count, !reported[element] else { return }
        reported[element] = true
        diagnostics.append(diagnostic)
    }

    private static func trimmed(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var start = 0
        var end = bytes.count
        while start < end, PlainNumber.isSpace(bytes[start]) { start += 1 }
        while end > start, PlainNumber.isSpace(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
