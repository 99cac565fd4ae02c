import LockstepCore
import Platform

/// `currency`: Currency Converter. The user types an amount and sees it converted between two
/// currencies on every keystroke (no Convert button), from one USD-based rate table that is cached,
/// refreshed when an hour old, kept when a refresh fails, and refreshed in the background too.
///
/// Source: seed article `001_6956b43c84091d36.txt`, "Convert as you type: currency conversion in
/// Swift". Modelled: Decimal end to end (`DecimalNumber`, 38 digits), the cross rate
/// `amount × (b ÷ a)` with the rate computed first, a zero source rate giving no result, strict
/// parsing of the user's text in their locale and of API rates in `en_US_POSIX`, results always
/// with 3 fraction digits half-even in the user's locale, the rate line "1 EUR = 1.087 USD", the
/// cache `Caches/rates.json` shown first at launch, the bundled dated seed when there is no cache,
/// `refreshIfStale` (fresh while age < 3600 s, so a request at exactly 3600 s), keep the last good
/// table on any failure, refresh on becoming active, `rates.refresh` submitted at background with
/// earliestBeginDate now + 14 400 s, and a background fire forcing a refresh then resubmitting.
///
/// Choices where the article is silent (GAPs), following the note's proposals:
/// - Parsing is strict full-string (`LocaleNumberParser`): "12.5.3", "1,5" in en_US, "1e3",
///   " 12", "--5" give no amount, with an `amount.invalid` record; the text is kept. Negative
///   amounts are allowed. More than 38 significant digits is refused with a record, never rounded.
/// - API rates: JSON strings, or a JSON number's own token text (never via Double); each rate must
///   be a whole plain decimal > 0, else it is dropped with a `rates.badRate` record. A body that is
///   not JSON, lacks `base` (three capital letters) or `rates`, or has no good rate, is refused
///   whole; the table and the cache file are then untouched.
/// - A decodable cache wins over the seed; the seed is never written to the cache; a corrupt cache
///   is reported (`cache.corrupt`) and left in place until a good response replaces it.
/// - A negative age (clock behind `fetchedAt`) counts as stale; the seed is always stale.
/// - One request in flight; a second trigger joins it (`decision=joined`). The request goes through
///   Platform's `ScriptedTransport` (`RatesNetwork.swift`): scenarios answer it with
///   `net respond id=… status=… body=…`, fail it with `net fail id=… kind=…` and switch airplane mode
///   with `net offline on=…`; a reply after the 10 s timeout is refused late by the transport.
/// - Age label: "just now" under 60 s, then whole minutes, hours, days; the seed shows
///   "Rates from <date>". The rates are labelled "Indicative mid-market rates".
/// - The purge of Caches (`purgeCaches`) removes the file; the table in memory survives until
///   the process ends.
/// - The currency picker and its search/recents are not modelled (cut for time).
public enum Currency: Domain {
    public static let entry = DomainEntry(Self.self)
    public typealias State = CurrencyState
    public typealias Event = CurrencyEvent
    public typealias Fault = CurrencyFault

    public static let name = "currency"
    public static let summary = "Currency Converter: Decimal cross rates as you type, strict locale parsing, cached USD table with seed, hourly staleness and background refresh (seed 001, \"Convert as you type\")."

    public static let refreshTaskID = "rates.refresh"
    public static let cachePath = "Caches/rates.json"
    /// `RateStore.maxAge`: 60 × 60 s.
    public static let maxAgeSeconds: Int64 = 3_600
    /// `scheduleRefresh`: earliestBeginDate = now + 4 × 60 × 60 s.
    public static let backgroundFloorSeconds: Int64 = 14_400
    /// The label the article asks for (checklist 9).
    static let rateNote = "Indicative mid-market rates"

    public enum Side: String, CaseIterable, Sendable { case from, to }

    public static let events: [EventKind<CurrencyEvent>] = [
        EventKind("text", "The amount field's whole contents after a keystroke (decimal pad, user's locale).") { f throws(ScenarioError) in
            .text(try f("input", .text, "the field's value"))
        },
        EventKind("select", "The picker sets one side of the pair.") { f throws(ScenarioError) in
            let side = try f("side", .choice(Side.self))
            let code = try f("code", .word, "an ISO 4217 code")
            if !f.isDeclaring, code.utf8.count > 16 { throw f.error("code is \(code.utf8.count) bytes; the limit is 16", at: "code") }
            return .select(side, code)
        },
        EventKind("swap", "Swaps from and to.") { _ throws(ScenarioError) in .swap },
        EventKind("look", "The user reads the age label.") { _ throws(ScenarioError) in .look },
        EventKind("purgeCaches", "The system purges the Caches directory.") { _ throws(ScenarioError) in .purgeCaches },
        NetVocabulary.eventKind { .network(.line($0)) },
        LifecycleVocabulary.eventKind { .lifecycle($0) },
        BackgroundTaskVocabulary.eventKind { .bgtask($0) },
        LocaleVocabulary.eventKind { .locale($0) },
    ]

    public static func kind(of event: CurrencyEvent) -> String {
        switch event {
        case .text: "text"
        case .select: "select"
        case .swap: "swap"
        case .look: "look"
        case .purgeCaches: "purgeCaches"
        case .network(let e): NetVocabulary.kind(of: e)
        case .lifecycle: LifecycleVocabulary.kind
        case .bgtask: BackgroundTaskVocabulary.kind
        case .locale: LocaleVocabulary.kind
        }
    }

    public struct Settings: Sendable {
        var locale: LocaleID
        var from: String
        var to: String
        var cache: [UInt8]?
        var seed: RateTable
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        let locale = try LocaleVocabulary.settings(&s, default: .enUS)
        let from = try s("from", .word, default: "USD", "the source currency at launch")
        let to = try s("to", .word, default: "EUR", "the target currency at launch")
        let cache = try s.optional("cache", .file, "Caches/rates.json left by an earlier run")
        let seedBytes = try s.optional("seed", .file, "the bundled seed table (default: the built-in one)")
        var seed = RateTable(base: "USD", rates: [:], fetchedAt: nil, seedDate: nil, source: .seed)
        if !s.isDeclaring {
            switch RatesCodec.decodeStored(seedBytes ?? SeedTable.builtIn, source: .seed) {
            case .success(let t): seed = t
            case .failure(let f): throw s.error("seed table refused: \(f.reason): \(f.detail)", at: "seed")
            }
        }
        return Settings(locale: locale, from: from, to: to, cache: cache, seed: seed)
    }

    public static func start(_ settings: Settings, _ world: inout World<Currency>) throws(ScenarioError) -> CurrencyState {
        var s = CurrencyState(locale: settings.locale, from: settings.from, to: settings.to)
        if !world.isOn(.noSeedTable) {
            var t = settings.seed
            if world.isOn(.decimalFromDouble) {
                for code in t.sortedCodes {
                    if let d = Double(t.rates[code]!.canonicalText), let x = DoubleExpansion.decimal(d) { t.rates[code] = x }
                }
            }
            s.seed = t
        }
        if let bytes = settings.cache { s.files.seed(cachePath, bytes, &world) }
        apply(&s, s.life.handle(.launch(.user), &world), &world)
        return s
    }

    public static func write(_ s: CurrencyState, to out: inout CanonicalWriter) {
        out.word("locale", s.locale.rawValue)
        out.string("input", s.input)
        out.record(Record("pair").word("from", s.from).word("to", s.to))
        if let t = s.table {
            var r = Record("table").word("source", t.source.rawValue).word("base", t.base)
            if let at = t.fetchedAt { r = r.instant("fetchedAt", at) }
            if let d = t.seedDate { r = r.word("seedDate", d) }
            out.record(r)
            out.list("rates", t.sortedCodes) { w, _, code in w.record(Record("rate").word("code", code).decimal("value", t.rates[code]!)) }
        } else {
            out.word("table", "none")
        }
        s.network.write(to: &out)
        s.files.write(to: &out)
        s.scheduler.write(to: &out)
        s.life.write(to: &out)
    }
}
