/// The cascade of E1 for one element. Only the element's own name, id and classes matter, because
/// the subset has no combinators; inheritance is the caller's business.
enum CSSCascade {
    /// The winning declaration per property: the `style` attribute first; then rules by
    /// specificity (ids, classes, types), ties to the later rule and, within a rule, to the later
    /// declaration; then presentation attributes. `!important` counts as normal. `rules` may come
    /// in any order (their `order` decides ties). The result is sorted by property name.
    static func winners(
        rules: [CSSRule], name: String, id: String?, classes: [String],
        presentation: [XMLAttribute], style: [CSSDeclaration]
    ) -> [CSSWinner] {
        var winners: [CSSWinner] = []
        var ranks: [Rank] = []
        /// Lookup only (never iterated), so the result does not depend on hashing order.
        var slot: [String: Int] = [:]

        func offer(_ winner: CSSWinner, _ rank: Rank) {
            if let existing = slot[winner.property] {
                if ranks[existing] <= rank {
                    winners[existing] = winner
                    ranks[existing] = rank
                }
            } else {
                slot[winner.property] = winners.count
                winners.append(winner)
                ranks.append(rank)
            }
        }

        for (position, attribute) in presentation.enumerated() {
            offer(CSSWinner(property: attribute.name, value: attribute.value, source: .presentation, at: attribute.at),
                  Rank(tier: 0, specificity: .zero, order: 0, position: position))
        }
        for rule in rules {
            var best: CSSSpecificity? = nil
            for selector in rule.selectors where selector.matches(name: name, id: id, classes: classes) {
                let specificity = selector.specificity
                if best.map({ $0 < specificity }) ?? true { best = specificity }
            }
            guard let specificity = best else { continue }
            for (position, declaration) in rule.declarations.enumerated() {
                offer(CSSWinner(property: declaration.name, value: declaration.value,
                                source: .rule(rule.order), at: declaration.at),
                      Rank(tier: 1, specificity: specificity, order: rule.order, position: position))
            }
        }
        for (position, declaration) in style.enumerated() {
            offer(CSSWinner(property: declaration.name, value: declaration.value, source: .styleAttribute,
                            at: declaration.at),
                  Rank(tier: 2, specificity: .zero, order: 0, position: position))
        }
        return winners.sorted { $0.property < $1.property }
    }

    /// Precedence of one candidate; a later candidate with an equal rank wins, matching CSS's
    /// "last declaration wins" for the same origin and specificity.
    private struct Rank: Comparable {
        var tier: Int
        var specificity: CSSSpecificity
        var order: Int
        var position: Int

        static func < (a: Rank, b: Rank) -> Bool {
            if a.tier != b.tier { return a.tier < b.tier }
            if a.specificity != b.specificity { return a.specificity < b.specificity }
            if a.order != b.order { return a.order < b.order }
            return a.position < b.position
        }
    }
}
