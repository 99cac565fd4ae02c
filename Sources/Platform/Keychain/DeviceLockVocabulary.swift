import LockstepCore

/// One decoded `device` scenario line: what happens to the device's data protection.
public enum DeviceLockLine: Hashable, Sendable {
    /// The device locks or unlocks; `beforeFirstUnlock` is a reboot.
    case lock(DeviceLockState)
    /// The user sets or removes the passcode.
    case passcode(set: Bool)
    /// A backup of this device is restored to a new device.
    case restoreToNewDevice
}

/// The standard scenario spelling of the device's lock state, passcode and restores, shared by
/// every domain (the keychain and the file store's data protection both follow it):
///
/// ```
/// 0   device lock state=locked            beforeFirstUnlock | locked | unlocked
/// 1   device passcode set=false           removing the passcode deletes whenPasscodeSet items
/// 2   device restore                      this device's backup restored to a new device
/// ```
///
/// `env` (DeviceVocabulary) is the device's fixed environment and `lifecycle` the app's process;
/// `device` is neither, so it gets its own kind. A domain adds
/// `DeviceLockVocabulary.eventKind { .device($0) }` to its `events` and passes the line to
/// `Keychain.apply(_:_:)` (and `lock` states to `FileStore.setLock`).
public enum DeviceLockVocabulary {
    public static let kind = "device"
    public static let actionWords = ["lock", "passcode", "restore"]

    public static let spec = EventSpec(
        kind, "Device data protection (Platform): lock state, passcode, a backup restored to a new device",
        positional: [FieldSpec("action", .word(choices: actionWords), "lock | passcode | restore")],
        fields: [
            .optional("state", .word(choices: DeviceLockState.allCases.map(\.rawValue)), "lock: the new lock state"),
            .optional("set", .bool, "passcode: whether a passcode is set"),
        ])

    /// Decodes a `device` line; fields that do not belong to its action are errors at their column.
    public static func decode(_ line: EventLine) throws(ScenarioError) -> DeviceLockLine {
        guard let first = line.positionalIndices.first else {
            throw line.error("expected 'device ACTION' with ACTION one of: \(actionWords.joined(separator: ", "))")
        }
        let action = try line.word(at: first)
        func reject(_ key: StaticString) throws(ScenarioError) {
            if line.has(key) { throw line.error("'\(key)' does not apply to 'device \(action)'", at: key) }
        }
        switch action {
        case "lock":
            try reject("set")
            guard let i = line.index(of: "state") else {
                throw line.error("missing field 'state' for 'device lock' (one of: \(DeviceLockState.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let text = line.rawText(i)
            guard let state = DeviceLockState(rawValue: text) else {
                throw line.error("state=\(text) is not a lock state; expected one of: \(DeviceLockState.allCases.map(\.rawValue).joined(separator: ", "))", at: "state")
            }
            return .lock(state)
        case "passcode":
            try reject("state")
            guard line.has("set") else { throw line.error("missing field 'set' for 'device passcode'") }
            return .passcode(set: try line.bool("set"))
        case "restore":
            try reject("state")
            try reject("set")
            return .restoreToNewDevice
        default:
            throw line.location(ofArg: first).error("unknown device action '\(action)'; expected one of: \(actionWords.joined(separator: ", "))")
        }
    }

    /// The `device` kind for a domain's `events`: `wrap` puts the decoded line into the domain's event.
    public static func eventKind<Event>(_ wrap: @escaping @Sendable (DeviceLockLine) -> Event) -> EventKind<Event> {
        EventKind(spec.kind, spec.summary) { f throws(ScenarioError) in
            let line = f.custom(positional: spec.positional, spec.fields)
            return wrap(f.isDeclaring ? .restoreToNewDevice : try decode(line))
        }
    }

    /// The line `decode` reads back as `line`, for `Domain.text(of:)`.
    public static func text(of line: DeviceLockLine) -> String? {
        switch line {
        case .lock(let state): LineText(kind).word("lock").word("state", state.rawValue).line
        case .passcode(let set): LineText(kind).word("passcode").bool("set", set).line
        case .restoreToNewDevice: LineText(kind).word("restore").line
        }
    }
}

extension Keychain {
    /// Applies a `device` line to the vault.
    public mutating func apply<D: Domain>(_ line: DeviceLockLine, _ world: inout World<D>) {
        switch line {
        case .lock(let state): setLock(state, &world)
        case .passcode(let set): setPasscode(set, &world)
        case .restoreToNewDevice: restoreToNewDevice(&world)
        }
    }
}
