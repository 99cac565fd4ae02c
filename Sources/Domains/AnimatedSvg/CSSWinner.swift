/// Where a winning declaration came from, highest precedence first (E1).
enum CSSWinnerSource: Hashable, Sendable {
    case styleAttribute
    /// A stylesheet rule, by its `CSSRule.order`.
    case rule(Int)
    case presentation
}

/// The value one property takes on one element after the cascade.
struct CSSWinner: Hashable, Sendable {
    /// The property (or presentation attribute) name.
    var property: String
    var value: String
    var source: CSSWinnerSource
    /// The property name in the `style` attribute or rule, or the attribute's name.
    var at: SvgLocation
}
