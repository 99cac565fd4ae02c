/// One scheduled dose of one medication: the key of `MedStore.doseIndex` (a log of the same
/// medication and scheduled time replaces the earlier one).
struct DoseKey: Hashable, Sendable {
    var med: Int64
    var scheduledNanos: Int64
}
