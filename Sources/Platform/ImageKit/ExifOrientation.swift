/// The eight EXIF / TIFF orientations (`CGImagePropertyOrientation`), raw values 1...8.
///
/// A camera stores pixels as the sensor read them and records in this tag how to turn them to get
/// the upright picture. Each case says where the *stored* image's first row and first column end up
/// when displayed; `sourcePixel(uprightX:uprightY:...)` is that rule as arithmetic.
///
/// | value | case            | to display the stored pixels          | upright size |
/// |-------|-----------------|----------------------------------------|--------------|
/// | 1     | `up`            | as stored                              | W × H        |
/// | 2     | `upMirrored`    | mirror left–right                      | W × H        |
/// | 3     | `down`          | rotate 180°                            | W × H        |
/// | 4     | `downMirrored`  | mirror top–bottom                      | W × H        |
/// | 5     | `leftMirrored`  | transpose (mirror across the TL–BR diagonal) | H × W  |
/// | 6     | `right`         | rotate 90° clockwise                   | H × W        |
/// | 7     | `rightMirrored` | transverse (mirror across the TR–BL diagonal) | H × W |
/// | 8     | `left`          | rotate 90° counter-clockwise           | H × W        |
public enum ExifOrientation: Int, CaseIterable, Hashable, Sendable {
    case up = 1
    case upMirrored = 2
    case down = 3
    case downMirrored = 4
    case leftMirrored = 5
    case right = 6
    case rightMirrored = 7
    case left = 8

    /// The orientation for an EXIF tag value, or nil outside 1...8. What an unknown value means is
    /// the caller's choice (the wallpapers note treats it as 1; the scanner note maps it to `.up`
    /// and logs it), so the kit does not guess: write `ExifOrientation(exif: v) ?? .up` and record it.
    public init?(exif value: Int) {
        self.init(rawValue: value)
    }

    /// The EXIF tag value, 1...8.
    public var exifValue: Int { rawValue }

    /// True for 5...8, whose upright image is the stored one with width and height swapped.
    public var swapsWidthAndHeight: Bool { rawValue >= 5 }

    /// The upright size of a stored `width × height` image.
    public func uprightSize(widthPixels: Int, heightPixels: Int) -> (widthPixels: Int, heightPixels: Int) {
        swapsWidthAndHeight ? (heightPixels, widthPixels) : (widthPixels, heightPixels)
    }

    /// Which stored pixel lands at upright pixel (`x`, `y`), for a stored image of `width × height`
    /// (the *stored* size, not the upright one).
    @inline(__always)
    public func sourcePixel(uprightX x: Int, uprightY y: Int, storedWidth w: Int, storedHeight h: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: (x, y)
        case .upMirrored: (w - 1 - x, y)
        case .down: (w - 1 - x, h - 1 - y)
        case .downMirrored: (x, h - 1 - y)
        case .leftMirrored: (y, x)
        case .right: (y, h - 1 - x)
        case .rightMirrored: (w - 1 - y, h - 1 - x)
        case .left: (w - 1 - y, x)
        }
    }
}
