import LockstepCore
import Platform

extension Currency {
    public static func reduce(_ s: inout CurrencyState, _ event: CurrencyEvent, _ world: inout World<Currency>) {
        switch event {
        case .text(let input):
            s.input = input
            reparse(&s, &world)
            show(&s, &world, force: true)
        case .select(let side, let code):
            switch side {
            case .from: s.from = code
            case .to: s.to = code
            }
            if s.table?.perBase(code) == nil {
                world.emit(Record("currency.unknown").word("code", code).word("side", side.rawValue))
            }
            show(&s, &world, force: true)
        case .swap:
            (s.from, s.to) = (s.to, s.from)
            show(&s, &world, force: true)
        case .look:
            label(s, &world)
        case .purgeCaches:
            if s.files.purgeCaches(&world) == 0 { world.emit(Record("store.purged").word("store", s.files.name).int("files", 0)) }
        case .locale(let id):
            s.locale = id
            reparse(&s, &world)
            show(&s, &world, force: true)
        case .network(let e):
            if let (f, outcome) = s.network.handle(e, &world) { finish(&s, f.trigger, outcome, &world) }
        case .lifecycle(let line):
            apply(&s, s.life.handle(line.event, &world), &world)
        case .bgtask(let line):
            guard s.scheduler.apply(line, &world) != nil else { return }
            if let wake = BackgroundTaskScheduler.lifecycleEvent(for: s.life.phase) {
                apply(&s, s.life.handle(wake, &world), &world)
            }
            refreshIfStale(&s, trigger: "bgTask", force: true, &world)
            scheduleRefresh(&s, &world)
            if s.network.inFlight == nil { s.scheduler.setTaskCompleted(refreshTaskID, success: s.table != nil, &world) }
        }
    }

    /// Acts on a lifecycle transition's actions; `background` also submits the refresh task.
    static func apply(_ s: inout CurrencyState, _ t: LifecycleTransition, _ world: inout World<Currency>) {
        guard !t.wasIgnored else { return }
        for action in t.actions {
            switch action {
            case .loadFromDisk: load(&s, &world)
            case .refresh: if !world.isOn(.bgFloorAsSchedule) { refreshIfStale(&s, trigger: "active", force: false, &world) }
            case .discardMemory:
                s.network.drop(&world)
                s.table = nil
                s.lastShown = nil
                s.input = ""
                s.amount = nil
            case .pause, .saveState, .releaseMemory: break
            }
        }
        if case .enterBackground = t.event { scheduleRefresh(&s, &world) }
    }

    /// Launch: the cache first, else the seed; the UI never waits on the network.
    static func load(_ s: inout CurrencyState, _ world: inout World<Currency>) {
        var table: RateTable?
        switch s.files.read(cachePath, &world) {
        case .ok(let bytes):
            switch RatesCodec.decodeStored(bytes, source: .cache) {
            case .success(let t): table = t
            case .failure(let f): world.emit(Record("cache.corrupt").string("path", cachePath).word("reason", f.reason).string("detail", f.detail))
            }
        case .missing, .corrupt, .denied: break
        }
        s.table = table ?? s.seed
        var r = Record("launch").word("table", s.table?.source.rawValue ?? "none")
        if let at = s.table?.fetchedAt { r = r.instant("fetchedAt", at) }
        world.emit(r)
        reparse(&s, &world)
        show(&s, &world, force: true)
        label(s, &world)
    }

    /// `refreshIfStale(force:)`: a table younger than 3600 s is served (strict `<`); otherwise one request.
    static func refreshIfStale(_ s: inout CurrencyState, trigger: String, force: Bool, _ world: inout World<Currency>) {
        let base = Record("refresh").word("trigger", trigger).bool("forced", force)
        if s.network.inFlight != nil {
            world.emit(base.word("decision", "joined"))
            return
        }
        if !force, let at = s.table?.fetchedAt {
            let age = (world.now - at).nanoseconds / 1_000_000_000
            if isFresh(fetchedAt: at, now: world.now) {
                world.emit(base.word("decision", "servedCache").int64("ageSeconds", age))
                return
            }
            world.emit(base.word("decision", "requested").int64("ageSeconds", age))
        } else {
            world.emit(base.word("decision", "requested"))
        }
        if let now = s.network.send(trigger: trigger, &world) {
            finish(&s, trigger, now, &world)
        } else if world.isOn(.waitsOnNetwork) {
            show(&s, &world, force: false)
        }
    }

    /// The staleness test: fresh while 0 ≤ age < 3600 s (strict, so exactly 3600 s is stale; GAP: a
    /// negative age, the clock behind `fetchedAt`, is stale rather than fresh forever).
    static func isFresh(fetchedAt: Instant, now: Instant) -> Bool {
        let age = (now - fetchedAt).nanoseconds / 1_000_000_000
        return age >= 0 && age < maxAgeSeconds
    }

    /// `scheduleRefresh()`: `rates.refresh` no earlier than now + 4 h (a floor, not a schedule).
    static func scheduleRefresh(_ s: inout CurrencyState, _ world: inout World<Currency>) {
        s.scheduler.submit(BackgroundTaskRequest(refreshTaskID, kind: .appRefresh,
                                                 earliestBeginDate: world.now + .seconds(backgroundFloorSeconds)), &world)
    }

    /// A finished request: a good 200 replaces the table and the cache; anything else keeps both.
    static func finish(_ s: inout CurrencyState, _ trigger: String, _ outcome: RatesNetwork.Outcome, _ world: inout World<Currency>) {
        let base = Record("refresh.result").word("trigger", trigger)
        var failure: (String, String)?
        switch outcome {
        case .failure(let kind): failure = ("network", kind)
        case .response(let status, _) where status != 200: failure = ("http", "status \(status)")
        case .response(_, let body):
            let options = RatesCodec.Options(locale: world.isOn(.apiInUserLocale) ? s.locale : .enUSPOSIX,
                                             numbersThrow: world.isOn(.numberRatesThrow), prefixLenient: world.isOn(.prefixLenientRates))
            switch RatesCodec.decode(body, options) {
            case .failure(let f): failure = (f.reason, f.detail)
            case .success(let d):
                for bad in d.badRates { world.emit(Record("rates.badRate").word("code", bad.code).string("why", bad.why)) }
                let table = RateTable(base: d.base, rates: d.rates, fetchedAt: world.now, seedDate: nil, source: .network)
                s.table = table
                let w = s.files.write(cachePath, RatesCodec.encodeCache(table), &world)
                world.emit(base.word("outcome", "updated").instant("fetchedAt", world.now).int("rates", d.rates.count)
                    .bool("cacheWritten", w.didWrite))
            }
        }
        if let (reason, detail) = failure {
            if world.isOn(.offlineErrorScreen) { s.table = nil }
            world.emit(base.word("outcome", s.table == nil ? "noTable" : "keptTable").word("error", reason).string("detail", detail))
        }
        if s.scheduler.runningTask(refreshTaskID) != nil {
            s.scheduler.setTaskCompleted(refreshTaskID, success: failure == nil, &world)
        }
        show(&s, &world, force: failure == nil)
        label(s, &world)
    }

    /// The field's amount, strictly parsed; a refusal is a record.
    static func reparse(_ s: inout CurrencyState, _ world: inout World<Currency>) {
        let (amount, problem) = AmountParsing.parse(s.input, s.locale, viaDouble: world.isOn(.formatterViaDouble))
        s.amount = amount
        if let problem { world.emit(problem) }
    }

    /// The contract record: one `conversion` per change (and the rate line beside it).
    static func show(_ s: inout CurrencyState, _ world: inout World<Currency>, force: Bool) {
        var c = Conversion.compute(s, &world)
        if world.isOn(.waitsOnNetwork), s.network.inFlight != nil { c = Conversion(valueText: nil, display: "\u{2026}", rateText: "\u{2026}") }
        if !force, c == s.lastShown { return }
        s.lastShown = c
        world.emit(Record("conversion").word("from", s.from).word("to", s.to).string("amount", s.input)
            .word("value", c.valueText ?? "none").string("display", c.display))
        world.emit(Record("rateLine").string("text", c.rateText))
    }

    /// "Rates updated 3 hours ago" (or the seed's date), and what kind of rates they are.
    static func label(_ s: CurrencyState, _ world: inout World<Currency>) {
        let note = world.isOn(.bankRateLabel) ? "Bank exchange rates" : rateNote
        world.emit(Record("ratesLabel").string("text", ageText(s.table, now: world.now)).string("note", note))
    }

    static func ageText(_ t: RateTable?, now: Instant) -> String {
        guard let t else { return "No rates yet" }
        guard let at = t.fetchedAt else { return "Rates from \(t.seedDate ?? "?")" }
        let age = (now - at).nanoseconds / 1_000_000_000
        if age < 60 { return "Rates updated just now" }
        if age < 3_600 { return plural(age / 60, "minute") }
        if age < 86_400 { return plural(age / 3_600, "hour") }
        return plural(age / 86_400, "day")
    }

    static func plural(_ n: Int64, _ unit: String) -> String { "Rates updated \(n) \(unit)\(n == 1 ? "" : "s") ago" }
}
