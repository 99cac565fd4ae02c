import Testing
@testable import Keyboard

private let words: [(word: String, frequency: UInt32)] = [
    ("the", 500), ("then", 120), ("there", 300), ("they", 300), ("this", 250), ("apple", 10), ("theory", 90),
]
private func valid() throws -> [UInt8] { try WordIndexBuilder.build(words) }
private func u32(_ b: inout [UInt8], _ at: Int, _ v: UInt32) {
    for k in 0..<4 { b[at + k] = UInt8(truncatingIfNeeded: v >> UInt32(8 * k)) }
}
private func reason(_ b: [UInt8]) -> WordIndexError? {
    do { _ = try WordIndex(bytes: b); return nil } catch { return error }
}

@Test func builderIsDeterministicAndSorted() throws {
    let a = try valid()
    let b = try WordIndexBuilder.build(words.reversed())
    #expect(a == b)
    #expect(Array(a[0..<4]) == Array("KIBO".utf8))
    let idx = try WordIndex(bytes: a)
    #expect(idx.entryCount == 7)
    #expect(idx.entry(at: 0) == WordIndexEntry(word: "apple", frequency: 10, flags: 0))
    #expect(idx.entry(at: 6)?.word == "this")
    #expect(idx.entry(at: 7) == nil && idx.entry(at: -1) == nil)
    #expect(a.count == 20 + 7 * 12 + words.reduce(0) { $0 + $1.word.utf8.count })
}

@Test func prefixRangeAndSuggestions() throws {
    let idx = try WordIndex(bytes: try valid())
    // apple, the, then, theory, there, they, this
    let r = idx.prefixRange("the")
    #expect(r.lowerBound == 1 && r.upperBound == 6)
    #expect(idx.suggestions("the") == ["the", "there", "they"])  // 300 tie → word order
    #expect(idx.suggestions("ther") == ["there"])
    #expect(idx.prefixRange("zz").count == 0)
    #expect(idx.suggestions("zz").isEmpty)
    #expect(idx.prefixRange("").count == 7)
    #expect(idx.suggestions("t") == ["the", "there", "they"])
    #expect(idx.suggestions("thez").isEmpty)
    let a = idx.prefixRange("a")
    #expect(a.lowerBound == 0 && a.upperBound == 1)
}

@Test func probesAreLogarithmic() throws {
    let many = (0..<1024).map { (word: "w\(1000 + $0)", frequency: UInt32($0)) }
    let idx = try WordIndex(bytes: try WordIndexBuilder.build(many))
    let r = idx.prefixRange("w1500")
    #expect(r.count == 1)
    #expect(r.probes <= 2 * 11)
    #expect(idx.suggestions("w15") == ["w1599", "w1598", "w1597"])
}

@Test func emptyFile() { #expect(reason([]) == .empty) }

@Test func shortHeader() throws {
    #expect(reason(Array(try valid()[0..<19])) == .shortHeader(minimumBytes: 20))
}

@Test func badMagic() throws {
    var b = try valid(); b[0] = 0x58
    #expect(reason(b) == .badMagic)
    #expect(reason(Array(repeating: 0, count: 64)) == .badMagic)
}

@Test func badVersion() throws {
    var b = try valid(); b[4] = 2
    #expect(reason(b) == .badVersion(found: 2))
}

@Test func tooManyEntries() throws {
    var b = try valid(); u32(&b, 8, UInt32(WordIndexFormat.maxEntries + 1))
    #expect(reason(b) == .tooManyEntries(limit: 1_000_000))
}

@Test func entriesOutOfRange() throws {
    var b = try valid(); u32(&b, 16, UInt32.max)
    #expect(reason(b) == .entriesOutOfRange)
    var c = try valid(); u32(&c, 16, 4)  // overlaps header
    #expect(reason(c) == .entriesOutOfRange)
    var d = try valid(); u32(&d, 8, 1000)
    #expect(reason(d) == .entriesOutOfRange)
}

@Test func stringOutOfRange() throws {
    var b = try valid(); u32(&b, 20 + 3 * 12, 0xFFFF_FF00)  // entry 3 wordOffset
    #expect(reason(b) == .stringOutOfRange(entryIndex: 3))
    var c = try valid(); u32(&c, 12, UInt32.max)
    #expect(reason(c) == .stringOutOfRange(entryIndex: 0))
}

@Test func wordTooLong() throws {
    var b = try valid(); b[20 + 4] = 0xFF; b[20 + 5] = 0x01  // entry 0 length 511
    #expect(reason(b) == .wordTooLong(entryIndex: 0, limit: 255))
}

@Test func unsortedAndDuplicate() throws {
    var b = try valid()
    // Point entry 2 at entry 0's string ("apple") → not greater than "the".
    for k in 0..<4 { b[20 + 2 * 12 + k] = b[20 + k] }
    b[20 + 2 * 12 + 4] = b[20 + 4]; b[20 + 2 * 12 + 5] = b[20 + 5]
    #expect(reason(b) == .unsorted(entryIndex: 2))
    var d = try valid()
    for k in 0..<6 { d[20 + 2 * 12 + k] = d[20 + 1 * 12 + k] }  // duplicate of "the"
    #expect(reason(d) == .unsorted(entryIndex: 2))
}

@Test func everyTruncationRefusedWithoutTrap() throws {
    let b = try valid()
    for n in 0..<b.count {
        let r = reason(Array(b[0..<n]))
        #expect(r != nil, "length \(n) accepted")
    }
    #expect(reason(b) == nil)
}

@Test func everySingleByteCorruptionNeverTraps() throws {
    let b = try valid()
    for i in 0..<b.count {
        for v: UInt8 in [0x00, 0x7F, 0xFF] {
            var c = b; c[i] = v
            if let idx = try? WordIndex(bytes: c) {
                _ = idx.suggestions("th"); _ = idx.suggestions(""); _ = idx.prefixRange("thereafter")
            }
        }
    }
}

@Test func zeroEntriesIsValidAndEmpty() throws {
    let idx = try WordIndex(bytes: try WordIndexBuilder.build([]))
    #expect(idx.entryCount == 0)
    #expect(idx.suggestions("a").isEmpty)
}

@Test func builderRefusesBadInput() {
    #expect(throws: WordIndexBuildError.duplicateWord("a")) { _ = try WordIndexBuilder.build([("a", 1), ("a", 2)]) }
    #expect(throws: WordIndexBuildError.emptyWord) { _ = try WordIndexBuilder.build([("", 1)]) }
    #expect(throws: WordIndexBuildError.wordTooLong(limit: 255)) {
        _ = try WordIndexBuilder.build([(String(repeating: "a", count: 256), 1)])
    }
}

@Test func utf8OrderIsByteOrder() throws {
    let idx = try WordIndex(bytes: try WordIndexBuilder.build([("é", 1), ("z", 2), ("e", 3)]))
    #expect(idx.entry(at: 0)?.word == "e")
    #expect(idx.entry(at: 1)?.word == "z")
    #expect(idx.entry(at: 2)?.word == "é")
    #expect(idx.suggestions("é") == ["é"])
}
