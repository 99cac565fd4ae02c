/// A workload `lockstep bench` times that lives outside the tools (the image kit is in Platform,
/// which the tools do not import): a name, the megapixels one run processes, an optional ceiling
/// on one run, and how to make the timed body. The body returns a digest of its output, which
/// must be the same on every run.
public struct BenchWorkload: Sendable {
    public var name: String
    public var megapixels: Double
    public var targetSeconds: Double?
    public var prepare: @Sendable () throws -> @Sendable () throws -> UInt64

    public init(name: String, megapixels: Double, targetSeconds: Double?,
                prepare: @escaping @Sendable () throws -> @Sendable () throws -> UInt64) {
        self.name = name
        self.megapixels = megapixels
        self.targetSeconds = targetSeconds
        self.prepare = prepare
    }
}
