/// Fill state: one byte per region, `colorIndex + 1` when filled, 0 when not; byte 0 is unused
/// (id 0 is never a region). `regionCount + 1` bytes, indexed by region id.
public enum FillState {
    /// The article's `applyFill`, exactly: refuses id 0, an id past the end, and a region already
    /// filled (no refill, no recolour); otherwise writes `colorIndex + 1` and returns true.
    ///
    /// It does not check that `colorIndex` is the region's number: the tap path does that through
    /// `Picker.isSelectable` (GAP choice). `colorIndex` must be 0...254 (`RegionMeta` guarantees it
    /// for palette colours); larger values are refused rather than wrapped to 0.
    public static func applyFill(_ state: inout [UInt8], regionId: Int, colorIndex: Int) -> Bool {
        if regionId < 1 || regionId >= state.count { return false }
        if state[regionId] != 0 { return false }
        guard colorIndex >= 0, colorIndex < RegionMeta.maxColours else { return false }
        state[regionId] = UInt8(colorIndex + 1)
        return true
    }

    /// Checks restored bytes against the artwork: `regionCount + 1` bytes, byte 0 zero, every byte at
    /// most `paletteCount` (0 = unfilled, k = colour k − 1). Returns why it refuses (a kebab-case
    /// word and a sentence), or nil.
    public static func validate(_ bytes: [UInt8], regionCount: Int, paletteCount: Int) -> (reason: String, detail: String)? {
        guard bytes.count == regionCount + 1 else {
            return ("wrong-size", "fill state has \(bytes.count) bytes; this artwork needs regionCount+1 = \(regionCount + 1)")
        }
        guard bytes.first == 0 else { return ("byte-0-set", "byte 0 (id 0, never a region) is \(bytes[0]); it must be 0") }
        for (i, b) in bytes.enumerated() where Int(b) > paletteCount {
            return ("byte-past-palette", "byte \(i) is \(b); the palette has \(paletteCount) colours so bytes are 0...\(paletteCount)")
        }
        return nil
    }

    /// Filled regions (nonzero bytes after byte 0).
    public static func filledCount(_ state: [UInt8]) -> Int {
        var n = 0
        for i in 1..<max(1, state.count) where state[i] != 0 { n += 1 }
        return n
    }
}
