import LockstepCore
import LockstepRunner
import Platform
import Testing

/// A minimal domain that only speaks the shared lifecycle vocabulary, to run real scenario text.
enum LifecycleProbe: Domain {
    static let entry = DomainEntry(Self.self)
    struct State { var app = AppLifecycle(); var keyboard = AppLifecycle.appExtension("keyboard") }
    typealias Event = LifecycleLine
    static let name = "lifecycleProbe"
    static let summary = "test"
    static let events: [EventKind<Event>] = [LifecycleVocabulary.eventKind { $0 }]
    static func kind(of event: Event) -> String { LifecycleVocabulary.kind }
    static func start(_ settings: NoSettings, _ world: inout World<LifecycleProbe>) throws(ScenarioError) -> State { State() }
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<LifecycleProbe>) {
        if event.process == "keyboard" { state.keyboard.handle(event.event, &world) } else { state.app.handle(event.event, &world) }
    }
    static func write(_ state: State, to out: inout CanonicalWriter) {
        state.app.write(to: &out)
        state.keyboard.write(to: &out)
    }
}

private func run(_ events: String) throws(ScenarioError) -> [String] {
    let text = "lockstep 1\ndomain lifecycleProbe\n" + events
    let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
    let header = try reader.readHeader()
    var out = MemoryOutput()
    _ = try Runner.run(LifecycleProbe.self, reader: reader, header: header, options: RunOptions(), output: &out)
    return String(decoding: out.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        .filter { ($0.hasPrefix("  lifecycle") || $0.hasPrefix("  rejected input=lifecycle")) && $0.contains("process=") }.map { String($0.dropFirst(2)) }
}

private func error(_ events: String) -> String? {
    do { _ = try run(events); return nil } catch { return error.description }
}

@Suite struct LifecycleVocabularyTests {
    @Test func decodesEveryWord() throws {
        let lines = try run("""
            0 lifecycle launch
            1 lifecycle active
            2 lifecycle inactive
            3 lifecycle background
            4 lifecycle memoryWarning
            5 lifecycle suspend
            6 lifecycle wake reason=notificationAction
            7 lifecycle return
            8 lifecycle foreground
            9 lifecycle terminate reason=user
            10 lifecycle launch reason=user foreground=false
            11 lifecycle launch reason=extension process=keyboard
            12 lifecycle return end=false process=keyboard

            """)
        #expect(lines == [
            "lifecycle process=app event=launch reason=user from=notRunning to=launchingForeground do=loadFromDisk",
            "lifecycle process=app event=active from=launchingForeground to=foregroundActive do=refresh",
            "lifecycle process=app event=inactive from=foregroundActive to=foregroundInactive do=pause",
            "lifecycle process=app event=background from=foregroundInactive to=background do=saveState",
            "lifecycle process=app event=memoryWarning from=background to=background do=releaseMemory",
            "lifecycle process=app event=suspend from=background to=suspended do=none",
            "lifecycle process=app event=wake reason=notificationAction from=suspended to=background do=none",
            "lifecycle process=app event=return from=background to=suspended do=none",
            "lifecycle process=app event=foreground from=suspended to=foregroundInactive do=none",
            "lifecycle process=app event=terminate reason=user from=foregroundInactive to=terminated do=saveState,discardMemory",
            "lifecycle process=app event=launch reason=user from=terminated to=launchingBackground do=loadFromDisk",
            "lifecycle process=keyboard event=launch reason=extension from=notRunning to=launchingForeground do=loadFromDisk",
            "lifecycle process=keyboard event=return from=launchingForeground to=suspended do=none",
        ])
    }

    @Test func impossibleEventIsARecordNotAnError() throws {
        #expect(try run("0 lifecycle active\n") == ["rejected input=lifecycle reason=notRunning process=app event=active from=notRunning"])
    }

    @Test func badLinesAreLocatedErrors() {
        // Column of the offending value: "0 lifecycle background reason=user" -> 'reason' value at column 31.
        #expect(error("0 lifecycle background reason=user\n") == "t.scenario:3:31: 'reason' does not apply to 'lifecycle background'")
        #expect(error("0 lifecycle terminate\n")?.contains("missing field 'reason' for 'lifecycle terminate'") == true)
        #expect(error("0 lifecycle wake\n")?.contains("missing field 'reason' for 'lifecycle wake'") == true)
        #expect(error("0 lifecycle launch reason=jetsam\n")?.contains("reason=jetsam does not apply to 'lifecycle launch'") == true)
        #expect(error("0 lifecycle terminate reason=user2\n") != nil)
        #expect(error("0 lifecycle terminate reason=backgroundTask\n")?.contains("does not apply to 'lifecycle terminate'") == true)
        #expect(error("0 lifecycle wake reason=user\n")?.contains("expected one of: notificationAction, backgroundTask") == true)
        #expect(error("0 lifecycle launch end=true\n")?.contains("'end' does not apply") == true)
        #expect(error("0 lifecycle active foreground=true\n")?.contains("'foreground' does not apply") == true)
        #expect(error("0 lifecycle sleep\n") != nil)
        #expect(error("0 lifecycle\n") != nil)
    }
}
