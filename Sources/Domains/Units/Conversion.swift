import LockstepCore
import Platform

/// A → base → B with the faults that re-enable the article's bugs; the only place a value is
/// converted, so the screen, history, challenge and round-trip report agree.
enum Conversion {
    /// The converter a unit has in this run: the registry's, or the faulty one.
    static func converter(_ unit: UnitDef, _ world: World<Units>) -> Converter {
        if world.isOn(.foundationFactors) {
            switch unit.id {
            case "mi": return .linear(coefficient: 1609.34, constant: 0)
            case "lb": return .linear(coefficient: 0.453592, constant: 0)
            case "F": return .linear(coefficient: 0.55555555555556, constant: 255.37222222222428)
            case "mpg": return .reciprocal(k: 235.215)
            default: break
            }
        }
        if world.isOn(.factorUpsideDown), unit.id == "mi", case .linear(let c, let k) = unit.converter {
            return .linear(coefficient: 1 / c, constant: k)
        }
        if world.isOn(.temperatureNoOffset), unit.dimensionID == "temperature", case .linear(let c, _) = unit.converter {
            return .linear(coefficient: c, constant: 0)
        }
        return unit.converter
    }

    struct Result {
        var value: Double
        var base: Double
        /// ∞ from a reciprocal's zero guard: the one defined infinity.
        var guardedInfinity: Bool
    }

    static func convert(_ v: Double, from: UnitDef, to: UnitDef, mode: TemperatureMode, _ world: World<Units>) -> Result {
        let a = converter(from, world), b = converter(to, world)
        if from.dimensionID == "temperature", mode == .difference, !world.isOn(.temperatureDeltaAsPoint) {
            let r = v * a.differenceCoefficient / b.differenceCoefficient
            return Result(value: r, base: v * a.differenceCoefficient, guardedInfinity: false)
        }
        if world.isOn(.foundationFuelBug), from.id == "L/100km", to.id == "mpg" {
            // swift-corelibs-foundation multiplies where it should divide: 10 → 2352.15.
            return Result(value: v * 235.215, base: v, guardedInfinity: false)
        }
        let base = a.toBase(v)
        var guarded = a.isReciprocal && v == 0
        let value = b.fromBase(base)
        if b.isReciprocal && base == 0 { guarded = true }
        return Result(value: value, base: base, guardedInfinity: guarded)
    }
}
