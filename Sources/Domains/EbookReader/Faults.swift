import LockstepCore

/// The article's failure modes and the note's derived D-list, each re-enabled by `set fault NAME`
/// and caught by a golden under `Golden/ebookReader/` by what the reader shows or what is stored.
public enum EbookReaderFault: String, DomainFault {
    case progressAsScrollOffset
    case booksInCaches
    case notExcludedFromBackup
    case tempFileNotMoved
    case previewNoTrim
    case relayoutEveryUpdate
    case saveEveryScroll
    case singleRangeOnly
    case countsInBackground
    case orphanedMarks
    case jumpIgnored
    case saveSnapsToLineStart
    case noSessionCap
    case previewInvalidSilent
    case bomKeptInText
    case unsafeBookID
    case exclusionFailureHidesBook

    public var summary: String {
        switch self {
        case .progressAsScrollOffset: "F1: progress saved as a scroll position: after a font change the same y is a different passage"
        case .booksInCaches: "F2: books downloaded to Caches: a storage purge deletes the book mid-read"
        case .notExcludedFromBackup: "F3: isExcludedFromBackup never set: every downloaded book goes into the iCloud backup"
        case .tempFileNotMoved: "F4: the temp file is moved after the handler returns: it is already gone, no book"
        case .previewNoTrim: "F5: no trailing-byte trim: a Range cut inside é makes the whole preview empty"
        case .relayoutEveryUpdate: "F6: the attributed text is rebuilt on every update: an unchanged settings update jumps back to the saved place"
        case .saveEveryScroll: "F7: progress written on every scroll event instead of at scroll end"
        case .singleRangeOnly: "F8: only the single-range edit-menu delegate: a bidi selection on iOS 26 highlights one range of two"
        case .countsInBackground: "F9: the reading clock keeps counting while the app is in the background"
        case .orphanedMarks: "F10: deleting a book leaves its highlights and bookmarks behind"
        case .jumpIgnored: "D1: a bookmark jump while the reader is open does nothing when settings are unchanged"
        case .saveSnapsToLineStart: "D2: a scroll end with no movement saves the top line's start, so the place steps back a line"
        case .noSessionCap: "D3/F9: no 30-minute session cap: a phone left open on the nightstand counts hours"
        case .previewInvalidSilent: "D4: a preview that is not UTF-8 shows an empty page with no notice"
        case .bomKeptInText: "D5: the full-text loader keeps the BOM: every stored offset is one unit off from the preview's"
        case .unsafeBookID: "D6: a book id with '/' or '..' reaches the file name unchecked"
        case .exclusionFailureHidesBook: "D7: a setResourceValues failure after the move leaves the book looking not downloaded"
        }
    }
}
