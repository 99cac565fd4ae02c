/// Binary layout of the memory-mapped word index (item 8). All integers little-endian.
///
/// Header (20 bytes):
///   0  magic "KIBO" (4)      4  version u16 (= 1)   6  reserved u16 (ignored)
///   8  entryCount u32        12 stringsOffset u32   16 entriesOffset u32
/// Entry (12 bytes, at entriesOffset + i·12):
///   0  wordOffset u32 (relative to stringsOffset)   4 wordLength u16
///   6  frequency u32                                10 flags u16 (carried, unused by ranking)
/// Entries are sorted strictly ascending by word UTF-8 bytes (so a prefix is a
/// contiguous range); strings are raw UTF-8 with no terminator and may be shared.
enum WordIndexFormat {
    static let magic: [UInt8] = [0x4B, 0x49, 0x42, 0x4F]  // "KIBO"
    static let version: UInt16 = 1
    static let headerBytes = 20
    static let entryBytes = 12

    static let versionOffset = 4
    static let entryCountOffset = 8
    static let stringsOffsetOffset = 12
    static let entriesOffsetOffset = 16

    static let entryWordOffset = 0
    static let entryWordLength = 4
    static let entryFrequency = 6
    static let entryFlags = 10

    /// Bounds validation work and the hot path's ranking scan.
    static let maxEntries = 1_000_000
    /// Bounds per-comparison cost (validation sorts check, query probes).
    static let maxWordBytes = 255
}

/// Why a file was refused; any reason means "no suggestions", never a crash.
enum WordIndexError: Error, Equatable, Sendable {
    case empty
    case shortHeader(minimumBytes: Int)
    case badMagic
    case badVersion(found: UInt16)
    case tooManyEntries(limit: Int)
    case entriesOutOfRange
    case stringOutOfRange(entryIndex: Int)
    case wordTooLong(entryIndex: Int, limit: Int)
    /// Entry `entryIndex` is not strictly greater than its predecessor (duplicates refused).
    case unsorted(entryIndex: Int)
}
