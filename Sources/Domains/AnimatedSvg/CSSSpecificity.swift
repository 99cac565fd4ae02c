/// How strongly a selector binds (E1): ids, then classes, then types, compared in that order.
struct CSSSpecificity: Hashable, Sendable, Comparable {
    var ids: Int
    var classes: Int
    var types: Int

    static let zero = CSSSpecificity(ids: 0, classes: 0, types: 0)

    static func < (a: CSSSpecificity, b: CSSSpecificity) -> Bool {
        (a.ids, a.classes, a.types) < (b.ids, b.classes, b.types)
    }
}
