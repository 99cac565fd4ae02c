import Testing
@testable import LockstepCore

/// The lexer's fast path (`plainNumbers`, one pass over plain decimals and tuples) against its
/// general path (`tokenEnd` + `classify`, which validates everything and reports errors), on the
/// same inputs: wherever the fast path answers, the general path must give the same token end and
/// kind, and the same values. The general path is the specification; the fast path only skips work.
@Suite("Lexer fast path agrees with the general path")
struct LexerPathsTests {
    /// Tokens built from the characters numbers, tuples and their near-misses are made of.
    static func tokens(count: Int) -> [String] {
        var rng = SeededRNG(seed: 20261201)
        let alphabet = Array("0123456789.-,ex+ s")
        var out = ["0", "-0", "12", "3.25", "-12.5", "0.512,0.803,0.91", "1,2,3", "1.", ".5", "1..2", "1,,2", "1,", "-",
                   "0x1F", "1e3", "1,2 3", "007", "-0.0", "12 ", "90s", "1,-2,3.5"]
        for _ in 0..<count {
            let n = rng.int(in: 1...12)
            out.append(String((0..<n).map { _ in alphabet[rng.int(below: alphabet.count)] }))
        }
        return out
    }

    @Test("10,000 tokens: same end, same kind, same values wherever the fast path answers")
    func agree() throws {
        var answered = 0
        for token in LexerPathsTests.tokens(count: 10_000) {
            let bytes = Array(token.utf8)
            try bytes.withUnsafeBufferPointer { p in
                guard !bytes.isEmpty, let fast = Lexer.plainNumbers(p, 0, p.count, maxElements: 64) else { return }
                answered += 1
                let end = try Lexer.tokenEnd(p, 0, p.count)
                #expect(fast.end == end, "token '\(token)': fast end \(fast.end), general \(end)")
                let kind = try Lexer.classify(p, 0, end, maxTupleElements: 64)
                #expect(fast.kind == kind, "token '\(token)': fast \(fast.kind), general \(kind)")
                // Values: each element read by Lexer.double equals the standard library's parse.
                for element in token.prefix(end).split(separator: ",") {
                    let eb = Array(element.utf8)
                    let v = eb.withUnsafeBufferPointer { Lexer.double($0, 0, $0.count) }
                    #expect(v == Double(String(element)), "element '\(element)' of '\(token)'")
                }
            }
        }
        #expect(answered > 1_000, "the fast path answered only \(answered) times; the inputs do not exercise it")
    }
}
