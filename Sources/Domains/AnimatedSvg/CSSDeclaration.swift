/// One `property: value` pair, syntax only: the caller validates values per property and adds its
/// own diagnostics, so nothing here knows which properties exist.
struct CSSDeclaration: Hashable, Sendable {
    /// The property name, ASCII-lowercased (CSS property names are case-insensitive).
    var name: String
    /// The value as written, trimmed, with `!important` removed.
    var value: String
    /// Whether `!important` was written; the subset treats it as a normal declaration (E1).
    var important: Bool
    /// The first character of the property name.
    var at: SvgLocation
}

extension CSSParseState {
    /// Parses the declaration list in `range` (a block's contents or a whole `style` attribute).
    /// Invalid declarations are dropped with `declaration`, as CSS requires (E1, W70).
    mutating func declarations(_ range: Range<Int>) -> [CSSDeclaration] {
        var result: [CSSDeclaration] = []
        var index = range.lowerBound
        let end = range.upperBound
        while index < end, !stopped {
            index = source.skipWhitespace(index, end: end)
            if index == end { break }
            if source[index] == ";" {
                index += 1
                continue
            }
            if source[index] == "@" {
                index = skipAtRule(index, end: end)
                continue
            }
            let stop = source.find([";"], from: index, end: end)
            if let declaration = declaration(index..<stop) {
                if declarationCount == CSSParseState.maxDeclarations {
                    self.stop(at: index, "more than CSSParseState.maxDeclarations (\(CSSParseState.maxDeclarations)) declarations")
                    break
                }
                declarationCount += 1
                result.append(declaration)
            }
            index = stop < end ? stop + 1 : end
        }
        return result
    }

    /// One declaration in `range` (starting at a non-space scalar, without the `;`), or nil after
    /// a `declaration` diagnostic at its first scalar.
    private mutating func declaration(_ range: Range<Int>) -> CSSDeclaration? {
        let start = range.lowerBound
        let nameEnd = source.nameEnd(start, end: range.upperBound)
        let colon = source.skipWhitespace(nameEnd, end: range.upperBound)
        guard nameEnd > start, colon < range.upperBound, source[colon] == ":" else {
            report(.reject, "declaration", at: start, "expected `property: value`")
            return nil
        }
        var valueRange = source.trimmed(colon + 1..<range.upperBound)
        let important = importantStart(valueRange)
        if let important { valueRange = source.trimmed(valueRange.lowerBound..<important) }
        let name = CSSSource.lowercased(source.text(start..<nameEnd))
        guard !valueRange.isEmpty else {
            report(.reject, "declaration", at: start, "empty value for \(name)")
            return nil
        }
        if important != nil {
            report(.ignore, "important", at: start, "!important on \(name) is treated as a normal declaration")
        }
        return CSSDeclaration(
            name: name, value: source.text(valueRange), important: important != nil, at: source.location(start))
    }

    /// Where a trailing `! important` (any case, optional spaces after `!`) begins in `range`.
    private func importantStart(_ range: Range<Int>) -> Int? {
        let keyword: [Unicode.Scalar] = ["i", "m", "p", "o", "r", "t", "a", "n", "t"]
        guard range.count > keyword.count else { return nil }
        let wordStart = range.upperBound - keyword.count
        for (offset, expected) in keyword.enumerated() {
            let scalar = source[wordStart + offset]
            let lower = scalar.value >= 0x41 && scalar.value <= 0x5A ? scalar.value + 0x20 : scalar.value
            if lower != expected.value { return nil }
        }
        var bang = wordStart - 1
        while bang >= range.lowerBound, CSSSource.isWhitespace(source[bang]) { bang -= 1 }
        guard bang >= range.lowerBound, source[bang] == "!" else { return nil }
        return bang
    }
}
