import Foundation
@testable import Platform
import Testing

/// `UnicodeNormalization` and `SearchFolding` (issue #16) against Python's `unicodedata` for the
/// pinned Unicode version (`Resources/unicode-vectors.txt`, written by Scripts/unicode/generate.py),
/// and the known values the domains rely on. Results are compared as scalar values: `String ==` is
/// canonical equivalence, so it would call NFC and NFD equal.
@Suite struct UnicodeTextTests {
    /// One line of the vectors file: input, NFC, NFD and folded, as scalar values.
    struct Vector {
        let line: Int
        let input: [UInt32]
        let nfc: [UInt32]
        let nfd: [UInt32]
        let folded: [UInt32]
    }

    static let vectors: [Vector] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Resources/unicode-vectors.txt")
        guard let data = try? Data(contentsOf: url) else { return [] }
        var out: [Vector] = []
        for (n, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty && !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { field in
                field.split(separator: " ").map { UInt32($0, radix: 16)! }
            }
            precondition(fields.count == 4, "unicode-vectors.txt:\(n + 1): expected 4 fields")
            out.append(Vector(line: n + 1, input: fields[0], nfc: fields[1], nfd: fields[2], folded: fields[3]))
        }
        return out
    }()

    static func string(_ v: [UInt32]) -> String {
        var view = String.UnicodeScalarView()
        for x in v { view.append(Unicode.Scalar(x)!) }
        return String(view)
    }

    static func values(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }
    static func values(_ s: [Unicode.Scalar]) -> [UInt32] { s.map(\.value) }
    static func hex(_ v: [UInt32]) -> String { v.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ") }

    @Test func pinnedVersion() {
        #expect(UnicodeTables.version == "14.0.0")
    }

    @Test func vectorsMatchPython() {
        #expect(Self.vectors.count > 2500, "unicode-vectors.txt missing or short: \(Self.vectors.count) vectors")
        var failures: [String] = []
        for v in Self.vectors {
            let s = Self.string(v.input)
            let checks: [(String, [UInt32], [UInt32])] = [
                ("nfc", Self.values(UnicodeNormalization.nfc(s)), v.nfc),
                ("nfd", Self.values(UnicodeNormalization.nfd(s)), v.nfd),
                ("nfcScalars", Self.values(UnicodeNormalization.nfcScalars(s.unicodeScalars)), v.nfc),
                ("nfdScalars", Self.values(UnicodeNormalization.nfdScalars(s.unicodeScalars)), v.nfd),
                ("fold", Self.values(SearchFolding.fold(s)), v.folded),
                ("foldScalars", Self.values(SearchFolding.foldScalars(s.unicodeScalars)), v.folded),
            ]
            for (name, got, want) in checks where got != want {
                failures.append("line \(v.line) \(name)(\(Self.hex(v.input))): got \(Self.hex(got)), want \(Self.hex(want))")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) mismatches, first: \(failures.prefix(10).joined(separator: "; "))")
    }

    @Test func normalisationIsIdempotent() {
        var failures: [String] = []
        for v in Self.vectors {
            let nfc = UnicodeNormalization.nfc(Self.string(v.input))
            let nfd = UnicodeNormalization.nfd(Self.string(v.input))
            let folded = SearchFolding.fold(Self.string(v.input))
            if Self.values(UnicodeNormalization.nfc(nfc)) != Self.values(nfc) { failures.append("nfc line \(v.line)") }
            if Self.values(UnicodeNormalization.nfd(nfd)) != Self.values(nfd) { failures.append("nfd line \(v.line)") }
            if Self.values(UnicodeNormalization.nfc(nfd)) != Self.values(nfc) { failures.append("nfc(nfd) line \(v.line)") }
            if Self.values(SearchFolding.fold(folded)) != Self.values(folded) { failures.append("fold line \(v.line)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    @Test func asciiFastPathAgreesWithThePipeline() {
        // Every ASCII byte, alone and in a text, folds the same by the fast path as through NFD,
        // mark stripping, case folding and NFC; and a folded query reused over texts matches as
        // the one-shot call does.
        for b in UInt8(0)..<0x80 {
            let text = "a" + String(UnicodeScalar(b)) + "Z"
            #expect(SearchFolding.folded(UnicodeNormalization.values(text.unicodeScalars)) == text.utf8.map { UInt32($0 &- 0x41 < 26 ? $0 + 0x20 : $0) })
            #expect(SearchFolding.matches(folded: SearchFolding.foldedQuery(String(UnicodeScalar(b))), in: text))
        }
        for (q, t, hit) in [("NUMBER 1", "Quote number 17", true), ("QUOTE 1", "Quote number 1", false), ("rumi", " Rumi", true), (" rumi", "Rumi", false),
                            ("pícker", "PICKER", true), ("e", "été", true), ("ss", "Straße", true), ("", "x", true)] {
            #expect(SearchFolding.matches(folded: SearchFolding.foldedQuery(q), in: t) == hit, "\(q) in \(t)")
            #expect(SearchFolding.matches(query: q, in: t) == hit, "\(q) in \(t)")
        }
    }

    @Test func pickerFoldsWithoutItsAccent() {
        let precomposed = "p\u{ED}cker"
        let combining = "pi\u{301}cker"
        #expect(Self.values(precomposed) != Self.values(combining))
        #expect(Self.values(SearchFolding.fold(precomposed)) == Self.values("picker"))
        #expect(Self.values(SearchFolding.fold(combining)) == Self.values("picker"))
        #expect(SearchFolding.matches(query: precomposed, in: "Date Picker"))
        #expect(SearchFolding.matches(query: combining, in: "Color Picker"))
        #expect(!SearchFolding.matches(query: precomposed, in: "Segmented Control"))
        // The catalog's search over its titles keeps registry order.
        let titles = ["Slider", "Date Picker", "Segmented Control", "Color Picker", "Web View", "Switch"]
        #expect(titles.filter { SearchFolding.matches(query: precomposed, in: $0) } == ["Date Picker", "Color Picker"])
    }

    @Test func fullCaseFolding() {
        #expect(Self.values(SearchFolding.fold("Straße")) == Self.values("strasse"))
        #expect(Self.values(SearchFolding.fold("\u{FB01}")) == Self.values("fi"))
        #expect(Self.values(SearchFolding.fold("\u{1E9E}")) == Self.values("ss"))
        // Final and capital sigma fold to one σ; no locale, so İ is i (its dot is a mark, stripped).
        #expect(Self.values(SearchFolding.fold("ΣΟΦΊΑς")) == Self.values("σοφια" + "σ"))
        #expect(Self.values(SearchFolding.fold("\u{130}stanbul")) == Self.values("istanbul"))
        #expect(SearchFolding.matches(query: "STRASSE", in: "Hauptstraße 5"))
        // Full-width letters fold in case only (no compatibility mapping).
        #expect(Self.values(SearchFolding.fold("\u{FF21}")) == [0xFF41])
    }

    @Test func marksStrippedAndKept() {
        // Mn (acute) and Me (enclosing keycap) go; Mc (Devanagari vowel sign I) stays.
        #expect(Self.values(SearchFolding.fold("e\u{301}")) == [0x65])
        #expect(Self.values(SearchFolding.fold("1\u{20E3}")) == [0x31])
        #expect(Self.values(SearchFolding.fold("\u{915}\u{93F}")) == [0x915, 0x93F])
        // U+0958 QA decomposes to KA + NUKTA (Mn): the nukta is stripped.
        #expect(Self.values(SearchFolding.fold("\u{958}")) == [0x915])
        // A text of marks only folds to nothing, and then matches everything as a query.
        #expect(SearchFolding.fold("\u{301}\u{300}").isEmpty)
        #expect(SearchFolding.matches(query: "\u{301}", in: "abc"))
    }

    @Test func queriesAreNotTrimmed() {
        #expect(!SearchFolding.matches(query: " picker", in: "Picker"))
        #expect(SearchFolding.matches(query: " picker", in: "Date Picker"))
        #expect(SearchFolding.matches(query: "", in: "anything"))
        #expect(SearchFolding.matches(query: "", in: ""))
        #expect(!SearchFolding.matches(query: "a", in: ""))
        #expect(!SearchFolding.matches(query: "pickers", in: "Picker"))
        // Partial-overlap prefixes (the KMP failure table at work).
        #expect(SearchFolding.matches(query: "aab", in: "aaaab"))
        #expect(SearchFolding.matches(query: "abab", in: "abaabab"))
        #expect(!SearchFolding.matches(query: "abac", in: "ababab"))
    }

    @Test func hangulIsAlgorithmic() {
        #expect(Self.values(UnicodeNormalization.nfd("\u{D55C}")) == [0x1112, 0x1161, 0x11AB])
        #expect(Self.values(UnicodeNormalization.nfc("\u{1112}\u{1161}\u{11AB}")) == [0xD55C])
        #expect(Self.values(UnicodeNormalization.nfc("\u{1100}\u{1161}")) == [0xAC00])
        #expect(Self.values(UnicodeNormalization.nfc("\u{AC00}\u{11A8}")) == [0xAC01])
        // U+11A7 is the T base, not a trailing consonant: it never composes.
        #expect(Self.values(UnicodeNormalization.nfc("\u{AC00}\u{11A7}")) == [0xAC00, 0x11A7])
        // An LVT syllable takes no second T.
        #expect(Self.values(UnicodeNormalization.nfc("\u{AC01}\u{11A8}")) == [0xAC01, 0x11A8])
    }

    @Test func compositionAndItsExclusions() {
        #expect(Self.values(UnicodeNormalization.nfc("A\u{30A}")) == [0xC5])
        #expect(Self.values(UnicodeNormalization.nfc("\u{212B}")) == [0xC5])               // singleton
        #expect(Self.values(UnicodeNormalization.nfd("\u{212B}")) == [0x41, 0x30A])
        #expect(Self.values(UnicodeNormalization.nfc("\u{958}")) == [0x915, 0x93C])        // exclusion
        #expect(Self.values(UnicodeNormalization.nfc("\u{915}\u{93C}")) == [0x915, 0x93C])
        #expect(Self.values(UnicodeNormalization.nfc("\u{344}")) == [0x308, 0x301])        // non-starter
        #expect(Self.values(UnicodeNormalization.nfc("\u{F73}")) == [0xF71, 0xF72])
        #expect(Self.values(UnicodeNormalization.nfc("\u{1E9B}\u{323}")) == [0x1E9B, 0x323])
        #expect(Self.values(UnicodeNormalization.nfd("\u{1E9B}\u{323}")) == [0x17F, 0x323, 0x307])
        // Compatibility mappings are not canonical: ﬁ stays under NFC and NFD.
        #expect(Self.values(UnicodeNormalization.nfd("\u{FB01}")) == [0xFB01])
    }

    @Test func canonicalOrderingAndBlocking() {
        // Below (220) sorts before above (230) whatever the input order; both then compose.
        #expect(Self.values(UnicodeNormalization.nfd("e\u{301}\u{323}")) == [0x65, 0x323, 0x301])
        #expect(Self.values(UnicodeNormalization.nfc("e\u{301}\u{323}")) == [0x1EB9, 0x301])
        #expect(Self.values(UnicodeNormalization.nfc("\u{1EC7}")) == [0x1EC7])
        // Equal classes keep their order (stable): grave then acute is not acute then grave.
        #expect(Self.values(UnicodeNormalization.nfc("a\u{300}\u{301}")) == [0xE0, 0x301])
        #expect(Self.values(UnicodeNormalization.nfc("a\u{301}\u{300}")) == [0xE1, 0x300])
        // A long run of marks (past the insertion-sort limit) is ordered the same way.
        var long = "a"
        for i in 0..<40 { long += i % 2 == 0 ? "\u{301}" : "\u{323}" }
        let ordered = Self.values(UnicodeNormalization.nfd(long))
        #expect(ordered == [0x61] + Array(repeating: 0x323, count: 20) + Array(repeating: 0x301, count: 20))
        #expect(UnicodeNormalization.combiningClass(of: "\u{301}") == 230 && UnicodeNormalization.combiningClass(of: "a") == 0)
    }

    @Test func asciiIsUntouchedByNormalisation() {
        let s = "Date Picker 2026-03-04"
        #expect(Self.values(UnicodeNormalization.nfc(s)) == Self.values(s))
        #expect(Self.values(UnicodeNormalization.nfd(s)) == Self.values(s))
        #expect(Self.values(SearchFolding.fold(s)) == Self.values("date picker 2026-03-04"))
        #expect(UnicodeNormalization.nfc("").isEmpty && SearchFolding.fold("").isEmpty)
    }

    @Test func inputsUpToTheLimitAreAccepted() {
        let n = UnicodeNormalization.maxScalars
        #expect(SearchFolding.fold(String(repeating: "A", count: n)).utf8.count == n)
        let folded = SearchFolding.fold(String(repeating: "\u{C9}", count: n))   // É: decomposed, stripped, folded
        #expect(folded.utf8.count == n && folded.utf8.allSatisfy { $0 == 0x65 })
    }

    @Test func inputsOverTheLimitTrap() async {
        await #expect(processExitsWith: .failure) {
            _ = UnicodeNormalization.nfc(String(repeating: "\u{E9}", count: UnicodeNormalization.maxScalars + 1))
        }
        await #expect(processExitsWith: .failure) {
            _ = SearchFolding.fold(String(repeating: "a", count: UnicodeNormalization.maxScalars + 1))
        }
    }

    @Test func tablesAreSorted() {
        func ascending<T: Comparable>(_ a: [T]) -> Bool { zip(a, a.dropFirst()).allSatisfy { $0 < $1 } }
        #expect(ascending(UnicodeTables.decompositionKeys))
        #expect(ascending(UnicodeTables.compositionKeys))
        #expect(ascending(UnicodeTables.caseFoldingKeys))
        #expect(UnicodeTables.decompositionKeys.count == UnicodeTables.decompositionValues.count)
        #expect(UnicodeTables.compositionKeys.count == UnicodeTables.compositionValues.count)
        #expect(UnicodeTables.caseFoldingKeys.count == UnicodeTables.caseFoldingValues.count)
        for table in [UnicodeTables.combiningClassRanges.enumerated().map { $0.offset % 2 == 0 ? $0.element >> 8 : $0.element },
                      UnicodeTables.strippedMarkRanges] {
            #expect(table.count % 2 == 0 && ascending(table.enumerated().map { $0.offset % 2 == 0 ? $0.element * 2 : $0.element * 2 + 1 }))
        }
    }
}
