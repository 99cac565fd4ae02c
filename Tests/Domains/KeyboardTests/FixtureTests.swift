import Foundation
import Testing
@testable import Keyboard

/// The word-index fixtures under `Scenarios/keyboard/index/` are built by `WordIndexBuilder` here.
/// `KEYBOARD_WRITE_FIXTURES=1 swift test --filter KeyboardTests` (re)writes them; otherwise the
/// committed bytes must equal what the builder makes.
enum KeyboardFixtures {
    static let smallWords: [(word: String, frequency: UInt32)] = [
        ("the", 500), ("then", 120), ("there", 300), ("they", 300), ("this", 250), ("theory", 90), ("apple", 10),
        ("hello", 200), ("help", 150), ("held", 40), ("world", 80), ("word", 60), ("work", 70),
    ]

    /// 2,000 four-letter words from `saaa` on, plus a few others: typing `s` ranges over 2,000 entries.
    static var largeWords: [(word: String, frequency: UInt32)] {
        let a = Array("abcdefghijklmnopqrstuvwxyz")
        var out: [(word: String, frequency: UInt32)] = []
        var i = 0
        outer: for x in a { for y in a { for z in a {
            if i == 2_000 { break outer }
            out.append(("s" + String(x) + String(y) + String(z), UInt32((i * 7_919) % 1_000 + 1)))
            i += 1
        } } }
        return out + [("the", 500), ("apple", 10)]
    }

    static func files() throws -> [(name: String, bytes: [UInt8])] {
        let small = try WordIndexBuilder.build(smallWords)
        var foreign = small
        foreign.replaceSubrange(0..<4, with: Array("RIFF".utf8))
        var badOffsets = small
        // stringsOffset (header bytes 12...15) past the end of the file.
        let past = UInt32(small.count + 100)
        for k in 0..<4 { badOffsets[12 + k] = UInt8(truncatingIfNeeded: past >> UInt32(8 * k)) }
        return [
            ("small.kidx", small),
            ("large.kidx", try WordIndexBuilder.build(largeWords)),
            ("truncated.kidx", Array(small[0..<40])),
            ("short.kidx", Array(small[0..<12])),
            ("foreign.kidx", foreign),
            ("badOffsets.kidx", badOffsets),
            ("empty.kidx", []),
        ]
    }

    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenarios/keyboard/index")
    }
}

@Test func wordIndexFixturesAreTheBuildersBytes() throws {
    let write = ProcessInfo.processInfo.environment["KEYBOARD_WRITE_FIXTURES"] == "1"
    for (name, bytes) in try KeyboardFixtures.files() {
        let url = KeyboardFixtures.folder.appendingPathComponent(name)
        if write { try Data(bytes).write(to: url) }
        let committed = try [UInt8](Data(contentsOf: url))
        #expect(committed == bytes, "\(name) differs from WordIndexBuilder's output")
    }
}

@Test func fixtureRefusalsAreTheDocumentedReasons() throws {
    let files = Dictionary(uniqueKeysWithValues: try KeyboardFixtures.files().map { ($0.name, $0.bytes) })
    func reason(_ name: String) -> WordIndexError? {
        do { _ = try WordIndex(bytes: files[name] ?? []); return nil } catch { return error }
    }
    #expect(reason("small.kidx") == nil && reason("large.kidx") == nil)
    #expect(reason("empty.kidx") == .empty)
    #expect(reason("short.kidx") == .shortHeader(minimumBytes: 20))
    #expect(reason("foreign.kidx") == .badMagic)
    #expect(reason("truncated.kidx") == .entriesOutOfRange)
    #expect(reason("badOffsets.kidx") == .stringOutOfRange(entryIndex: 0))
}
