/// Converts between UTF-16 code unit offsets and characters of a `String`.
///
/// UIKit, `NSRange`, `AVSpeechSynthesizer`'s `willSpeakRange` and JavaScript all count text in
/// UTF-16 code units; Swift counts `Character`s (grapheme clusters). An app that stores reading
/// progress or a highlight as a UTF-16 offset has to turn it back into a character, and an offset
/// can fall where no character starts: between the two halves of a surrogate pair (`😀` is two
/// units) or inside a cluster (`e` + U+0301 is two units, one character). `String.Index(utf16Offset:in:)`
/// accepts such an offset and gives an index that is not the start of any character.
///
/// The rule here, stated once: an offset inside a character snaps **backward to the start of that
/// character**, and the result says it snapped. Backward, because a highlight or a resume position
/// should never skip text the user has not seen. An offset outside `0...text.utf16.count` is nil.
///
/// Grapheme clusters follow the Swift toolchain's Unicode tables (pinned by the toolchain the
/// project builds with), as every `Character` does. Walks the text from its start: O(n) in its length.
public enum UTF16Offsets {
    /// Where a UTF-16 offset lands, after snapping.
    public struct Position: Sendable, Hashable {
        /// The number of characters before it: `0...text.count`, `text.count` for the end.
        public var character: Int
        /// The start of that character (`text.endIndex` for the end).
        public var index: String.Index
        /// The UTF-16 offset of that start: the asked offset, or less when it snapped.
        public var utf16Offset: Int
        /// True when the asked offset was inside a character (a surrogate pair or a cluster).
        public var snapped: Bool
    }

    /// The character at UTF-16 offset `utf16Offset` of `text`, snapping an offset inside a
    /// character back to its start; nil when the offset is negative or past `text.utf16.count`.
    /// In `a😀b`, offsets 0, 1, 3 are characters 0, 1, 2 and 2 snaps to 1; 4 is the end.
    public static func position(ofUTF16Offset utf16Offset: Int, in text: String) -> Position? {
        guard utf16Offset >= 0 else { return nil }
        var start = 0
        var character = 0
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            let end = start + text.utf16.distance(from: index, to: next)
            if utf16Offset < end {
                return Position(character: character, index: index, utf16Offset: start, snapped: utf16Offset != start)
            }
            start = end
            character += 1
            index = next
        }
        return utf16Offset == start ? Position(character: character, index: index, utf16Offset: start, snapped: false) : nil
    }

    /// The UTF-16 offset at which character number `character` of `text` starts (`text.utf16.count`
    /// for `text.count`, the end); nil outside `0...text.count`.
    public static func utf16Offset(ofCharacter character: Int, in text: String) -> Int? {
        guard character >= 0, let index = text.index(text.startIndex, offsetBy: character, limitedBy: text.endIndex) else {
            return nil
        }
        return text.utf16.distance(from: text.startIndex, to: index)
    }

    /// The UTF-16 offset of `index`, an index of `text` (for a character's start, as `position`
    /// returns, the inverse of `position(ofUTF16Offset:in:)`).
    public static func utf16Offset(of index: String.Index, in text: String) -> Int {
        text.utf16.distance(from: text.startIndex, to: index)
    }
}
