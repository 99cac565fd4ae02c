import LockstepCore
import Platform

/// `keyboard`: Kibo, a custom iPhone keyboard extension (several languages, a three-word
/// suggestion bar, key clicks and haptics) built around three hard limits: a ~60 MB
/// `phys_footprint` ceiling enforced by silent jetsam kills, Full Access off by default (no
/// pasteboard, no reliably writable App Group container), and key clicks without an audio session.
///
/// Source: seed article `000_8b8814f04b5ca09f.txt`, "The three hard constraints of an iOS keyboard
/// extension". Modelled: the two-store active-language merge (newest stamp wins, a tie goes to the
/// shared store, disabled ids skipped, `enabled[0]` as the fallback) with shared writes silently
/// dropped without Full Access (`LanguageStore`); the Full Access clipboard gate and its toast
/// (`ClipboardGate`); the click volume baked into scaled `kibo-<name>.wav` files in four buckets,
/// the full-volume fallback, one registered style at a time (`ClickSounds`, `VolumeBucket`,
/// `SoundFileStore`, Platform's `SystemSoundRegistry`); ringer vs media bus audibility (Platform's
/// `AudioBuses`, `PlaybackPath`); the single
/// feedback path for keys and chips (`FeedbackPath`, haptics from Platform's `FeedbackGenerator`);
/// the memory-mapped word index validated once, prefix ranges and top-3 suggestions (`WordIndex`);
/// the memory ledger with retained views, deferred teardown, warm-up threads and jetsam
/// (`MemoryLedger`); per-keystroke latency by a cost model against one 60 Hz frame
/// (`LatencyBudget`); the serialized probe marks; the debug overlay kept out of release.
///
/// Choices where the article is silent (GAPs):
/// - Language stamps are the scenario clock's integer nanoseconds since 1970 (the app stores
///   `timeIntervalSince1970`; integers order the same and are exact). A missing record has no id
///   and a stamp of −∞, so two missing records tie; a nil id never matches. A stamp later than
///   now is accepted as-is (newest wins) and flagged `future=true`.
/// - The container app writes through the same setter into the shared store (always writable on
///   its side) and its own defaults, which the extension never reads.
/// - `languages` must be non-empty (`enabled[0]` is the fallback), unique, at most 64.
/// - Volume buckets: `bucket = clamp(ceil(v × 4), 1, 4)`, `gain = bucket / 4`; `v = 0` mutes (no
///   click, so `sound=false` is then not a missing feedback); NaN refused. A scaled file is made
///   only when the bucket changes; its name carries no bucket, so a change replaces it.
/// - A click is audible when `gain × bus volume ≥ 0.1`; the silent switch zeroes the ringer bus,
///   the media bus needs an active session.
/// - Styles: `classic`, `typewriter`, `soft`, each with three samples (`<style>-key`, `-space`,
///   `-delete`), four frames of mono PCM. `set unreadableSample` and `set tempWritesFail` inject
///   the scaled-file failures.
/// - Word index: magic `KIBO`, little-endian, a 20-byte header (magic, version 1, reserved,
///   entry count, strings offset, entries offset), 12-byte entries (word offset, length,
///   frequency, flags), sorted by UTF-8 bytes and fully checked (sort order too) at load;
///   suggestions are the top 3 by frequency, ties in word order.
/// - Memory (integer bytes, MB = bytes / 1,048,576 to one decimal): runtime 24 MiB; a keyboard
///   view 50 buttons × 62,915 B (≈3.0 MB), so 27.0 MB with a mapped list; a parsed word list adds
///   25 MiB on the first keystroke (52.0 MB); a warm-up thread 512 KiB; a viewWillDisappear rebuild
///   leaves 256 KiB of unpurgeable cache; the default ceiling is 60 MB (62,914,560 B). Footprint
///   above the ceiling kills the extension; every later event is refused `killed`.
/// - Latency cost model (ns): 50,000 per keystroke, 2,000 per binary-search probe, 4 fields per
///   entry in the range at 3,000 (`copyBytes`) or 500 (`loadUnaligned`), 4,000 per correction
///   step; a query reads its probes and every entry of its prefix range. Budget 16,667 µs;
///   p95 is the nearest rank.
/// - Volumes outside 0...1 are refused, not clamped (a broken slider shows in the trace).
/// - A word-index file that fails validation replaces the previous index: no suggestions until a
///   valid file is loaded.
/// - The ledger is snapshotted (and a probe mark appended) after every lifecycle and memory event,
///   every language switch and the parse of a dirty word list; the snapshot before the next
///   main-queue turn still holds the released view awaiting its deferred teardown (30.0 MB).
/// - The leak test's baseline controller (`hostAppChange empty=true`) never touches its view, so
///   it charges nothing.
/// - Keys are `a`...`z` and `space` (space commits the word); other keys are refused. A chip tap
///   commits its word; an index past the bar is refused.
/// - The typed prefix stops at 255 bytes (`maxTypedBytes`, the word index's longest word): further
///   letters reach the host but not the prefix, each with `suggest prefix=none reason=tooLong`;
///   delete takes them back first; the commit says `overflow=N`.
/// - Memory: `allocate`, `free` and `transientAllocation` (allocated and freed at once, its pages
///   kept as the heap's high-water mark) move the ledger, each with a `heap liveMB= highWaterMB=`
///   record, so "63 MB footprint, 10 MB live, a memory warning does not move it" is a scenario.
///   `probeDump` reads the marks back from unified logging, which survives a kill, with the peak.
public enum Keyboard: Domain {
    public static let entry = DomainEntry(Self.self)
    /// The longest prefix the keyboard tracks: the word index's longest word, so no query past it
    /// could match (and the prefix in each record stays bounded).
    static let maxTypedBytes = WordIndexFormat.maxWordBytes
    public typealias State = KeyboardState
    public typealias Event = KeyboardEvent
    public typealias Fault = KeyboardFault

    public static let name = "keyboard"
    public static let summary = "Kibo keyboard extension: the two-store language merge without Full Access, the clipboard gate, scaled click sounds in four buckets with a full-volume fallback, one feedback path for keys and chips, a validated memory-mapped word index, a memory ledger with jetsam, p95 latency per keystroke (seed 000, \"The three hard constraints of an iOS keyboard extension\")."

    public static let events: [EventKind<KeyboardEvent>] = [
        EventKind("hostAppChange", "A new host app: the old controller is released, a new one loads its view") { f throws(ScenarioError) in
            .hostAppChange(host: try f("host", .word, "the host app"),
                           empty: try f("empty", .bool, default: false, "an empty UIInputViewController (the leak test's baseline): it never loads its view"))
        },
        EventKind("viewDidLoad", "The controller loads its keyboard view") { _ throws(ScenarioError) in .viewDidLoad },
        EventKind("viewWillAppear", "The keyboard is shown (again)") { _ throws(ScenarioError) in .viewWillAppear },
        EventKind("viewWillDisappear", "The keyboard is hidden") { _ throws(ScenarioError) in .viewWillDisappear },
        EventKind("controllerDeinit", "The controller is released") { _ throws(ScenarioError) in .controllerDeinit },
        EventKind("mainQueueTurn", "One main run-loop turn (deferred teardown runs)") { _ throws(ScenarioError) in .mainQueueTurn },
        EventKind("memoryWarning", "didReceiveMemoryWarning: purgeable caches dropped") { _ throws(ScenarioError) in .memoryWarning },
        EventKind("allocate", "The extension allocates live objects (a cache when purgeable=true)") { f throws(ScenarioError) in
            let mb = try f("mb", .number, in: 0 ... 1_024, "megabytes (MiB), e.g. 10 or 2.5")
            return .allocate(bytes: Int((mb * Double(MemoryLedger.bytesPerMB)).rounded()), purgeable: try f("purgeable", .bool, default: false, "dropped by a memory warning"))
        },
        EventKind("free", "The extension frees live (non-cache) objects") { f throws(ScenarioError) in
            .free(bytes: Int((try f("mb", .number, in: 0 ... 1_024, "megabytes (MiB)") * Double(MemoryLedger.bytesPerMB)).rounded()))
        },
        EventKind("transientAllocation", "A large allocation freed at once: malloc keeps the pages (heap high-water)") { f throws(ScenarioError) in
            .transientAllocation(bytes: Int((try f("mb", .number, in: 0 ... 1_024, "megabytes (MiB)") * Double(MemoryLedger.bytesPerMB)).rounded()))
        },
        EventKind("probeDump", "Read the memory probe's marks back from unified logging (survives a kill)") { _ throws(ScenarioError) in .probeDump },
        EventKind("systemMemoryPressure", "The rest of the phone lowers the jetsam ceiling") { f throws(ScenarioError) in
            .systemMemoryPressure(ceilingMB: try f("ceilingMB", .int, in: 0 ... 4_096, "the effective ceiling in MB"))
        },
        EventKind("keystroke", "A key press: a...z or space") { f throws(ScenarioError) in
            .keystroke(key: try f("key", .word, "a letter a...z or space"))
        },
        EventKind("suggestionTap", "A tap on a suggestion chip") { f throws(ScenarioError) in
            .suggestionTap(index: try f("index", .int, in: 0 ... 16, "the chip, 0 = leftmost"))
        },
        EventKind("deleteKey", "The delete key") { _ throws(ScenarioError) in .deleteKey },
        EventKind("languageSwitch", "The user switches language in the extension") { f throws(ScenarioError) in
            .languageSwitch(id: try f("id", .word, "a language id"))
        },
        EventKind("containerAppSetLanguage", "The container app sets the active language") { f throws(ScenarioError) in
            .containerAppSetLanguage(id: try f("id", .word, "a language id"))
        },
        EventKind("fullAccess", "Full Access switched in Settings") { f throws(ScenarioError) in .fullAccess(on: try f("on", .bool, "on")) },
        EventKind("copy", "The copy button") { _ throws(ScenarioError) in .copy },
        EventKind("paste", "The paste button") { _ throws(ScenarioError) in .paste },
        EventKind("setVolume", "The click volume slider") { f throws(ScenarioError) in
            .setVolume(v: try f("v", .number, "0...1; nan is refused"))
        },
        EventKind("setSoundStyle", "The click sound style") { f throws(ScenarioError) in
            .setSoundStyle(style: try f("style", .choice(KeyboardSoundStyle.self), "the style"))
        },
        EventKind("silentSwitch", "The ring/silent switch") { f throws(ScenarioError) in .silentSwitch(on: try f("on", .bool, "silent")) },
        EventKind("ringerVolume", "The ringer bus volume") { f throws(ScenarioError) in
            .ringerVolume(v: try f("v", .number, in: 0 ... 1, "0...1"))
        },
        EventKind("mediaVolume", "The media bus volume") { f throws(ScenarioError) in
            .mediaVolume(v: try f("v", .number, in: 0 ... 1, "0...1"))
        },
        EventKind("loadWordList", "Map the binary word index") { f throws(ScenarioError) in
            .loadWordList(bytes: try f("file", .file, "a word index file under Scenarios/"))
        },
        EventKind("buildConfig", "The build configuration") { f throws(ScenarioError) in
            .buildConfig(config: try f("config", .choice(BuildConfiguration.self), "debug or release"))
        },
        EventKind("debugOverlayFlag", "The debug-overlay flag persisted in defaults") { f throws(ScenarioError) in
            .debugOverlayFlag(on: try f("on", .bool, "the persisted flag"))
        },
    ]

    public static func kind(of event: KeyboardEvent) -> String {
        switch event {
        case .hostAppChange: "hostAppChange"
        case .viewDidLoad: "viewDidLoad"
        case .viewWillAppear: "viewWillAppear"
        case .viewWillDisappear: "viewWillDisappear"
        case .controllerDeinit: "controllerDeinit"
        case .mainQueueTurn: "mainQueueTurn"
        case .memoryWarning: "memoryWarning"
        case .allocate: "allocate"
        case .free: "free"
        case .transientAllocation: "transientAllocation"
        case .probeDump: "probeDump"
        case .systemMemoryPressure: "systemMemoryPressure"
        case .keystroke: "keystroke"
        case .suggestionTap: "suggestionTap"
        case .deleteKey: "deleteKey"
        case .languageSwitch: "languageSwitch"
        case .containerAppSetLanguage: "containerAppSetLanguage"
        case .fullAccess: "fullAccess"
        case .copy: "copy"
        case .paste: "paste"
        case .setVolume: "setVolume"
        case .setSoundStyle: "setSoundStyle"
        case .silentSwitch: "silentSwitch"
        case .ringerVolume: "ringerVolume"
        case .mediaVolume: "mediaVolume"
        case .loadWordList: "loadWordList"
        case .buildConfig: "buildConfig"
        case .debugOverlayFlag: "debugOverlayFlag"
        }
    }

    public struct Settings: Sendable {
        var languages: [String]
        var fullAccess: Bool
        var wordList: KeyboardWordList
        var ceilingMB: Int
        var style: KeyboardSoundStyle
        var unreadableSample: String?
        var tempWritesFail: Bool
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        let languages = try s("languages", .text, default: "en,ja,ko", "enabled language ids, comma-separated; the first is the fallback")
        let fullAccess = try s("fullAccess", .bool, default: false, "Full Access (off by default)")
        let wordList = try s("wordList", .choice(KeyboardWordList.self), default: .mapped, "the word list memory-mapped or parsed into the heap")
        let ceilingMB = try s("ceilingMB", .int, default: 60, in: 28 ... 4_096, "the jetsam ceiling in MB (above the 27 MB the extension takes at launch)")
        let style = try s("style", .choice(KeyboardSoundStyle.self), default: .classic, "the click style loaded at launch")
        let unreadable = try s.optional("unreadableSample", .word, "a bundled sample that cannot be decoded, e.g. classic-key")
        let writesFail = try s("tempWritesFail", .bool, default: false, "every scaled-file write fails")
        let ids = languages.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if !s.isDeclaring {
            if ids.isEmpty || ids.contains(where: \.isEmpty) {
                throw s.error("expected non-empty comma-separated language ids (enabled[0] is the fallback)", at: "languages")
            }
            if Set(ids).count != ids.count { throw s.error("a language id is listed twice", at: "languages") }
            if ids.count > LanguageStore.maxEnabledLanguages { throw s.error("at most \(LanguageStore.maxEnabledLanguages) languages", at: "languages") }
        }
        return Settings(languages: ids, fullAccess: fullAccess, wordList: wordList, ceilingMB: ceilingMB, style: style,
                        unreadableSample: unreadable, tempWritesFail: writesFail)
    }

    public static func start(_ settings: Settings, _ world: inout World<Keyboard>) throws(ScenarioError) -> KeyboardState {
        // The settings reader has refused an empty, duplicated or too long list already.
        guard let store = try? LanguageStore(enabledLanguageIDs: settings.languages, sharedWritable: settings.fullAccess,
                                             variant: world.isOn(.languageReverts) ? .sharedOnly : .correctMerge) else {
            throw ScenarioError(path: "", line: 0, column: 0, message: "languages: expected 1...\(LanguageStore.maxEnabledLanguages) ids")
        }
        var soundFaults: ClickSoundsFaults = []
        if world.isOn(.silentFallback) { soundFaults.insert(.silentFallback) }
        if world.isOn(.leakSoundIDs) { soundFaults.insert(.leakSoundIDs) }
        if world.isOn(.mediaBusPlayer) { soundFaults.insert(.mediaBusPlayer) }
        var memoryFaults: MemoryLedgerFaults = []
        if world.isOn(.retainViews) { memoryFaults.insert(.retainViews) }
        if world.isOn(.teardownInViewWillDisappear) { memoryFaults.insert(.teardownInViewWillDisappear) }
        if world.isOn(.globalQueueWarmups) { memoryFaults.insert(.globalQueueWarmups) }
        var files = SoundFileStore()
        for style in KeyboardSoundStyle.allCases {
            for sample in samples(style).sampleNames {
                let content: SoundFileStore.Content = sample == settings.unreadableSample ? .unreadable : .pcm(bundledClick)
                _ = files.place(content, at: SoundFileStore.bundlePath(sample))
            }
        }
        files.writesFail = settings.tempWritesFail
        var s = KeyboardState(
            store: store,
            clipboard: ClipboardGate(hasFullAccess: settings.fullAccess),
            sounds: ClickSounds(files: files, faults: soundFaults),
            memory: MemoryLedger(wordListStorage: settings.wordList == .mapped ? .mapped : .dirtyParsed, faults: memoryFaults,
                                 ceilingBytes: settings.ceilingMB * MemoryLedger.bytesPerMB),
            readPath: world.isOn(.copyBytesReads) ? .copyBytes : .loadUnaligned,
            chips: world.isOn(.chipsWithoutFeedback) ? .chipsWithoutFeedback : .shared)
        s.overlayInRelease = world.isOn(.debugOverlayInRelease)
        world.emit(Record("launch").word("languages", settings.languages.joined(separator: ",")).bool("fullAccess", settings.fullAccess)
            .word("wordList", settings.wordList.rawValue).int("ceilingMB", settings.ceilingMB))
        emitActive(s, &world)
        setStyle(&s, settings.style, &world)
        checkpoint(&s, "launch", &world, wasKilled: false)
        return s
    }

    /// A short click: four frames of mono PCM.
    static let bundledClick = PCMFile(validMono: [0.5, -0.5, 0.25, -0.25])

    static func samples(_ style: KeyboardSoundStyle) -> SoundStyle {
        SoundStyle(builtIn: style.rawValue, sampleNames: ["\(style.rawValue)-delete", "\(style.rawValue)-key", "\(style.rawValue)-space"])
    }

    public static func write(_ s: KeyboardState, to out: inout CanonicalWriter) {
        let active = s.store.resolve()
        out.record(Record("language").word("active", active.id).word("source", "\(active.source)")
            .word("shared", s.store.shared.id ?? "none").word("sharedStamp", stampText(s.store.shared.stampNanoseconds))
            .word("local", s.store.local.id ?? "none").word("localStamp", stampText(s.store.local.stampNanoseconds))
            .bool("sharedWritable", s.store.sharedWritable))
        out.record(Record("clipboard").bool("fullAccess", s.clipboard.hasFullAccess).int("toasts", s.clipboard.toasts.count)
            .int("pasteboardAccesses", s.clipboard.pasteboardAccesses))
        out.record(Record("sounds").word("style", s.sounds.loadedStyle?.name ?? "none")
            .int("bucket", s.sounds.volumeBucket?.index ?? 0).int("liveIDs", s.sounds.registry.liveSoundIDs.count)
            .int("tempFiles", s.sounds.files.tempPaths.count).int("scaledFiles", s.sounds.scaledFileCreations)
            .bool("silent", s.sounds.bus.silentSwitchOn).fixed("ringer", s.sounds.bus.ringerVolume, 2).fixed("media", s.sounds.bus.mediaVolume, 2))
        out.record(Record("memory").int("footprint", s.memory.footprintBytes).int("ceiling", s.memory.ceilingBytes)
            .int("retainedViews", s.memory.retainedViews).int("threads", s.memory.threadStacks)
            .int("warmed", s.memory.warmedLanguages.count).bool("killed", s.memory.killed).int("marks", s.marks.marks.count))
        out.record(Record("words").word("host", s.host).int("index", s.index?.entryCount ?? -1).string("typed", s.typed)
            .string("suggestions", s.suggestions.joined(separator: ",")).int("activations", s.activations)
            .int("samples", s.latency.samplesNanoseconds.count))
        // Only when non-zero, so states from before the limit existed keep their bytes.
        if s.typedOverflow > 0 { out.int("typedOverflow", s.typedOverflow) }
        out.record(Record("overlay").word("build", s.build.rawValue).bool("flag", s.overlayFlag))
    }
}
