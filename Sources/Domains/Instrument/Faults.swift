import LockstepCore

/// The historical bugs of the seed article, each re-enabled by `set fault NAME` or `--fault NAME`
/// and each caught by at least one golden under `Golden/instrument/`.
public enum InstrumentFault: String, DomainFault {
    case noTouchOwnership
    case noCancelHandling
    case rightEdgeOffByOne

    public var summary: String {
        switch self {
        case .noTouchOwnership:
            "the view works from touch locations, not per-touch ownership: a move off the keys is ignored and a lift releases the key under the finger, so a finger that slides off leaves its note stuck on"
        case .noCancelHandling:
            "touchesCancelled is not handled: a phone call, backgrounding or Control Center mid-chord leaves every held note stuck on"
        case .rightEdgeOffByOne:
            "the white-key index is not clamped: at widths where width.nextDown / keyWidth rounds to 7·octaves the right edge plays a key that does not exist (84 on a 2-octave keyboard from 60)"
        }
    }
}
