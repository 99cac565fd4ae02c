import LockstepCore

/// One accepted SMIL animation (`<animate>`, `<set>`, `<animateTransform>`, `<animateMotion>`),
/// with its timing resolved to integer nanoseconds (C1, C2) and its values parsed (D1–D10).
struct SmilAnimation: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case animate
        /// `<set to=…>`: the value, verbatim (D8).
        case set(String)
        case transform(TransformKind)
        case motion(MotionSpec)
    }

    /// D1's rows: which values were given decides additivity and where v₀ comes from.
    enum ValuesMode: Hashable, Sendable { case values, fromTo, fromBy, by, to }

    var kind: Kind
    /// The targeted element's index.
    var target: Int
    /// The targeted attribute (`transform` for motion).
    var attribute: AnimatableAttribute
    var beginNanoseconds: Int64
    /// d; `nil` for a `<set>` without `dur` (indefinite).
    var simpleNanoseconds: Int64?
    /// AD; `nil` for indefinite.
    var activeNanoseconds: Int64?
    var freeze: Bool
    var track: KeyframeTrack
    var mode: ValuesMode
    var additive: Bool
    var accumulate: Bool
    /// Document order among all animations: the sandwich's second key (D7).
    var order: Int
    /// The element's `<`.
    var at: SvgLocation

    /// Periodic (I1): repeats forever with a finite simple duration.
    var isPeriodic: Bool { activeNanoseconds == nil && simpleNanoseconds != nil }

    /// `B + AD` (I1); `B` for a `<set>` without `dur`.
    var settleNanoseconds: Int64? {
        if let ad = activeNanoseconds { return beginNanoseconds + ad }
        return simpleNanoseconds == nil ? beginNanoseconds : nil
    }

    /// The simple-time value at `point`, from `below`: the sandwich's running value (the start of a
    /// to-animation, D1).
    func value(at point: IterationPoint, below: AnimValue) -> AnimValue {
        if case .set(let text) = kind { return .keyword(text) }
        var t = track
        if mode == .to { t.keyValues[0] = below }
        var v = t.value(at: point.progress)
        // D7: accumulation, never for to-animations or values that only switch.
        if accumulate, point.iteration >= 1, mode != .to, t.calcMode != .discrete, let last = t.keyValues.last {
            v = AnimValue.accumulate(v, last: last, times: point.iteration)
        }
        return v
    }

    /// by-animations are always additive; to-animations and `<set>` never are (D1, D8).
    var addsToBelow: Bool {
        if case .set = kind { return false }
        switch mode {
        case .by: return true
        case .to: return false
        default: return additive
        }
    }
}

/// animateMotion's path and rotation (D10).
struct MotionSpec: Hashable, Sendable {
    enum Rotate: Hashable, Sendable {
        case fixed(Double)
        case auto
        case autoReverse
        /// CSS `auto <angle>` (and `reverse <angle>`): the tangent plus a fixed angle.
        case autoPlus(Double)
    }

    var path: FlatPath
    var rotate: Rotate

    /// The motion's own transform at progress `p`: `translate(x y)`, then `rotate(a)` unless it
    /// is a fixed 0 (an auto rotation is written even when it is 0, W28).
    func transform(at p: Double) -> [TransformFunction] {
        transform(atDistance: p * path.lengthTotal)
    }

    func transform(atDistance s: Double) -> [TransformFunction] {
        let point = path.point(atDistance: s)
        var list = [TransformFunction(kind: .translate, parameters: [point.x, point.y])]
        let angle: Double
        switch rotate {
        case .fixed(let a): angle = a
        case .auto: angle = DetMath.atan2(point.dy, point.dx) * 57.29577951308232
        case .autoReverse: angle = DetMath.atan2(point.dy, point.dx) * 57.29577951308232 + 180
        case .autoPlus(let a): angle = DetMath.atan2(point.dy, point.dx) * 57.29577951308232 + a
        }
        if case .fixed(0) = rotate { return list }
        list.append(TransformFunction(kind: .rotate, parameters: [angle, 0, 0]))
        return list
    }
}

extension PathParseError {
    /// The section K code: `S T A` are `pathCommand`; too many segments `limit`.
    var code: String {
        switch self {
        case .unsupportedCommand: "pathCommand"
        case .invalid: "value"
        case .limit: "limit"
        }
    }

    var detail: String {
        switch self {
        case .unsupportedCommand(let c): "the path command \(c) is outside the subset (M L H V C Q Z only)"
        case .invalid: "the path data is not valid"
        case .limit: "more than \(pathSegmentLimit) path segments"
        }
    }
}
