/// The types every part of `animatedSvg` shares: where a thing is in the SVG text, the located
/// diagnostics of section K, the parsed document, and the animatable values.

/// A 1-based position in the SVG text, counted in Unicode scalars after XML end-of-line
/// normalisation (CR LF and a lone CR both count as one line break).
struct SvgLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    var line: Int
    var column: Int

    static func < (a: SvgLocation, b: SvgLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    var description: String { "\(line):\(column)" }
}

/// What happened to a construct outside the supported subset (docs/animated-svg.md, "Diagnostics").
enum DiagnosticKind: String, Sendable, Hashable {
    /// The animation, rule, declaration or element is dropped; everything else proceeds.
    case reject
    /// The construct is dropped or degraded as documented; rendering continues.
    case ignore
    /// The load fails: no frames (only malformed XML).
    case error
}

/// One `diag kind= code= at=` record. `detail` is for the person reading the trace.
struct Diagnostic: Error, Hashable, Sendable {
    var kind: DiagnosticKind
    var code: String
    var at: SvgLocation
    var detail: String

    init(_ kind: DiagnosticKind, _ code: String, at: SvgLocation, _ detail: String) {
        self.kind = kind
        self.code = code
        self.at = at
        self.detail = detail
    }

    /// Section K's order: line, column, then code.
    static func sorted(_ list: [Diagnostic]) -> [Diagnostic] {
        list.sorted { ($0.at.line, $0.at.column, $0.code) < ($1.at.line, $1.at.column, $1.code) }
    }
}

// MARK: - The parsed document

/// One attribute, in source order. `name` keeps its prefix (`xlink:href`).
struct XMLAttribute: Hashable, Sendable {
    var name: String
    /// The value with entities and character references replaced.
    var value: String
    /// The first character of the name.
    var at: SvgLocation
    /// The first character inside the quotes.
    var valueAt: SvgLocation
}

/// A child of an element: another element (by index into `XMLDocument.elements`) or text.
enum XMLChild: Hashable, Sendable {
    case element(Int)
    /// Character data (entities replaced; CDATA sections included as they are) and where it starts.
    case text(String, SvgLocation)
}

struct XMLElement: Hashable, Sendable {
    /// The qualified name as written (`svg`, `image`, `xlink:foo`).
    var name: String
    var attributes: [XMLAttribute]
    var children: [XMLChild]
    /// The `<` of the start tag.
    var at: SvgLocation
    /// The parent's index; `nil` for the root.
    var parent: Int?
    /// Set by later stages to drop the element (and its subtree) from the output without
    /// renumbering the array.
    var removed: Bool = false

    func attribute(_ name: String) -> XMLAttribute? { attributes.first { $0.name == name } }
    func value(_ name: String) -> String? { attribute(name)?.value }
}

/// A parsed document as flat arrays: element 0 is the root; children refer to indices, so a frame
/// can copy and rewrite attribute arrays without rebuilding a tree.
struct XMLDocument: Hashable, Sendable {
    var elements: [XMLElement]
    static let root = 0
}

/// A malformed document (`xmlMalformed`, kind error): the message and where it went wrong.
struct XMLError: Error, Hashable, Sendable {
    var message: String
    var at: SvgLocation
}

// MARK: - Animatable values

/// A colour while it is being interpolated: channels 0–255, not yet rounded or clamped.
struct RGB: Hashable, Sendable {
    var r: Double
    var g: Double
    var b: Double
}

/// A number with a unit. `unit` is "" for a bare number and for `px` (the same unit, written
/// without one); otherwise it is kept as written (`%`, `em`, ...).
struct Length: Hashable, Sendable {
    var value: Double
    var unit: String
}

/// The primitives every transform function is normalised to (section A4).
enum TransformKind: String, Hashable, Sendable {
    case translate, scale, rotate, skewX, skewY, matrix

    /// How many parameters the normalised form carries: translate(tx ty), scale(sx sy),
    /// rotate(a cx cy), skewX(a), skewY(a), matrix(a b c d e f).
    var parameterCount: Int {
        switch self {
        case .translate, .scale: 2
        case .rotate: 3
        case .skewX, .skewY: 1
        case .matrix: 6
        }
    }
}

/// One normalised transform function; angles in degrees. `parameters.count == kind.parameterCount`.
struct TransformFunction: Hashable, Sendable {
    var kind: TransformKind
    var parameters: [Double]
}
