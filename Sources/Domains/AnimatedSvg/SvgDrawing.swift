import LockstepCore
import Platform

/// A compiled frame's document as a Platform draw list, so a person can look at a frame as a PNG
/// (`inspect png=true`). A viewer, not a renderer of record: shapes are filled polygons (circles
/// and ellipses as 48-gons), strokes polylines, images labelled boxes, text the bitmap font;
/// gradients and patterns draw grey. The golden pins the compiled bytes; the PNG is for eyes.
enum SvgDrawing {
    /// An affine map `(a c e; b d f)`, as SVG's `matrix(a b c d e f)`.
    struct Affine: Sendable {
        var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

        func then(_ m: Affine) -> Affine {
            // self × m: m applies first, then self.
            Affine(a: a * m.a + c * m.b, b: b * m.a + d * m.b, c: a * m.c + c * m.d, d: b * m.c + d * m.d,
                   e: a * m.e + c * m.f + e, f: b * m.e + d * m.f + f)
        }

        func apply(_ x: Double, _ y: Double) -> DrawPoint { DrawPoint(x: a * x + c * y + e, y: b * x + d * y + f) }

        var scale: Double { (abs(a * d - b * c)).squareRoot() }

        static func from(_ t: TransformFunction) -> Affine {
            let p = t.parameters
            let radians = p[0] / 57.29577951308232
            switch t.kind {
            case .translate: return Affine(e: p[0], f: p[1])
            case .scale: return Affine(a: p[0], d: p[1])
            case .rotate:
                let cosine = DetMath.cos(radians), sine = DetMath.sin(radians)
                let r = Affine(a: cosine, b: sine, c: -sine, d: cosine)
                return Affine(e: p[1], f: p[2]).then(r).then(Affine(e: -p[1], f: -p[2]))
            case .skewX: return Affine(c: DetMath.tan(radians))
            case .skewY: return Affine(b: DetMath.tan(radians))
            case .matrix: return Affine(a: p[0], b: p[1], c: p[2], d: p[3], e: p[4], f: p[5])
            }
        }
    }

    static let skipped: Set<String> = ["defs", "symbol", "clipPath", "mask", "linearGradient", "radialGradient", "pattern",
                                       "marker", "title", "desc", "metadata", "style", "script", "filter"]
    static let segments = 48

    static func drawList(_ doc: XMLDocument) -> DrawList {
        var list = DrawList()
        let root = doc.elements[XMLDocument.root]
        let viewport = Viewport(root: root)
        let width = root.value("width").flatMap { parseLength(trim($0)) }.map(\.value) ?? viewport.width
        let height = root.value("height").flatMap { parseLength(trim($0)) }.map(\.value) ?? viewport.height
        let w = width > 0 ? min(width, 2048) : 300, h = height > 0 ? min(height, 2048) : 150
        _ = list.append(.page(widthPoints: w, heightPoints: h, background: .white))
        var base = Affine()
        if viewport.width > 0, viewport.height > 0, root.value("viewBox") != nil {
            base = Affine(a: w / viewport.width, d: h / viewport.height).then(Affine(e: -viewport.minX, f: -viewport.minY))
        }
        var paint = Paint()
        walk(doc, XMLDocument.root, base, &paint, &list, depth: 0)
        return list
    }

    /// Inherited paint (fill, stroke, visibility) and the opacity multiplied down the tree.
    struct Paint {
        var fill = "#000000", stroke = "none", strokeWidth = 1.0, fillOpacity = 1.0, strokeOpacity = 1.0, opacity = 1.0
        var visible = true, fontSize = 16.0
    }

    static func walk(_ doc: XMLDocument, _ index: Int, _ parent: Affine, _ inherited: inout Paint, _ list: inout DrawList, depth: Int) {
        let e = doc.elements[index]
        guard !e.removed, depth < 256, !skipped.contains(e.name), e.value("display").map(trim) != "none" else { return }
        var m = parent
        if let t = e.value("transform"), case .success(let fns) = parseTransformList(t, syntax: .svg) {
            for fn in fns { m = m.then(Affine.from(fn)) }
        }
        var p = inherited
        if let v = e.value("fill") { p.fill = trim(v) }
        if let v = e.value("stroke") { p.stroke = trim(v) }
        if let v = e.value("stroke-width").flatMap({ parseLength(trim($0)) }) { p.strokeWidth = v.value }
        if let v = e.value("fill-opacity").flatMap({ parseNumber(trim($0)) }) { p.fillOpacity = min(max(v, 0), 1) }
        if let v = e.value("stroke-opacity").flatMap({ parseNumber(trim($0)) }) { p.strokeOpacity = min(max(v, 0), 1) }
        if let v = e.value("opacity").flatMap({ parseNumber(trim($0)) }) { p.opacity *= min(max(v, 0), 1) }
        if let v = e.value("visibility") { p.visible = trim(v) != "hidden" }
        if let v = e.value("font-size").flatMap({ parseLength(trim($0)) }) { p.fontSize = v.value }
        func number(_ name: String) -> Double { e.value(name).flatMap { parseLength(trim($0)) }.map(\.value) ?? 0 }
        var outline: [DrawPoint] = []
        var closed = true
        switch e.name {
        case "rect":
            let x = number("x"), y = number("y"), w = number("width"), h = number("height")
            if w > 0, h > 0 { outline = [m.apply(x, y), m.apply(x + w, y), m.apply(x + w, y + h), m.apply(x, y + h)] }
        case "circle", "ellipse":
            let cx = number("cx"), cy = number("cy")
            let rx = e.name == "circle" ? number("r") : number("rx"), ry = e.name == "circle" ? number("r") : number("ry")
            if rx > 0, ry > 0 {
                for k in 0..<segments {
                    let angle = Double(k) * 2 * Double.pi / Double(segments)
                    outline.append(m.apply(cx + rx * DetMath.cos(angle), cy + ry * DetMath.sin(angle)))
                }
            }
        case "line":
            outline = [m.apply(number("x1"), number("y1")), m.apply(number("x2"), number("y2"))]
            closed = false
        case "polyline", "polygon":
            let n = (e.value("points") ?? "").split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" }).compactMap { parseNumber(String($0)) }
            var k = 0
            while k + 1 < n.count { outline.append(m.apply(n[k], n[k + 1])); k += 2 }
            closed = e.name == "polygon"
        case "path":
            if let d = e.value("d"), case .success(let flat) = flattenPath(d) {
                for chord in flat.chords.prefix(DrawList.maxPolylinePoints - 1) {
                    if outline.isEmpty { outline.append(m.apply(chord.x0, chord.y0)) }
                    outline.append(m.apply(chord.x1, chord.y1))
                }
            }
        case "image":
            let x = number("x"), y = number("y"), w = number("width"), h = number("height")
            let corners = [m.apply(x, y), m.apply(x + w, y), m.apply(x + w, y + h), m.apply(x, y + h)]
            let xs = corners.map(\.x), ys = corners.map(\.y)
            if p.visible, let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() {
                _ = list.append(.image(name: e.value("href") ?? e.value("xlink:href") ?? "image", x: x0, y: y0, width: x1 - x0, height: y1 - y0))
            }
        case "text":
            var content = ""
            for child in e.children { if case .text(let t, _) = child { content += t } }
            let origin = m.apply(number("x"), number("y") - p.fontSize)
            if p.visible, !trim(content).isEmpty, let color = color(p.fill) {
                _ = list.append(.textBox(x: origin.x, y: origin.y, text: String(trim(content).prefix(DrawList.maxTextScalars)), sizePoints: p.fontSize * m.scale, color: color))
            }
        default: break
        }
        if p.visible, !outline.isEmpty {
            if closed, outline.count >= 3, let fill = color(p.fill) {
                _ = list.append(.polygon(points: outline, fill: fill, opacity: p.fillOpacity * p.opacity))
            }
            if let stroke = color(p.stroke) {
                _ = list.append(.polyline(points: closed ? outline + [outline[0]] : outline, stroke: stroke,
                                          opacity: p.strokeOpacity * p.opacity, lineWidthPoints: p.strokeWidth * m.scale))
            }
        }
        for child in e.children {
            if case .element(let c) = child { walk(doc, c, m, &p, &list, depth: depth + 1) }
        }
        _ = inherited
    }

    /// A paint as a draw colour; `none` is nil; a `url(...)` paint server draws grey.
    static func color(_ paint: String) -> DrawColor? {
        if paint == "none" { return nil }
        if paint.hasPrefix("url(") { return .grey }
        guard case .color(let c) = parseColor(paint, currentColor: RGB(r: 0, g: 0, b: 0)) else { return .grey }
        let hex = formatColor(c)
        let bytes = Array(hex.utf8).dropFirst()
        func channel(_ k: Int) -> UInt8 {
            func v(_ b: UInt8) -> UInt8 { b >= 97 ? b - 87 : b - 48 }
            return v(bytes[bytes.startIndex + k]) * 16 + v(bytes[bytes.startIndex + k + 1])
        }
        return DrawColor(name: "c-" + String(hex.dropFirst()), r: channel(0), g: channel(2), b: channel(4))
    }
}
