import LockstepCore
import Platform

/// The impact button's touch phases (touch-down prepares, touch-up-inside fires).
public enum TouchPhase: String, CaseIterable, Sendable { case down, up }

/// The two SwiftUI demo buttons.
public enum TriggerControl: String, CaseIterable, Sendable { case favorite, save }

/// `loop start id= rate=` / `loop stop`.
public enum LoopAction: String, CaseIterable, Sendable { case start, stop }

/// Where "replay last" comes from (the listing's widget, Control Center control and Siri intent).
public enum ReplaySource: String, CaseIterable, Sendable { case widget, controlCenter, siri }

/// `haptics serverReset` / `haptics idle`: what the haptic server does to the engine.
public enum HapticServerEvent: String, CaseIterable, Sendable { case serverReset, idle }

/// `creator add|remove|save|clear`: the custom pattern creator's controls.
public enum CreatorAction: String, CaseIterable, Sendable { case add, remove, save, clear }

/// The kinds of event the creator adds.
public enum CreatorEventKind: String, CaseIterable, Sendable { case transient, continuous }

/// Everything that reaches Haptics Explorer: the demos' controls, the library, the recorder, the
/// AHAP and code tools, the system (lifecycle, audio, haptic server), and the domain's own timers.
public enum HapticsEvent: Sendable {
    case touch(TouchPhase, upInside: Bool)
    case pickerChanged(value: Int)
    case saveFinished(success: Bool)
    case swiftUITrigger(TriggerControl)
    case playLibrary(id: String)
    case loop(LoopAction, id: String?, rate: Double)
    case longTest(id: String, rate: Double)
    /// `wall` is the wall clock's offset from the monotonic clock at the tap, in microseconds.
    case recordTap(wallOffsetMicroseconds: Int64)
    case recordFinish
    case exportAHAP(id: String)
    case importAHAP(bytes: [UInt8])
    case generateCode(id: String)
    case tellThemApart
    case replayLast(source: ReplaySource)
    case server(HapticServerEvent)
    /// The sequence editor: `items` back to back, `gap` apart, saved as the user pattern `name`.
    case sequence(name: String, items: [String], gapMicroseconds: Int64)
    /// The custom creator: add an event to the draft, remove one, save the draft as `name`, clear.
    case creator(CreatorAction, kind: CreatorEventKind?, atMicroseconds: Int64, durationMicroseconds: Int64,
                 intensity: Double, sharpness: Double, index: Int?, name: String?)
    /// Draw the actuator log over `[from, to)` as a PNG (`to` nil: up to the event's time).
    case plot(fromMicroseconds: Int64, toMicroseconds: Int64?)
    case lifecycle(LifecycleLine)
    case audio(AudioSystemEvent)
    // Timers.
    /// The long test's `Task.sleep(for: .seconds(15))` ended.
    case longTestEnd(run: Int)
    /// A one-shot player reached its natural end.
    case playEnded(player: Int)
    /// The auto-shutdown idle deadline.
    case idleCheck
    /// "Tell them apart": the next notification type (1 = warning, 2 = error).
    case tellStep(index: Int)
}
