import LockstepCore
import Platform

/// What the map says about a kerb, ordered by trust: a published fact, a signpost, a schedule, an
/// inference, an admitted gap. The one function `Claim.of` turns a row's (fee_state, fee_source)
/// into it.
enum Claim: Hashable, Sendable {
    case cityFree
    case signpostedFree
    case likelyFree
    case paid
    case conditional(hours: String?)
    case unknown

    /// The article's table: only provenance makes a free claim; a free row from an unknown source
    /// is not repeated. `trustBareFree` is the fault that repeats it.
    static func of(feeState: String, feeSource: String, hours: String?, trustBareFree: Bool = false) -> Claim {
        let state = FeeState(rawValue: feeState)
        let source = FeeSource(rawValue: feeSource)
        switch (state, source) {
        case (.FREE?, .municipal_free?), (.FREE?, .operator_feed?): return .cityFree
        case (.FREE?, .osm_tag?): return .signpostedFree
        case (.FREE?, .municipal_outside_zone?), (.FREE?, .municipal_paid_complement?): return .likelyFree
        case (.FREE?, _): return trustBareFree ? .cityFree : .unknown
        case (.PAID?, _): return .paid
        case (.CONDITIONAL?, _): return .conditional(hours: hours)
        default: return .unknown
        }
    }

    var word: String {
        switch self {
        case .cityFree: "cityFree"
        case .signpostedFree: "signpostedFree"
        case .likelyFree: "likelyFree"
        case .paid: "paid"
        case .conditional: "conditional"
        case .unknown: "unknown"
        }
    }

    var isInferred: Bool { self == .likelyFree }
}

/// How a kerb is stroked: `MapPolyline` with the claim's tint at 0.85 opacity, 4 pt wide; the
/// inferred layer is dashed [3, 7] with butt caps so it reads as "not solid" before the legend.
struct KerbStroke: Hashable, Sendable {
    var tint: String
    var opacity = 0.85
    var lineWidth = 4.0
    var cap: String
    var join = "round"
    var dash: [Int]

    /// `mintSolid` is the first build's inferred layer: mint and solid, read as confirmed free.
    static func of(_ claim: Claim, mintSolid: Bool) -> KerbStroke {
        if claim.isInferred {
            return mintSolid ? KerbStroke(tint: "mint", cap: "round", dash: []) : KerbStroke(tint: "teal", cap: "butt", dash: [3, 7])
        }
        let tint: String
        switch claim {
        case .cityFree, .signpostedFree: tint = "green"
        case .paid: tint = "red"
        case .conditional: tint = "orange"
        case .unknown, .likelyFree: tint = "gray"
        }
        return KerbStroke(tint: tint, cap: "round", dash: [])
    }

    func add(to r: Record) -> Record {
        r.word("tint", tint).fixed("opacity", opacity, 2).fixed("width", lineWidth, 0).word("cap", cap).word("join", join)
            .word("dash", dash.isEmpty ? "none" : dash.map(String.init).joined(separator: ","))
    }
}
