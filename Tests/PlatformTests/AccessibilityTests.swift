import LockstepCore
import LockstepRunner
import Platform
import Testing

/// A domain that speaks only the `a11y` vocabulary plus `say TEXT`, to run real scenario text.
enum AccessibilityProbe: Domain {
    static let entry = DomainEntry(Self.self)
    enum Event: Sendable { case a11y(AccessibilityChange), say(String) }
    static let name = "a11yProbe"
    static let summary = "test"
    static let events: [EventKind<Event>] = [
        AccessibilityVocabulary.eventKind { .a11y($0) },
        EventKind("say", "an announcement") { f throws(ScenarioError) in .say(try f("text", .string, "what to announce")) },
    ]
    static func kind(of event: Event) -> String {
        switch event {
        case .a11y: AccessibilityVocabulary.kind
        case .say: "say"
        }
    }
    static func start(_ settings: NoSettings, _ world: inout World<AccessibilityProbe>) throws(ScenarioError) -> Accessibility { Accessibility() }
    static func reduce(_ state: inout Accessibility, _ event: Event, _ world: inout World<AccessibilityProbe>) {
        switch event {
        case .a11y(let change): state.apply(change, &world)
        case .say(let text): state.announce(text, &world)
        }
    }
    static func write(_ state: Accessibility, to out: inout CanonicalWriter) { state.write(to: &out) }
}

/// Output lines of a run (indented record lines, without the indent).
private func records(_ events: String) throws(ScenarioError) -> [String] {
    let text = "lockstep 1\ndomain a11yProbe\n\n" + events
    let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
    let header = try reader.readHeader()
    var out = MemoryOutput()
    _ = try Runner.run(AccessibilityProbe.self, reader: reader, header: header, options: RunOptions(), output: &out)
    return String(decoding: out.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        .filter { ($0.hasPrefix("  a11y") && !$0.hasSuffix("{")) || $0.hasPrefix("  rejected") }.map { String($0.dropFirst(2)) }
}

private func error(_ events: String) -> String? {
    do { _ = try records(events); return nil } catch { return error.description }
}

@Suite struct AccessibilityTests {
    @Test func textSizeScaleIsBodySizeOverSeventeen() {
        // Apple's Dynamic Type body sizes, 14 pt (xS) to 53 pt (AX5); 17 pt at the default.
        #expect(TextSizeCategory.allCases.map(\.bodyPointSize) == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        #expect(TextSizeCategory.large.scale == 1)
        #expect(TextSizeCategory.extraSmall.scale == 14.0 / 17.0)
        #expect(TextSizeCategory.accessibilityExtraExtraExtraLarge.scale == 53.0 / 17.0)
        #expect(TextSizeCategory.allCases.filter(\.isAccessibilityCategory).count == 5)
        #expect(!TextSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
    }

    @Test func changesAndAnnouncementsAreRecords() throws {
        let lines = try records("""
            0 say text="Step 1 of 28"
            1 a11y voiceOver=true
            2 say text="Step 2 of 28"
            3 a11y textSize=accessibilityLarge reduceMotion=true

            """)
        #expect(lines == [
            "a11y.announce text=\"Step 1 of 28\" spoken=false",
            "a11y voiceOver=true reduceMotion=false textSize=large scale=1.0000",
            "a11y.announce text=\"Step 2 of 28\" spoken=true",
            // 33 / 17 = 1.94117…
            "a11y voiceOver=true reduceMotion=true textSize=accessibilityLarge scale=1.9412",
        ])
    }

    @Test func aTooLongAnnouncementIsRefusedWithItsLimit() throws {
        let long = String(repeating: "a", count: Accessibility.maxAnnouncementScalars + 1)
        let lines = try records("0 say text=\"\(long)\"\n")
        #expect(lines == ["rejected input=a11y.announce reason=too-long scalars=4097 limit=4096"])
    }

    @Test func badLinesAreLocated() {
        #expect(error("0 a11y\n") == "t.scenario:4:3: 'a11y' needs at least one of voiceOver=, reduceMotion=, textSize=")
        let size = error("0 a11y textSize=huge\n")
        #expect(size?.hasPrefix("t.scenario:4:") == true && size?.contains("huge") == true, "\(size ?? "nil")")
        let bool = error("0 a11y voiceOver=maybe\n")
        #expect(bool?.hasPrefix("t.scenario:4:") == true, "\(bool ?? "nil")")
    }

    @Test func textReadsBackAsTheSameChange() throws {
        let changes = [AccessibilityChange(voiceOver: true), AccessibilityChange(reduceMotion: false, textSize: .small),
                       AccessibilityChange(voiceOver: false, reduceMotion: true, textSize: .accessibilityExtraExtraExtraLarge)]
        for change in changes {
            let line = try #require(AccessibilityVocabulary.text(of: change))
            let text = "lockstep 1\ndomain a11yProbe\n\n0 \(line)\n"
            let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
            _ = try reader.readHeader()
            #expect(line.hasPrefix("a11y "), "\(line)")
            #expect(try records("0 \(line)\n").count == 1)
        }
        #expect(AccessibilityVocabulary.text(of: AccessibilityChange()) == nil)
        #expect(AccessibilityVocabulary.text(of: changes[1]) == "a11y reduceMotion=false textSize=small")
    }
}
