/// A parsed `<style>` text: the rules of the subset, every `@keyframes`, and the located
/// diagnostics for everything outside it (section K).
struct CSSStylesheet: Hashable, Sendable {
    var rules: [CSSRule]
    /// All `@keyframes` in source order; the caller picks the last one with a name (E2).
    var keyframes: [CSSKeyframes]
    var diagnostics: [Diagnostic]
}

/// Entry points of the CSS syntax layer. Syntax only: values are checked per property by the caller.
enum CSSParser {
    /// Parses a stylesheet whose first scalar is at `startingAt`. Never fails: anything it cannot
    /// use is skipped with a diagnostic, and open blocks are closed at the end, as CSS does.
    /// `firstRuleOrder` lets the caller number rules across several `<style>` elements.
    static func stylesheet(_ text: String, startingAt: SvgLocation, firstRuleOrder: Int = 0) -> CSSStylesheet {
        var state = CSSParseState(text, startingAt: startingAt)
        var rules: [CSSRule] = []
        var keyframes: [CSSKeyframes] = []
        var order = firstRuleOrder
        let end = state.source.count
        var index = 0
        while !state.stopped {
            index = state.source.skipWhitespace(index, end: end)
            if index == end { break }
            if let markupEnd = htmlCommentMarker(state.source, index) {
                index = markupEnd
                continue
            }
            if state.ruleCount == CSSParseState.maxRules {
                state.stop(at: index, "more than CSSParseState.maxRules (\(CSSParseState.maxRules)) rules")
                break
            }
            state.ruleCount += 1
            if state.source[index] == "@" {
                let keywordEnd = state.source.nameEnd(index + 1, end: end)
                let keyword = CSSSource.lowercased(state.source.text(index + 1..<keywordEnd))
                if keyword == "keyframes" {
                    let (parsed, next) = state.keyframes(index, keywordEnd: keywordEnd, end: end)
                    if let parsed { keyframes.append(parsed) }
                    index = next
                } else {
                    index = state.skipAtRule(index, end: end)
                }
                continue
            }
            let open = state.source.find(["{"], from: index, end: end)
            guard open < end else {
                state.report(.reject, "selector", at: index, "selector without a block at the end of input")
                break
            }
            let (contents, next) = state.block(open, end: end)
            if let selectors = state.selectors(index..<open) {
                let declarations = state.declarations(contents)
                rules.append(CSSRule(selectors: selectors, declarations: declarations, order: order))
            }
            order += 1
            index = next
        }
        return CSSStylesheet(rules: rules, keyframes: keyframes, diagnostics: state.diagnostics)
    }

    /// Parses the text of a `style` attribute whose first scalar is at `startingAt`.
    static func declarations(_ text: String, startingAt: SvgLocation) -> ([CSSDeclaration], [Diagnostic]) {
        var state = CSSParseState(text, startingAt: startingAt)
        let declarations = state.declarations(0..<state.source.count)
        return (declarations, state.diagnostics)
    }

    /// `<!--` and `-->` at the top level are skipped, as CSS does, so a `<style>` written with the
    /// old hiding trick still parses. Returns the index after the marker.
    private static func htmlCommentMarker(_ source: CSSSource, _ index: Int) -> Int? {
        for marker in [["<", "!", "-", "-"], ["-", "-", ">"]] as [[Unicode.Scalar]] {
            if index + marker.count <= source.count,
               marker.indices.allSatisfy({ source[index + $0] == marker[$0] }) {
                return index + marker.count
            }
        }
        return nil
    }
}
