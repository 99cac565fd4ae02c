import LockstepCore
import Platform

/// A picture of one composite frame at 1/8 scale (135×240), for a person to look at: each tile
/// is filled with its camera's colour (back blue, front orange), carries the buffer index as
/// eight bit squares (white = 1, most significant first) along the top of the SOURCE, and a white
/// corner mark at the source's top left. A mirrored tile shows both flipped, so mirroring, tile
/// placement and which buffer each tile sampled are all visible.
enum Snapshot {
    static let scale = 8

    static func png(_ frame: CompositeFrame) -> [UInt8] {
        let w = CompositeCanvas.widthPixels / scale
        let h = CompositeCanvas.heightPixels / scale
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        func put(_ x: Int, _ y: Int, _ c: RGBA8) {
            guard x >= 0, y >= 0, x < w, y < h else { return }
            let i = (y * w + x) * 4
            rgba[i] = c.r
            rgba[i + 1] = c.g
            rgba[i + 2] = c.b
            rgba[i + 3] = c.a
        }
        for i in 0 ..< w * h { rgba[i * 4 + 3] = 255 }
        for tile in frame.tiles {
            let x0 = tile.rect.x / scale, y0 = tile.rect.y / scale
            let tw = tile.rect.widthPixels / scale, th = tile.rect.heightPixels / scale
            let base = tile.camera == .back ? RGBA8(40, 90, 200) : RGBA8(230, 140, 40)
            for y in 0 ..< th { for x in 0 ..< tw { put(x0 + x, y0 + y, base) } }
            // Source x → canvas x: flipped when mirrored.
            func sx(_ x: Int) -> Int { tile.mirrored ? x0 + tw - 1 - x : x0 + x }
            let cell = max(2, tw / 10)
            for bit in 0 ..< 8 {
                let on = (tile.bufferIndex >> Int64(7 - bit)) & 1 == 1
                let color = on ? RGBA8.white : RGBA8.black
                for y in 0 ..< cell { for x in 0 ..< cell - 1 { put(sx(cell + bit * cell + x), y0 + 2 * cell + y, color) } }
            }
            for i in 0 ..< cell { put(sx(i), y0 + 1, .white); put(sx(0), y0 + 1 + i, .white) }
        }
        guard let image = try? RGBA8Image(width: w, height: h, rgba: rgba) else { return [] }
        return image.pngBytes()
    }
}
