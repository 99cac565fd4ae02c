/// One compound selector of the subset: an optional type (or `*`), then ids and classes, all of
/// which must hold at once (`rect.a#b`). Nothing else is supported (E1), so matching needs only
/// the element's own name, id and classes — never its ancestors or siblings.
struct CSSCompoundSelector: Hashable, Sendable {
    /// `"*"`, a type name as written (SVG names are case-sensitive), or nil when omitted.
    var type: String?
    var ids: [String]
    var classes: [String]
    /// The first character of the selector.
    var at: SvgLocation

    /// `*` counts nothing, as in CSS.
    var specificity: CSSSpecificity {
        let types = type == nil || type == "*" ? 0 : 1
        return CSSSpecificity(ids: ids.count, classes: classes.count, types: types)
    }

    func matches(name: String, id: String?, classes elementClasses: [String]) -> Bool {
        if let type, type != "*", type != name { return false }
        for wanted in ids where wanted != id { return false }
        for wanted in classes where !elementClasses.contains(wanted) { return false }
        return true
    }
}

extension CSSParseState {
    /// The comma list in `range`, or nil after one `selector` diagnostic at the first selector
    /// outside the subset: as in CSS, one bad selector invalidates the whole rule.
    mutating func selectors(_ range: Range<Int>) -> [CSSCompoundSelector]? {
        var result: [CSSCompoundSelector] = []
        var index = range.lowerBound
        while true {
            let comma = source.find([","], from: index, end: range.upperBound)
            let piece = source.trimmed(index..<comma)
            guard let selector = compound(piece) else {
                let at = !piece.isEmpty ? piece.lowerBound
                    : comma < range.upperBound ? comma : max(index - 1, range.lowerBound)
                let written = source.excerpt(piece)
                report(.reject, "selector", at: at,
                       piece.isEmpty ? "empty selector in a list" : "unsupported selector `\(written)`")
                return nil
            }
            result.append(selector)
            if comma == range.upperBound { return result }
            index = comma + 1
        }
    }

    /// One compound selector filling all of `range`, or nil if it is anything else
    /// (combinators, `[attr]`, `:pseudo`, `::pseudo`, namespaces, an empty text). Comments inside
    /// are dropped first: they separate nothing in a compound (`rect/**/.a` is `rect.a`).
    private func compound(_ range: Range<Int>) -> CSSCompoundSelector? {
        guard !range.isEmpty else { return nil }
        let scalars = range.filter { !source.blanked[$0] }.map { source[$0] }
        var selector = CSSCompoundSelector(type: nil, ids: [], classes: [], at: source.location(range.lowerBound))
        var index = 0
        let end = scalars.count

        func nameEnd(_ start: Int) -> Int {
            var index = start
            while index < end, CSSSource.isNameScalar(scalars[index]) { index += 1 }
            return index
        }
        func text(_ range: Range<Int>) -> String {
            var result = String.UnicodeScalarView()
            result.append(contentsOf: scalars[range])
            return String(result)
        }

        if scalars[index] == "*" {
            selector.type = "*"
            index += 1
        } else if CSSSource.isNameScalar(scalars[index]) {
            let typeEnd = nameEnd(index)
            selector.type = text(index..<typeEnd)
            index = typeEnd
        }
        while index < end {
            let marker = scalars[index]
            guard marker == "." || marker == "#" else { return nil }
            let partEnd = nameEnd(index + 1)
            guard partEnd > index + 1 else { return nil }
            let name = text(index + 1..<partEnd)
            if marker == "." { selector.classes.append(name) } else { selector.ids.append(name) }
            index = partEnd
        }
        return selector
    }
}
