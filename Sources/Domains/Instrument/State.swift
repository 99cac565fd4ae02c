import LockstepCore
import Platform

/// Where a live UIKit touch last was (UIKit's `location`/`previousLocation`).
public struct TouchLocation: Hashable, Sendable {
    public var x: Double
    public var y: Double
}

/// Everything Drums n Piano holds.
public struct InstrumentState: Sendable {
    public var life = AppLifecycle()
    public var session = AudioSession()
    /// The category the app configures (`.playback`; `set category ambient` shows the Silent-switch bug).
    public var category: AudioCategory = .playback
    public var instrument: InstrumentKind = .piano
    public var geometry = KeyboardGeometry()
    public var pads = PadGrid()
    public var naming: NoteNaming = .letters
    public var showSharps = false
    /// The keyboard view's ownership map: which finger holds which note.
    public var touchNotes: [Int: Int] = [:]
    /// Live UIKit touches on the keyboard view and where each last was.
    public var keyboardTouches: [Int: TouchLocation] = [:]
    /// Live UIKit touches on the pads view.
    public var padTouches: [Int: TouchLocation] = [:]
    public var sampler = Sampler()
    public var drums = DrumKit()
    public var engineRunning = false
    /// Engines built so far (a media services reset builds a new one).
    public var engineGeneration = 0
    /// Sound bank and sample loads: only at launch, on an instrument switch and after a reset.
    public var loads = 0
    public var rejectedInputs = 0

    // Invariant history (`Invariants.swift`): NOT written by `Instrument.write`, so no digest or
    // golden depends on these fields.
    /// The drum pool the app was configured with (`set voicesPerPad`, default 4), before any fault.
    public var configuredVoicesPerPad = 4
    /// The touch callback of the step being reduced (nil for every other event).
    public var lastTouchCallback: (view: TouchView, phase: TouchPhase, points: [TouchPoint])?
    /// Counts what silences held keys behind the fingers' backs: a media services reset (a new
    /// sampler) and the voice limit stealing a held voice.
    public var samplerEpoch = 0
    /// Each finger's epoch at its last note-on (removed at its note-off): a finger pressed before
    /// the latest silencing may hold a key that no longer sounds, by design.
    public var pressEpoch: [Int: Int] = [:]

    public init() {}

    /// Whether a note played now is heard.
    public var audible: Bool { engineRunning && session.isAudible }

    /// The most live touches UIKit tracks per view (a hand has five fingers, two hands ten; iPads
    /// report up to eleven). GAP: 20, so that "whole hand mashing" is covered and nothing grows
    /// without bound.
    public static let maxTouchesPerView = 20
}
