import LockstepCore

/// The kinds of step in a bake, with the label the plan prints and the price (units per minute)
/// of a minute away from the step's ideal length.
public enum StepKind: String, Sendable, CaseIterable {
    case levain, autolyse, mix, bulk, preshape, benchRest, shape, coldProof, bake, lidOff, cool, ready

    public var label: String {
        switch self {
        case .benchRest: "bench rest"
        case .coldProof: "cold proof"
        case .lidOff: "lid off"
        default: rawValue
        }
    }

    var unitsPerMinute: Int {
        switch self {
        case .coldProof: 5
        case .levain: 15
        case .autolyse: 20
        case .cool: 30
        case .benchRest: 50
        default: 100
        }
    }
}

/// A feed ratio of the levain build and its peak window at 24 °C (minutes).
public struct FeedRatio: Hashable, Sendable {
    public let name: String
    public let min24: Int, peak24: Int, max24: Int
}

/// One step of a recipe: its window (min/ideal/max at 24 °C when `scaled`), hands-on minutes at
/// its start, and the extra action points after its start (folds).
public struct RecipeStep: Hashable, Sendable {
    public let kind: StepKind
    public let minMinutes: Int, idealMinutes: Int, maxMinutes: Int
    public let handsOnMinutes: Int
    public let scaled: Bool
    public let extraPoints: [Int]
}

/// The fixture recipe, "Beginner Country Loaf" (made up for the harness: the article never
/// publishes its recipe; every number is pinned by a figure the article quotes or is a GAP).
public enum CountryLoaf {
    public static let name = "Beginner Country Loaf"
    public static let ratios: [FeedRatio] = [
        FeedRatio(name: "1:1:1", min24: 240, peak24: 300, max24: 375),
        FeedRatio(name: "1:2:2", min24: 330, peak24: 420, max24: 525),
        FeedRatio(name: "1:5:5", min24: 435, peak24: 540, max24: 675),
        FeedRatio(name: "1:10:10", min24: 675, peak24: 840, max24: 1050),
    ]
    public static let defaultRatio = "1:2:2"
    /// Preheat length P before the bake's start: min, ideal, max.
    public static let preheat = (min: 45, ideal: 50, max: 60)
    public static let folds = [30, 60, 90, 120]
    public static let coldProofMaxMinutes = 1440
    /// The regression: the cold proof was capped at 16 h.
    public static let oldColdProofMaxMinutes = 960

    public static let steps: [RecipeStep] = [
        RecipeStep(kind: .levain, minMinutes: 0, idealMinutes: 0, maxMinutes: 0, handsOnMinutes: 5, scaled: true, extraPoints: []),
        RecipeStep(kind: .autolyse, minMinutes: 30, idealMinutes: 60, maxMinutes: 180, handsOnMinutes: 5, scaled: false, extraPoints: []),
        RecipeStep(kind: .mix, minMinutes: 15, idealMinutes: 15, maxMinutes: 15, handsOnMinutes: 15, scaled: false, extraPoints: []),
        RecipeStep(kind: .bulk, minMinutes: 300, idealMinutes: 300, maxMinutes: 300, handsOnMinutes: 0, scaled: true, extraPoints: folds),
        RecipeStep(kind: .preshape, minMinutes: 5, idealMinutes: 5, maxMinutes: 5, handsOnMinutes: 5, scaled: false, extraPoints: []),
        RecipeStep(kind: .benchRest, minMinutes: 30, idealMinutes: 30, maxMinutes: 60, handsOnMinutes: 0, scaled: false, extraPoints: []),
        RecipeStep(kind: .shape, minMinutes: 15, idealMinutes: 15, maxMinutes: 15, handsOnMinutes: 15, scaled: false, extraPoints: []),
        RecipeStep(kind: .coldProof, minMinutes: 480, idealMinutes: 720, maxMinutes: 1440, handsOnMinutes: 0, scaled: false, extraPoints: []),
        RecipeStep(kind: .bake, minMinutes: 20, idealMinutes: 20, maxMinutes: 20, handsOnMinutes: 5, scaled: false, extraPoints: []),
        RecipeStep(kind: .lidOff, minMinutes: 25, idealMinutes: 25, maxMinutes: 25, handsOnMinutes: 0, scaled: false, extraPoints: []),
        RecipeStep(kind: .cool, minMinutes: 60, idealMinutes: 120, maxMinutes: 150, handsOnMinutes: 0, scaled: false, extraPoints: []),
        RecipeStep(kind: .ready, minMinutes: 0, idealMinutes: 0, maxMinutes: 0, handsOnMinutes: 0, scaled: false, extraPoints: []),
    ]
}

/// One layout of a step: a length, plus a feed ratio (levain) or a preheat length (bake).
public struct Variant: Hashable, Sendable {
    public let kind: StepKind
    public let durationMinutes: Int
    public let idealMinutes: Int
    public let costUnits: Int
    /// Action points as offsets from the step's start (the start itself first).
    public let points: [Int]
    public let handsOnMinutes: Int
    public let ratio: String?
    public let preheatMinutes: Int?

    /// The label of point `i` (start, fold, preheat).
    public func pointLabel(_ i: Int) -> String {
        if i == 0 { return kind.label }
        return kind == .bake ? "preheat" : "fold"
    }
}

/// What the planner needs to know to lay out the recipe.
public struct PlanInputs: Hashable, Sendable {
    public var temperatureC: Double
    public var correction: Double
    public var starterRipe: Bool
    public var coldProofMaxMinutes: Int
    /// The cold-proof lattice step (15 by the wide-window rule; 5 only for the counterfactual).
    public var coldProofStepMinutes: Int
    /// False only under the `noTemperatureClamp` fault.
    public var clampTemperature: Bool
}

/// Expands the recipe into its variants, step by step.
public enum VariantBuilder {
    public static func build(_ p: PlanInputs) -> [[Variant]] {
        let f = Fermentation.temperatureFactor(p.temperatureC, clamp: p.clampTemperature).factor * p.correction
        var out: [[Variant]] = []
        for step in CountryLoaf.steps {
            if step.kind == .levain && p.starterRipe { continue }
            var vs: [Variant] = []
            switch step.kind {
            case .levain:
                for r in CountryLoaf.ratios {
                    let peak = Fermentation.roundToGrid(Double(r.peak24) * f)
                    let lo = Fermentation.roundToGrid(Double(r.min24) * f), hi = Fermentation.roundToGrid(Double(r.max24) * f)
                    for d in Fermentation.lattice(min: lo, ideal: peak, max: hi) {
                        let cost = step.kind.unitsPerMinute * abs(d - peak) + (r.name == CountryLoaf.defaultRatio ? 0 : Fermentation.feedRatioSwitchUnits)
                        vs.append(Variant(kind: .levain, durationMinutes: d, idealMinutes: peak, costUnits: cost, points: [0],
                                          handsOnMinutes: step.handsOnMinutes, ratio: r.name, preheatMinutes: nil))
                    }
                }
            case .bake:
                for pre in stride(from: CountryLoaf.preheat.min, through: CountryLoaf.preheat.max, by: Fermentation.gridMinutes) {
                    vs.append(Variant(kind: .bake, durationMinutes: step.idealMinutes, idealMinutes: step.idealMinutes,
                                      costUnits: Fermentation.preheatUnitsPerMinute * abs(pre - CountryLoaf.preheat.ideal),
                                      points: [0, -pre], handsOnMinutes: step.handsOnMinutes, ratio: nil, preheatMinutes: pre))
                }
            default:
                var lo = step.minMinutes, ideal = step.idealMinutes, hi = step.maxMinutes
                if step.scaled {
                    lo = Fermentation.roundToGrid(Double(lo) * f); ideal = Fermentation.roundToGrid(Double(ideal) * f)
                    hi = Fermentation.roundToGrid(Double(hi) * f)
                }
                var wide = Fermentation.wideLatticeMinutes
                if step.kind == .coldProof { hi = p.coldProofMaxMinutes; wide = p.coldProofStepMinutes }
                for d in Fermentation.lattice(min: lo, ideal: ideal, max: hi, wideStep: wide) {
                    vs.append(Variant(kind: step.kind, durationMinutes: d, idealMinutes: ideal,
                                      costUnits: step.kind.unitsPerMinute * abs(d - ideal), points: [0] + step.extraPoints,
                                      handsOnMinutes: step.handsOnMinutes, ratio: nil, preheatMinutes: nil))
                }
            }
            out.append(vs)
        }
        return out
    }
}
