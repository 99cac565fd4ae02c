/// Memory probe marks (item 10) as one serialized, bounded list.
///
/// WHY: the device probe appended from two threads without a lock and corrupted its array;
/// the harness serializes every append, so order is the event order.
struct ProbeMarks: Sendable {
    static let maxMarks = 1_024

    private(set) var marks: [(label: String, footprintBytes: Int)] = []
    private(set) var droppedCount = 0

    init() {}

    mutating func mark(_ label: String, footprintBytes: Int) {
        guard marks.count < Self.maxMarks else { droppedCount += 1; return }
        marks.append((label, footprintBytes))
    }
}
