/// Transform lists (A4 "Transform list", F2, G3): both syntaxes read into the normalised primitives
/// so that interpolation only ever sees full parameter vectors, and written back in SVG syntax.

/// Which grammar the text follows: an SVG attribute / `<animateTransform>` value, or a CSS property
/// or keyframe value.
enum TransformSyntax: Hashable, Sendable {
    case svg
    case css
}

/// Why a transform list was refused. `percentInTranslate` and `unitlessAngle` are the two cases K
/// names (`declaration`); everything else is `invalid` with a reason for the trace.
enum TransformParseError: Error, Hashable, Sendable {
    case percentInTranslate
    case unitlessAngle
    case invalid(String)

    var reason: String {
        switch self {
        case .percentInTranslate: "percentage in translate"
        case .unitlessAngle: "unitless non-zero angle"
        case .invalid(let why): why
        }
    }
}

/// Parses a whole transform list. `none` (ASCII case-insensitive) is the empty list; in SVG syntax
/// an empty or all-whitespace value is also the empty list (the SVG grammar allows it), in CSS it
/// is invalid. SVG syntax accepts only the SVG 1.1 functions (`translate scale rotate skewX skewY
/// matrix`, case-sensitive, unitless numbers, commas and/or whitespace). CSS syntax accepts the
/// A4 list ASCII case-insensitively, comma-separated arguments, functions separated by optional
/// whitespace (CSS tokens may touch).
func parseTransformList(_ text: Substring, syntax: TransformSyntax) -> Result<[TransformFunction], TransformParseError> {
    var scanner = ByteScanner(text)
    scanner.skipWhitespace()
    if scanner.atEnd {
        return syntax == .svg ? .success([]) : .failure(.invalid("empty transform"))
    }
    let save = scanner.index
    let word = scanner.scanWord()
    scanner.skipWhitespace()
    if ByteScanner.equalsLower(word, "none"), scanner.atEnd { return .success([]) }
    scanner.index = save

    var list: [TransformFunction] = []
    while true {
        scanner.skipWhitespace()
        if scanner.atEnd { break }
        if !list.isEmpty, syntax == .svg, scanner.consume(0x2C) {
            scanner.skipWhitespace()
            if scanner.atEnd { return .failure(.invalid("trailing comma")) }
        }
        let name = scanner.scanWord()
        if name.isEmpty { return .failure(.invalid("expected a transform function")) }
        if syntax == .svg { scanner.skipWhitespace() }
        guard scanner.consume(0x28) else { return .failure(.invalid("expected '('")) }
        let result = syntax == .svg
            ? parseSVGFunction(name, &scanner)
            : parseCSSFunction(name, &scanner)
        switch result {
        case .success(let f): list.append(f)
        case .failure(let e): return .failure(e)
        }
    }
    return .success(list)
}

func parseTransformList(_ text: String, syntax: TransformSyntax) -> Result<[TransformFunction], TransformParseError> {
    parseTransformList(text[...], syntax: syntax)
}

/// SVG arguments: unitless numbers separated by comma-wsp, up to `)`.
private func parseSVGArguments(_ scanner: inout ByteScanner) -> [Double]? {
    var args: [Double] = []
    scanner.skipWhitespace()
    while true {
        if scanner.consume(0x29) { return args }
        if !args.isEmpty {
            let comma = scanner.skipCommaWhitespace()
            if comma, scanner.peek() == 0x29 { return nil }
        }
        guard args.count < 6, let v = scanner.scanNumber() else { return nil }
        args.append(v)
        scanner.skipWhitespace()
    }
}

private func parseSVGFunction(_ name: [UInt8], _ scanner: inout ByteScanner) -> Result<TransformFunction, TransformParseError> {
    let fname = String(decoding: name, as: UTF8.self)
    guard let args = parseSVGArguments(&scanner) else {
        return .failure(.invalid("bad arguments to \(fname)"))
    }
    let n = args.count
    switch fname {
    case "translate" where n == 1 || n == 2:
        return .success(TransformFunction(kind: .translate, parameters: [args[0], n == 2 ? args[1] : 0]))
    case "scale" where n == 1 || n == 2:
        return .success(TransformFunction(kind: .scale, parameters: [args[0], n == 2 ? args[1] : args[0]]))
    case "rotate" where n == 1 || n == 3:
        return .success(TransformFunction(kind: .rotate, parameters: n == 3 ? args : [args[0], 0, 0]))
    case "skewX" where n == 1:
        return .success(TransformFunction(kind: .skewX, parameters: args))
    case "skewY" where n == 1:
        return .success(TransformFunction(kind: .skewY, parameters: args))
    case "matrix" where n == 6:
        return .success(TransformFunction(kind: .matrix, parameters: args))
    default:
        return .failure(.invalid("unsupported function or argument count: \(fname)"))
    }
}

/// One CSS argument: a number and its unit (lower-cased; "%" for a percentage).
private struct CSSArgument {
    var value: Double
    var unit: String
}

/// CSS arguments: `arg (, arg)*` up to `)`.
private func parseCSSArguments(_ scanner: inout ByteScanner) -> [CSSArgument]? {
    var args: [CSSArgument] = []
    scanner.skipWhitespace()
    while true {
        if !args.isEmpty {
            scanner.skipWhitespace()
            if scanner.consume(0x29) { return args }
            guard scanner.consume(0x2C) else { return nil }
            scanner.skipWhitespace()
        }
        guard args.count < 6, let v = scanner.scanNumber() else { return nil }
        var unit = ""
        if scanner.consume(0x25) {
            unit = "%"
        } else {
            unit = String(decoding: scanner.scanLetters().map(ByteScanner.lower), as: UTF8.self)
        }
        args.append(CSSArgument(value: v, unit: unit))
    }
}

/// A CSS length in px (or a bare 0).
private func cssLength(_ a: CSSArgument) -> Result<Double, TransformParseError> {
    switch a.unit {
    case "px": return .success(a.value)
    case "" where a.value == 0: return .success(a.value)
    case "": return .failure(.invalid("unitless non-zero length"))
    case "%": return .failure(.percentInTranslate)
    default: return .failure(.invalid("unsupported length unit \(a.unit)"))
    }
}

/// A CSS angle in degrees (rad × 57.29577951308232, grad × 0.9, turn × 360; a bare 0 allowed).
private func cssAngle(_ a: CSSArgument) -> Result<Double, TransformParseError> {
    switch a.unit {
    case "deg": return .success(a.value)
    case "rad": return .success(a.value * 57.29577951308232)
    case "grad": return .success(a.value * 0.9)
    case "turn": return .success(a.value * 360)
    case "" where a.value == 0: return .success(a.value)
    case "": return .failure(.unitlessAngle)
    default: return .failure(.invalid("unsupported angle unit \(a.unit)"))
    }
}

/// A CSS `<number>` (scale, matrix): no unit at all.
private func cssPlain(_ a: CSSArgument) -> Result<Double, TransformParseError> {
    a.unit.isEmpty ? .success(a.value) : .failure(.invalid("unexpected unit \(a.unit)"))
}

private func parseCSSFunction(_ name: [UInt8], _ scanner: inout ByteScanner) -> Result<TransformFunction, TransformParseError> {
    let fname = String(decoding: name.map(ByteScanner.lower), as: UTF8.self)
    guard let args = parseCSSArguments(&scanner) else {
        return .failure(.invalid("bad arguments to \(fname)"))
    }
    let n = args.count
    do {
        switch fname {
        case "translate" where n == 1 || n == 2:
            let tx = try cssLength(args[0]).get()
            let ty = n == 2 ? try cssLength(args[1]).get() : 0
            return .success(TransformFunction(kind: .translate, parameters: [tx, ty]))
        case "translatex" where n == 1:
            return .success(TransformFunction(kind: .translate, parameters: [try cssLength(args[0]).get(), 0]))
        case "translatey" where n == 1:
            return .success(TransformFunction(kind: .translate, parameters: [0, try cssLength(args[0]).get()]))
        case "scale" where n == 1 || n == 2:
            let sx = try cssPlain(args[0]).get()
            let sy = n == 2 ? try cssPlain(args[1]).get() : sx
            return .success(TransformFunction(kind: .scale, parameters: [sx, sy]))
        case "scalex" where n == 1:
            return .success(TransformFunction(kind: .scale, parameters: [try cssPlain(args[0]).get(), 1]))
        case "scaley" where n == 1:
            return .success(TransformFunction(kind: .scale, parameters: [1, try cssPlain(args[0]).get()]))
        case "rotate" where n == 1:
            return .success(TransformFunction(kind: .rotate, parameters: [try cssAngle(args[0]).get(), 0, 0]))
        case "skewx" where n == 1:
            return .success(TransformFunction(kind: .skewX, parameters: [try cssAngle(args[0]).get()]))
        case "skewy" where n == 1:
            return .success(TransformFunction(kind: .skewY, parameters: [try cssAngle(args[0]).get()]))
        case "matrix" where n == 6:
            return .success(TransformFunction(kind: .matrix, parameters: try args.map { try cssPlain($0).get() }))
        default:
            return .failure(.invalid("unsupported function or argument count: \(fname)"))
        }
    } catch let e as TransformParseError {
        return .failure(e)
    } catch {
        return .failure(.invalid("unexpected error"))
    }
}

/// G3: SVG syntax, one space between functions and between parameters, numbers per G1; translate
/// always two parameters, scale one when sx == sy, rotate without a 0 0 centre, skew one, matrix six.
func formatTransform(_ list: [TransformFunction]) -> String {
    var parts: [String] = []
    for f in list {
        var p = f.parameters
        switch f.kind {
        case .scale where p.count == 2 && p[0] == p[1]:
            p = [p[0]]
        case .rotate where p.count == 3 && p[1] == 0 && p[2] == 0:
            p = [p[0]]
        default:
            break
        }
        parts.append(f.kind.rawValue + "(" + p.map(formatNumber).joined(separator: " ") + ")")
    }
    return parts.joined(separator: " ")
}

/// F2: the identity function of the same primitive, used to build a missing keyframe end against
/// `none`; a rotation keeps its centre so the two ends still have one shape.
func identity(of f: TransformFunction) -> TransformFunction {
    switch f.kind {
    case .translate: TransformFunction(kind: .translate, parameters: [0, 0])
    case .scale: TransformFunction(kind: .scale, parameters: [1, 1])
    case .rotate:
        TransformFunction(kind: .rotate, parameters: [0, f.parameters.count > 1 ? f.parameters[1] : 0,
                                                        f.parameters.count > 2 ? f.parameters[2] : 0])
    case .skewX: TransformFunction(kind: .skewX, parameters: [0])
    case .skewY: TransformFunction(kind: .skewY, parameters: [0])
    case .matrix: TransformFunction(kind: .matrix, parameters: [1, 0, 0, 1, 0, 0])
    }
}

/// F2: two lists interpolate only with equal length and the same primitive at each position.
/// (That matrices must also be identical is the caller's separate `transformShape` check.)
func sameShape(_ a: [TransformFunction], _ b: [TransformFunction]) -> Bool {
    guard a.count == b.count else { return false }
    for i in 0..<a.count where a[i].kind != b[i].kind { return false }
    return true
}
