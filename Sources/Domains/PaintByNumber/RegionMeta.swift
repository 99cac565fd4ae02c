/// One palette colour, 8 bits per channel (palette colours are opaque).
public struct RGB8: Sendable, Equatable, Hashable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// `rrggbb`, lowercase, for records.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for v in [r, g, b] { out.append(digits[Int(v >> 4)]); out.append(digits[Int(v & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The region metadata of an artwork: the colour number of every region and the palette.
///
/// Region id `r` (1-based, as in the id map) has colour number `colorIndex[r - 1]`; colour number
/// `k` is drawn with `palette[k]`. Valid metadata has 1...255 palette colours (fill state stores
/// `colorIndex + 1` in one byte, so a 256th colour would wrap to 0, "unfilled"), at most
/// `IdContract.maxRegions` regions, and every colour number inside the palette.
public struct RegionMeta: Sendable, Equatable {
    /// Colour number of region id `i + 1`.
    public var colorIndex: [UInt8]
    public var palette: [RGB8]

    /// Most palette colours: `colorIndex + 1` must fit in a fill-state byte without reaching 0.
    public static let maxColours = 255

    public var regionCount: Int { colorIndex.count }

    /// Checks the limits above; the error says which one.
    public init(colorIndex: [UInt8], palette: [RGB8]) throws(MetaError) {
        guard !palette.isEmpty else { throw MetaError(line: 0, "the palette is empty; at least one colour is needed") }
        guard palette.count <= RegionMeta.maxColours else {
            throw MetaError(line: 0, "\(palette.count) palette colours; at most \(RegionMeta.maxColours) (fill state stores colour+1 in one byte, so colour 255 would wrap to 0 = unfilled)")
        }
        guard colorIndex.count <= IdContract.maxRegions else {
            throw MetaError(line: 0, "\(colorIndex.count) regions; the two-byte id contract allows at most \(IdContract.maxRegions)")
        }
        for (i, c) in colorIndex.enumerated() where Int(c) >= palette.count {
            throw MetaError(line: 0, "region \(i + 1) has colour \(c) but the palette has \(palette.count) colours (0...\(palette.count - 1))")
        }
        self.colorIndex = colorIndex
        self.palette = palette
    }

    /// The colour number of region `id`, or nil when `id` has no metadata (0 or above `regionCount`).
    @inline(__always)
    public func colour(of id: Int) -> Int? {
        id >= 1 && id <= colorIndex.count ? Int(colorIndex[id - 1]) : nil
    }
}

/// A metadata problem, with the 1-based line of the metadata file (0 when not tied to a line).
public struct MetaError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { line > 0 ? "meta line \(line): \(message)" : "meta: \(message)" }
}
