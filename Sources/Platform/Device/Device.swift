import LockstepCore

/// Where, and as what, the app runs: the OS release, the kind of device, what its hardware
/// `supports`, what the app declares (`capabilities`) and is signed with (`entitlements`), what the
/// user has bought (`purchases`: StoreKit entitlements such as `premium`), and its build
/// configuration.
///
/// One value, set from the scenario's configuration and kept in the domain's state, so every
/// `if #available`, idiom check, Info.plist check and `#if DEBUG` a domain models reads from the
/// same place and the trace can show all of it in one record:
///
/// ```
/// device os=18.2 idiom=phone supports=haptics capabilities=backgroundAudio entitlements=none purchases=premium build=release
/// ```
///
/// Scenarios set it with `set os 17.5`, `set idiom pad`, ... and change it mid-run with an `env`
/// line (`DeviceVocabulary`); domains branch on the OS with `available(_:since:_:)`, which records
/// every fallback it takes.
public struct Device: Hashable, Sendable, CustomStringConvertible, RecordConvertible {
    /// The most purchases one device holds (a store catalogue, not a user's library).
    public static let maxPurchases = 32

    public var os: OSRelease
    public var idiom: DeviceIdiom
    public var supports: FlagSet<HardwareFeature>
    public var capabilities: FlagSet<Capability>
    public var entitlements: FlagSet<Entitlement>
    /// StoreKit entitlements the user holds (`premium`), ascending by code point, no repeats.
    public private(set) var purchases: [String]
    public var build: BuildConfiguration

    public init(os: OSRelease, idiom: DeviceIdiom = .phone, supports: FlagSet<HardwareFeature> = [],
                capabilities: FlagSet<Capability> = [], entitlements: FlagSet<Entitlement> = [],
                purchases: [String] = [], build: BuildConfiguration = .release) {
        self.os = os
        self.idiom = idiom
        self.supports = supports
        self.capabilities = capabilities
        self.entitlements = entitlements
        self.purchases = Device.canonicalPurchases(purchases)
        self.build = build
    }

    /// `if #available(iOS introduced, *)`: whether the OS is `introduced` or later.
    public func isAvailable(_ introduced: OSRelease) -> Bool { os >= introduced }

    /// `if #available(iOS introduced, *) { api } else { fallback }`, with the fallback recorded:
    /// `availability.fallback api=WebView requires=26.0 os=17.6`. The one OS branch every domain
    /// uses, so that a path taken because the OS is too old is never silent.
    public func available<D: Domain>(_ api: String, since introduced: OSRelease, _ world: inout World<D>) -> Bool {
        if os >= introduced { return true }
        world.emit(Record("availability.fallback").word("api", api).word("requires", introduced.description).word("os", os.description))
        return false
    }

    public func has(_ feature: HardwareFeature) -> Bool { supports.contains(feature) }
    public func has(_ capability: Capability) -> Bool { capabilities.contains(capability) }
    public func has(_ entitlement: Entitlement) -> Bool { entitlements.contains(entitlement) }
    /// Whether the user holds the StoreKit entitlement `product` (`premium`).
    public func owns(_ product: String) -> Bool { purchases.contains(product) }

    /// Replaces the purchases (sorted, de-duplicated).
    public mutating func setPurchases(_ products: [String]) { purchases = Device.canonicalPurchases(products) }

    static func canonicalPurchases(_ products: [String]) -> [String] {
        var out: [String] = []
        for p in products.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) where out.last != p { out.append(p) }
        return out
    }

    /// `device os=… idiom=… supports=… capabilities=… entitlements=… purchases=… build=…`, fields
    /// always present and in this order (`none` for an empty set).
    public var record: Record {
        Record("device").word("os", os.description).word("idiom", idiom.rawValue).with("supports", supports.value)
            .with("capabilities", capabilities.value).with("entitlements", entitlements.value)
            .with("purchases", purchases.isEmpty ? .word("none") : .tuple(purchases.map { .word($0) }))
            .word("build", build.rawValue)
    }

    /// The record's fields without its name: `os=18.2 idiom=phone supports=none capabilities=none
    /// entitlements=none purchases=none build=release`.
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
