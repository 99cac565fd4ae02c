import LockstepCore

/// Which domains take recordings, of which kind, and which record types each turns into events.
/// The event lines are the domains' existing vocabularies (docs/recording-on-a-device.md has the
/// table); a record type the domain has no event for is dropped with that reason.
struct ImportTarget {
    var domain: String
    var kind: ImportHeader.Kind
    var recordTypes: [String]

    static let all: [ImportTarget] = [
        ImportTarget(domain: "chalk", kind: .touch, recordTypes: ["touch"]),
        ImportTarget(domain: "repCounter", kind: .pose, recordTypes: ["pose"]),
        ImportTarget(domain: "pillReminders", kind: .session, recordTypes: ["notification", "lifecycle", "device"]),
        ImportTarget(domain: "liveMic", kind: .session, recordTypes: ["audio", "lifecycle"]),
        ImportTarget(domain: "transcription", kind: .session, recordTypes: ["audio"]),
    ]

    static func named(_ name: String) -> ImportTarget? { all.first { $0.domain == name } }

    /// Every record type a recording of `kind` may hold.
    static func recordTypes(of kind: ImportHeader.Kind) -> [String] {
        switch kind {
        case .touch: ["touch"]
        case .pose: ["pose"]
        case .session: ImportSession.recordTypes
        }
    }

    /// The joint names of the domain's `frame` event, in declared order (repCounter's 19 joints).
    static func jointNames(_ entry: DomainEntry) -> [String] {
        entry.eventKinds.first { $0.kind == "frame" }?.fields.map(\.name) ?? []
    }

    func convert(_ record: ImportRecord, jointNames: [String]) throws(ImportProblem) -> ImportOutcome {
        switch kind {
        case .touch: try ImportTouch.convert(record)
        case .pose: try ImportPose.convert(record, jointNames: jointNames)
        case .session: try ImportSession.convert(record)
        }
    }
}
