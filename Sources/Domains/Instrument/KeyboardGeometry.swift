/// The piano keyboard's geometry and hit-testing, in view points (Double, as CGFloat is on 64-bit).
///
/// `octaves` octaves of 7 white keys each, starting at `firstMidi` (a C). Black keys are 0.6 of a
/// white key wide, centred on the boundary after white keys C, D, F, G, A, and 0.6 of the height
/// tall; they are hit-tested first because they are drawn on top. The view's bounds are half-open
/// (`0 ≤ x < width`, `0 ≤ y < height`), as `CGRect.contains` is.
public struct KeyboardGeometry: Hashable, Sendable {
    public var widthPoints: Double
    public var heightPoints: Double
    public var firstMidi: Int
    public var octaves: Int

    /// Semitone offsets of the white keys C D E F G A B.
    public static let whiteOffsets = [0, 2, 4, 5, 7, 9, 11]
    /// Black keys: (white key index they follow, semitone): C♯ D♯ F♯ G♯ A♯.
    public static let blackOffsets: [(after: Int, semitone: Int)] = [(0, 1), (1, 3), (3, 6), (4, 8), (5, 10)]
    /// Black keys cover the top 60 % of the keyboard and are 60 % of a white key wide.
    public static let blackHeightFraction = 0.6
    public static let blackWidthFraction = 0.6

    public init(widthPoints: Double = 700, heightPoints: Double = 200, firstMidi: Int = 60, octaves: Int = 2) {
        self.widthPoints = widthPoints
        self.heightPoints = heightPoints
        self.firstMidi = firstMidi
        self.octaves = octaves
    }

    /// Why this geometry cannot be used, or nil: at least one octave, at most 10, notes within
    /// MIDI 0…127 (`firstMidi + 12·octaves − 1 ≤ 127`), a C as the first note, sizes finite and > 0.
    public var problem: String? { refusal?.text }

    /// The same check as `problem`, with a short word for rejection records (`reason`).
    public var refusal: (reason: String, text: String)? {
        guard widthPoints.isFinite, heightPoints.isFinite, widthPoints > 0, heightPoints > 0, widthPoints <= 100_000, heightPoints <= 100_000 else {
            return ("bad-size", "width and height must be finite numbers of points in (0, 100000]")
        }
        guard (1...10).contains(octaves) else { return ("bad-octaves", "octaves must be 1...10 (0 octaves makes every key infinitely wide)") }
        guard firstMidi >= 0, firstMidi % 12 == 0 else { return ("bad-first-note", "firstMidi must be a C (a multiple of 12) at or above 0") }
        guard firstMidi + 12 * octaves - 1 <= 127 else {
            return ("above-midi-127", "the last key \(firstMidi + 12 * octaves - 1) is above MIDI 127")
        }
        return nil
    }

    public var whiteKeyCount: Int { 7 * octaves }
    public var whiteKeyWidth: Double { widthPoints / Double(whiteKeyCount) }
    public var lastMidi: Int { firstMidi + 12 * octaves - 1 }

    /// The note under `(x, y)`, or nil outside the keyboard (or for non-finite coordinates).
    ///
    /// `clampRightEdge` is the fix for the right-edge rounding bug: for some widths
    /// `width.nextDown / w` rounds up to exactly `7·octaves`, and an unclamped index then names a key
    /// one past the last (84 on a 2-octave keyboard from 60). The `rightEdgeOffByOne` fault passes false.
    public func note(atX x: Double, y: Double, clampRightEdge: Bool = true) -> Int? {
        guard x >= 0, x < widthPoints, y >= 0, y < heightPoints else { return nil }  // false for NaN
        let w = whiteKeyWidth
        let blackHeight = heightPoints * Self.blackHeightFraction
        if y < blackHeight {
            for octave in 0..<octaves {
                for (after, semitone) in Self.blackOffsets {
                    let left = Double(octave * 7 + after + 1) * w - w * 0.3
                    // Half-open like CGRect.contains: left ≤ x < left + 0.6w.
                    if x >= left && x < left + w * Self.blackWidthFraction {
                        return firstMidi + octave * 12 + semitone
                    }
                }
            }
        }
        var index = Int(x / w)
        if clampRightEdge { index = min(index, whiteKeyCount - 1) }
        return firstMidi + (index / 7) * 12 + Self.whiteOffsets[index % 7]
    }

    /// A point well inside the visible part of key `midi` (the lower half of a white key, the
    /// middle of a black key), for generators; nil if the key is not on this keyboard.
    public func center(of midi: Int) -> (x: Double, y: Double)? {
        guard midi >= firstMidi, midi <= lastMidi else { return nil }
        let octave = (midi - firstMidi) / 12, semitone = (midi - firstMidi) % 12
        let w = whiteKeyWidth
        if let white = Self.whiteOffsets.firstIndex(of: semitone) {
            return (Double(octave * 7 + white) * w + w / 2, heightPoints * 0.8)
        }
        let after = Self.blackOffsets.first { $0.semitone == semitone }!.after
        return (Double(octave * 7 + after + 1) * w, heightPoints * 0.3)
    }

    /// Every key, ascending: (midi, isBlack).
    public var keys: [(midi: Int, isBlack: Bool)] {
        (firstMidi...lastMidi).map { ($0, NoteNaming.isBlack($0)) }
    }
}
