import LockstepCore

/// The life of one process (an app, or one of its extensions) as a deterministic state machine that
/// a domain owns in its state and drives from its reducer.
///
/// Every event gives a `LifecycleTransition`: the new phase and the `LifecycleAction`s the domain
/// must take (load from disk, save now, pause, ...), or an explicit "ignored" with a reason when the
/// event is impossible in the current phase. `handle(_:_:)` also emits the transition's record, so
/// nothing a lifecycle event does or fails to do is silent.
///
/// An app extension is a separate process with its own `AppLifecycle` (`AppLifecycle.appExtension`):
/// it launches with `reason=extension`, and when it returns the system ends it (or keeps it
/// suspended). A domain that models an app and its keyboard holds two values and routes events by
/// process name.
///
/// Convenience transitions, chosen so that `scenePhase`-style scenarios read naturally and stated
/// here because iOS itself always passes through the intermediate phase:
/// - `background` from `foregroundActive` implies `inactive` first (actions `pause, saveState`);
/// - `active` from `background`, `suspended` or a background launch implies `foreground` first.
public struct AppLifecycle: Hashable, Sendable, CanonicallyWritable {
    /// Whether the process is an app or an app extension.
    public enum ProcessKind: String, Hashable, Sendable, CaseIterable {
        case app
        case appExtension
    }

    /// The name used in records and scenario lines (`process=keyboard`); `app` for the app.
    public let process: String
    public let kind: ProcessKind
    public private(set) var phase: LifecyclePhase = .notRunning
    /// Why the current process was launched; nil when no process exists.
    public private(set) var launchReason: LaunchReason?
    /// Launches so far in this run (a relaunch after termination counts).
    public private(set) var launches = 0
    /// How the last process ended; nil if none has.
    public private(set) var lastTermination: TerminationReason?
    public private(set) var memoryWarnings = 0
    /// Events ignored so far (each also produced a `rejected input=lifecycle` record).
    public private(set) var ignoredEvents = 0

    /// A process that has not been launched yet.
    public init(process: String = "app", kind: ProcessKind = .app) {
        self.process = process
        self.kind = kind
    }

    /// An app extension process named `name` (`keyboard`, `notificationService`).
    public static func appExtension(_ name: String) -> AppLifecycle { AppLifecycle(process: name, kind: .appExtension) }

    /// Whether the process is on screen and receiving input.
    public var isActive: Bool { phase == .foregroundActive }

    // MARK: Driving

    /// Applies `event`, emits its record (`lifecycle ...`, or the standard `rejected input=lifecycle ...`) and returns the
    /// transition. Use this from a reducer.
    @discardableResult
    public mutating func handle<D: Domain>(_ event: LifecycleEvent, _ world: inout World<D>) -> LifecycleTransition {
        let t = apply(event)
        world.emit(t)
        return t
    }

    /// Applies `event` without emitting anything (for callers that emit the record themselves).
    public mutating func apply(_ event: LifecycleEvent) -> LifecycleTransition {
        let from = phase
        switch AppLifecycle.step(from: from, event: event, kind: kind) {
        case .ignore(let reason):
            ignoredEvents += 1
            return LifecycleTransition(process: process, event: event, from: from, to: from, actions: [], ignored: reason)
        case .move(let move):
            phase = move.to
            switch event {
            case .launch(let reason, _):
                launches += 1
                launchReason = reason
            case .memoryWarning:
                memoryWarnings += 1
            default: break
            }
            if case .terminated(let reason) = move.to {
                lastTermination = reason
                launchReason = nil
            }
            return LifecycleTransition(process: process, event: event, from: from, to: move.to, actions: move.actions, ignored: nil)
        }
    }

    // MARK: The transition table

    /// A successful step: the next phase and what the domain must do.
    public struct Move: Hashable, Sendable {
        public var to: LifecyclePhase
        public var actions: [LifecycleAction]
    }

    /// One row of the transition table.
    public enum Step: Hashable, Sendable {
        case move(Move)
        case ignore(LifecycleIgnoreReason)
    }

    /// The whole transition table as one pure function: `phase × event → move | ignore reason`.
    public static func step(from phase: LifecyclePhase, event: LifecycleEvent, kind: ProcessKind)
        -> Step
    {
        func move(_ to: LifecyclePhase, _ actions: [LifecycleAction] = []) -> Step {
            .move(Move(to: to, actions: actions))
        }
        if case .launch(let reason, let presentation) = event {
            if phase.processExists { return .ignore(.alreadyRunning) }
            guard (reason == .extension) == (kind == .appExtension) else { return .ignore(.wrongProcessKind) }
            return move(.launching(presentation), [.loadFromDisk])
        }
        // Every other event needs a process.
        guard phase.processExists else { return .ignore(.notRunning) }

        switch event {
        case .launch:
            return .ignore(.alreadyRunning)  // handled above; kept for exhaustiveness

        case .becomeActive:
            switch phase {
            case .foregroundActive: return .ignore(.alreadyInPhase)
            default: return move(.foregroundActive, [.refresh])
            }

        case .resignActive:
            switch phase {
            case .foregroundActive: return move(.foregroundInactive, [.pause])
            case .launching(.foreground): return move(.foregroundInactive)
            case .foregroundInactive: return .ignore(.alreadyInPhase)
            case .suspended: return .ignore(.suspended)
            default: return .ignore(.notForeground)
            }

        case .enterBackground:
            switch phase {
            case .foregroundActive: return move(.background, [.pause, .saveState])
            case .foregroundInactive, .launching: return move(.background, [.saveState])
            case .background: return .ignore(.alreadyInPhase)
            default: return .ignore(.suspended)
            }

        case .enterForeground:
            switch phase {
            case .background, .suspended, .launching(.background): return move(.foregroundInactive)
            default: return .ignore(.alreadyInPhase)
            }

        case .suspend:
            switch phase {
            case .background: return move(.suspended)
            case .suspended: return .ignore(.alreadyInPhase)
            case .launching(.background): return .ignore(.stillLaunching)
            default: return .ignore(.notBackground)
            }

        case .wake(let reason):
            guard reason == .notificationAction || reason == .backgroundTask else { return .ignore(.wrongReason) }
            switch phase {
            case .suspended, .background: return move(.background)
            case .launching: return .ignore(.stillLaunching)
            default: return .ignore(.notSuspended)
            }

        case .returned(let end):
            if phase == .suspended { return .ignore(.suspended) }
            if kind == .appExtension {
                return end ? move(.terminated(.system), [.discardMemory]) : move(.suspended)
            }
            switch phase {
            case .background: return move(.suspended)
            case .launching(.background): return .ignore(.stillLaunching)
            default: return .ignore(.nothingToReturnFrom)
            }

        case .terminate(let reason):
            if phase.isRunning && reason.runsTerminationHandler {
                return move(.terminated(reason), [.saveState, .discardMemory])
            }
            return move(.terminated(reason), [.discardMemory])

        case .memoryWarning:
            guard phase.isRunning else { return .ignore(.suspended) }
            return move(phase, [.releaseMemory])
        }
    }

    // MARK: State

    /// `lifecycle app {` phase, launches, reasons, counters `}`; part of the owning domain's digest.
    public func write(to out: inout CanonicalWriter) {
        out.section("lifecycle \(process)") { w in
            w.word("kind", kind.rawValue)
            w.word("phase", phase.word)
            w.word("launchReason", launchReason?.rawValue ?? "none")
            w.int("launches", launches)
            w.word("lastTermination", lastTermination?.rawValue ?? "none")
            w.int("memoryWarnings", memoryWarnings)
            w.int("ignoredEvents", ignoredEvents)
        }
    }
}
