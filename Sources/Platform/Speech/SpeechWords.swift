/// A word's place in an utterance, in UTF-16 code units (what `willSpeakRangeOfSpeechString` reports).
public struct SpeechRange: Hashable, Sendable, Comparable {
    public let location: Int
    public let length: Int
    public init(location: Int, length: Int) { self.location = location; self.length = length }
    public static func < (a: SpeechRange, b: SpeechRange) -> Bool { (a.location, a.length) < (b.location, b.length) }
}

/// Splits an utterance into the words the simulated synthesizer speaks, one slot each.
///
/// A word is a run of non-whitespace that contains at least one letter or number; its range is the
/// run with leading and trailing characters that are neither letters, numbers nor combining marks
/// trimmed (GAP: marks are kept so a decomposed "café" keeps its accent). `name's` is one word, a
/// lone `—` is none. Offsets are UTF-16 units, so `📖` counts 2.
public enum SpeechWords {
    public static func ranges(_ text: String) -> [SpeechRange] {
        var out: [SpeechRange] = []
        var offset = 0
        // The current run: first and one-past-last kept offsets, and whether it had a letter/number.
        var runFirstKept: Int?
        var runEndKept = 0
        var runHasWordChar = false
        func close() {
            if runHasWordChar, let first = runFirstKept { out.append(SpeechRange(location: first, length: runEndKept - first)) }
            runFirstKept = nil
            runHasWordChar = false
        }
        for scalar in text.unicodeScalars {
            let width = scalar.utf16.count
            if scalar.properties.isWhitespace {
                close()
            } else {
                let wordChar = isLetterOrNumber(scalar)
                let mark = isMark(scalar)
                if wordChar { runHasWordChar = true }
                if wordChar || (mark && runFirstKept != nil) {
                    if runFirstKept == nil { runFirstKept = offset }
                    runEndKept = offset + width
                }
            }
            offset += width
        }
        close()
        return out
    }

    static func isLetterOrNumber(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber: true
        default: false
        }
    }

    static func isMark(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
