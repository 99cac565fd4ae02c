import LockstepCore
import Platform

/// The setup screen as entered (validated by the reducer, which answers with a record).
public struct SetupInput: Hashable, Sendable {
    public var temperatureC: Double
    public var starter: String
    public var ripe: Bool
    public var quiet: String
    /// Overrides of the recipe's cold-proof window, for the regression and counterfactual checks.
    public var coldProofMaxMinutes: Int?
    public var coldProofStepMinutes: Int?
}

/// A wanted ready time: a local wall-clock time, or a delay from now.
public enum ReadyInput: Hashable, Sendable {
    case local(LocalDateTime, text: String)
    case after(Duration)
}

/// What a notification action asks for (the Live Activity's intents are `done` and `plus15`).
public enum StepAction: String, Sendable, CaseIterable {
    case done, plus15, snooze5
}

/// Every input Proofday reacts to.
public enum SourdoughEvent: Sendable {
    case configure(SetupInput)
    case plan(ReadyInput)
    /// In-app buttons on the running step.
    case done
    case plus15
    case needMore(minutes: Int)
    /// A logged starter peak or bulk end (minutes); `baseline` overrides the stored prediction.
    case logPeak(actualMinutes: Double, baselineMinutes: Double?)
    case logBulkEnd(actualMinutes: Double, baselineMinutes: Double?)
    /// The user answers a delivered notification (handled in the background: no `.foreground`).
    case respond(id: String, action: String)
    /// `significantTimeChangeNotification`.
    case timeChange
    /// Platform Live Activities: the Settings switch (`activities enabled=`), a Lock Screen
    /// intent (`activity intent name=done|plus15`, run in the app process), a dismissal, timers.
    case activity(LiveActivityEvent)
    /// Platform widgets: the system's timeline calls and the widget's timers.
    case widget(WidgetEvent)
    case lifecycle(LifecycleLine)
    /// The notification centre's delivery timer.
    case notificationDue
}
