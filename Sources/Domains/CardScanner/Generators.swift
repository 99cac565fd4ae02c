import LockstepCore
import Platform

/// `gen session`: a long scanning session (the bench input and a walk through every gate).
///
/// It catalogues `cards` printings (`g0001` …, numbers `NNN/<cards>`; every tenth card shares the
/// previous card's number under another name, a parallel), installs a seeded pack (each card owns 8
/// axes, levels 30…45, so rows are about 0.41 apart from the origin) and then makes `frames` frames
/// `gap` apart: 80% a card held steady (the card's row plus noise of ±40 levels on the 8 noise axes,
/// about 0.27 from its own row, its number read by the bottom strip), 8% the same with the number
/// lost (the sheet opens; the generator picks the true card, foil one time in four), 5% not steady,
/// 3% soft (variance 40), 4% something else (100…127 levels on every noise axis: no card). The index is the seeded
/// generator's, not the article's 9,903 cards.
extension CardScanner {
    static let noiseAxes = 760 ..< 768
    static let maxSessionCards = 95

    public static let generators: [Generator<CardScannerEvent>] = [
        Generator("session", "a long scanning session over a seeded index", parameters: { f throws(ScenarioError) in
            (cards: try f("cards", .int, default: 40, in: 2 ... maxSessionCards, "printings in the seeded index"),
             frames: try f("frames", .int, default: 100, in: 1 ... 5_000_000, "frames"),
             gap: try f("gap", .duration, default: .milliseconds(100), in: .milliseconds(1) ... .seconds(60), "time between frames"),
             game: try f("game", .word, default: "mtg", "the game"))
        }, stream: { p, context, emit throws(ScenarioError) in
            guard p.frames * 2 + p.cards + 1 <= context.maxEvents else { throw context.error("the session needs more events than the limit allows") }
            var rng = context.rng
            let width = String(p.cards).count < 3 ? 3 : String(p.cards).count
            func number(_ k: Int) -> String {
                let n = (k % 10 == 9) ? k : k + 1  // every tenth card shares the previous card's number
                return ZeroPad.decimal(n, width: width) + "/" + String(p.cards)
            }
            var rows: [[Int8]] = []
            for k in 0 ..< p.cards {
                let id = "g" + ZeroPad.decimal(k + 1, width: 4)
                try emit(Generated(.zero, .catalog(CatalogCard(id: id, game: p.game, setName: "Seeded", baseName: "Card \(k + 1)",
                                                              printedNumber: number(k), language: "en", numberKeys: NumberKeys.of(number(k))))))
                var row = [Int8](repeating: 0, count: Embedding.dimension)
                for a in 0 ..< 8 { row[8 * k + a] = Int8(rng.int(in: 30 ... 45)) }
                rows.append(row)
            }
            let rowsText = rows.enumerated().map { k, row in
                (["g" + ZeroPad.decimal(k + 1, width: 4)] + (0 ..< 8).map { "\(8 * k + $0):\(row[8 * k + $0])" }).joined(separator: " ")
            }.joined(separator: "; ")
            try emit(Generated(.zero, .installPack(PackInput(game: p.game, revision: IndexPack.runtimeRevision, scaleText: "1/256", rowsText: rowsText))))
            for i in 0 ..< p.frames {
                let at = p.gap * Int64(i + 1)
                let k = rng.int(below: p.cards)
                let roll = rng.int(below: 100)
                var q = [Float](repeating: 0, count: Embedding.dimension)
                let noCard = roll >= 96
                if !noCard { for a in 0 ..< 8 { q[8 * k + a] = Float(rows[k][8 * k + a]) * Embedding.levelScale } }
                for a in noiseAxes {
                    // Something else (a screen, a desk): far from every row, at least 100 levels on every noise axis.
                    let level = noCard ? rng.int(in: 100 ... 127) * (rng.chance(0.5) ? -1 : 1) : rng.int(in: -40 ... 40)
                    q[a] = Float(level) * Embedding.levelScale
                }
                let lost = roll >= 80 && roll < 88
                var frame = FrameInput(game: p.game, source: .live, steady: !(roll >= 88 && roll < 93), variance: (roll >= 93 && roll < 96) ? 40 : 250,
                                       ciVariance: nil, crops: [.guide: CropEmbeddings(sharp: Embedding(components: q), blurred: nil)], centerCrop: nil,
                                       ocr: [], cjkCount: 0)
                if !lost, !noCard { frame.ocr = [OCRAnswer(crop: .guide, pass: .bottomStrip, observations: [[number(k)]])] }
                try emit(Generated(at, .frame(frame)))
                if lost, frame.steady, frame.variance >= 100 {
                    let id = "g" + ZeroPad.decimal(k + 1, width: 4)
                    try emit(Generated(at + Duration(nanoseconds: p.gap.nanoseconds / 2), .sheetPick(card: id, finish: rng.int(below: 4) == 0 ? .foil : .nonfoil)))
                }
            }
        }),
    ]
}
