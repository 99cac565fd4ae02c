import LockstepCore

/// The article's `runGate`: every guide starts indexable; each pass renders every guide with the
/// current set, measures its `<main>` and keeps those with at least `minWords`; it stops when a
/// pass returns the set it was given (same size, every key in the old set), after at most
/// `maxPasses` passes.
struct Gate {
    struct Pass: Sendable {
        var counts: [Int]
        var next: [String]
    }

    struct Result: Sendable {
        var all: [String]
        /// The set the loop ended with, in `all` order.
        var indexable: [String]
        /// Counts of the last pass, in `all` order.
        var counts: [Int]
        var passes: [Pass]
        var converged: Bool
        /// Not converged: the keys the build blocks although the last pass kept them, because
        /// they changed status in the last two passes (empty when converged, or under
        /// `silentNonConvergence`).
        var flipping: [String]
    }

    var renderer: Renderer
    var minWords: Int
    var maxPasses: Int
    var wholePage = false
    var whitespaceCJK = false
    var singlePass = false
    var silentNonConvergence = false

    func run() -> Result {
        let guides = renderer.state.allGuides
        let all = guides.map(\.key)
        var indexable = Set(all)
        var passes: [Pass] = []
        var counts: [Int] = []
        var previous: Set<String>? = nil
        var converged = false
        let limit = singlePass ? 1 : maxPasses
        for _ in 0..<limit {
            var next = Set<String>()
            var nextOrdered: [String] = []
            counts = []
            for g in guides {
                let html = renderer.guidePage(g, indexable: indexable)
                let n = BodyWords.count(html, lang: g.lang, wholePage: wholePage, whitespaceCJK: whitespaceCJK)
                counts.append(n)
                if n >= minWords {
                    next.insert(g.key)
                    nextOrdered.append(g.key)
                }
            }
            passes.append(Pass(counts: counts, next: nextOrdered))
            let stable = next.count == indexable.count && next.allSatisfy { indexable.contains($0) }
            previous = indexable
            indexable = next
            if stable || singlePass {
                converged = true
                break
            }
        }
        var flipping: [String] = []
        if !converged, !silentNonConvergence, let before = previous {
            // GAP: a page whose status still changes between the last two passes is blocked, the
            // safe failure (noindex is recoverable; an indexable thin page is what the gate exists
            // to prevent). The warning says how many.
            flipping = all.filter { indexable.contains($0) && !before.contains($0) }
            for key in flipping { indexable.remove(key) }
        }
        return Result(all: all, indexable: all.filter { indexable.contains($0) }, counts: counts, passes: passes,
                      converged: converged, flipping: flipping)
    }
}
