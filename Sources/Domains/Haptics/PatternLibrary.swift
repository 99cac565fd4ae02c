import LockstepCore
import Platform

/// The Haptics Explorer library: system feedback (UIKit generators / SwiftUI `sensoryFeedback`)
/// kept apart from custom Core Haptics patterns.
///
/// WHY two types: the article's rule is "start at the top and go down only when you must" — a
/// system item must stay a UIKit/SwiftUI call in generated code, and only custom patterns need
/// Core Haptics (item 1/12). Every item carries a meaning so it is used consistently (item 16).

/// A single transient at `timeMicroseconds` (from the pattern's start): the article's
/// `tap(at:intensity:sharpness:)`.
func tap(at timeMicroseconds: Int64, intensity: Float, sharpness: Float) -> HapticEvent {
    HapticEvent(.transient, timeMicroseconds: timeMicroseconds, intensity: intensity, sharpness: sharpness)
}

/// A system feedback the OS renders itself (no waveform in the model).
enum SystemFeedback: String, CaseIterable, Sendable {
    case impactLight = "impact.light"
    case impactMedium = "impact.medium"
    case impactHeavy = "impact.heavy"
    case impactSoft = "impact.soft"
    case impactRigid = "impact.rigid"
    case selection = "selection"
    case success = "notification.success"
    case warning = "notification.warning"
    case error = "notification.error"

    /// Stable id (also the raw value).
    var id: String { rawValue }

    /// Everything the library shows and plays for an item, in one row per case.
    struct Info: Sendable {
        /// The UIKit case name: impact style (`medium`) or notification type (`success`); nil for selection.
        var uikitCase: String?
        /// The UIKit generator that plays it.
        var generator: Generator
        var displayName: String
        var meaning: String

        init(_ uikitCase: String?, _ generator: Generator, _ displayName: String, _ meaning: String) {
            self.uikitCase = uikitCase
            self.generator = generator
            self.displayName = displayName
            self.meaning = meaning
        }
    }

    /// The UIKit generator that plays it.
    enum Generator: Sendable { case impact, selection, notification }

    var info: Info {
        switch self {
        case .impactLight: Info("light", .impact, "Impact (light)", "A small physical tap or collision, such as a light element snapping into place.")
        case .impactMedium: Info("medium", .impact, "Impact (medium)", "A physical tap or collision of ordinary weight, such as a button press.")
        case .impactHeavy: Info("heavy", .impact, "Impact (heavy)", "A heavy physical collision, such as a large object landing.")
        case .impactSoft: Info("soft", .impact, "Impact (soft)", "A soft, cushioned collision with a flexible object.")
        case .impactRigid: Info("rigid", .impact, "Impact (rigid)", "A hard, precise collision with a rigid object.")
        case .selection: Info(nil, .selection, "Selection", "The light tick of a picker wheel: a selection changed.")
        case .success: Info("success", .notification, "Success", "Outcome: a task completed successfully (never a generic tap).")
        case .warning: Info("warning", .notification, "Warning", "Outcome: a task produced a warning.")
        case .error: Info("error", .notification, "Error", "Outcome: a task failed.")
        }
    }

    var displayName: String { info.displayName }
    var meaning: String { info.meaning }
    var generator: Generator { info.generator }
    var uikitCase: String? { info.uikitCase }
}

/// A custom Core Haptics pattern of the library. Heartbeat and explosion are the article's exact
/// patterns; the others are GAP proposals (short and sparse, so they pass `PatternLint`).
enum BuiltInPattern: String, CaseIterable, Sendable {
    case heartbeat
    case explosion
    /// GAP: a sharp "tick" then a duller "tock" half a second later.
    case tickTock = "tick-tock"
    /// GAP (gesture): two quick equal taps.
    case doubleTap = "double-tap"
    /// GAP (gesture): a soft sustained press that ends in a confirming click.
    case longPress = "long-press"
    /// GAP (game): two rising clicks.
    case coinPickup = "coin-pickup"
    /// GAP (game): a hard hit followed by a short dull rumble.
    case damageHit = "damage-hit"
    /// GAP (game): three taps rising in intensity.
    case levelUp = "level-up"

    /// Stable id (also the raw value).
    var id: String { rawValue }

    /// The name the library lists and what the pattern means, one row per case.
    var label: (displayName: String, meaning: String) {
        switch self {
        case .heartbeat: ("Heartbeat", "A living pulse: strong-soft lub-dub pairs about 0.8 s apart.")
        case .explosion: ("Explosion", "A blast: a sharp crack, then a rumble that swells and decays.")
        case .tickTock: ("Tick-Tock", "A clock or timer advancing.")
        case .doubleTap: ("Double Tap", "A double-tap gesture was recognised.")
        case .longPress: ("Long Press", "A long press is held and then recognised.")
        case .coinPickup: ("Coin Pickup", "A small reward was collected.")
        case .damageHit: ("Damage Hit", "The player took damage.")
        case .levelUp: ("Level Up", "The player reached a new level.")
        }
    }

    var displayName: String { label.displayName }
    var meaning: String { label.meaning }

    var pattern: HapticPattern {
        switch self {
        case .heartbeat:
            HapticPattern(events: [
                tap(at: 0, intensity: 1.0, sharpness: 0.3),
                tap(at: 150_000, intensity: 0.6, sharpness: 0.2),
                tap(at: 800_000, intensity: 1.0, sharpness: 0.3),
                tap(at: 950_000, intensity: 0.6, sharpness: 0.2),
            ])
        case .explosion:
            HapticPattern(
                events: [
                    tap(at: 0, intensity: 1.0, sharpness: 1.0),
                    HapticEvent(.continuous(durationMicroseconds: 800_000), timeMicroseconds: 50_000, intensity: 1.0, sharpness: 0.1),
                ],
                curves: [
                    HapticParameterCurve(.intensityControl, relativeTimeMicroseconds: 50_000, points: [
                        HapticCurvePoint(timeMicroseconds: 0, value: 0.2),
                        HapticCurvePoint(timeMicroseconds: 150_000, value: 1.0),
                        HapticCurvePoint(timeMicroseconds: 850_000, value: 0.0),
                    ]),
                ])
        case .tickTock:
            HapticPattern(events: [
                tap(at: 0, intensity: 0.8, sharpness: 0.9),
                tap(at: 500_000, intensity: 0.5, sharpness: 0.4),
            ])
        case .doubleTap:
            HapticPattern(events: [
                tap(at: 0, intensity: 0.8, sharpness: 0.7),
                tap(at: 100_000, intensity: 0.8, sharpness: 0.7),
            ])
        case .longPress:
            HapticPattern(events: [
                HapticEvent(.continuous(durationMicroseconds: 300_000), timeMicroseconds: 0, intensity: 0.4, sharpness: 0.3),
                tap(at: 300_000, intensity: 1.0, sharpness: 0.8),
            ])
        case .coinPickup:
            HapticPattern(events: [
                tap(at: 0, intensity: 0.6, sharpness: 0.8),
                tap(at: 80_000, intensity: 1.0, sharpness: 1.0),
            ])
        case .damageHit:
            HapticPattern(events: [
                tap(at: 0, intensity: 1.0, sharpness: 0.6),
                HapticEvent(.continuous(durationMicroseconds: 200_000), timeMicroseconds: 20_000, intensity: 0.7, sharpness: 0.2),
            ])
        case .levelUp:
            HapticPattern(events: [
                tap(at: 0, intensity: 0.4, sharpness: 0.5),
                tap(at: 120_000, intensity: 0.7, sharpness: 0.5),
                tap(at: 240_000, intensity: 1.0, sharpness: 0.5),
            ])
        }
    }

    /// The built-in with this id, or nil (an unknown id is the caller's error, not a crash).
    static func withID(_ id: String) -> BuiltInPattern? { BuiltInPattern(rawValue: id) }
}

/// Anything the library lists: code generation branches on this.
enum LibraryItem: Equatable, Sendable {
    case system(SystemFeedback)
    case custom(BuiltInPattern)

    var id: String {
        switch self {
        case .system(let s): s.id
        case .custom(let p): p.id
        }
    }

    var displayName: String {
        switch self {
        case .system(let s): s.displayName
        case .custom(let p): p.displayName
        }
    }

    var meaning: String {
        switch self {
        case .system(let s): s.meaning
        case .custom(let p): p.meaning
        }
    }

    /// Every item, system first (the layer to reach for first), each in declaration order.
    static var all: [LibraryItem] { SystemFeedback.allCases.map { .system($0) } + BuiltInPattern.allCases.map { .custom($0) } }

    /// The item with this id, or nil.
    static func withID(_ id: String) -> LibraryItem? {
        if let s = SystemFeedback(rawValue: id) { return .system(s) }
        if let p = BuiltInPattern(rawValue: id) { return .custom(p) }
        return nil
    }
}
