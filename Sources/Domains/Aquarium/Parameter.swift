import LockstepCore

/// The tested parameters, in the form's field order (the order settings list them).
public enum Parameter: String, CaseIterable, Sendable, Comparable {
    case ammonia, nitrite, nitrate, ph, kh, temp, salinity

    /// GAP: the article quotes one display name only by its error text's shape; these are the app's
    /// labels as the note gives them.
    var displayName: String {
        switch self {
        case .ammonia: "Ammonia"
        case .nitrite: "Nitrite"
        case .nitrate: "Nitrate"
        case .ph: "pH"
        case .kh: "Alkalinity (KH)"
        case .temp: "Temperature"
        case .salinity: "Salinity"
        }
    }

    /// The stored unit.
    var canonical: UnitID {
        switch self {
        case .ammonia: .ppm
        case .nitrite: .ppmNO2
        case .nitrate: .ppmNO3
        case .ph: .pH
        case .kh: .meqL
        case .temp: .C
        case .salinity: .ppt
        }
    }

    /// The units the picker offers for this parameter; anything else is `UnknownUnit`.
    var units: [UnitID] {
        switch self {
        case .ammonia: [.ppm]
        case .nitrite: [.ppmNO2, .ppmN]
        case .nitrate: [.ppmNO3, .ppmN]
        case .ph: [.pH]
        case .kh: [.meqL, .dKH, .ppmCaCO3]
        case .temp: [.C, .F]
        case .salinity: [.ppt]
        }
    }

    /// The display unit before the user picks one (the kits most people read).
    var defaultDisplay: UnitID {
        switch self {
        case .kh: .dKH
        default: canonical
        }
    }

    /// A concentration can't be negative.
    var isConcentration: Bool { self != .ph && self != .temp }

    public static func < (a: Parameter, b: Parameter) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// Unit ids as the unit picker and the stored `entered_unit` column spell them.
public enum UnitID: String, CaseIterable, Sendable {
    case ppm, ppmNO2, ppmNO3, ppmN, pH, meqL, dKH, ppmCaCO3, C, F, ppt
}

/// Conversions to and from the canonical unit. The constants are the app's, pinned by tests:
/// NO₃ = 4.427 × NO₃-N, NO₂ = 3.284 × NO₂-N, 1 meq/L = 2.8 dKH; GAP: 1 meq/L = 50.04 ppm CaCO₃ and
/// °C = (°F − 32) × 5/9 (standard factors; the article lists neither).
enum Units {
    static let nitrateNFactor = 4.427
    static let nitriteNFactor = 3.284
    /// The author's slip: 4.4 quoted on the nitrite row (fault `nitrateRatioOnNitrite`).
    static let slippedNitriteFactor = 4.4
    static let dKHPerMeqL = 2.8
    static let ppmCaCO3PerMeqL = 50.04

    /// `value` in `unit` to the canonical unit of `p`; nil when `unit` is not one of `p`'s units.
    static func toCanonical(_ value: Double, _ unit: UnitID, _ p: Parameter, nitriteFactor: Double = nitriteNFactor) -> Double? {
        guard p.units.contains(unit) else { return nil }
        switch (p, unit) {
        case (.nitrite, .ppmN): return value * nitriteFactor
        case (.nitrate, .ppmN): return value * nitrateNFactor
        case (.kh, .dKH): return value / dKHPerMeqL
        case (.kh, .ppmCaCO3): return value / ppmCaCO3PerMeqL
        case (.temp, .F): return (value - 32) * 5 / 9
        default: return value
        }
    }

    /// The canonical `value` of `p` shown in `unit` (one of `p`'s units).
    static func fromCanonical(_ value: Double, _ unit: UnitID, _ p: Parameter, nitriteFactor: Double = nitriteNFactor) -> Double {
        switch (p, unit) {
        case (.nitrite, .ppmN): return value / nitriteFactor
        case (.nitrate, .ppmN): return value / nitrateNFactor
        case (.kh, .dKH): return value * dKHPerMeqL
        case (.kh, .ppmCaCO3): return value * ppmCaCO3PerMeqL
        case (.temp, .F): return value * 9 / 5 + 32
        default: return value
        }
    }

    /// A rate (per day) is a difference: only the scale applies, never the °F offset.
    static func rateFromCanonical(_ perDay: Double, _ unit: UnitID, _ p: Parameter) -> Double {
        fromCanonical(perDay, unit, p) - fromCanonical(0, unit, p)
    }
}
