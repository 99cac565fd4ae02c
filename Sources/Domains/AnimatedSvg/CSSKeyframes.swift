/// One `@keyframes NAME { ... }` rule. All of them are kept in source order; the caller picks the
/// last one with a given name (E2), so redefinitions stay visible to it.
struct CSSKeyframes: Hashable, Sendable {
    var name: String
    /// The `@` of the rule.
    var at: SvgLocation
    /// The valid keyframe blocks in source order, duplicates included: E5 lets the later of two
    /// keyframes at one offset win per property, which only the caller's tracks can decide.
    var blocks: [CSSKeyframeBlock]
}

/// One `from, 50% { ... }` block of a `@keyframes` rule.
struct CSSKeyframeBlock: Hashable, Sendable {
    /// The selector list as fractions in 0...1 (`from` = 0, `to` = 1, `12.5%` = 0.125), as written.
    var offsets: [Double]
    /// Includes `animation-timing-function`, which the caller interprets (E5).
    var declarations: [CSSDeclaration]
    /// The first character of the selector list.
    var at: SvgLocation
}

extension CSSParseState {
    /// Parses the `@keyframes` whose `@` is at `index` (its keyword ends at `keywordEnd`) and
    /// returns it (nil after an `atRule` diagnostic if it has no valid name or no block) and the
    /// index after it.
    mutating func keyframes(_ index: Int, keywordEnd: Int, end: Int) -> (CSSKeyframes?, next: Int) {
        let stop = source.find([";", "{"], from: keywordEnd, end: end)
        guard stop < end, source[stop] == "{" else {
            report(.reject, "atRule", at: index, "@keyframes without a block")
            return (nil, stop < end ? stop + 1 : end)
        }
        let (contents, next) = block(stop, end: end)
        guard let name = keyframesName(source.trimmed(keywordEnd..<stop)) else {
            report(.reject, "atRule", at: index, "@keyframes without a valid name")
            return (nil, next)
        }
        var result = CSSKeyframes(name: name, at: source.location(index), blocks: [])
        var cursor = contents.lowerBound
        while !stopped {
            cursor = source.skipWhitespace(cursor, end: contents.upperBound)
            if cursor == contents.upperBound { break }
            if source[cursor] == ";" {
                cursor += 1
                continue
            }
            if source[cursor] == "@" {
                cursor = skipAtRule(cursor, end: contents.upperBound)
                continue
            }
            let open = source.find(["{"], from: cursor, end: contents.upperBound)
            guard open < contents.upperBound else {
                report(.reject, "selector", at: cursor, "keyframe selector without a block")
                break
            }
            let (declarationRange, after) = block(open, end: contents.upperBound)
            if result.blocks.count == CSSParseState.maxKeyframeBlocks {
                report(.reject, "limit", at: cursor,
                       "more than CSSParseState.maxKeyframeBlocks (\(CSSParseState.maxKeyframeBlocks)) keyframe blocks; the rest of @keyframes \(name) is ignored")
                break
            }
            if let offsets = keyframeOffsets(source.trimmed(cursor..<open)) {
                let declarations = declarations(declarationRange)
                result.blocks.append(
                    CSSKeyframeBlock(offsets: offsets, declarations: declarations, at: source.location(cursor)))
            }
            cursor = after
        }
        return (result, next)
    }

    /// A keyframes name: one identifier, or a quoted string (without escapes).
    private func keyframesName(_ range: Range<Int>) -> String? {
        guard !range.isEmpty else { return nil }
        let first = source[range.lowerBound]
        if first == "\"" || first == "'" {
            let (stringEnd, closed) = source.skipString(range.lowerBound)
            guard closed, stringEnd == range.upperBound, range.count > 2 else { return nil }
            return source.text(range.lowerBound + 1..<range.upperBound - 1)
        }
        guard source.nameEnd(range.lowerBound, end: range.upperBound) == range.upperBound else { return nil }
        let name = source.text(range)
        return CSSSource.lowercased(name) == "none" ? nil : name
    }

    /// The offsets of a keyframe selector list, or nil after one `selector` diagnostic at the
    /// first selector that is not `from`, `to` or a percentage in 0–100% (E5).
    private mutating func keyframeOffsets(_ range: Range<Int>) -> [Double]? {
        var offsets: [Double] = []
        var index = range.lowerBound
        while true {
            let comma = source.find([","], from: index, end: range.upperBound)
            let piece = source.trimmed(index..<comma)
            guard let offset = keyframeOffset(piece) else {
                let at = !piece.isEmpty ? piece.lowerBound
                    : comma < range.upperBound ? comma : max(index - 1, range.lowerBound)
                report(.reject, "selector", at: at,
                       "keyframe selector `\(source.excerpt(piece))` is not from, to or a percentage in 0-100%")
                return nil
            }
            offsets.append(offset)
            if comma == range.upperBound { return offsets }
            index = comma + 1
        }
    }

    private func keyframeOffset(_ range: Range<Int>) -> Double? {
        let word = CSSSource.lowercased(source.text(range))
        if word == "from" { return 0 }
        if word == "to" { return 1 }
        guard let percent = CSSParseState.percentage(Array(word.unicodeScalars)) else { return nil }
        guard percent >= 0, percent <= 100 else { return nil }
        return percent / 100 + 0.0
    }

    /// A CSS percentage (`12.5%`, `+1e1%`) as its number, read by hand so the grammar is exactly
    /// CSS's and not whatever `Double(String)` also accepts (`inf`, hex floats).
    static func percentage(_ scalars: [Unicode.Scalar]) -> Double? {
        guard scalars.last == "%" else { return nil }
        let body = scalars.dropLast()
        var index = body.startIndex
        var text = ""
        if index < body.endIndex, body[index] == "+" || body[index] == "-" {
            text.unicodeScalars.append(body[index])
            index += 1
        }
        var digits = 0
        text += "0"
        while index < body.endIndex, body[index].value >= 0x30, body[index].value <= 0x39 {
            text.unicodeScalars.append(body[index])
            index += 1
            digits += 1
        }
        if index < body.endIndex, body[index] == "." {
            text += "."
            index += 1
            var fraction = 0
            while index < body.endIndex, body[index].value >= 0x30, body[index].value <= 0x39 {
                text.unicodeScalars.append(body[index])
                index += 1
                fraction += 1
            }
            guard fraction > 0 else { return nil }
            digits += fraction
        }
        guard digits > 0 else { return nil }
        if index < body.endIndex, body[index] == "e" || body[index] == "E" {
            text += "e"
            index += 1
            if index < body.endIndex, body[index] == "+" || body[index] == "-" {
                text.unicodeScalars.append(body[index])
                index += 1
            }
            var exponent = 0
            while index < body.endIndex, body[index].value >= 0x30, body[index].value <= 0x39 {
                text.unicodeScalars.append(body[index])
                index += 1
                exponent += 1
            }
            guard exponent > 0 else { return nil }
        }
        guard index == body.endIndex else { return nil }
        return Double(text)
    }
}
