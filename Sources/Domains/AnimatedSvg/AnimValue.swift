/// One animatable value while it is computed: parsed from text by its attribute's type (A3, A4),
/// interpolated, added and accumulated (D3, D7), and written back (G1–G3, G5).
enum AnimValue: Hashable, Sendable {
    case number(Double)
    case length(Length)
    case color(RGB)
    /// A normalised list; empty is `none`.
    case transform([TransformFunction])
    /// A value that can only switch: keywords, `none`, `url(#id)`. Written verbatim (trimmed).
    case keyword(String)

    /// Whether two values can be interpolated (D4: otherwise any calcMode acts as discrete).
    var isInterpolable: Bool {
        if case .keyword = self { return false }
        return true
    }
}

/// Why a value's text was refused; `code` is the section K code.
struct ValueProblem: Error, Hashable, Sendable {
    var code: String
    var detail: String
}

extension AnimValue {
    /// Parses `text` as a value of `type`. `currentColor` is resolved through `theme` first (A4).
    static func parse(_ text: String, _ type: ValueType, syntax: TransformSyntax, currentColor: RGB) -> Result<AnimValue, ValueProblem> {
        let trimmed = trim(text)
        switch type {
        case .number:
            guard let v = parseNumber(trimmed) else { return .failure(.init(code: "value", detail: "'\(trimmed)' is not a number")) }
            return .success(.number(v))
        case .length, .offsetDistance:
            guard let l = parseLength(trimmed) else { return .failure(.init(code: "value", detail: "'\(trimmed)' is not a length")) }
            return .success(.length(l))
        case .paint:
            switch parseColor(trimmed, currentColor: currentColor) {
            case .color(let c): return .success(.color(c))
            case .notAColor: return .success(.keyword(trimmed))
            case .unsupportedForm: return .failure(.init(code: "colourForm", detail: "'\(trimmed)': alpha and hsl() colours are outside the subset"))
            case .invalid: return .failure(.init(code: "value", detail: "'\(trimmed)' is not a colour"))
            }
        case .transform:
            switch parseTransformList(trimmed, syntax: syntax) {
            case .success(let list): return .success(.transform(list))
            case .failure(let e): return .failure(.init(code: syntax == .css ? "declaration" : "value", detail: "transform '\(trimmed)': \(e.reason)"))
            }
        case .keyword:
            return .success(.keyword(trimmed))
        }
    }

    /// Interpolation `a + (b − a)·u`, component by component (D3). Callers check shapes first.
    static func lerp(_ a: AnimValue, _ b: AnimValue, _ u: Double) -> AnimValue {
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(x + (y - x) * u)
        case (.length(let x), .length(let y)): return .length(Length(value: x.value + (y.value - x.value) * u, unit: x.unit))
        case (.color(let x), .color(let y)):
            return .color(RGB(r: x.r + (y.r - x.r) * u, g: x.g + (y.g - x.g) * u, b: x.b + (y.b - x.b) * u))
        case (.transform(let x), .transform(let y)) where x.count == y.count:
            var out = x
            for i in out.indices {
                for j in out[i].parameters.indices {
                    let p = x[i].parameters[j], q = y[i].parameters[j]
                    out[i].parameters[j] = p + (q - p) * u
                }
            }
            return .transform(out)
        default:
            return u < 1 ? a : b
        }
    }

    /// SMIL addition (D7): sums for numbers, lengths and colour channels; for transforms the new
    /// list is appended to the running one (post-multiplied).
    static func add(_ base: AnimValue, _ value: AnimValue) -> AnimValue {
        switch (base, value) {
        case (.number(let x), .number(let y)): return .number(x + y)
        case (.length(let x), .length(let y)): return .length(Length(value: x.value + y.value, unit: y.unit))
        case (.color(let x), .color(let y)): return .color(RGB(r: x.r + y.r, g: x.g + y.g, b: x.b + y.b))
        case (.transform(let x), .transform(let y)): return .transform(x + y)
        default: return value
        }
    }

    /// Accumulation (D7): `k × last` added to an iteration's value. For a transform function the
    /// parameters add, so a rotation that repeats keeps turning (W25).
    static func accumulate(_ value: AnimValue, last: AnimValue, times k: Int64) -> AnimValue {
        let f = Double(k)
        switch (value, last) {
        case (.number(let x), .number(let y)): return .number(x + f * y)
        case (.length(let x), .length(let y)): return .length(Length(value: x.value + f * y.value, unit: x.unit))
        case (.color(let x), .color(let y)): return .color(RGB(r: x.r + f * y.r, g: x.g + f * y.g, b: x.b + f * y.b))
        case (.transform(let x), .transform(let y)) where x.count == y.count:
            var out = x
            for i in out.indices where x[i].kind == y[i].kind {
                for j in out[i].parameters.indices { out[i].parameters[j] = x[i].parameters[j] + f * y[i].parameters[j] }
            }
            return .transform(out)
        default: return value
        }
    }

    /// D1's zero for a by-animation: 0, #000000, or a function with all-zero parameters.
    static func zero(like value: AnimValue) -> AnimValue {
        switch value {
        case .number: return .number(0)
        case .length(let l): return .length(Length(value: 0, unit: l.unit))
        case .color: return .color(RGB(r: 0, g: 0, b: 0))
        case .transform(let list):
            return .transform(list.map { TransformFunction(kind: $0.kind, parameters: Array(repeating: 0, count: $0.parameters.count)) })
        case .keyword: return value
        }
    }

    /// D6's distance between consecutive values; `nil` where pacing is refused (`matrix`).
    static func distance(_ a: AnimValue, _ b: AnimValue) -> Double? {
        switch (a, b) {
        case (.number(let x), .number(let y)): return abs(y - x)
        case (.length(let x), .length(let y)): return abs(y.value - x.value)
        case (.color(let x), .color(let y)):
            let dr = y.r - x.r, dg = y.g - x.g, db = y.b - x.b
            return (dr * dr + dg * dg + db * db).squareRoot()
        case (.transform(let x), .transform(let y)):
            guard x.count == 1, y.count == 1, x[0].kind == y[0].kind else { return nil }
            let p = x[0].parameters, q = y[0].parameters
            switch x[0].kind {
            case .translate, .scale:
                let d0 = q[0] - p[0], d1 = q[1] - p[1]
                return (d0 * d0 + d1 * d1).squareRoot()
            case .rotate, .skewX, .skewY: return abs(q[0] - p[0])
            case .matrix: return nil
            }
        default: return nil
        }
    }

    /// Two values interpolate only if they are of one kind, with equal units (lengths) or the same
    /// list shape (transforms, F2).
    static func compatible(_ a: AnimValue, _ b: AnimValue) -> Bool {
        switch (a, b) {
        case (.number, .number), (.color, .color): return true
        case (.length(let x), .length(let y)): return x.unit == y.unit
        case (.transform(let x), .transform(let y)):
            guard x.count == y.count else { return false }
            for i in x.indices where x[i].kind != y[i].kind { return false }
            for i in x.indices where x[i].kind == .matrix && x[i] != y[i] { return false }
            return true
        default: return false
        }
    }

    /// The written text (G1–G3), clamped per A3 (G5).
    func text(clamp: WriteClamp) -> String {
        switch self {
        case .number(let v): return formatNumber(Self.clamped(v, clamp))
        case .length(let l): return formatNumber(Self.clamped(l.value, clamp)) + l.unit
        case .color(let c): return formatColor(c)
        case .transform(let list): return formatTransform(list)
        case .keyword(let k): return k
        }
    }

    static func clamped(_ v: Double, _ clamp: WriteClamp) -> Double {
        switch clamp {
        case .none: return v
        case .unitInterval: return min(max(v, 0), 1)
        case .nonNegative: return max(v, 0)
        }
    }
}

/// ASCII whitespace trimmed from both ends (XML and CSS agree on these four).
func trim(_ s: String) -> String {
    let scalars = Array(s.unicodeScalars)
    var lo = 0, hi = scalars.count
    func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" }
    while lo < hi, isSpace(scalars[lo]) { lo += 1 }
    while hi > lo, isSpace(scalars[hi - 1]) { hi -= 1 }
    if lo == 0, hi == scalars.count { return s }
    var out = String.UnicodeScalarView()
    out.append(contentsOf: scalars[lo..<hi])
    return String(out)
}
