import LockstepCore
import Platform

/// A registry entry as a `register` line spells it (the build's `Catalog.all` gains it).
public struct ItemSpec: Sendable, Equatable {
    public var item: CatalogItem
    /// Where to insert it (nil: at the end). A reorder is an `unregister` and a `register at=`.
    public var at: Int?
}

/// What a `bundle` line does to one resource of the next build.
public enum BundleEdit: Sendable, Equatable {
    case text(String)
    /// Raw bytes (not necessarily UTF-8: a damaged or mis-encoded resource).
    case bytes([UInt8])
    case remove
}

/// What a `defaults` line leaves in the store before a launch (an earlier run's data).
public enum DefaultsSeed: Sendable, Equatable {
    case value(PlistValue)
    /// Bytes the store cannot read back at all (`KeyValueStore.corrupt`).
    case damaged(reason: String)
}

/// A colour as the pickers pass it: extended sRGB components (outside 0...1 is legal).
public struct RGBA: Hashable, Sendable {
    public var r, g, b, a: Double
    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double) { self.r = r; self.g = g; self.b = b; self.a = a }
    var components: [Double] { [r, g, b, a] }
    var isFinite: Bool { components.allSatisfy(\.isFinite) }
    /// GAP: the colour pickers' starting colour, systemBlue in sRGB.
    static let initial = RGBA(0, 0.478, 1, 1)
}

/// Everything the catalogue reacts to.
public enum CatalogEvent: Sendable {
    // The build (accepted only while the app is not running: a new version is installed).
    case register(ItemSpec)
    case unregister(id: String)
    case retitle(id: String, title: String)
    case bundle(name: String, BundleEdit)
    /// Data an earlier run (or another version) left in `UserDefaults`.
    case defaults(key: String, DefaultsSeed)

    // The app's screens.
    case search(String)
    case filter(FilterChoice)
    case swipe(id: String)
    case open(id: String)
    case back
    case viewCode
    case dismissSheet
    case copy(file: String)
    case colorPicked(RGBA, continuously: Bool)
    case colorBinding(RGBA)
    /// A SwiftUI size proposal to the showing detail's UIKit pane (nil: unspecified).
    case propose(widthPt: Double?, heightPt: Double?)
    case datePickerStyle(DatePickerStyle)

    // Shared vocabularies.
    case lifecycle(LifecycleLine)
    case a11y(AccessibilityChange)
    /// The device changes (an OS update between launches): the shared `env` vocabulary.
    case env(DeviceChange)
    /// Other apps and Settings act on the pasteboard: the shared `pasteboard` vocabulary.
    case pasteboard(PasteboardLine)
}
