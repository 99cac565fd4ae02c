import LockstepCore
import LockstepRunner
import Testing
@testable import Platform

/// Reaches a phase from `notRunning` by a path that iOS itself takes.
private func lifecycle(at phase: String, kind: AppLifecycle.ProcessKind = .app) -> AppLifecycle {
    var l = AppLifecycle(process: kind == .app ? "app" : "keyboard", kind: kind)
    let launch: LifecycleEvent = kind == .app ? .launch(.user) : .launch(.extension)
    let path: [LifecycleEvent]
    switch phase {
    case "notRunning": path = []
    case "launchingForeground": path = [launch]
    case "launchingBackground": path = kind == .app ? [.launch(.notificationAction)] : [.launch(.extension, .background)]
    case "foregroundActive": path = [launch, .becomeActive]
    case "foregroundInactive": path = [launch, .becomeActive, .resignActive]
    case "background": path = [launch, .becomeActive, .resignActive, .enterBackground]
    case "suspended": path = [launch, .becomeActive, .resignActive, .enterBackground, .suspend]
    case "terminated": path = [launch, .terminate(.jetsam)]
    default: fatalError("unknown phase \(phase)")
    }
    for e in path { precondition(!l.apply(e).wasIgnored) }
    #expect(l.phase.word == phase)
    return l
}

/// One row: from phase, event, and either the phase reached with its actions or the ignore reason.
/// Written from the platform's documented behaviour (see docs/platform.md), not from the code.
struct Row: Sendable, CustomStringConvertible {
    var from: String
    var event: LifecycleEvent
    var to: String?
    var actions: [LifecycleAction] = []
    var ignored: LifecycleIgnoreReason? = nil
    var kind: AppLifecycle.ProcessKind = .app
    var description: String { "\(kind) \(from) \(event.word) -> \(to ?? ignored?.rawValue ?? "?")" }
}

private func go(_ from: String, _ e: LifecycleEvent, _ to: String, _ a: [LifecycleAction] = [], _ k: AppLifecycle.ProcessKind = .app) -> Row {
    Row(from: from, event: e, to: to, actions: a, kind: k)
}
private func no(_ from: String, _ e: LifecycleEvent, _ r: LifecycleIgnoreReason, _ k: AppLifecycle.ProcessKind = .app) -> Row {
    Row(from: from, event: e, to: nil, ignored: r, kind: k)
}

let lifecycleTable: [Row] = [
    // launch: only without a process, and only with the right kind of reason.
    go("notRunning", .launch(.user), "launchingForeground", [.loadFromDisk]),
    go("notRunning", .launch(.notificationAction), "launchingBackground", [.loadFromDisk]),
    go("notRunning", .launch(.backgroundTask), "launchingBackground", [.loadFromDisk]),
    go("notRunning", .launch(.user, .background), "launchingBackground", [.loadFromDisk]),
    go("terminated", .launch(.user), "launchingForeground", [.loadFromDisk]),
    no("notRunning", .launch(.extension), .wrongProcessKind),
    no("notRunning", .launch(.user), .wrongProcessKind, .appExtension),
    go("notRunning", .launch(.extension), "launchingForeground", [.loadFromDisk], .appExtension),
    no("foregroundActive", .launch(.user), .alreadyRunning),
    no("suspended", .launch(.notificationAction), .alreadyRunning),
    no("background", .launch(.user), .alreadyRunning),
    // active
    go("launchingForeground", .becomeActive, "foregroundActive", [.refresh]),
    go("launchingBackground", .becomeActive, "foregroundActive", [.refresh]),
    go("foregroundInactive", .becomeActive, "foregroundActive", [.refresh]),
    go("background", .becomeActive, "foregroundActive", [.refresh]),
    go("suspended", .becomeActive, "foregroundActive", [.refresh]),
    no("foregroundActive", .becomeActive, .alreadyInPhase),
    no("notRunning", .becomeActive, .notRunning),
    no("terminated", .becomeActive, .notRunning),
    // inactive
    go("foregroundActive", .resignActive, "foregroundInactive", [.pause]),
    go("launchingForeground", .resignActive, "foregroundInactive"),
    no("foregroundInactive", .resignActive, .alreadyInPhase),
    no("background", .resignActive, .notForeground),
    no("launchingBackground", .resignActive, .notForeground),
    no("suspended", .resignActive, .suspended),
    no("notRunning", .resignActive, .notRunning),
    // background
    go("foregroundActive", .enterBackground, "background", [.pause, .saveState]),
    go("foregroundInactive", .enterBackground, "background", [.saveState]),
    go("launchingForeground", .enterBackground, "background", [.saveState]),
    go("launchingBackground", .enterBackground, "background", [.saveState]),
    no("background", .enterBackground, .alreadyInPhase),
    no("suspended", .enterBackground, .suspended),
    no("notRunning", .enterBackground, .notRunning),
    // foreground
    go("background", .enterForeground, "foregroundInactive"),
    go("suspended", .enterForeground, "foregroundInactive"),
    go("launchingBackground", .enterForeground, "foregroundInactive"),
    no("foregroundActive", .enterForeground, .alreadyInPhase),
    no("foregroundInactive", .enterForeground, .alreadyInPhase),
    no("launchingForeground", .enterForeground, .alreadyInPhase),
    no("terminated", .enterForeground, .notRunning),
    // suspend
    go("background", .suspend, "suspended"),
    no("suspended", .suspend, .alreadyInPhase),
    no("launchingBackground", .suspend, .stillLaunching),
    no("foregroundActive", .suspend, .notBackground),
    no("foregroundInactive", .suspend, .notBackground),
    no("notRunning", .suspend, .notRunning),
    // wake
    go("suspended", .wake(.notificationAction), "background"),
    go("background", .wake(.backgroundTask), "background"),
    no("suspended", .wake(.user), .wrongReason),
    no("suspended", .wake(.extension), .wrongReason),
    no("foregroundActive", .wake(.notificationAction), .notSuspended),
    no("launchingBackground", .wake(.backgroundTask), .stillLaunching),
    no("notRunning", .wake(.notificationAction), .notRunning),
    // return
    go("background", .returned(end: true), "suspended"),
    no("foregroundActive", .returned(end: true), .nothingToReturnFrom),
    no("launchingBackground", .returned(end: true), .stillLaunching),
    no("suspended", .returned(end: true), .suspended),
    no("notRunning", .returned(end: true), .notRunning),
    go("foregroundActive", .returned(end: true), "terminated", [.discardMemory], .appExtension),
    go("launchingBackground", .returned(end: true), "terminated", [.discardMemory], .appExtension),
    go("foregroundActive", .returned(end: false), "suspended", [], .appExtension),
    no("suspended", .returned(end: true), .suspended, .appExtension),
    // terminate: only an orderly end of a running process gets to save.
    go("foregroundActive", .terminate(.user), "terminated", [.saveState, .discardMemory]),
    go("background", .terminate(.user), "terminated", [.saveState, .discardMemory]),
    go("suspended", .terminate(.user), "terminated", [.discardMemory]),
    go("foregroundActive", .terminate(.jetsam), "terminated", [.discardMemory]),
    go("background", .terminate(.crash), "terminated", [.discardMemory]),
    go("suspended", .terminate(.system), "terminated", [.discardMemory]),
    no("notRunning", .terminate(.user), .notRunning),
    no("terminated", .terminate(.crash), .notRunning),
    // memory warning: only a running process hears it.
    go("foregroundActive", .memoryWarning, "foregroundActive", [.releaseMemory]),
    go("background", .memoryWarning, "background", [.releaseMemory]),
    go("launchingForeground", .memoryWarning, "launchingForeground", [.releaseMemory]),
    no("suspended", .memoryWarning, .suspended),
    no("notRunning", .memoryWarning, .notRunning),
]

@Suite struct AppLifecycleTests {
    @Test(arguments: lifecycleTable)
    func transitionTable(_ row: Row) {
        var l = lifecycle(at: row.from, kind: row.kind)
        let before = l
        let t = l.apply(row.event)
        #expect(t.from.word == row.from)
        if let reason = row.ignored {
            #expect(t.ignored == reason)
            #expect(t.actions.isEmpty)
            #expect(l.phase == before.phase, "an ignored event changes no phase")
            #expect(l.ignoredEvents == before.ignoredEvents + 1)
        } else {
            #expect(t.ignored == nil)
            #expect(l.phase.word == row.to)
            #expect(t.to.word == row.to)
            #expect(t.actions == row.actions)
        }
    }

    /// Every (phase, event) pair gives an answer without trapping; ignored answers never change state.
    @Test func everyPairAnswers() {
        let phases = ["notRunning", "launchingForeground", "launchingBackground", "foregroundActive", "foregroundInactive",
                      "background", "suspended", "terminated"]
        var events: [LifecycleEvent] = [.becomeActive, .resignActive, .enterBackground, .enterForeground, .suspend,
                                        .returned(end: true), .returned(end: false), .memoryWarning]
        events += LaunchReason.allCases.flatMap { [.launch($0, .foreground), .launch($0, .background), .wake($0)] }
        events += TerminationReason.allCases.map { .terminate($0) }
        for kind in AppLifecycle.ProcessKind.allCases {
            for p in phases {
                for e in events {
                    var l = lifecycle(at: p, kind: kind)
                    let t = l.apply(e)
                    if t.wasIgnored { #expect(l.phase.word == p) }
                }
            }
        }
    }

    @Test func recordsForMovesAndIgnores() {
        var world = World<Bare>(start: .defaultStart)
        var l = AppLifecycle()
        l.handle(.becomeActive, &world)
        l.handle(.launch(.notificationAction), &world)
        l.handle(.enterBackground, &world)
        l.handle(.terminate(.jetsam), &world)
        let ext = AppLifecycle.appExtension("keyboard")
        var e = ext
        e.handle(.launch(.extension), &world)
        e.handle(.returned(end: true), &world)
        #expect(world.outputs.map(\.description) == [
            "rejected input=lifecycle reason=notRunning process=app event=active from=notRunning",
            "lifecycle process=app event=launch reason=notificationAction from=notRunning to=launchingBackground do=loadFromDisk",
            "lifecycle process=app event=background from=launchingBackground to=background do=saveState",
            "lifecycle process=app event=terminate reason=jetsam from=background to=terminated do=discardMemory",
            "lifecycle process=keyboard event=launch reason=extension from=notRunning to=launchingForeground do=loadFromDisk",
            "lifecycle process=keyboard event=return from=launchingForeground to=terminated ended=system do=discardMemory",
        ])
    }

    @Test func relaunchAfterJetsamRemembersTheLossAndCounts() {
        var l = lifecycle(at: "background")
        _ = l.apply(.suspend)
        _ = l.apply(.terminate(.jetsam))
        #expect(l.lastTermination == .jetsam)
        #expect(l.launchReason == nil)
        let t = l.apply(.launch(.user))
        #expect(t.actions == [.loadFromDisk])
        #expect(l.launches == 2)
        #expect(l.launchReason == .user)
        #expect(l.lastTermination == .jetsam)
    }

    @Test func canonicalState() {
        var l = AppLifecycle()
        _ = l.apply(.launch(.backgroundTask))
        _ = l.apply(.memoryWarning)
        _ = l.apply(.suspend)
        var w = CanonicalWriter()
        l.write(to: &w)
        #expect(w.text == """
            lifecycle app {
              kind=app
              phase=launchingBackground
              launchReason=backgroundTask
              launches=1
              lastTermination=none
              memoryWarnings=1
              ignoredEvents=1
            }

            """)
    }
}
