/// One record as it reaches a device: the record, and whether the cloud had delivered it to this
/// device before (a redelivery the consumer must dedupe).
public struct CloudDelivery<Value: CloudValue>: Hashable, Sendable {
    public let record: CloudRecord<Value>
    public let duplicate: Bool

    public init(_ record: CloudRecord<Value>, duplicate: Bool) {
        self.record = record
        self.duplicate = duplicate
    }
}
