import LockstepCore

/// The historical bugs of the seed article, each re-enabled by `set fault NAME` or `--fault NAME`
/// and each caught by at least one golden under `Golden/instrument/` by what the player hears or
/// what the app stores (a note that never sounds, sounds late, stops while held, a load per tap).
public enum InstrumentFault: String, DomainFault {
    case noTouchOwnership
    case noCancelHandling
    case rightEdgeOffByOne
    case singleTouchOnly
    case buttonPerKey
    case dragGesturePerKey
    case playerPerTap
    case ambientCategory
    case singlePlayerPerPad
    case firstLiftStopsNote

    public var summary: String {
        switch self {
        case .noTouchOwnership:
            "the view works from touch locations, not per-touch ownership: a move off the keys is ignored and a lift releases the key under the finger, so a finger that slides off leaves its note stuck on"
        case .noCancelHandling:
            "touchesCancelled is not handled: a phone call, backgrounding or Control Center mid-chord leaves every held note stuck on"
        case .rightEdgeOffByOne:
            "the white-key index is not clamped: at widths where width.nextDown / keyWidth rounds to 7·octaves the right edge plays a key that does not exist (84 on a 2-octave keyboard from 60)"
        case .singleTouchOnly:
            "isMultipleTouchEnabled is left at its default, false: UIKit hands the keyboard one finger at a time, so a chord plays one note and the other fingers are never heard of"
        case .buttonPerKey:
            "a SwiftUI Button per key: the action fires on touch-up, so a note sounds only when the finger lifts (as late as it was held), never while held, and not at all after a slide to another key"
        case .dragGesturePerKey:
            "a DragGesture per key: the gesture stays with the key it began on, so a slide never hands over to the next key (no glissando) and the first note rings until the lift"
        case .playerPerTap:
            "a new AVAudioPlayer per tap: every note and every pad hit loads and decodes its file on the tap (the load count grows per tap), and a pad's new player replaces the last one, cutting it"
        case .ambientCategory:
            "the session category is .ambient instead of .playback: with the Silent switch on nothing is heard and the instrument looks broken"
        case .singlePlayerPerPad:
            "one player node per pad instead of a 4-voice pool: every rapid hit cuts the one before (a snare roll is one hit cut off again and again)"
        case .firstLiftStopsNote:
            "the sampler gets noteOn twice for two fingers on one key and the first lift's noteOff stops it: the key still held by the other finger goes silent"
        }
    }
}
