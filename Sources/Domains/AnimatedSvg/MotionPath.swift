/// Motion paths (D10, E7): path data reduced to straight chords so that distance along the path
/// needs only + − × ÷ and sqrt, and a position at a distance is bit-exact everywhere.

/// One straight piece of a flattened path; `start` is the path distance at (x0, y0).
struct Chord: Hashable, Sendable {
    var x0: Double
    var y0: Double
    var x1: Double
    var y1: Double
    var start: Double
    var length: Double
}

/// Why path data was refused: `S T A` (`pathCommand`), more than 10,000 segments (`limit`), or
/// anything else (`invalid`).
enum PathParseError: Error, Hashable, Sendable {
    case unsupportedCommand(Character)
    case invalid
    case limit
}

/// The most segments one path may have (K); every command instance counts, implicit repeats and
/// moves included (Choice: K does not say whether moves count).
let pathSegmentLimit = 10_000

/// A flattened path. `startX`/`startY` is the first moveto point, used when there is no chord of
/// non-zero length to stand on.
struct FlatPath: Hashable, Sendable {
    var chords: [Chord]
    var lengthTotal: Double
    var startX: Double
    var startY: Double

    /// The point at path distance s (D10): the first chord with s < start + length; at or past
    /// the end, the last chord of non-zero length; the chord's (dx, dy) is returned so the caller
    /// can take DetMath's atan2. With no usable chord, the start point and (0, 0).
    func point(atDistance s: Double) -> (x: Double, y: Double, dx: Double, dy: Double) {
        var chosen: Chord? = chords.first { s < $0.start + $0.length }
        if chosen == nil { chosen = chords.last { $0.length != 0 } }
        guard let c = chosen else {
            let last = chords.last
            return (last?.x1 ?? startX, last?.y1 ?? startY, 0, 0)
        }
        let dx = c.x1 - c.x0
        let dy = c.y1 - c.y0
        if c.length == 0 { return (c.x0, c.y0, dx, dy) }
        let f = (s - c.start) / c.length
        return (c.x0 + dx * f, c.y0 + dy * f, dx, dy)
    }
}

/// Parses and flattens path data (commands `M L H V C Q Z`, absolute and relative, with implicit
/// repeats; a pair after a moveto is a lineto). C and Q become 16 chords each at t = k/16.
func flattenPath(_ text: Substring) -> Result<FlatPath, PathParseError> {
    var builder = PathFlattener()
    var scanner = ByteScanner(text)
    scanner.skipWhitespace()
    var command: UInt8? = nil
    var segments = 0
    while !scanner.atEnd {
        var letter: UInt8
        if let b = scanner.peek(), ByteScanner.isLetter(b) {
            scanner.index += 1
            letter = b
            switch b {
            case 0x53, 0x73, 0x54, 0x74, 0x41, 0x61: // S s T t A a
                return .failure(.unsupportedCommand(Character(Unicode.Scalar(b))))
            case 0x4D, 0x6D, 0x4C, 0x6C, 0x48, 0x68, 0x56, 0x76, 0x43, 0x63, 0x51, 0x71, 0x5A, 0x7A:
                break
            default:
                return .failure(.invalid)
            }
            if command == nil, letter != 0x4D, letter != 0x6D { return .failure(.invalid) }
        } else {
            // Implicit repeat of the previous command; after a moveto it is a lineto.
            guard let previous = command, previous != 0x5A, previous != 0x7A else { return .failure(.invalid) }
            letter = previous == 0x4D ? 0x4C : previous == 0x6D ? 0x6C : previous
        }
        command = letter
        segments += 1
        if segments > pathSegmentLimit { return .failure(.limit) }
        let relative = letter >= 0x61
        let upper = letter & 0xDF
        let count: Int
        switch upper {
        case 0x4D, 0x4C: count = 2
        case 0x48, 0x56: count = 1
        case 0x43: count = 6
        case 0x51: count = 4
        default: count = 0
        }
        var args: [Double] = []
        scanner.skipWhitespace()
        for i in 0..<count {
            if i > 0 { _ = scanner.skipCommaWhitespace() }
            guard let v = scanner.scanNumber() else { return .failure(.invalid) }
            args.append(v)
        }
        builder.apply(upper, relative: relative, args)
        // Separator before the next command or repeated group; a comma must be followed by a number.
        if scanner.skipCommaWhitespace() {
            guard scanner.numberEnd() != nil, count > 0 else { return .failure(.invalid) }
        }
    }
    guard command != nil else { return .failure(.invalid) }
    return .success(FlatPath(chords: builder.chords, lengthTotal: builder.total,
                             startX: builder.firstX, startY: builder.firstY))
}

func flattenPath(_ text: String) -> Result<FlatPath, PathParseError> { flattenPath(text[...]) }

/// The current point, subpath start and chords as commands are applied.
private struct PathFlattener {
    var chords: [Chord] = []
    var total = 0.0
    var x = 0.0
    var y = 0.0
    var subpathX = 0.0
    var subpathY = 0.0
    var firstX = 0.0
    var firstY = 0.0
    var moved = false

    /// Appends a chord; lengths are summed left to right into the running total.
    mutating func chord(to nx: Double, _ ny: Double) {
        let dx = nx - x
        let dy = ny - y
        let length = ((dx * dx) + (dy * dy)).squareRoot()
        chords.append(Chord(x0: x, y0: y, x1: nx, y1: ny, start: total, length: length))
        total = total + length
        x = nx
        y = ny
    }

    mutating func apply(_ upper: UInt8, relative: Bool, _ a: [Double]) {
        let ox = relative ? x : 0
        let oy = relative ? y : 0
        switch upper {
        case 0x4D: // M
            x = ox + a[0]
            y = oy + a[1]
            subpathX = x
            subpathY = y
            if !moved { firstX = x; firstY = y; moved = true }
        case 0x4C: chord(to: ox + a[0], oy + a[1])
        case 0x48: chord(to: ox + a[0], y)
        case 0x56: chord(to: x, oy + a[0])
        case 0x43:
            let p0x = x, p0y = y
            let p1x = ox + a[0], p1y = oy + a[1]
            let p2x = ox + a[2], p2y = oy + a[3]
            let p3x = ox + a[4], p3y = oy + a[5]
            for k in 1...16 {
                let t = Double(k) / 16
                let mt = 1 - t
                // Bernstein weights (exact for t = k/16), then the weighted sum left to right.
                let b0 = mt * mt * mt
                let b1 = 3 * mt * mt * t
                let b2 = 3 * mt * t * t
                let b3 = t * t * t
                chord(to: b0 * p0x + b1 * p1x + b2 * p2x + b3 * p3x,
                      b0 * p0y + b1 * p1y + b2 * p2y + b3 * p3y)
            }
        case 0x51:
            let p0x = x, p0y = y
            let p1x = ox + a[0], p1y = oy + a[1]
            let p2x = ox + a[2], p2y = oy + a[3]
            for k in 1...16 {
                let t = Double(k) / 16
                let mt = 1 - t
                let b0 = mt * mt
                let b1 = 2 * mt * t
                let b2 = t * t
                chord(to: b0 * p0x + b1 * p1x + b2 * p2x, b0 * p0y + b1 * p1y + b2 * p2y)
            }
        default: // Z
            chord(to: subpathX, subpathY)
        }
    }
}
