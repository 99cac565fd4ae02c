import LockstepCore
import Platform

/// A player that is sounding, kept until its run ends so the actuator timeline can be rendered
/// with the right cut (natural end, stop, backgrounding, reset).
struct Sounding: Sendable {
    var player: HapticPlayerID
    var patternID: String
    var pattern: HapticPattern
    var startMicroseconds: Int64
    var looping: Bool
    var rate: Float
    /// The natural-end timer of a one-shot play.
    var endTimer: TimerID?
}

/// The long test or the loop in progress (the app holds the advanced player).
struct HeldLoop: Sendable {
    var player: HapticPlayerID
    var patternID: String
    var rate: Float
    var isLongTest: Bool
    var run: Int
    var stopTimer: TimerID?
}

/// A recorded tap on both clocks.
struct RhythmTap: Sendable {
    var monoMicroseconds: Int64
    var wallMicroseconds: Int64
}

public struct HapticsState: Sendable {
    var os: OSRelease
    var supportsHaptics: Bool
    var premium: Bool
    /// Custom (Core Haptics) features shown in the UI.
    var customFeaturesShown: Bool
    var impact: FeedbackGenerator
    var selection: FeedbackGenerator
    var notification: FeedbackGenerator
    var isFavorite = false
    var favorite = ChangeTrigger<Bool>.favorite()
    var save = ChangeTrigger<Bool?>.saveResult()
    var saveDraws = 0
    var engine: HapticEngine
    var life = AppLifecycle()
    var session = AudioSession()
    var sounding: [Sounding] = []
    var loop: HeldLoop?
    var nextRun = 1
    var idleTimer: (id: TimerID, at: Int64)?
    var taps: [RhythmTap] = []
    /// User patterns (recorded rhythm, imported AHAP) in creation order; ids are unique.
    var userPatterns: [(id: String, pattern: HapticPattern)] = []
    var lastPlayed: String?
    var plays = 0
    var renders = 0
    /// Everything the actuator was asked to play, for `plot`.
    var actuator = ActuatorLog()
    var plots = 0
    /// The custom creator's unsaved events, in the order they were added.
    var draft: [HapticEvent] = []
    // Invariant bookkeeping (not written to the state digest).
    var lastRhythmOffsets: [Int64] = []
    var entriesPastCut = 0
    var lastTouchDownMicroseconds: Int64?
    var prepareWindowMicroseconds: Int64 = 1_000_000
    /// Touch-ups inside the prepare window after a touch-down that still fired cold.
    var lateAfterTouchDown = 0
    /// Plays the app asked for that the engine refused to start.
    var silentPlays = 0
    /// Sequence items whose events play at another strength than they do alone.
    var sequenceStrengthChanges = 0
    /// Outcome (notification) feedback fired by the impact button.
    var outcomeAsTap = 0

    func userPattern(_ id: String) -> HapticPattern? { userPatterns.first { $0.id == id }?.pattern }

    mutating func setUserPattern(_ id: String, _ pattern: HapticPattern) {
        if let i = userPatterns.firstIndex(where: { $0.id == id }) { userPatterns[i].pattern = pattern } else { userPatterns.append((id, pattern)) }
    }
}
