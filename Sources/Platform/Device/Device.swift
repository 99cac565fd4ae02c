import LockstepCore

/// Where, and as what, the app runs: the OS release, the kind of device, what the app declares
/// (`capabilities`) and is signed with (`entitlements`), and its build configuration.
///
/// One value, set from the scenario's configuration and kept in the domain's state, so every
/// `if #available`, idiom check, Info.plist check and `#if DEBUG` a domain models reads from the
/// same place and the trace can show all of it in one record:
///
/// ```
/// device os=18.2 idiom=phone capabilities=backgroundAudio,microphoneUsageDescription entitlements=none build=release
/// ```
public struct Device: Hashable, Sendable, CustomStringConvertible, RecordConvertible {
    public var os: OSRelease
    public var idiom: DeviceIdiom
    public var capabilities: FlagSet<Capability>
    public var entitlements: FlagSet<Entitlement>
    public var build: BuildConfiguration

    public init(os: OSRelease, idiom: DeviceIdiom = .phone, capabilities: FlagSet<Capability> = [],
                entitlements: FlagSet<Entitlement> = [], build: BuildConfiguration = .release) {
        self.os = os
        self.idiom = idiom
        self.capabilities = capabilities
        self.entitlements = entitlements
        self.build = build
    }

    /// `if #available(iOS introduced, *)`: whether the OS is `introduced` or later.
    public func isAvailable(_ introduced: OSRelease) -> Bool { os >= introduced }

    public func has(_ capability: Capability) -> Bool { capabilities.contains(capability) }
    public func has(_ entitlement: Entitlement) -> Bool { entitlements.contains(entitlement) }

    /// `device os=… idiom=… capabilities=… entitlements=… build=…`, fields always present and in
    /// this order (`none` for an empty set).
    public var record: Record {
        Record("device").word("os", os.description).word("idiom", idiom.rawValue)
            .with("capabilities", capabilities.value).with("entitlements", entitlements.value)
            .word("build", build.rawValue)
    }

    /// The record's fields without its name: `os=18.2 idiom=phone capabilities=none
    /// entitlements=none build=release`.
    public var description: String {
        var out: [UInt8] = []
        for field in record.fields {
            if !out.isEmpty { out.append(UInt8(ascii: " ")) }
            out.append(contentsOf: (field.key ?? "").utf8)
            out.append(UInt8(ascii: "="))
            field.value.write(to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
