import LockstepCore
import Platform

/// Which touch view a `touches` event goes to.
public enum TouchView: String, CaseIterable, Sendable { case keyboard, pads }

/// UIKit's touch phases.
public enum TouchPhase: String, CaseIterable, Sendable { case began, moved, ended, cancelled }

/// One finger in one callback: `id` stands for `ObjectIdentifier(UITouch)`, stable for the
/// finger's lifetime. Coordinates are view points, not yet validated.
public struct TouchPoint: Sendable, Equatable {
    public var id: Int
    public var x: Double
    public var y: Double
    public init(id: Int, x: Double, y: Double) {
        self.id = id
        self.x = x
        self.y = y
    }
}

/// The instruments the app switches between.
public enum InstrumentKind: String, CaseIterable, Sendable { case piano, xylophone, drums }

/// The system gestures that take the touches away from the app.
public enum SystemGesture: String, CaseIterable, Sendable { case controlCenter, notificationCenter, appSwitcher }

/// The session categories a scenario may give the app (`set category ambient` shows the
/// Silent-switch bug); the recording categories make no sense for an instrument.
public enum SessionCategory: String, CaseIterable, Sendable {
    case playback, ambient, soloAmbient

    public var audio: AudioCategory {
        switch self {
        case .playback: .playback
        case .ambient: .ambient
        case .soloAmbient: .soloAmbient
        }
    }
}

/// Every input the app reacts to.
public enum InstrumentEvent: Sendable {
    /// One UIKit callback (`touchesBegan/Moved/Ended/Cancelled`) with its set of touches, already
    /// sorted by ascending id (the harness's fix for `Set` iteration order).
    case touches(TouchView, TouchPhase, [TouchPoint])
    /// The view's bounds changed.
    case layout(TouchView, width: Double, height: Double)
    /// The keyboard's range.
    case keyboard(firstMidi: Int, octaves: Int)
    /// Label settings; emits the label list.
    case labels(NoteNaming, showSharps: Bool)
    case switchInstrument(InstrumentKind)
    /// A system gesture (Control Center, notification centre) takes the touches.
    case systemGesture(SystemGesture)
    /// A direct pad trigger (a test hook, like a MIDI pad controller), by name.
    case hit(pad: String, velocity: Double)
    /// Asserts the no-stuck-notes invariant and reports it.
    case check
    case audio(AudioSystemEvent)
    case lifecycle(LifecycleLine)
}
