/// Timing functions (E4): CSS easing text and SMIL keySplines share one bit-exact routine, so every
/// platform produces the same output bits (bisection instead of Newton steps, fixed Horner form).

/// Where the jumps of `steps()` go (CSS Easing Functions Level 1, "Step easing functions").
enum StepPosition: Hashable, Sendable {
    case jumpStart, jumpEnd, jumpNone, jumpBoth
}

enum TimingFunction: Hashable, Sendable {
    case linear
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    case steps(count: Int, position: StepPosition)

    static let ease = TimingFunction.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
    static let easeIn = TimingFunction.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    static let easeOut = TimingFunction.cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    static let easeInOut = TimingFunction.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// Parses trimmed CSS text: the keywords, `cubic-bezier(a, b, c, d)` (x1, x2 in [0, 1]) and
    /// `steps(n[, position])` (n ≥ 1; n ≥ 2 for jump-none). Keywords and function names are ASCII
    /// case-insensitive. nil means the declaration is dropped.
    static func parse(_ text: Substring) -> TimingFunction? {
        var scanner = ByteScanner(text)
        let word = scanner.scanWord()
        if scanner.atEnd {
            switch String(decoding: word.map(ByteScanner.lower), as: UTF8.self) {
            case "linear": return .linear
            case "ease": return .ease
            case "ease-in": return .easeIn
            case "ease-out": return .easeOut
            case "ease-in-out": return .easeInOut
            case "step-start": return .steps(count: 1, position: .jumpStart)
            case "step-end": return .steps(count: 1, position: .jumpEnd)
            default: return nil
            }
        }
        guard scanner.consume(0x28) else { return nil }
        if ByteScanner.equalsLower(word, "cubic-bezier") { return parseCubicBezier(&scanner) }
        if ByteScanner.equalsLower(word, "steps") { return parseSteps(&scanner) }
        return nil
    }

    static func parse(_ text: String) -> TimingFunction? { parse(text[...]) }

    private static func parseCubicBezier(_ scanner: inout ByteScanner) -> TimingFunction? {
        var values: [Double] = []
        for i in 0..<4 {
            scanner.skipWhitespace()
            if i > 0 {
                guard scanner.consume(0x2C) else { return nil }
                scanner.skipWhitespace()
            }
            guard let v = scanner.scanNumber() else { return nil }
            values.append(v)
        }
        scanner.skipWhitespace()
        guard scanner.consume(0x29), scanner.atEnd else { return nil }
        guard values[0] >= 0, values[0] <= 1, values[2] >= 0, values[2] <= 1 else { return nil }
        return .cubicBezier(x1: values[0], y1: values[1], x2: values[2], y2: values[3])
    }

    private static func parseSteps(_ scanner: inout ByteScanner) -> TimingFunction? {
        scanner.skipWhitespace()
        _ = scanner.consume(0x2B)
        var count = 0
        var digits = 0
        while let b = scanner.peek(), ByteScanner.isDigit(b) {
            // Cap instead of overflowing; a count this large is refused below anyway.
            count = min(count * 10 + Int(b - 0x30), 1_000_000_000)
            digits += 1
            scanner.index += 1
        }
        guard digits > 0, count >= 1, count < 1_000_000_000 else { return nil }
        scanner.skipWhitespace()
        var position = StepPosition.jumpEnd
        if scanner.consume(0x2C) {
            scanner.skipWhitespace()
            let word = String(decoding: scanner.scanWord().map(ByteScanner.lower), as: UTF8.self)
            switch word {
            case "start", "jump-start": position = .jumpStart
            case "end", "jump-end": position = .jumpEnd
            case "jump-none": position = .jumpNone
            case "jump-both": position = .jumpBoth
            default: return nil
            }
            scanner.skipWhitespace()
        }
        guard scanner.consume(0x29), scanner.atEnd else { return nil }
        if position == .jumpNone, count < 2 { return nil }
        return .steps(count: count, position: position)
    }

    /// The eased output for input progress x (E4). `beforeFlag` only matters for steps.
    func output(_ x: Double, beforeFlag: Bool) -> Double {
        switch self {
        case .linear:
            return x
        case let .cubicBezier(x1, y1, x2, y2):
            return TimingFunction.spline(x1: x1, y1: y1, x2: x2, y2: y2, at: x)
        case let .steps(count, position):
            // All in Double so no input (NaN, huge x) can trap an Int conversion.
            let n = Double(count)
            let scaled = x * n
            var step = scaled.rounded(.down)
            if position == .jumpStart || position == .jumpBoth { step += 1 }
            if beforeFlag, scaled.rounded(.down) == scaled { step -= 1 }
            if x >= 0, step < 0 { step = 0 }
            let jumps: Double
            switch position {
            case .jumpStart, .jumpEnd: jumps = n
            case .jumpNone: jumps = n - 1
            case .jumpBoth: jumps = n + 1
            }
            if x <= 1, step > jumps { step = jumps }
            return step / jumps
        }
    }

    /// E4's cubic Bézier routine, shared with SMIL keySplines (D5): u ≤ 0 → 0, u ≥ 1 → 1, else 48
    /// bisections of X(s) = ((ax·s + bx)·s + cx)·s on [0, 1], then Y at the midpoint.
    static func spline(x1: Double, y1: Double, x2: Double, y2: Double, at u: Double) -> Double {
        if u <= 0 { return 0 }
        if u >= 1 { return 1 }
        if u.isNaN { return 0 }
        let cx = 3 * x1
        let bx = 3 * (x2 - x1) - cx
        let ax = 1 - cx - bx
        let cy = 3 * y1
        let by = 3 * (y2 - y1) - cy
        let ay = 1 - cy - by
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<48 {
            let mid = (lo + hi) / 2
            let xMid = ((ax * mid + bx) * mid + cx) * mid
            if xMid < u { lo = mid } else { hi = mid }
        }
        let s = (lo + hi) / 2
        return ((ay * s + by) * s + cy) * s
    }
}
