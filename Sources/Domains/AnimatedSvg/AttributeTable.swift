/// Section A3: what can be animated, with its type, initial value, inheritance and write clamp.
///
/// One table, read by the SMIL reader (is this target supported?), the CSS reader (is this
/// keyframe property supported?), the underlying-value rule (F1: inherited or not, initial value)
/// and the writer (G5: clamp only when written).
enum ValueType: Hashable, Sendable {
    case number
    case paint
    case length
    case transform
    /// Discrete only (`visibility`, `display`).
    case keyword
    /// `offset-distance`: a length or a percentage of the motion path's length.
    case offsetDistance
}

enum WriteClamp: Hashable, Sendable {
    case none
    case unitInterval
    case nonNegative
}

struct AnimatableAttribute: Hashable, Sendable {
    var name: String
    var type: ValueType
    /// The initial value as text, parsed with `type` when needed (F1's last resort).
    var initial: String
    var inherited: Bool
    var clamp: WriteClamp
    /// SMIL may target it (`x`, `width`, ... are SMIL only; `offset-distance` is CSS only).
    var smil: Bool
    var css: Bool

    /// The table, in A3's order. Lookups go through `named`, never by iterating a dictionary.
    static let all: [AnimatableAttribute] = {
        var rows: [AnimatableAttribute] = [
            .init(name: "opacity", type: .number, initial: "1", inherited: false, clamp: .unitInterval, smil: true, css: true),
            .init(name: "fill-opacity", type: .number, initial: "1", inherited: true, clamp: .unitInterval, smil: true, css: true),
            .init(name: "stroke-opacity", type: .number, initial: "1", inherited: true, clamp: .unitInterval, smil: true, css: true),
            .init(name: "fill", type: .paint, initial: "#000000", inherited: true, clamp: .none, smil: true, css: true),
            .init(name: "stroke", type: .paint, initial: "none", inherited: true, clamp: .none, smil: true, css: true),
            .init(name: "stroke-width", type: .length, initial: "1", inherited: true, clamp: .nonNegative, smil: true, css: true),
            .init(name: "stroke-dashoffset", type: .length, initial: "0", inherited: true, clamp: .none, smil: true, css: true),
            .init(name: "transform", type: .transform, initial: "none", inherited: false, clamp: .none, smil: true, css: true),
            .init(name: "visibility", type: .keyword, initial: "visible", inherited: true, clamp: .none, smil: true, css: true),
            .init(name: "display", type: .keyword, initial: "inline", inherited: false, clamp: .none, smil: true, css: true),
            .init(name: "offset-distance", type: .offsetDistance, initial: "0", inherited: false, clamp: .none, smil: false, css: true),
        ]
        for name in ["x", "y", "cx", "cy", "x1", "y1", "x2", "y2"] {
            rows.append(.init(name: name, type: .length, initial: "0", inherited: false, clamp: .none, smil: true, css: false))
        }
        for name in ["width", "height", "r", "rx", "ry"] {
            rows.append(.init(name: name, type: .length, initial: "0", inherited: false, clamp: .nonNegative, smil: true, css: false))
        }
        return rows
    }()

    static func named(_ name: String) -> AnimatableAttribute? { all.first { $0.name == name } }
}
