import LockstepCore
import LockstepRunner
import Platform
import Testing

/// A domain that speaks the `device` vocabulary plus the app's own `add`, `read`, `update` and
/// `delete` (service `app` unless a line says otherwise), to run real scenario text through the vault.
enum KeychainProbe: Domain {
    static let entry = DomainEntry(Self.self)
    struct State: Sendable { var keychain = Keychain() }
    enum Event: Sendable {
        case device(DeviceLockLine)
        case add(KeychainKey, String, KeychainAccessibility)
        case read(KeychainKey), update(KeychainKey, String), delete(KeychainKey)
    }
    static let name = "keychainProbe"
    static let summary = "test"
    static func key(_ f: inout Fields) throws(ScenarioError) -> KeychainKey {
        KeychainKey(service: try f("service", .word, default: "app"), account: try f("account", .word))
    }
    static let events: [EventKind<Event>] = [
        DeviceLockVocabulary.eventKind { .device($0) },
        EventKind("add", "SecItemAdd") { f throws(ScenarioError) in
            .add(try key(&f), try f("data", .string), try f("accessible", .choice(KeychainAccessibility.self), default: .whenUnlocked))
        },
        EventKind("read", "SecItemCopyMatching") { f throws(ScenarioError) in .read(try key(&f)) },
        EventKind("update", "SecItemUpdate") { f throws(ScenarioError) in .update(try key(&f), try f("data", .string)) },
        EventKind("delete", "SecItemDelete") { f throws(ScenarioError) in .delete(try key(&f)) },
    ]
    static func kind(of event: Event) -> String {
        switch event {
        case .device: DeviceLockVocabulary.kind
        case .add: "add"
        case .read: "read"
        case .update: "update"
        case .delete: "delete"
        }
    }
    static func start(_ settings: NoSettings, _ world: inout World<KeychainProbe>) throws(ScenarioError) -> State { State() }
    static func reduce(_ state: inout State, _ event: Event, _ world: inout World<KeychainProbe>) {
        switch event {
        case .device(let line): state.keychain.apply(line, &world)
        case .add(let key, let data, let accessible): state.keychain.add(key, data: Array(data.utf8), accessibility: accessible, &world)
        case .read(let key): _ = state.keychain.read(key, &world)
        case .update(let key, let data): state.keychain.update(key, data: Array(data.utf8), &world)
        case .delete(let key): state.keychain.delete(key, &world)
        }
    }
    static func write(_ state: State, to out: inout CanonicalWriter) { state.keychain.write(to: &out) }
}

private func trace(_ body: String) throws(ScenarioError) -> String {
    let text = "lockstep 1\ndomain keychainProbe\n" + body
    let reader = try ScenarioReader(display: "t.scenario", bytes: Array(text.utf8), files: nil)
    let header = try reader.readHeader()
    var out = MemoryOutput()
    _ = try Runner.run(KeychainProbe.self, reader: reader, header: header, options: RunOptions(), output: &out)
    return String(decoding: out.bytes, as: UTF8.self)
}

private func records(_ body: String) throws(ScenarioError) -> [String] {
    try trace(body).split(separator: "\n").map(String.init)
        .filter { $0.hasPrefix("  keychain.") || $0.hasPrefix("  rejected") || $0.hasPrefix("  device.") }
        .map { String($0.dropFirst(2)) }
}

private func error(_ body: String) -> String? {
    do { _ = try trace(body); return nil } catch { return error.description }
}

/// The `status=` of each keychain record.
private func statuses(_ lines: [String]) -> [Int] {
    lines.filter { $0.hasPrefix("keychain.") && !$0.hasPrefix("keychain.lost") }.map { line in
        Int(line.split(separator: " ").first { $0.hasPrefix("status=") }!.dropFirst(7))!
    }
}

@Suite struct KeychainTests {
    /// Security.framework's SecBase.h values.
    @Test func osStatusValues() {
        #expect(KeychainStatus.success.rawValue == 0)
        #expect(KeychainStatus.param.rawValue == -50)
        #expect(KeychainStatus.notAvailable.rawValue == -25291)
        #expect(KeychainStatus.duplicateItem.rawValue == -25299)
        #expect(KeychainStatus.itemNotFound.rawValue == -25300)
        #expect(KeychainStatus.interactionNotAllowed.rawValue == -25308)
        #expect(KeychainStatus.interactionNotAllowed.name == "errSecInteractionNotAllowed")
    }

    /// The availability table: class × lock state.
    @Test func availabilityByLockState() {
        let table: [(KeychainAccessibility, [Bool])] = [  // beforeFirstUnlock, locked, unlocked
            (.whenUnlocked, [false, false, true]), (.afterFirstUnlock, [false, true, true]),
            (.whenUnlockedThisDeviceOnly, [false, false, true]), (.afterFirstUnlockThisDeviceOnly, [false, true, true]),
            (.whenPasscodeSetThisDeviceOnly, [false, false, true]),
        ]
        for (c, expected) in table {
            #expect([DeviceLockState.beforeFirstUnlock, .locked, .unlocked].map { c.isAvailable(in: $0) } == expected)
        }
    }

    /// adEarnings.md TokenVault.save then sign-out: delete (nothing there), add at
    /// afterFirstUnlockThisDeviceOnly, a background read while locked, then the sign-out delete.
    /// The digest is FNV-1a 64 of the bytes, computed independently (Python): never the token.
    @Test func adEarningsTokenVaultLog() throws {
        let lines = try records("""
            0 delete service=admob account=admob.refresh
            1 add service=admob account=admob.refresh data="1//0refresh-token-A" accessible=afterFirstUnlockThisDeviceOnly
            2 device lock state=locked
            3 read service=admob account=admob.refresh
            4 delete service=admob account=admob.refresh

            """)
        #expect(lines == [
            "keychain.delete service=\"admob\" account=\"admob.refresh\" status=-25300 result=errSecItemNotFound",
            "keychain.add service=\"admob\" account=\"admob.refresh\" status=0 result=errSecSuccess accessible=afterFirstUnlockThisDeviceOnly bytes=19 digest=#2d1d6d390f6d362b",
            "device.lock from=unlocked to=locked",
            "keychain.read service=\"admob\" account=\"admob.refresh\" status=0 result=errSecSuccess accessible=afterFirstUnlockThisDeviceOnly bytes=19 digest=#2d1d6d390f6d362b",
            "keychain.delete service=\"admob\" account=\"admob.refresh\" status=0 result=errSecSuccess",
        ])
        #expect(!(try trace("0 add account=t data=\"1//0refresh-token-A\"\n1 read account=t\n")).contains("refresh-token"))
    }

    @Test func lockStateRefusals() throws {
        let lines = try records("""
            0 add account=a data="x"
            1 device lock state=locked
            2 read account=a
            3 add account=b data="y"
            4 add account=c data="z" accessible=afterFirstUnlock
            5 update account=a data="w"
            6 device lock state=beforeFirstUnlock
            7 read account=c
            8 device lock state=locked
            9 device lock state=unlocked
            10 read account=a

            """)
        #expect(statuses(lines) == [0, -25308, -25308, 0, -25308, -25308, 0])
        #expect(lines[2] == "keychain.read service=\"app\" account=\"a\" status=-25308 result=errSecInteractionNotAllowed accessible=whenUnlocked lock=locked")
        #expect(lines.contains("rejected input=device.lock reason=notUnlockedSinceBoot state=locked"))
        #expect(lines.contains("device.lock from=beforeFirstUnlock to=unlocked"))
    }

    @Test func duplicateMissingUpdateDelete() throws {
        let lines = try records("""
            0 add account=a data="one"
            1 add account=a data="two"
            2 read account=missing
            3 update account=missing data="x"
            4 update account=a data="two"
            5 read account=a
            6 delete account=a
            7 delete account=a

            """)
        #expect(statuses(lines) == [0, -25299, -25300, -25300, 0, 0, 0, -25300])
        #expect(lines[1].hasSuffix("result=errSecDuplicateItem accessible=whenUnlocked bytes=3 digest=" + lines[4].split(separator: "=").last!))
    }

    @Test func restoreToNewDeviceKeepsOnlyMigratingItems() throws {
        let lines = try records("""
            0 add account=a data="1" accessible=whenUnlocked
            0 add account=b data="2" accessible=afterFirstUnlock
            0 add account=c data="3" accessible=whenUnlockedThisDeviceOnly
            0 add account=d data="4" accessible=afterFirstUnlockThisDeviceOnly
            0 add account=e data="5" accessible=whenPasscodeSetThisDeviceOnly
            1 device restore
            2 read account=a
            2 read account=b
            2 read account=c
            2 read account=d
            2 read account=e

            """)
        #expect(lines.contains("device.restore to=newDevice items=5"))
        #expect(lines.filter { $0.hasPrefix("keychain.lost") } == [
            "keychain.lost service=\"app\" account=\"c\" accessible=whenUnlockedThisDeviceOnly reason=thisDeviceOnly",
            "keychain.lost service=\"app\" account=\"d\" accessible=afterFirstUnlockThisDeviceOnly reason=thisDeviceOnly",
            "keychain.lost service=\"app\" account=\"e\" accessible=whenPasscodeSetThisDeviceOnly reason=thisDeviceOnly",
        ])
        #expect(statuses(lines).suffix(5) == [0, 0, -25300, -25300, -25300])
    }

    @Test func passcodeRemovalDeletesPasscodeItems() throws {
        let lines = try records("""
            0 add account=p data="1" accessible=whenPasscodeSetThisDeviceOnly
            0 add account=q data="2" accessible=whenUnlocked
            1 device passcode set=false
            2 read account=p
            2 read account=q
            3 add account=p data="1" accessible=whenPasscodeSetThisDeviceOnly

            """)
        #expect(lines.contains("keychain.lost service=\"app\" account=\"p\" accessible=whenPasscodeSetThisDeviceOnly reason=passcodeRemoved"))
        #expect(statuses(lines) == [0, 0, -25300, 0, -25291])
    }

    @Test func limits() {
        var world = World<Bare>(start: .defaultStart)
        var k = Keychain()
        let key = KeychainKey(service: "s", account: "a")
        #expect(k.add(key, data: [UInt8](repeating: 1, count: Keychain.maxDataBytes + 1), accessibility: .whenUnlocked, &world) == .param)
        #expect(k.add(key, data: [1], accessibility: .whenUnlocked, &world) == .success)
        #expect(k.update(key, data: [UInt8](repeating: 1, count: Keychain.maxDataBytes + 1), &world) == .param)
        #expect(world.outputs[0].description.hasPrefix("keychain.add service=\"s\" account=\"a\" status=-50 result=errSecParam accessible=whenUnlocked bytes=65537 digest=#"))
        #expect(world.outputs[0].description.hasSuffix("limit=65536"))
        #expect(world.outputs[2].description.hasSuffix("limit=65536"))
        #expect(k.item(key)?.data == [1])
        #expect(k.counts.succeeded == 1 && k.counts.failed == 2)
    }

    @Test func canonicalStateIsRedacted() {
        var world = World<Bare>(start: .defaultStart)
        var k = Keychain()
        k.add(KeychainKey(service: "admob", account: "admob.refresh"), data: Array("1//0refresh-token-A".utf8),
              accessibility: .afterFirstUnlockThisDeviceOnly, &world)
        var out = CanonicalWriter()
        k.write(to: &out)
        #expect(out.text.contains("item service=\"admob\" account=\"admob.refresh\" accessible=afterFirstUnlockThisDeviceOnly bytes=19 digest=#2d1d6d390f6d362b"))
        #expect(!out.text.contains("token"))
    }

    @Test func vocabularyErrorsAreLocated() {
        #expect(error("0 device\n")?.contains("t.scenario:3:") == true)
        #expect(error("0 device lock\n")?.contains("missing field 'state'") == true)
        #expect(error("0 device lock state=asleep\n") != nil)
        #expect(error("0 device lock state=locked set=true\n")?.contains("'set' does not apply to 'device lock'") == true)
        #expect(error("0 device passcode\n")?.contains("missing field 'set'") == true)
        #expect(error("0 device passcode set=false state=locked\n")?.contains("'state' does not apply") == true)
        #expect(error("0 device restore set=true\n")?.contains("'set' does not apply to 'device restore'") == true)
        #expect(error("0 device reboot\n")?.contains("t.scenario:3:10") == true)
    }

    @Test func vocabularyTextRoundTrips() throws {
        let lines: [DeviceLockLine] = [.lock(.locked), .lock(.beforeFirstUnlock), .passcode(set: false), .restoreToNewDevice]
        let texts = lines.map { DeviceLockVocabulary.text(of: $0) ?? "nil" }
        #expect(texts == ["device lock state=locked", "device lock state=beforeFirstUnlock", "device passcode set=false", "device restore"])
        let back = try records(texts.map { "0 " + $0 }.joined(separator: "\n") + "\n")
        #expect(back == ["device.lock from=unlocked to=locked", "device.lock from=locked to=beforeFirstUnlock",
                         "device.passcode set=false", "device.restore to=newDevice items=0"])
    }
}
