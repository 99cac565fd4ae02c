/// A canonical verse id: book·10⁶ + chapter·10³ + verse, books 1...66 in canonical order. The id
/// names a position, not a wording, so it is the same in every translation, app version and device.
public struct VerseRef: Hashable, Comparable, Sendable {
    public let book: Int
    public let chapter: Int
    public let verse: Int

    public static let bookRange = 1...66
    public static let chapterRange = 1...999
    /// Verse 0 is a chapter's anchor (a chapter note, the chapter query's start); real verses are 1...999.
    public static let verseRange = 0...999

    public init?(book: Int, chapter: Int, verse: Int) {
        guard VerseRef.bookRange.contains(book), VerseRef.chapterRange.contains(chapter), VerseRef.verseRange.contains(verse) else { return nil }
        self.book = book
        self.chapter = chapter
        self.verse = verse
    }

    public init?(id: Int64) {
        guard id >= 1_001_000, id <= 66_999_999 else { return nil }
        self.init(book: Int(id / 1_000_000), chapter: Int((id / 1_000) % 1_000), verse: Int(id % 1_000))
    }

    public var id: Int64 { Int64(book) * 1_000_000 + Int64(chapter) * 1_000 + Int64(verse) }

    public static func < (a: VerseRef, b: VerseRef) -> Bool { a.id < b.id }

    /// "John 3:16".
    public var reference: String { "\(BibleBooks.names[book - 1]) \(chapter):\(verse)" }
}

/// The 66 books in canonical (Protestant) order.
public enum BibleBooks {
    public static let names = [
        "Genesis", "Exodus", "Leviticus", "Numbers", "Deuteronomy", "Joshua", "Judges", "Ruth", "1 Samuel", "2 Samuel",
        "1 Kings", "2 Kings", "1 Chronicles", "2 Chronicles", "Ezra", "Nehemiah", "Esther", "Job", "Psalms", "Proverbs",
        "Ecclesiastes", "Song of Solomon", "Isaiah", "Jeremiah", "Lamentations", "Ezekiel", "Daniel", "Hosea", "Joel", "Amos",
        "Obadiah", "Jonah", "Micah", "Nahum", "Habakkuk", "Zephaniah", "Haggai", "Zechariah", "Malachi", "Matthew",
        "Mark", "Luke", "John", "Acts", "Romans", "1 Corinthians", "2 Corinthians", "Galatians", "Ephesians", "Philippians",
        "Colossians", "1 Thessalonians", "2 Thessalonians", "1 Timothy", "2 Timothy", "Titus", "Philemon", "Hebrews", "James", "1 Peter",
        "2 Peter", "1 John", "2 John", "3 John", "Jude", "Revelation",
    ]
}
