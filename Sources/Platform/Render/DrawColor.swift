import LockstepCore

/// A colour as an app names it (`coral`, `red`, `white`), with the RGBA used only to rasterise.
///
/// Goldens print the name and never the components: a trace says what the app meant ("the
/// selected cell is coral"), and retuning the palette's bytes does not churn every golden. Two
/// colours are equal only when name and components both match, so a redraw that changes a
/// colour's bytes under the same name is still a redraw.
public struct DrawColor: Hashable, Sendable {
    /// Longest name, in bytes: names are palette identifiers, not prose.
    public static let maxNameBytes = 64

    /// A bare word: ASCII letters, digits, `_`, `-` and `.`, 1...`maxNameBytes` bytes.
    public let name: String
    public let r: UInt8
    public let g: UInt8
    public let b: UInt8
    /// 255 is opaque, 0 is fully transparent; blended by `Rasterizer`, never printed.
    public let a: UInt8

    /// - Precondition: `name` is 1...`maxNameBytes` of `[A-Za-z0-9_.-]` (it is printed as a
    ///   trace word, and names are literals in the app's palette, so a bad one is a programming
    ///   error, not input).
    public init(name: String, r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        precondition(DrawColor.isValidName(name),
                     "DrawColor name must be 1...\(DrawColor.maxNameBytes) bytes of A-Z a-z 0-9 _ - . (got \"\(name)\")")
        self.name = name
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Whether `name` can be a colour's name (a trace word within the length limit).
    public static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= maxNameBytes else { return false }
        for byte in bytes {
            let ok = (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
                || byte == 95 || byte == 45 || byte == 46
            if !ok { return false }
        }
        return true
    }

    public static let black = DrawColor(name: "black", r: 0, g: 0, b: 0)
    public static let white = DrawColor(name: "white", r: 255, g: 255, b: 255)
    /// Transparent black: a `page` with this background rasterises to alpha 0.
    public static let clear = DrawColor(name: "clear", r: 0, g: 0, b: 0, a: 0)
    public static let red = DrawColor(name: "red", r: 255, g: 0, b: 0)
    public static let green = DrawColor(name: "green", r: 0, g: 128, b: 0)
    public static let blue = DrawColor(name: "blue", r: 0, g: 0, b: 255)
    public static let grey = DrawColor(name: "grey", r: 128, g: 128, b: 128)
    /// CSS `coral`.
    public static let coral = DrawColor(name: "coral", r: 255, g: 127, b: 80)
}
