/// `UIImage.Orientation` by its raw value, and its mapping to EXIF.
///
/// The two enumerations name the same eight transforms but number them differently (UIKit from 0,
/// EXIF from 1, in another order), so converting with `init(rawValue:)` across them rotates or
/// mirrors the picture wrongly: the scanner note's "orientation via raw value" fault. Convert
/// case for case with `exif`, as the article's `CGImagePropertyOrientation(_:)` switch does.
///
/// | UIKit raw | case            | EXIF |
/// |-----------|-----------------|------|
/// | 0         | `up`            | 1    |
/// | 1         | `down`          | 3    |
/// | 2         | `left`          | 8    |
/// | 3         | `right`         | 6    |
/// | 4         | `upMirrored`    | 2    |
/// | 5         | `downMirrored`  | 4    |
/// | 6         | `leftMirrored`  | 5    |
/// | 7         | `rightMirrored` | 7    |
public enum UIImageOrientationValue: Int, CaseIterable, Hashable, Sendable {
    case up = 0
    case down = 1
    case left = 2
    case right = 3
    case upMirrored = 4
    case downMirrored = 5
    case leftMirrored = 6
    case rightMirrored = 7

    /// The EXIF orientation with the same meaning (case for case, never by raw value).
    public var exif: ExifOrientation {
        switch self {
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        case .upMirrored: .upMirrored
        case .downMirrored: .downMirrored
        case .leftMirrored: .leftMirrored
        case .rightMirrored: .rightMirrored
        }
    }

    /// The UIKit orientation with the same meaning as `exif`.
    public init(exif: ExifOrientation) {
        switch exif {
        case .up: self = .up
        case .down: self = .down
        case .left: self = .left
        case .right: self = .right
        case .upMirrored: self = .upMirrored
        case .downMirrored: self = .downMirrored
        case .leftMirrored: self = .leftMirrored
        case .rightMirrored: self = .rightMirrored
        }
    }
}
