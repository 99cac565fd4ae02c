/// Builds valid word-index files from (word, frequency) pairs for tests and fixtures.
///
/// WHY: scenario fixtures need byte-exact, deterministic files; sorting by UTF-8 bytes
/// here is the same order `WordIndex` verifies.
enum WordIndexBuilder {
    static func build(_ words: [(word: String, frequency: UInt32)], flags: UInt16 = 0)
        throws(WordIndexBuildError) -> [UInt8]
    {
        typealias F = WordIndexFormat
        guard words.count <= F.maxEntries else { throw .tooManyEntries(limit: F.maxEntries) }
        var items: [(bytes: [UInt8], frequency: UInt32)] = []
        items.reserveCapacity(words.count)
        for w in words {
            let b = Array(w.word.utf8)
            guard !b.isEmpty else { throw .emptyWord }
            guard b.count <= F.maxWordBytes else { throw .wordTooLong(limit: F.maxWordBytes) }
            items.append((b, w.frequency))
        }
        items.sort { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        for i in items.indices.dropFirst() where items[i].bytes == items[i - 1].bytes {
            throw .duplicateWord(String(decoding: items[i].bytes, as: UTF8.self))
        }
        let entriesOffset = F.headerBytes
        let stringsOffset = entriesOffset + items.count * F.entryBytes
        var out: [UInt8] = F.magic
        appendU16(&out, F.version)
        appendU16(&out, 0)
        appendU32(&out, UInt32(items.count))
        appendU32(&out, UInt32(stringsOffset))
        appendU32(&out, UInt32(entriesOffset))
        var wordOffset = 0
        for item in items {
            appendU32(&out, UInt32(wordOffset))
            appendU16(&out, UInt16(item.bytes.count))
            appendU32(&out, item.frequency)
            appendU16(&out, flags)
            wordOffset += item.bytes.count
        }
        for item in items { out.append(contentsOf: item.bytes) }
        return out
    }

    static func appendU16(_ out: inout [UInt8], _ v: UInt16) {
        out.append(UInt8(truncatingIfNeeded: v))
        out.append(UInt8(truncatingIfNeeded: v >> 8))
    }

    static func appendU32(_ out: inout [UInt8], _ v: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: v >> UInt32(shift))) }
    }
}

enum WordIndexBuildError: Error, Equatable, Sendable {
    case emptyWord
    case wordTooLong(limit: Int)
    case duplicateWord(String)
    case tooManyEntries(limit: Int)
}
