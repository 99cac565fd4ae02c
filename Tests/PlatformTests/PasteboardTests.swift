import LockstepCore
import LockstepRunner
import Platform
import Testing

/// A domain that speaks the `pasteboard` and `env` vocabularies plus the app's own `copy` and
/// `read`, to run real scenario text through the pasteboard model.
enum PasteboardProbe: Domain {
    static let entry = DomainEntry(Self.self)
    struct State: Sendable { var pasteboard = Pasteboard(); var device: Device }
    enum Event: Sendable {
        case pasteboard(PasteboardLine), env(DeviceChange)
        case copy(String, localOnly: Bool, expiresIn: Duration?)
        case read(PasteboardReadMode, PasteboardClient)
    }
    enum ClientWord: String, CaseIterable, Sendable { case app, keyboard, keyboardNoFullAccess }
    static let name = "pasteboardProbe"
    static let summary = "test"
    static let events: [EventKind<Event>] = [
        PasteboardVocabulary.eventKind { .pasteboard($0) },
        DeviceVocabulary.eventKind(minimumOS: OSRelease(12, 0)) { .env($0) },
        EventKind("copy", "the app copies") { f throws(ScenarioError) in
            .copy(try f("text", .string), localOnly: try f("localOnly", .bool, default: false), expiresIn: try f.optional("expiresIn", .duration))
        },
        EventKind("read", "the app reads") { f throws(ScenarioError) in
            let mode = try f("mode", .choice(PasteboardReadMode.self))
            let client: PasteboardClient = switch try f("client", .choice(ClientWord.self), default: .app) {
            case .app: .app
            case .keyboard: .keyboard(fullAccess: true)
            case .keyboardNoFullAccess: .keyboard(fullAccess: false)
            }
            return .read(mode, client)
        },
    ]
    static func kind(of event: Event) -> String {
        switch event {
        case .pasteboard: PasteboardVocabulary.kind
        case .env: DeviceVocabulary.kind
        case .copy: "copy"
        case .read: "read"
        }
    }
    static let settings = SettingsReader<Device> { s throws(ScenarioError) in
        try DeviceVocabulary.settings(&s, default: Device(os: OSRelease(16, 0)), minimumOS: OSRelease(12, 0))
    }
    static func start(_ settings: Device, _ world: inout World<PasteboardProbe>) throws(ScenarioError) -> State {
        State(device: settings)
    }
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<PasteboardProbe>) {
        switch event {
        case .pasteboard(let line): state.pasteboard.apply(line, &world)
        case .env(let change): state.device.apply(change, &world)
        case .copy(let text, let localOnly, let expiresIn):
            state.pasteboard.write([PasteboardItem(text: text)], by: .thisApp, localOnly: localOnly,
                                   expiresAt: expiresIn.map { world.now + $0 }, &world)
        case .read(let mode, let client): _ = state.pasteboard.read(mode, client: client, os: state.device.os, &world)
        }
    }
    static func write(_ state: State, to out: inout CanonicalWriter) { state.pasteboard.write(to: &out) }
}

/// The run's trace.
private func trace(_ body: String) throws(ScenarioError) -> String {
    let text = "lockstep 1\ndomain pasteboardProbe\n" + body
    let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
    let header = try reader.readHeader()
    var out = MemoryOutput()
    _ = try Runner.run(PasteboardProbe.self, reader: reader, header: header, options: RunOptions(), output: &out)
    return String(decoding: out.bytes, as: UTF8.self)
}

/// The pasteboard, device and rejection records of a run, without the indent.
private func records(_ body: String) throws(ScenarioError) -> [String] {
    try trace(body).split(separator: "\n").map(String.init)
        .filter { $0.hasPrefix("  pasteboard.") || $0.hasPrefix("  rejected") || $0.hasPrefix("  device ") }
        .map { String($0.dropFirst(2)) }
}

private func error(_ body: String) -> String? {
    do { _ = try trace(body); return nil } catch { return error.description }
}

/// The prompt= word of each read record.
private func prompts(_ lines: [String]) -> [String] {
    lines.filter { $0.hasPrefix("pasteboard.read") }.map { line in
        String(line.split(separator: " ").first { $0.hasPrefix("prompt=") }!.dropFirst(7))
    }
}

@Suite struct PasteboardTests {
    /// The privacy rules by OS release, for another app's content (Apple's platform documentation:
    /// the banner arrived in iOS 14, the Allow Paste alert in iOS 16; hasStrings and the paste
    /// controls never prompt).
    @Test(arguments: [("13.7", "none"), ("14.0", "banner"), ("15.7", "banner"), ("16.0", "alert"), ("18.2", "alert")])
    func programmaticCrossAppReadByOS(os: String, expected: String) throws {
        let lines = try records("set os \(os)\n\n0 pasteboard external text=\"#travel\"\n1 read mode=programmatic\n2 read mode=hasStrings\n")
        #expect(prompts(lines) == [expected, "none"])
        #expect(lines.contains { $0.hasPrefix("pasteboard.read mode=programmatic") && $0.hasSuffix("result=text text=\"#travel\"") })
        #expect(lines.contains("pasteboard.read mode=hasStrings client=app os=\(os) owner=Notes prompt=none result=hasStrings"))
    }

    @Test func pasteControlsCarryIntentAndNeedIOS16() throws {
        let on16 = try records("set os 16.0\n\n0 pasteboard external text=\"a\"\n1 read mode=pasteButton\n2 read mode=pasteControl\n")
        #expect(prompts(on16) == ["none", "none"])
        let on15 = try records("set os 15.7\n\n0 pasteboard external text=\"a\"\n1 read mode=pasteButton\n")
        #expect(on15.contains("rejected input=pasteboard.read reason=unavailable mode=pasteButton os=15.7 requires=16.0"))
        #expect(prompts(on15).isEmpty)
    }

    @Test func ownContentNeverPrompts() throws {
        let lines = try records("set os 18.0\n\n0 copy text=\"#a #b\"\n1 read mode=programmatic\n")
        #expect(lines.contains("pasteboard.read mode=programmatic client=app os=18.0 owner=thisApp prompt=none result=text text=\"#a #b\""))
    }

    @Test func permissionAndAlertAnswer() throws {
        let lines = try records("""
            set os 16.4

            0 pasteboard external text="x"
            1 pasteboard settings alertAnswer=deny
            2 read mode=programmatic
            3 pasteboard settings permission=deny
            4 read mode=programmatic
            5 pasteboard settings permission=allow
            6 read mode=programmatic

            """)
        let reads = lines.filter { $0.hasPrefix("pasteboard.read") }
        #expect(reads.count == 3)
        #expect(reads[0].hasSuffix("prompt=alert result=denied"))
        #expect(reads[1].hasSuffix("prompt=none result=denied"))
        #expect(reads[2].hasSuffix("prompt=none result=text text=\"x\""))
        #expect(lines.contains("pasteboard.settings permission=deny alertAnswer=deny"))
    }

    @Test func expiryOnTheVirtualClock() throws {
        let lines = try records("0 copy text=\"#a\" localOnly=true expiresIn=60s\n59 read mode=programmatic\n61 read mode=hasStrings\n")
        #expect(lines[0] == "pasteboard.write owner=thisApp client=app items=1 types=public.plain-text localOnly=true expiresAt=2026-01-01T00:01:00Z changeCount=1 text=\"#a\"")
        #expect(lines[1].hasSuffix("result=text text=\"#a\""))
        // Noticed at 61 s, dated at the expiry itself; a change like any other.
        #expect(lines[2] == "pasteboard.expired at=2026-01-01T00:01:00Z changeCount=2")
        #expect(lines[3].hasSuffix("owner=none prompt=none result=noStrings"))
    }

    @Test func keyboardFullAccessGate() throws {
        let lines = try records("0 pasteboard external text=\"x\"\n1 read mode=programmatic client=keyboardNoFullAccess\n2 read mode=programmatic client=keyboard\n")
        #expect(lines.contains("rejected input=pasteboard.read reason=noFullAccess mode=programmatic client=keyboardNoFullAccess"))
        #expect(lines.contains { $0.hasPrefix("pasteboard.read mode=programmatic client=keyboard os=16.0 owner=Notes prompt=alert") })
        var world = World<Bare>(start: .defaultStart)
        var board = Pasteboard()
        #expect(!board.write([PasteboardItem(text: "k")], by: .thisApp, client: .keyboard(fullAccess: false), &world))
        #expect(board.changeCount == 0 && board.counts.refused == 1)
    }

    @Test func limitsAreRefusalsThatKeepTheOldContent() {
        var world = World<Bare>(start: .defaultStart)
        var board = Pasteboard()
        #expect(board.write([PasteboardItem(text: "keep")], by: .thisApp, &world))
        let many = [PasteboardItem](repeating: PasteboardItem(text: "x"), count: Pasteboard.maxItems + 1)
        #expect(!board.write(many, by: .thisApp, &world))
        let huge = PasteboardItem(text: String(repeating: "a", count: Pasteboard.maxTextBytes + 1))
        #expect(!board.write([huge], by: .thisApp, &world))
        #expect(board.peekString == "keep" && board.changeCount == 1)
        let rejections = world.outputs.map(\.description).filter { $0.hasPrefix("rejected") }
        #expect(rejections == ["rejected input=pasteboard.write reason=tooManyItems items=65 limit=64",
                               "rejected input=pasteboard.write reason=tooLarge bytes=4194305 limit=4194304"])
    }

    @Test func writtenAlreadyExpiredIsGoneAtOnce() {
        var world = World<Bare>(start: .defaultStart)
        var board = Pasteboard()
        board.write([PasteboardItem(text: "gone")], by: .thisApp, expiresAt: world.now, &world)
        #expect(board.peekString == nil && board.changeCount == 2 && board.counts.expired == 1)
    }

    @Test func clearAndChangeCount() throws {
        let lines = try records("0 pasteboard external text=\"a\" app=Safari type=public.url\n1 pasteboard clear app=Safari\n2 read mode=programmatic\n")
        #expect(lines[0] == "pasteboard.write owner=Safari client=app items=1 types=public.url localOnly=false expiresAt=never changeCount=1")
        #expect(lines[1] == "pasteboard.write owner=Safari client=app items=0 types=none localOnly=false expiresAt=never changeCount=2")
        #expect(lines[2].hasSuffix("owner=none prompt=none result=empty"))
    }

    @Test func vocabularyErrorsAreLocated() {
        #expect(error("0 pasteboard\n")?.contains("t.scenario:3:") == true)
        #expect(error("0 pasteboard clear text=\"a\"\n")?.contains("'text' does not apply to 'pasteboard clear'") == true)
        #expect(error("0 pasteboard external\n")?.contains("missing field 'text'") == true)
        #expect(error("0 pasteboard external text=\"a\" expiresIn=0s\n")?.contains("expiresIn must be positive") == true)
        #expect(error("0 pasteboard external text=\"a\" app=thisApp\n")?.contains("app=thisApp") == true)
        #expect(error("0 pasteboard settings\n")?.contains("needs permission= or alertAnswer=") == true)
        #expect(error("0 pasteboard paste\n")?.contains("t.scenario:3:14") == true)
    }

    @Test func vocabularyTextRoundTrips() {
        let lines: [PasteboardLine] = [
            .external(app: "Notes", items: [PasteboardItem(text: "#a \"b\"")], localOnly: false, expiresIn: nil),
            .external(app: "Safari", items: [PasteboardItem(type: "public.url", text: "u")], localOnly: true, expiresIn: .seconds(60)),
            .clear(app: "Notes"), .clear(app: "Mail"),
            .settings(PasteboardSettingsChange(permission: .deny)), .settings(PasteboardSettingsChange(permission: .ask, alertAnswer: .deny)),
        ]
        #expect(lines.map { PasteboardVocabulary.text(of: $0) ?? "nil" } == [
            "pasteboard external text=\"#a \\\"b\\\"\"", "pasteboard external text=\"u\" app=Safari type=public.url localOnly=true expiresIn=60s",
            "pasteboard clear", "pasteboard clear app=Mail",
            "pasteboard settings permission=deny", "pasteboard settings permission=ask alertAnswer=deny",
        ])
    }
}

@Suite struct DeviceVocabularyTests {
    @Test func settingsAndEnvEvent() throws {
        let lines = try records("""
            set os 17.10
            set idiom pad
            set supports "haptics,multicam"
            set purchases premium

            0 env os="18.2.1" purchases="pro,premium,pro"
            1 env build=debug

            """)
        #expect(lines == [
            "device os=18.2.1 idiom=pad supports=haptics,multicam capabilities=none entitlements=none purchases=premium,pro build=release",
            "device os=18.2.1 idiom=pad supports=haptics,multicam capabilities=none entitlements=none purchases=premium,pro build=debug",
        ])
    }

    @Test func availabilityFallbackIsARecord() {
        var world = World<Bare>(start: .defaultStart)
        let old = Device(os: OSRelease(17, 6))
        #expect(!old.available("WebView", since: OSRelease(26, 0), &world))
        #expect(Device(os: OSRelease(26, 0)).available("WebView", since: OSRelease(26, 0), &world))
        #expect(world.outputs.map(\.description) == ["availability.fallback api=WebView requires=26.0 os=17.6"])
    }

    @Test func badEnvironmentIsLocated() {
        #expect(error("set os 11.4\n\n0 env build=debug\n")?.contains("below the app's minimum, 12.0") == true)
        #expect(error("0 env os=11.0\n")?.contains("t.scenario:3:") == true)
        #expect(error("0 env\n")?.contains("'env' needs at least one of") == true)
        #expect(error("0 env supports=\"haptics,haptics\"\n")?.contains("each once") == true)
        #expect(error("0 env supports=jetpack\n")?.contains("haptics, multicam, pencil") == true)
        #expect(error("0 env os=17.\n")?.contains("t.scenario:3:") == true)
        #expect(error("0 env os=\"17.\"\n")?.contains("expected an OS release") == true)
        #expect(error("0 env os=17.5.1\n")?.contains("t.scenario:3:") == true)
        #expect(error("0 env purchases=a/b\n")?.contains("not a product word") == true)
        #expect(error("set idiom tv\n\n0 env build=debug\n")?.contains("tv") == true)
    }

    @Test func envTextRoundTrips() {
        let change = DeviceChange(os: OSRelease(17, 10), supports: [.haptics, .nfc], purchases: [], build: .debug)
        #expect(DeviceVocabulary.text(of: change) == "env os=17.10 supports=\"haptics,nfc\" purchases=none build=debug")
        #expect(DeviceVocabulary.text(of: DeviceChange(os: OSRelease(18, 2, 1), supports: [.lidar])) == "env os=\"18.2.1\" supports=lidar")
        #expect(DeviceVocabulary.text(of: DeviceChange()) == nil)
    }
}
