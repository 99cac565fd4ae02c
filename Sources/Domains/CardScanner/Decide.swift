/// `ScanPipeline.decide` (A6, D1–D9): when a scan adds a card silently and when it asks.
public struct ScanPolicy: Equatable, Sendable {
    /// A different card sharing the number stops blocking only if the artwork puts it this much farther.
    public var distinctParallelMargin = 0.15
    /// GAP (A1): how close a number-confirmed second pick must be to the first pick to count as agreeing.
    public var minimumRelativeMargin = 0.05
    /// Han, kana and hangul characters at or above which a silent add is not allowed.
    public var cjkCutoff = 8
    /// The sheet's length.
    public var offeredCount = 5

    public static let standard = ScanPolicy()
}

public struct Candidate: Equatable, Sendable {
    public var cardID: String
    public var distance: Double
}

public enum AmbiguousReason: String, Sendable, CaseIterable {
    case parallelPrints, numberDisagrees, lowConfidence, unindexedNumber, language, artworkUnavailable
}

public enum Decision: Equatable, Sendable {
    case identified(String)
    case ambiguous(AmbiguousReason, sheet: [String])
}

/// What `decide()` concluded and the facts behind it (all in the trace).
public struct DecisionResult: Equatable, Sendable {
    public var decision: Decision
    public var winner: Candidate
    public var numberMatched: Bool
    /// The winner's literal key, when the catalog gives it one.
    public var winnerLiteral: String?
    /// How an identification was justified: `literal` or `unpadded` (nil when asked).
    public var via: String?
    public var parallels: [String]
    /// The literal keys read, sorted as bytes.
    public var numbers: [String]
}

/// The historical shortcuts `decide()` can be switched back to (faults).
public struct DecideFaults: Equatable, Sendable {
    public init() {}
    /// Add on the loose key alone (failure 7, and the review round's failure 9).
    public var looseKeyAdd = false
    /// Add on the artwork's margin alone, with no number (failure 8).
    public var artworkMarginAdd = false
    /// No language gate before a silent add.
    public var noLanguageGate = false
    /// A clearly read number the artwork never offered is added instead of asked.
    public var addUnindexed = false
}

public enum ScanDecision {
    /// `artworkTies(first, winner, m)`: strict, as the blocks test (A1).
    static func artworkTies(first: Double, winner: Double, margin: Double) -> Bool { winner < first * (1 + margin) }

    /// `ranked`: the chosen crop's candidates in artwork order, all of them (distances of parallels
    /// come from here). `catalog`: the scanned game's cards in catalog order.
    public static func decide(ranked: [Candidate], readings: [NumberKeys], catalog: [CatalogCard], cjkCount: Int,
                              policy: ScanPolicy = .standard, faults: DecideFaults = DecideFaults()) -> DecisionResult {
        precondition(!ranked.isEmpty, "decide() needs at least one candidate")
        var byID: [String: CatalogCard] = [:]
        for card in catalog { byID[card.id] = card }
        var distance: [String: Double] = [:]
        for c in ranked { distance[c.cardID] = c.distance }
        let readLoose = Set(readings.map(\.loose))
        let readLiteral = Set(readings.map(\.literal))
        let numbers = readLiteral.sorted(by: bytesBefore)

        // D1
        let offered = Array(ranked.prefix(policy.offeredCount))
        let offeredIDs = Set(offered.map(\.cardID))
        let winnerIndex = offered.firstIndex { c in byID[c.cardID]?.numberKeys.map { readLoose.contains($0.loose) } ?? false }
        let numberMatched = winnerIndex != nil
        let winner = offered[winnerIndex ?? 0]
        let winnerCard = byID[winner.cardID]
        let winnerKeys = winnerCard?.numberKeys
        // D2
        var parallels: [CatalogCard] = []
        if numberMatched, let wk = winnerKeys {
            parallels = catalog.filter { $0.id != winner.cardID && $0.numberKeys?.loose == wk.loose }
        }
        parallels.sort { a, b in
            switch (distance[a.id], distance[b.id]) {
            case let (x?, y?): return x != y ? x < y : bytesBefore(a.id, b.id)
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return bytesBefore(a.id, b.id)
            }
        }
        // D3
        let unoffered = catalog.filter { card in
            guard let k = card.numberKeys, readLiteral.contains(k.literal), !offeredIDs.contains(card.id) else { return false }
            return !(numberMatched && k.loose == winnerKeys?.loose)
        }.map(\.id).sorted(by: bytesBefore)
        // D4
        let ordered = dedupedPrefix(unoffered + (numberMatched ? [winner.cardID] : []) + offered.map(\.cardID), policy.offeredCount)
        let paralleled = dedupedPrefix([winner.cardID] + parallels.map(\.id) + offered.map(\.cardID), policy.offeredCount)

        var result = DecisionResult(decision: .ambiguous(.lowConfidence, sheet: ordered), winner: winner, numberMatched: numberMatched,
                                    winnerLiteral: winnerKeys?.literal, via: nil, parallels: parallels.map(\.id), numbers: numbers)
        // D5: the article's blocks rule.
        func blocks(_ card: CatalogCard) -> Bool {
            if card.id == winner.cardID { return false }
            if card.baseName == winnerCard?.baseName { return true }
            guard let theirs = distance[card.id] else { return true }
            return theirs < winner.distance * (1 + policy.distinctParallelMargin)
        }
        if parallels.contains(where: blocks) {
            result.decision = .ambiguous(.parallelPrints, sheet: paralleled)
            return result
        }
        // D6
        let artworkAgrees = winnerIndex == 0 || artworkTies(first: offered[0].distance, winner: winner.distance, margin: policy.minimumRelativeMargin)
        let spelled = winnerKeys.map { readLiteral.contains($0.literal) } ?? false
        let unpadded = winnerIndex == 0 && (winnerKeys.map { readLiteral.contains($0.unpaddedLiteral) } ?? false)
        var byNumber = numberMatched && artworkAgrees && (spelled || unpadded)
        if faults.looseKeyAdd { byNumber = numberMatched }
        if faults.artworkMarginAdd, !numberMatched,
           offered.count == 1 || offered[1].distance >= offered[0].distance * (1 + policy.distinctParallelMargin) {
            byNumber = true
        }
        guard byNumber else {
            result.decision = .ambiguous(numberMatched ? .numberDisagrees : .lowConfidence, sheet: ordered)
            return result
        }
        // D7
        if !unoffered.isEmpty, !faults.addUnindexed {
            result.decision = .ambiguous(.unindexedNumber, sheet: ordered)
            return result
        }
        // D8
        if cjkCount >= policy.cjkCutoff, !faults.noLanguageGate {
            result.decision = .ambiguous(.language, sheet: ordered)
            return result
        }
        // D9
        result.via = spelled ? "literal" : (unpadded ? "unpadded" : (numberMatched ? "loose" : "artwork"))
        result.decision = .identified(winner.cardID)
        return result
    }

    /// The number-only path (the probe failed): literal matches by id, then loose-only matches by id.
    public static func numberOnly(readings: [NumberKeys], catalog: [CatalogCard], policy: ScanPolicy = .standard) -> [String] {
        let readLoose = Set(readings.map(\.loose))
        let readLiteral = Set(readings.map(\.literal))
        let literal = catalog.filter { $0.numberKeys.map { readLiteral.contains($0.literal) } ?? false }.map(\.id).sorted(by: bytesBefore)
        let loose = catalog.filter { $0.numberKeys.map { readLoose.contains($0.loose) } ?? false }.map(\.id).sorted(by: bytesBefore)
        return dedupedPrefix(literal + loose, policy.offeredCount)
    }

    static func dedupedPrefix(_ ids: [String], _ n: Int) -> [String] {
        var seen: Set<String> = []
        var out: [String] = []
        for id in ids where seen.insert(id).inserted {
            out.append(id)
            if out.count == n { break }
        }
        return out
    }
}
