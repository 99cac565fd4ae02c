/// Hit testing with intent correction: a histogram of region ids inside a disc around the tap,
/// then the most frequent selectable region.
///
/// - Radius: `max(1, round(base / (s / fit)))` image pixels, where `s` is the current zoom, `fit`
///   the fit scale (0 counts as 1, as the article's `base || 1` does), and `round` is JavaScript's
///   `Math.round` (half up). Correction is generous at fit scale and precise zoomed in. GAP: capped
///   at `maxRadius` so an absurd zoom-out cannot make the scan unbounded (the record says so).
/// - Disc: pixels with `dx² + dy² ≤ r²` inside the box `cx ± r`, `cy ± r` clamped to the image
///   (GAP: the article does not show its clamping), scanned row by row, id 0 skipped.
/// - Selectable (the article's prose; its quoted predicate named `eligible` actually returns the
///   exclusion): not filled, has metadata, and its colour number is the active one.
/// - Choice (GAP: the article only says "prefers eligible regions"): the selectable id with the
///   highest count; a tie goes to the id first seen in the row-major scan. No selectable id → miss.
public enum Picker {
    /// The largest radius the picker scans, in image pixels.
    public static let maxRadius = 128

    /// The pick radius for zoom `scale` and fit scale `fitScale`; `capped` when `maxRadius` applied.
    public static func radius(base: Int, scale: Double, fitScale: Double) -> (radius: Int, capped: Bool) {
        let fit = fitScale == 0 ? 1 : fitScale
        let raw = (Double(base) / (scale / fit) + 0.5).rounded(.down)
        let r = raw.isFinite ? max(1, raw) : Double(maxRadius + 1)
        return r > Double(maxRadius) ? (maxRadius, true) : (Int(r), false)
    }

    /// One histogram bin.
    public struct Bin: Sendable, Equatable {
        public var id: Int
        public var count: Int
    }

    /// Counts ids in the disc of `radius` around `(cx, cy)`, in first-seen order.
    /// - Precondition: `(cx, cy)` lies in the map; `radius ≥ 0`.
    public static func histogram(_ map: IdMap, cx: Int, cy: Int, radius: Int) -> [Bin] {
        var bins: [Bin] = []
        let r2 = radius * radius
        let x0 = max(0, cx - radius), x1 = min(map.width - 1, cx + radius)
        let y0 = max(0, cy - radius), y1 = min(map.height - 1, cy + radius)
        var last = -1, lastIndex = -1
        map.ids.withUnsafeBufferPointer { ids in
            for y in y0...y1 {
                let dy = y - cy
                let row = y * map.width
                for x in x0...x1 {
                    let dx = x - cx
                    if dx * dx + dy * dy > r2 { continue }
                    let id = Int(ids[row + x])
                    if id == 0 { continue }
                    // Neighbouring pixels mostly share an id; the linear search is over the few
                    // distinct ids in one disc.
                    if id != last {
                        last = id
                        lastIndex = bins.firstIndex { $0.id == id } ?? -1
                        if lastIndex < 0 { bins.append(Bin(id: id, count: 0)); lastIndex = bins.count - 1 }
                    }
                    bins[lastIndex].count += 1
                }
            }
        }
        return bins
    }

    /// Whether a tap may fill region `id`: unfilled, described by the metadata, of the active colour.
    public static func isSelectable(_ id: Int, fills: [UInt8], meta: RegionMeta, active: Int) -> Bool {
        guard let colour = meta.colour(of: id), id < fills.count else { return false }
        return fills[id] == 0 && colour == active
    }

    /// The chosen region: highest count among selectable bins, first seen on a tie; nil = miss.
    public static func choose(_ bins: [Bin], fills: [UInt8], meta: RegionMeta, active: Int) -> Int? {
        var best: Bin? = nil
        for b in bins where isSelectable(b.id, fills: fills, meta: meta, active: active) {
            if best == nil || b.count > best!.count { best = b }
        }
        return best?.id
    }
}
