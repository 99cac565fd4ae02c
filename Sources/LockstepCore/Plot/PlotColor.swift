/// An opaque 8-bit RGB colour. Plots are always opaque, so their PNGs are RGB.
public struct PlotColor: Sendable, Equatable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    // The palette: black and greys for structure, then the "Tableau 10" colours matplotlib uses,
    // which stay distinguishable side by side and for the commonest colour blindness.
    public static let black = PlotColor(0, 0, 0)
    public static let grey = PlotColor(127, 127, 127)
    /// The grid colour.
    public static let lightGrey = PlotColor(221, 221, 221)
    public static let blue = PlotColor(31, 119, 180)
    public static let orange = PlotColor(255, 127, 14)
    public static let green = PlotColor(44, 160, 44)
    public static let red = PlotColor(214, 39, 40)
    public static let purple = PlotColor(148, 103, 189)
    public static let teal = PlotColor(23, 190, 207)

    /// The background; not public, since a series drawn in it would be invisible.
    static let white = PlotColor(255, 255, 255)
}
