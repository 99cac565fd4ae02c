/// Pixels that can be read one row at a time, top to bottom, without existing as a whole.
///
/// The downsampler reads its source through this, so a source the size of a decompression bomb
/// (a scripted 20000×20000 "photo", a test pattern) can be thumbnailed while only one of its rows
/// is ever in memory: the wallpapers note's "never materialise the full bitmap". `RGBA8Image` is
/// one; `PatternSource` renders a `TestPattern` on demand.
public protocol ImageRowSource: Sendable {
    /// Width in pixels.
    var width: Int { get }
    /// Height in pixels.
    var height: Int { get }
    /// Writes row `y` (0 is the top) into `row`: `width × 4` bytes, RGBA, not premultiplied.
    /// Called with each `y` in `0..<height`, in increasing order, once each.
    func readRow(_ y: Int, into row: UnsafeMutableBufferPointer<UInt8>)
}

extension RGBA8Image: ImageRowSource {
    public func readRow(_ y: Int, into row: UnsafeMutableBufferPointer<UInt8>) {
        let n = width * 4
        precondition(row.count == n && y >= 0 && y < height, "readRow(\(y)) with \(row.count) bytes on \(width)x\(height)")
        rgba.withUnsafeBufferPointer { src in
            _ = row.initialize(from: UnsafeBufferPointer(rebasing: src[(y * n)..<(y * n + n)]))
        }
    }
}
