import LockstepCore

/// The article's regressions (failure modes 1–6) and the note's derived ones, each caught by a
/// golden under `Golden/animatedSvg/` by what the user would see (a still or blank picture, the
/// wrong frame) or what is stored and paid (bytes, decodes).
public enum AnimatedSvgFault: String, DomainFault {
    case ignoresAnimation
    case ignoresStyle
    case tickerForStaticFile
    case noUseExpansion
    case badImageBlanksPicture
    case frameIndexInHash
    case noSharedPrefix
    case missingEndFromOtherKeyframe
    case linearDefaultEasing
    case eventBeginStartsAtZero
    case doubleFrameTimes
    case seekClamps
    case toFromInitialValue

    public var summary: String {
        switch self {
        case .ignoresAnimation: "SMIL and CSS animations are skipped, as flutter_svg does (failure 1): the picture is static, no ticker"
        case .ignoresStyle: "<style> and style= are ignored, as flutter_svg does (failure 1): stylesheet colours and CSS animations are lost"
        case .tickerForStaticFile: "a ticker starts for a file without animation (rule 1): frames are pumped for nothing"
        case .noUseExpansion: "<use href=\"#img\"> is not expanded before compiling (failure 2): the zero-size image assertion blanks the whole banner"
        case .badImageBlanksPicture: "a truncated embedded image fails the compiler (failure 3): the whole picture is blank instead of one image missing"
        case .frameIndexInHash: "the frame loader's hashCode includes frameIndex (failure 4): every frame re-decodes every embedded image"
        case .noSharedPrefix: "every compiled frame is stored whole (failure 5): the images are paid once per frame (27.5 MB for the banner)"
        case .missingEndFromOtherKeyframe: "a missing 0%/100% keyframe is filled from the other keyframe (failure 6): the spinner sits at rotate(360)"
        case .linearDefaultEasing: "CSS animations without a timing function run linear instead of CSS's default ease"
        case .eventBeginStartsAtZero: "begin=\"click\" is read as 0 (no event-based begin exists): the animation plays instead of never starting"
        case .doubleFrameTimes: "frame times are accumulated Doubles (i × 1/60 added up): a frame exactly on a key time lands on the earlier segment"
        case .seekClamps: "seek past the end clamps to the last frame instead of wrapping the loop"
        case .toFromInitialValue: "a to-animation starts from the property's initial value instead of its underlying value (the bug-3 rule for SMIL)"
        }
    }
}
