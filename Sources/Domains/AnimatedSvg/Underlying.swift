/// F1: the value a property has outside its animations, the bug-3 rule made exact: the element's
/// own (folded) value; failing that, for an inherited property, the nearest ancestor's folded
/// value (not its animated one, a choice); failing that, the initial value of A3. A missing
/// keyframe end, a to-animation's start and a by-animation's base all come from here, never from
/// the other keyframe.
enum Underlying {
    static func value(of attribute: AnimatableAttribute, element: Int, in doc: XMLDocument, currentColor: RGB) -> AnimValue {
        var index: Int? = element
        var hops = 0
        while let i = index, hops <= doc.elements.count {
            if let text = doc.elements[i].value(attribute.name) {
                return parse(text, attribute, currentColor)
            }
            guard attribute.inherited else { break }
            index = doc.elements[i].parent
            hops += 1
        }
        return parse(attribute.initial, attribute, currentColor)
    }

    /// An unparseable own value still switches as text rather than vanishing.
    static func parse(_ text: String, _ attribute: AnimatableAttribute, _ currentColor: RGB) -> AnimValue {
        switch AnimValue.parse(text, attribute.type, syntax: .svg, currentColor: currentColor) {
        case .success(let v): return v
        case .failure: return .keyword(trim(text))
        }
    }
}

/// G4's reference box: the root `viewBox`, or its `width`/`height` at 0 0.
struct Viewport: Sendable {
    var minX = 0.0, minY = 0.0, width = 0.0, height = 0.0

    init(root: XMLElement) {
        if let vb = root.value("viewBox") {
            let n = vb.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" }).compactMap { parseNumber(String($0)) }
            if n.count == 4 { (minX, minY, width, height) = (n[0], n[1], n[2], n[3]); return }
        }
        width = root.value("width").flatMap { parseLength(trim($0)) }.map(\.value) ?? 0
        height = root.value("height").flatMap { parseLength(trim($0)) }.map(\.value) ?? 0
    }

    /// `transform-origin`: px, percentages or keywords; one value puts y at the centre.
    func origin(_ text: String) -> (x: Double, y: Double)? {
        var tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        guard (1...2).contains(tokens.count) else { return nil }
        if tokens.count == 1 { tokens.append(tokens[0] == "top" || tokens[0] == "bottom" ? "center" : "center") }
        if ["top", "bottom"].contains(tokens[0]) || ["left", "right"].contains(tokens[1]) { tokens.swapAt(0, 1) }
        guard let x = resolve(tokens[0], size: width, horizontal: true), let y = resolve(tokens[1], size: height, horizontal: false) else { return nil }
        return (minX + x, minY + y)
    }

    private func resolve(_ token: String, size: Double, horizontal: Bool) -> Double? {
        switch token {
        case "center": return size / 2
        case "left" where horizontal, "top" where !horizontal: return 0
        case "right" where horizontal, "bottom" where !horizontal: return size
        default:
            guard let l = parseLength(token) else { return nil }
            if l.unit == "%" { return l.value / 100 * size }
            return l.unit == "" ? l.value : nil
        }
    }
}

/// E7: `offset-path`, `offset-rotate` and a static `offset-distance`.
enum CssMotionReader {
    static func read(path: (value: String, at: SvgLocation), rotate: (value: String, at: SvgLocation)?,
                     distance: (value: String, at: SvgLocation)?) -> Result<FrameWriter.CssMotion, Diagnostic> {
        let text = path.value
        guard text.hasPrefix("path("), text.hasSuffix(")") else {
            return .failure(Diagnostic(.reject, "declaration", at: path.at, "offset-path supports path(\"…\") only"))
        }
        var inner = trim(String(text.dropFirst(5).dropLast()))
        guard inner.count >= 2, let q = inner.first, q == "\"" || q == "'", inner.last == q else {
            return .failure(Diagnostic(.reject, "declaration", at: path.at, "offset-path: path() needs a quoted string"))
        }
        inner = String(inner.dropFirst().dropLast())
        let flat: FlatPath
        switch flattenPath(inner) {
        case .success(let p): flat = p
        case .failure(let problem): return .failure(Diagnostic(.reject, problem.code, at: path.at, "offset-path: \(problem.detail)"))
        }
        var spec = MotionSpec(path: flat, rotate: .auto)
        if let r = rotate {
            let tokens = r.value.split(separator: " ").map(String.init)
            func angle(_ t: String) -> Double? {
                guard case .success(let list) = parseTransformList("rotate(\(t))", syntax: .css), list.count == 1 else { return nil }
                return list[0].parameters[0]
            }
            switch tokens.count {
            case 1 where tokens[0] == "auto": spec.rotate = .auto
            case 1 where tokens[0] == "reverse": spec.rotate = .autoReverse
            case 1:
                guard let a = angle(tokens[0]) else { return .failure(Diagnostic(.reject, "declaration", at: r.at, "offset-rotate '\(r.value)' is invalid")) }
                spec.rotate = .fixed(a)
            case 2 where tokens[0] == "auto" || tokens[0] == "reverse":
                guard let a = angle(tokens[1]) else { return .failure(Diagnostic(.reject, "declaration", at: r.at, "offset-rotate '\(r.value)' is invalid")) }
                spec.rotate = .autoPlus(a + (tokens[0] == "reverse" ? 180 : 0))
            default: return .failure(Diagnostic(.reject, "declaration", at: r.at, "offset-rotate '\(r.value)' is invalid"))
            }
        }
        var length = Length(value: 0, unit: "")
        if let d = distance {
            guard let l = parseLength(d.value), l.unit == "" || l.unit == "%" else {
                return .failure(Diagnostic(.reject, "declaration", at: d.at, "offset-distance '\(d.value)' must be px or %"))
            }
            length = l
        }
        return .success(FrameWriter.CssMotion(spec: spec, distance: length, tracks: []))
    }
}
