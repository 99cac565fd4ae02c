import Testing
import LockstepCore
@testable import Platform

/// Extra cases from Python's sqlite3 as an oracle (checked in as numbers): random prefix and quoted
/// queries over the A5 corpus plus three edge rows (diacritics, curly quotes, repeated terms, odd
/// spacing before sentence starts), with limits 0/-1/1/3/100 and snippet windows 2...64.
@Suite struct FTS5OracleTests {
    @Test func randomQueriesMatchSQLite() {
        var idx = FTS5Tests.index()
        for (tag, key, text) in FTS5OracleFixture.extraRows { _ = idx.insert(tag: tag, key: key, text: text) }
        var mismatches = 0
        for c in FTS5OracleFixture.cases {
            switch idx.search(c.match, tag: c.tag, limit: c.limit, window: c.window) {
            case .failure(let e):
                mismatches += 1
                Issue.record("\(c.match): unexpected \(e.message)")
            case .success(let hits):
                let same = hits.map(\.key) == c.rows.map(\.0)
                    && zip(hits, c.rows).allSatisfy { abs($0.rank - $1.1) <= 1e-12 && $0.snippet == $1.2 }
                if !same {
                    mismatches += 1
                    Issue.record("\(c.match) \(c.tag) N=\(c.window): got \(hits.map { "\($0.key) \($0.rank) \($0.snippet)" }) want \(c.rows)")
                }
            }
        }
        #expect(mismatches == 0)
        #expect(FTS5OracleFixture.cases.count == 400)
    }
}
