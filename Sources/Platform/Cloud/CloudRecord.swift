import LockstepCore

/// One record as the cloud holds it: a CloudKit-style record with its own name (`id`, unique per
/// write), the app's stable key (`key`: the note, the verse), the device that wrote it and the
/// value with its modification instant.
///
/// There is no unique constraint on `key` (CloudKit mirroring refuses them), so two devices that
/// edit the same note offline make two records with one key; consumers dedupe with `CloudMerge`.
public struct CloudRecord<Value: CloudValue>: Hashable, Sendable {
    /// The record's own name, `DEVICE.N` (N counts that device's saves from 1): unique per write.
    public let id: String
    /// The app's stable key: what "the same thing" means to the user.
    public let key: String
    /// The device that saved it.
    public let origin: String
    /// The value and when it was saved (the device's clock: virtual time).
    public let stamped: Stamped<Value>

    public init(id: String, key: String, origin: String, value: Value, stamp: Instant) {
        self.id = id
        self.key = key
        self.origin = origin
        self.stamped = Stamped(value, stamp: stamp)
    }

    public var value: Value { stamped.value }
    public var stamp: Instant { stamped.stamp }

    /// `id=… key=… origin=… stamp=… value=…` appended to a record.
    public func describe(_ r: Record) -> Record {
        r.word("id", id).string("key", key).word("origin", origin).instant("stamp", stamp).string("value", value.cloudText)
    }
}
