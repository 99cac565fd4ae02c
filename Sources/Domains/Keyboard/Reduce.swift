import LockstepCore
import Platform

extension Keyboard {
    public static func reduce(_ s: inout KeyboardState, _ event: KeyboardEvent, _ world: inout World<Keyboard>) {
        // Unified logging survives the kill: the probe's marks can still be read afterwards.
        if case .probeDump = event { probeDump(s, &world); return }
        // Jetsam gave no crash log; iOS switched back to the previous keyboard. Nothing runs after.
        guard !s.memory.killed else { world.reject(kind(of: event), "killed"); return }
        let wasKilled = s.memory.killed
        switch event {
        case .hostAppChange(let host, let empty):
            s.host = host
            s.memory.hostAppChange(newControllerLoadsView: !empty)
            world.emit(Record("host").word("id", host).int("cycles", s.memory.hostCycles).bool("empty", empty))
            checkpoint(&s, "hostAppChange", &world, wasKilled: wasKilled)
            if !s.memory.killed { emitActive(s, &world) }
        case .viewDidLoad:
            s.memory.viewDidLoad()
            checkpoint(&s, "viewDidLoad", &world, wasKilled: wasKilled)
        case .viewWillAppear:
            let rebuilt = s.memory.rebuildCount
            s.memory.viewWillAppear()
            if s.memory.rebuildCount != rebuilt { world.emit(Record("viewRebuilt").int("rebuilds", s.memory.rebuildCount)) }
            checkpoint(&s, "viewWillAppear", &world, wasKilled: wasKilled)
        case .viewWillDisappear:
            s.memory.viewWillDisappear()
            checkpoint(&s, "viewWillDisappear", &world, wasKilled: wasKilled)
        case .controllerDeinit:
            s.memory.controllerDeinit()
            checkpoint(&s, "controllerDeinit", &world, wasKilled: wasKilled)
        case .mainQueueTurn:
            s.memory.mainQueueTurn()
            checkpoint(&s, "mainQueueTurn", &world, wasKilled: wasKilled)
        case .memoryWarning:
            s.memory.memoryWarning()
            checkpoint(&s, "memoryWarning", &world, wasKilled: wasKilled)
        case .allocate(let bytes, let purgeable):
            do { try s.memory.allocate(bytes: bytes, purgeableCache: purgeable) } catch { memoryRefusal(kind(of: event), error, &world); return }
            heapRecord(s, &world)
            checkpoint(&s, "allocate", &world, wasKilled: wasKilled)
        case .free(let bytes):
            do { try s.memory.free(bytes: bytes) } catch { memoryRefusal("free", error, &world); return }
            heapRecord(s, &world)
            checkpoint(&s, "free", &world, wasKilled: wasKilled)
        case .transientAllocation(let bytes):
            do { try s.memory.transientAllocation(bytes: bytes) } catch { memoryRefusal("transientAllocation", error, &world); return }
            heapRecord(s, &world)
            checkpoint(&s, "transientAllocation", &world, wasKilled: wasKilled)
        case .probeDump:
            break
        case .systemMemoryPressure(let mb):
            s.memory.systemMemoryPressure(ceilingBytes: mb * MemoryLedger.bytesPerMB)
            checkpoint(&s, "systemMemoryPressure", &world, wasKilled: wasKilled)
        case .keystroke(let key):
            keystroke(&s, key, &world)
        case .deleteKey:
            if s.typedOverflow > 0 {
                s.typedOverflow -= 1
                activate(&s, .key, sample: "delete", &world)
                if s.typedOverflow > 0 { overflowRecord(&s, &world) } else { query(&s, &world) }
                return
            }
            guard !s.typed.isEmpty else {
                activate(&s, .key, sample: "delete", &world)
                s.suggestions = []
                return
            }
            s.typed.removeLast()
            activate(&s, .key, sample: "delete", &world)
            query(&s, &world)
        case .suggestionTap(let index):
            guard index < s.suggestions.count else {
                world.reject("suggestionTap", "out-of-range") { $0.int("index", index).int("chips", s.suggestions.count) }
                return
            }
            let word = s.suggestions[index]
            world.emit(Record("commit").string("word", word).word("by", "chip"))
            s.typed = ""
            s.typedOverflow = 0
            s.suggestions = []
            activate(&s, .suggestion, sample: "key", &world)
        case .languageSwitch(let id):
            guard s.store.enabledLanguageIDs.contains(id) else {
                world.reject("languageSwitch", "not-enabled") { $0.word("id", id) }
                return
            }
            let result = s.store.set(id, nowNanoseconds: world.now.nanosecondsSinceEpoch, writer: .keyboardExtension)
            let now = world.now.nanosecondsSinceEpoch
            if let w = s.lastLanguageWrite, w.shared, w.stampNanoseconds == now {} else {
                s.lastLanguageWrite = (id, now, result.sharedDropped == false)
            }
            world.emit(Record("languageWrite").word("by", "extension").word("id", id)
                .word("stamp", stampText(world.now.nanosecondsSinceEpoch)).bool("sharedDropped", result.sharedDropped))
            do { try s.memory.languageSwitch(id) } catch { memoryRefusal("languageSwitch", error, &world) }
            checkpoint(&s, "languageSwitch", &world, wasKilled: wasKilled)
            if !s.memory.killed { emitActive(s, &world) }
        case .containerAppSetLanguage(let id):
            let result = s.store.set(id, nowNanoseconds: world.now.nanosecondsSinceEpoch, writer: .containerApp)
            s.lastLanguageWrite = (id, world.now.nanosecondsSinceEpoch, true)
            world.emit(Record("languageWrite").word("by", "containerApp").word("id", id)
                .word("stamp", stampText(world.now.nanosecondsSinceEpoch)).bool("sharedDropped", result.sharedDropped))
            emitActive(s, &world)
        case .fullAccess(let on):
            s.clipboard.hasFullAccess = on
            s.store.sharedWritable = on
            world.emit(Record("fullAccess").bool("on", on))
        case .copy:
            clipboard(&s, "copy", s.clipboard.copy(), &world)
        case .paste:
            clipboard(&s, "paste", s.clipboard.paste(), &world)
        case .setVolume(let v):
            let before = s.sounds.registrations.count
            do {
                try s.sounds.setVolume(v)
            } catch {
                world.reject("setVolume", error == .notANumber ? "not-a-number" : "out-of-range") { $0.word("v", v.isNaN ? "nan" : "\(v)") }
                return
            }
            let bucket = s.sounds.volumeBucket
            world.emit(Record("volume").fixed("v", v, 2).int("bucket", bucket?.index ?? 0)
                .fixed("gain", Double(bucket?.gainQuarters ?? 0) / 4, 2).bool("muted", bucket == nil))
            emitRegistrations(s, from: before, &world)
        case .setSoundStyle(let style):
            setStyle(&s, style, &world)
        case .silentSwitch(let on):
            s.sounds.bus.silentSwitchOn = on
            world.emit(Record("bus").bool("silent", on).fixed("ringer", s.sounds.bus.ringerVolume, 2).fixed("media", s.sounds.bus.mediaVolume, 2))
        case .ringerVolume(let v):
            s.sounds.bus.setRingerVolume(v)
            world.emit(Record("bus").bool("silent", s.sounds.bus.silentSwitchOn).fixed("ringer", v, 2).fixed("media", s.sounds.bus.mediaVolume, 2))
        case .mediaVolume(let v):
            s.sounds.bus.setMediaVolume(v)
            world.emit(Record("bus").bool("silent", s.sounds.bus.silentSwitchOn).fixed("ringer", s.sounds.bus.ringerVolume, 2).fixed("media", v, 2))
        case .loadWordList(let bytes):
            do {
                let index = try WordIndex(bytes: bytes)
                s.index = index
                world.emit(Record("wordIndex").bool("ok", true).int("entries", index.entryCount).int("bytes", bytes.count))
            } catch {
                s.index = nil
                world.emit(Record("wordIndex").bool("ok", false).word("reason", reasonText(error)).int("bytes", bytes.count))
            }
            s.suggestions = []
        case .buildConfig(let config):
            s.build = config
            emitOverlay(&s, &world)
        case .debugOverlayFlag(let on):
            s.overlayFlag = on
            emitOverlay(&s, &world)
        }
    }

    // MARK: keys, chips and suggestions

    static func keystroke(_ s: inout KeyboardState, _ key: String, _ world: inout World<Keyboard>) {
        let isLetter = key.utf8.count == 1 && key.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A }
        guard isLetter || key == "space" else {
            world.reject("keystroke", "unknown-key") { $0.string("key", key) }
            return
        }
        let wasKilled = s.memory.killed
        let charged = s.memory.indexChargedBytes
        s.memory.keystroke()
        if s.memory.indexChargedBytes != charged { checkpoint(&s, "wordListParsed", &world, wasKilled: wasKilled) }
        guard !s.memory.killed else { return }
        if key == "space" {
            if !s.typed.isEmpty {
                var r = Record("commit").string("word", s.typed).word("by", "space")
                if s.typedOverflow > 0 { r = r.int("overflow", s.typedOverflow) }
                world.emit(r)
            }
            s.typed = ""
            s.typedOverflow = 0
            s.suggestions = []
            activate(&s, .key, sample: "space", &world)
            return
        }
        guard s.typed.utf8.count < maxTypedBytes else {
            // No word in the index is longer (the format's limit), so the prefix stops growing and
            // no query runs; the letters still reach the host app.
            s.typedOverflow += 1
            activate(&s, .key, sample: "key", &world)
            overflowRecord(&s, &world)
            return
        }
        s.typed += key
        activate(&s, .key, sample: "key", &world)
        query(&s, &world)
    }

    /// The prefix is at its limit: no suggestions, and the record says why.
    static func overflowRecord(_ s: inout KeyboardState, _ world: inout World<Keyboard>) {
        s.suggestions = []
        world.emit(Record("suggest").word("prefix", "none").word("reason", "tooLong").int("limit", maxTypedBytes).int("overflow", s.typedOverflow))
    }

    /// The one feedback function for keys and chips: click, haptic, visual press.
    static func activate(_ s: inout KeyboardState, _ source: FeedbackSource, sample role: String, _ world: inout World<Keyboard>) {
        let sample = "\(s.sounds.loadedStyle?.name ?? "none")-\(role)"
        let click = s.sounds.click(sample)
        var record = FeedbackPath.activate(source, soundEnabled: click.played, variant: s.chips)
        let t = world.elapsed.nanoseconds / 1_000
        if record.haptic {
            if case .fired = s.haptics.impactOccurred(at: t) {} else { record.haptic = false }
        }
        let level = record.sound ? click.level : 0
        if click.played, let gain = s.sounds.registeredGain(sample) {
            // A system sound: gain × ringer volume, nothing under the silent switch.
            let expected = s.sounds.bus.silentSwitchOn ? 0 : gain * s.sounds.bus.ringerVolume
            if click.level != expected { s.offBusClicks += 1 }
        }
        s.activations += 1
        let muted = s.sounds.volumeBucket == nil
        if !record.haptic || !record.visualPress || (!record.sound && !muted) { s.incompleteActivations += 1 }
        world.emit(Record("feedback").word("source", source == .key ? "key" : "chip").bool("sound", record.sound)
            .bool("haptic", record.haptic).bool("visual", record.visualPress).fixed("level", level, 3)
            .bool("audible", record.sound && click.audible))
    }

    /// The prefix range and the top 3, with the query's cost against the frame budget.
    static func query(_ s: inout KeyboardState, _ world: inout World<Keyboard>) {
        guard !s.typed.isEmpty else { s.suggestions = []; return }
        guard let index = s.index else {
            s.suggestions = []
            world.emit(Record("suggest").string("prefix", s.typed).word("index", "none"))
            return
        }
        let range = index.prefixRange(s.typed)
        s.suggestions = index.suggestions(in: range)
        world.emit(Record("suggest").string("prefix", s.typed).int("lo", range.lowerBound).int("hi", range.upperBound)
            .string("words", s.suggestions.joined(separator: ",")))
        let shape = QueryShape(range: range) ?? .worstCaseMisspelling
        let cost = LatencyCostModel.costNanoseconds(shape, path: s.readPath)
        s.latency.record(cost)
        let p95 = s.latency.p95Nanoseconds ?? 0
        world.emit(Record("latency").fixed("ms", Double(cost) / 1e6, 3).fixed("p95", Double(p95) / 1e6, 3)
            .fixed("budget", Double(LatencyBudget.frameBudgetNanoseconds) / 1e6, 3).bool("ok", s.latency.passes))
    }

    // MARK: language, clipboard, sounds, overlay

    static func emitActive(_ s: KeyboardState, _ world: inout World<Keyboard>) {
        let r = s.store.resolve(nowNanoseconds: world.now.nanosecondsSinceEpoch)
        var rec = Record("activeLanguage").word("id", r.id).word("source", "\(r.source)")
            .word("shared", s.store.shared.id ?? "none").word("sharedStamp", stampText(s.store.shared.stampNanoseconds))
            .word("local", s.store.local.id ?? "none").word("localStamp", stampText(s.store.local.stampNanoseconds))
        if r.futureStampSeen { rec = rec.bool("future", true) }
        world.emit(rec)
    }

    static func clipboard(_ s: inout KeyboardState, _ op: String, _ allowed: Bool, _ world: inout World<Keyboard>) {
        if allowed {
            world.emit(Record("pasteboard").word("op", op).int("accesses", s.clipboard.pasteboardAccesses))
        } else {
            world.emit(Record("toast").string("text", ClipboardGate.fullAccessToast).word("op", op))
        }
    }

    static func setStyle(_ s: inout KeyboardState, _ style: KeyboardSoundStyle, _ world: inout World<Keyboard>) {
        let before = s.sounds.registrations.count
        s.sounds.setStyle(samples(style))
        world.emit(Record("style").word("name", style.rawValue))
        emitRegistrations(s, from: before, &world)
    }

    static func emitRegistrations(_ s: KeyboardState, from: Int, _ world: inout World<Keyboard>) {
        for r in s.sounds.registrations.dropFirst(from) {
            var rec = Record("sound").word("style", r.style).word("sample", r.sample).int("bucket", r.bucket)
                .fixed("gain", Double(r.gainQuarters) / 4, 2).word("file", r.path ?? "none").bool("fallback", r.usedFallback)
            if let f = r.failure { rec = rec.word("failure", "\(f)") }
            world.emit(rec)
        }
        world.emit(Record("liveSounds").int("ids", s.sounds.registry.liveSoundIDs.count).int("tempFiles", s.sounds.files.tempPaths.count)
            .int("scaledFiles", s.sounds.scaledFileCreations))
    }

    static func emitOverlay(_ s: inout KeyboardState, _ world: inout World<Keyboard>) {
        let draws = s.overlayInRelease ? s.overlayFlag : DebugOverlay.draws(build: s.build, persistedFlag: s.overlayFlag)
        s.overlayDraws = draws
        world.emit(Record("overlay").word("build", s.build.rawValue).bool("flag", s.overlayFlag).bool("draws", draws))
    }

    // MARK: memory

    /// Live allocations beside the heap's high-water mark: the article's way to tell "holds that
    /// much" (live ≈ footprint) from "malloc kept the pages" (live far below it).
    static func heapRecord(_ s: KeyboardState, _ world: inout World<Keyboard>) {
        let m = s.memory
        world.emit(Record("heap").word("liveMB", MemoryLedger.megabytesText(m.liveAllocBytes))
            .word("highWaterMB", MemoryLedger.megabytesText(m.heapHighWaterBytes))
            .word("purgeableMB", MemoryLedger.megabytesText(m.purgeableCacheBytes)))
    }

    static func memoryRefusal(_ input: String, _ error: MemoryLedgerError, _ world: inout World<Keyboard>) {
        switch error {
        case .invalidBytes(let limit): world.reject(input, "invalid-bytes") { $0.int("limit", limit) }
        case .freeExceedsLive: world.reject(input, "free-exceeds-live")
        case .tooManyLanguages(let limit): world.reject(input, "too-many-languages") { $0.int("limit", limit) }
        }
    }

    /// The probe's marks in the order they were taken (one serialized list), with the peak.
    static func probeDump(_ s: KeyboardState, _ world: inout World<Keyboard>) {
        let marks = s.marks.marks
        let peak = marks.map(\.footprintBytes).max() ?? 0
        var r = Record("probe").int("marks", marks.count).word("peakMB", MemoryLedger.megabytesText(peak))
            .word("lastMB", MemoryLedger.megabytesText(marks.last?.footprintBytes ?? 0))
        if s.marks.droppedCount > 0 { r = r.int("dropped", s.marks.droppedCount).int("limit", ProbeMarks.maxMarks) }
        world.emit(r)
        for (i, m) in marks.enumerated() {
            world.emit(Record("mark").int("n", i + 1).word("at", m.label).word("footprintMB", MemoryLedger.megabytesText(m.footprintBytes)))
        }
    }

    /// A ledger snapshot (and probe mark); the kill record when this step crossed the ceiling.
    static func checkpoint(_ s: inout KeyboardState, _ label: String, _ world: inout World<Keyboard>, wasKilled: Bool) {
        let m = s.memory
        s.marks.mark(label, footprintBytes: m.footprintBytes)
        world.emit(Record("memory").word("at", label).int("bytes", m.footprintBytes)
            .word("footprintMB", MemoryLedger.megabytesText(m.footprintBytes)).word("liveMB", MemoryLedger.megabytesText(m.liveAllocBytes))
            .word("ceilingMB", MemoryLedger.megabytesText(m.ceilingBytes)).int("views", m.retainedViews)
            .int("threads", m.threadStacks).int("warmed", m.warmedLanguages.count))
        if m.killed && !wasKilled {
            world.emit(Record("killed").int("bytes", m.footprintBytes).int("ceilingBytes", m.ceilingBytes)
                .word("footprintMB", MemoryLedger.megabytesText(m.footprintBytes))
                .word("ceilingMB", MemoryLedger.megabytesText(m.ceilingBytes)).word("host", s.host))
        }
    }

    /// Seconds since 1970 to the millisecond, from integer nanoseconds; `none` for a missing record.
    static func stampText(_ ns: Int64?) -> String {
        guard let ns else { return "none" }
        let magnitude = ns.magnitude
        let ms = (magnitude % 1_000_000_000) / 1_000_000
        let pad = ms < 10 ? "00" : (ms < 100 ? "0" : "")
        return (ns < 0 ? "-" : "") + "\(magnitude / 1_000_000_000).\(pad)\(ms)"
    }

    static func reasonText(_ e: WordIndexError) -> String {
        switch e {
        case .empty: "empty"
        case .shortHeader: "shortHeader"
        case .badMagic: "badMagic"
        case .badVersion: "badVersion"
        case .tooManyEntries: "tooManyEntries"
        case .entriesOutOfRange: "entriesOutOfRange"
        case .stringOutOfRange: "stringOutOfRange"
        case .wordTooLong: "wordTooLong"
        case .unsorted: "unsorted"
        }
    }
}
