import LockstepCore

/// What one `env` line changes; nil leaves a value as it is.
public struct DeviceChange: Hashable, Sendable {
    public var os: OSRelease?
    public var idiom: DeviceIdiom?
    public var supports: FlagSet<HardwareFeature>?
    public var capabilities: FlagSet<Capability>?
    public var entitlements: FlagSet<Entitlement>?
    public var purchases: [String]?
    public var build: BuildConfiguration?

    public init(os: OSRelease? = nil, idiom: DeviceIdiom? = nil, supports: FlagSet<HardwareFeature>? = nil,
                capabilities: FlagSet<Capability>? = nil, entitlements: FlagSet<Entitlement>? = nil,
                purchases: [String]? = nil, build: BuildConfiguration? = nil) {
        self.os = os
        self.idiom = idiom
        self.supports = supports
        self.capabilities = capabilities
        self.entitlements = entitlements
        self.purchases = purchases
        self.build = build
    }
}

extension Device {
    /// Applies an `env` line (an OS update between launches, a purchase, a build switch) and
    /// records the whole environment after it (`device ...`).
    public mutating func apply<D: Domain>(_ change: DeviceChange, _ world: inout World<D>) {
        if let v = change.os { os = v }
        if let v = change.idiom { idiom = v }
        if let v = change.supports { supports = v }
        if let v = change.capabilities { capabilities = v }
        if let v = change.entitlements { entitlements = v }
        if let v = change.purchases { setPurchases(v) }
        if let v = change.build { build = v }
        world.emit(record)
    }
}

/// The standard scenario spelling of the device environment, shared by every domain, as settings
/// and as an event with the same keys:
///
/// ```
/// set os 17.5                       the OS release (17, 17.5, "18.2.1"; 17.10 is minor ten)
/// set idiom pad                     phone | pad | mac | watch | vision
/// set supports "haptics,multicam"   hardware (HardwareFeature), or none
/// set capabilities backgroundAudio  Info.plist declarations (Capability), or none
/// set entitlements appGroups        code-signing entitlements (Entitlement), or none
/// set purchases premium             StoreKit entitlements the user holds, or none
/// set build debug                   debug | release
///
/// 30   env os=18.0 purchases=premium    mid-run: an OS update, a purchase (the rest stays)
/// ```
///
/// A domain reads the settings with `DeviceVocabulary.settings(&s, default:minimumOS:)` inside its
/// `SettingsReader`, adds `DeviceVocabulary.eventKind { .env($0) }` to its `events`, and passes the
/// change to `Device.apply(_:_:)`. A list of two or more words, and a release with a patch, are
/// quoted (the lexer reads `a,b` as numbers). Unknown words, repeated flags and an OS below the app's minimum
/// are errors at their column.
public enum DeviceVocabulary {
    public static let kind = "env"

    /// The OS release, read from the value's text (so `17.10` is minor ten, not `17.1`).
    public static var osRelease: FieldKind<OSRelease> {
        FieldKind(type: .any, placeholder: { OSRelease(17, 0) }, read: { line, i throws(ScenarioError) in
            let text = try valueText(line, i)
            guard let os = OSRelease.parse(text) else {
                throw line.valueLocation(i).error("expected an OS release like 17, 17.5 or 18.2.1, found '\(text)'")
            }
            return os
        }, text: { $0.description })
    }

    /// `none`, or flag words separated by commas, each at most once.
    public static func flags<F: DeviceFlag>(_ type: F.Type) -> FieldKind<FlagSet<F>> {
        FieldKind(type: .any, placeholder: { FlagSet() }, read: { line, i throws(ScenarioError) in
            let text = try valueText(line, i)
            guard let set = FlagSet<F>.parse(text) else {
                throw line.valueLocation(i).error("expected none or a comma-separated list of: "
                                                  + F.allCases.map(\.rawValue).joined(separator: ", ") + " (each once), found '\(text)'")
            }
            return set
        }, text: { $0.description })
    }

    /// `none`, or product words (letters, digits, `.`, `_`, `-`) separated by commas, at most
    /// `Device.maxPurchases`.
    public static var purchaseList: FieldKind<[String]> {
        FieldKind(type: .any, placeholder: { [] }, read: { line, i throws(ScenarioError) in
            let text = try valueText(line, i)
            if text == "none" { return [] }
            let words = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard words.count <= Device.maxPurchases else {
                throw line.valueLocation(i).error("\(words.count) purchases; at most \(Device.maxPurchases)")
            }
            for w in words where w.isEmpty || !w.utf8.allSatisfy(isProductByte) {
                throw line.valueLocation(i).error("'\(w)' is not a product word (letters, digits, '.', '_', '-')")
            }
            return words
        }, text: { $0.isEmpty ? "none" : $0.joined(separator: ",") })
    }

    /// A value as written, or a quoted string's contents: the scenario lexer reads `a,b` as a
    /// tuple of numbers and `18.2.1` as a malformed number, so lists of words and three-part
    /// releases are written quoted (`supports="haptics,multicam"`, `os="18.2.1"`).
    static func valueText(_ line: borrowing EventLine, _ i: Int) throws(ScenarioError) -> String {
        line.rawText(i).hasPrefix("\"") ? try line.string(at: i) : line.rawText(i)
    }

    /// `key=token` when the token lexes as one value, else `key="token"`.
    static func appendToken(_ out: LineText, _ key: String, _ token: String) -> LineText {
        token.contains(",") || token.split(separator: ".").count > 2 ? out.string(key, token) : out.raw(key, token)
    }

    static func isProductByte(_ b: UInt8) -> Bool {
        (48...57).contains(b) || (65...90).contains(b) || (97...122).contains(b) || b == 46 || b == 95 || b == 45
    }

    /// Reads the device settings (`os`, `idiom`, `supports`, `capabilities`, `entitlements`,
    /// `purchases`, `build`) with `base`'s values as defaults; an OS below `minimumOS` (the app's
    /// deployment target) is an error at the `os` line.
    public static func settings(_ s: inout Fields, default base: Device, minimumOS: OSRelease) throws(ScenarioError) -> Device {
        let os = try s("os", osRelease, default: base.os, "the OS release (the app runs from \(minimumOS))")
        let idiom = try s("idiom", .choice(DeviceIdiom.self), default: base.idiom, "the kind of device")
        let supports = try s("supports", flags(HardwareFeature.self), default: base.supports, "what the hardware can do")
        let capabilities = try s("capabilities", flags(Capability.self), default: base.capabilities, "Info.plist declarations")
        let entitlements = try s("entitlements", flags(Entitlement.self), default: base.entitlements, "code-signing entitlements")
        let purchases = try s("purchases", purchaseList, default: base.purchases, "StoreKit entitlements the user holds")
        let build = try s("build", .choice(BuildConfiguration.self), default: base.build, "the build configuration")
        guard os >= minimumOS else {
            throw s.error("os \(os) is below the app's minimum, \(minimumOS)", at: "os")
        }
        return Device(os: os, idiom: idiom, supports: supports, capabilities: capabilities, entitlements: entitlements,
                      purchases: purchases, build: build)
    }

    /// The `env` kind for a domain's `events`; `minimumOS` refuses an update below the app's
    /// deployment target (a device cannot run it). `wrap` puts the change into the domain's event.
    public static func eventKind<Event>(minimumOS: OSRelease, _ wrap: @escaping @Sendable (DeviceChange) -> Event) -> EventKind<Event> {
        EventKind(kind, "The device environment changes (Platform): os=, idiom=, supports=, capabilities=, entitlements=, purchases=, build=") {
            f throws(ScenarioError) in
            var change = DeviceChange()
            change.os = try f.optional("os", osRelease, "the OS release after an update")
            change.idiom = try f.optional("idiom", .choice(DeviceIdiom.self), "the kind of device")
            change.supports = try f.optional("supports", flags(HardwareFeature.self), "what the hardware can do")
            change.capabilities = try f.optional("capabilities", flags(Capability.self), "Info.plist declarations")
            change.entitlements = try f.optional("entitlements", flags(Entitlement.self), "code-signing entitlements")
            change.purchases = try f.optional("purchases", purchaseList, "StoreKit entitlements the user holds")
            change.build = try f.optional("build", .choice(BuildConfiguration.self), "the build configuration")
            if f.isDeclaring { return wrap(change) }
            if let os = change.os, os < minimumOS {
                throw f.error("os=\(os) is below the app's minimum, \(minimumOS)", at: "os")
            }
            guard change != DeviceChange() else {
                throw f.error("'env' needs at least one of os=, idiom=, supports=, capabilities=, entitlements=, purchases=, build=")
            }
            return wrap(change)
        }
    }

    /// The line the `env` kind reads back as `change`, for `Domain.text(of:)`; nil for a change of nothing.
    public static func text(of change: DeviceChange) -> String? {
        guard change != DeviceChange() else { return nil }
        var out = LineText(kind)
        if let v = change.os { out = appendToken(out, "os", v.description) }
        if let v = change.idiom { out = out.word("idiom", v.rawValue) }
        if let v = change.supports { out = appendToken(out, "supports", v.description) }
        if let v = change.capabilities { out = appendToken(out, "capabilities", v.description) }
        if let v = change.entitlements { out = appendToken(out, "entitlements", v.description) }
        if let v = change.purchases { out = appendToken(out, "purchases", v.isEmpty ? "none" : v.joined(separator: ",")) }
        if let v = change.build { out = out.word("build", v.rawValue) }
        return out.line
    }
}
