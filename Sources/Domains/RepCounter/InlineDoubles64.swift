/// 64 doubles stored inline (no heap, no SIMD lane shuffles): the per-frame joint storage.
///
/// `SIMD64<Double>` was the first choice, but its element subscript compiles to lane inserts and
/// extracts that cost more than the whole counter; a homogeneous tuple read through a pointer is a
/// plain load.
public struct InlineDoubles64: Sendable, Equatable {
    var storage: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    public init() {}

    @inline(__always)
    public subscript(_ i: Int) -> Double {
        get {
            precondition(i >= 0 && i < 64)
            return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: i &* 8, as: Double.self) }
        }
        set {
            precondition(i >= 0 && i < 64)
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: newValue, toByteOffset: i &* 8, as: Double.self) }
        }
    }

    /// Reads all 64 values through one pointer. Each subscript read copies the whole tuple to get an
    /// address (the optimiser does not reuse the stored one), so loops over many values use this: one
    /// copy per call instead of one per element.
    @inline(__always)
    public func withUnsafeDoubles<R>(_ body: (UnsafeBufferPointer<Double>) -> R) -> R {
        withUnsafeBytes(of: storage) { raw in body(raw.bindMemory(to: Double.self)) }
    }

    public static func == (a: InlineDoubles64, b: InlineDoubles64) -> Bool {
        withUnsafeBytes(of: a.storage) { pa in withUnsafeBytes(of: b.storage) { pb in
            (0..<64).allSatisfy { pa.load(fromByteOffset: $0 * 8, as: Double.self) == pb.load(fromByteOffset: $0 * 8, as: Double.self) }
        } }
    }
}
