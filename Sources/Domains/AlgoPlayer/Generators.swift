import LockstepCore

/// Sample inputs from the seeded RNG (the app's "shuffle" button): one `load` of `count` values
/// drawn uniformly from 0...max, each draw one `int(in:)`.
public enum AlgoPlayerGenerators {
    public static let all: [Generator<AlgoPlayerEvent>] = [
        Generator("randomArray", "one load of count random values in 0...max (sorted first for binarySearch)", parameters: { f throws(ScenarioError) in
            let algorithm = try f("algorithm", .choice(Algorithm.self), "a sort or binarySearch")
            let count = try f("count", .int, in: 0...AlgoPlayer.maxElements, "how many values")
            let maxValue = try f("max", .int, default: 99, in: 0...1_000_000, "the largest value")
            let target = try f.optional("target", .int, in: 0...1_000_000, "binarySearch: the value to find")
            if !f.isDeclaring, algorithm.isGraph { throw f.error("randomArray makes arrays, not graphs", at: "algorithm") }
            if !f.isDeclaring, (algorithm == .binarySearch) != (target != nil) {
                throw f.error("target= goes with binarySearch, and only with it", atAnyOf: ["algorithm", "target"])
            }
            return (algorithm: algorithm, count: count, max: maxValue, target: target)
        }, expand: { p, context throws(ScenarioError) in
            var values = (0..<p.count).map { _ in context.rng.int(in: 0...p.max) }
            if p.algorithm == .binarySearch { values.sort() }
            return [Generated(.zero, .load(LoadRequest(p.algorithm, values: values, target: p.target)))]
        }),
    ]
}
