/// One style rule that survived selector checking: its comma list, its declarations, and where it
/// stands in source order, which breaks specificity ties in the cascade (E1).
struct CSSRule: Hashable, Sendable {
    var selectors: [CSSCompoundSelector]
    var declarations: [CSSDeclaration]
    /// Source order of the rule (counting from the `firstRuleOrder` given to the parser, over
    /// every qualified rule, kept or not), so sheets from several `<style>` elements can share one order.
    var order: Int
}
