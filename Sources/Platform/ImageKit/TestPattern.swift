/// Synthetic images for scenarios and tests, so none needs a fixture file.
///
/// Every pattern is a pure function of (parameters, x, y): render it whole with `image(width:height:)`
/// or row by row with `PatternSource`, and the bytes are the same.
public enum TestPattern: Hashable, Sendable {
    /// Every pixel `color`.
    case solid(RGBA8)
    /// Each channel goes linearly from `from` at the first column (or row) to `to` at the last:
    /// `c(i) = round((from·(n−1−i) + to·i) / (n−1))`, halves up; `from` when n is 1.
    case gradient(from: RGBA8, to: RGBA8, vertical: Bool)
    /// Squares of `cellPixels`, `first` at the top-left, alternating with `second`.
    case checkerboard(cellPixels: Int, first: RGBA8, second: RGBA8)
    /// A page with ink lines on a background (see `DocumentPagePattern`).
    case documentPage(DocumentPagePattern)

    /// The pattern as a whole image.
    public func image(width: Int, height: Int) throws(ImageKitError) -> RGBA8Image {
        try RGBA8Image.validate(widthPixels: width, heightPixels: height)
        let source = try PatternSource(self, width: width, height: height)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { all in
            for y in 0..<height {
                source.readRow(y, into: UnsafeMutableBufferPointer(rebasing: all[(y * width * 4)..<((y + 1) * width * 4)]))
            }
        }
        return RGBA8Image(uncheckedWidth: width, height: height, rgba: bytes)
    }
}
