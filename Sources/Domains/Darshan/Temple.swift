import LockstepCore
import Platform

/// One aarti in a temple's day: a wall-clock time *at the temple*, never at the phone.
public struct Aarti: Hashable, Sendable {
    /// A word unique within the temple (`mangala`); the reminder identifier uses it.
    public var key: String
    /// Display name (`Mangala Aarti`).
    public var name: String
    /// The temple's wall-clock time, `07:00`.
    public var time: TimeOfDay

    public init(key: String, name: String, time: TimeOfDay) {
        self.key = key
        self.name = name
        self.time = time
    }
}

/// A temple in the catalog, in its own IANA zone.
public struct Temple: Hashable, Sendable {
    public var id: String
    public var name: String
    public var city: String
    public var latitude: Double
    public var longitude: Double
    /// The temple's zone, resolved once at catalog load (an unknown name is refused there, never
    /// replaced by the device zone).
    public var zone: Zone
    /// HLS live stream, if the temple has one.
    public var liveURL: String?
    /// Recorded darshan; only the first is ever tried as the fallback.
    public var recorded: [String]
    /// In catalog order (the widget breaks ties by it).
    public var aartis: [Aarti]

    public init(id: String, name: String, city: String, latitude: Double, longitude: Double, zone: Zone,
                liveURL: String?, recorded: [String], aartis: [Aarti] = []) {
        self.id = id
        self.name = name
        self.city = city
        self.latitude = latitude
        self.longitude = longitude
        self.zone = zone
        self.liveURL = liveURL
        self.recorded = recorded
        self.aartis = aartis
    }

    public func aarti(_ key: String) -> Aarti? { aartis.first { $0.key == key } }
}

/// A `temple` line before validation.
public struct TempleInput: Sendable, Equatable {
    public var id: String
    public var name: String
    public var city: String
    public var latitude: Double
    public var longitude: Double
    public var zoneName: String
    public var liveURL: String?
    public var recorded: [String]

    public init(id: String, name: String, city: String, latitude: Double, longitude: Double, zoneName: String,
                liveURL: String?, recorded: [String]) {
        self.id = id
        self.name = name
        self.city = city
        self.latitude = latitude
        self.longitude = longitude
        self.zoneName = zoneName
        self.liveURL = liveURL
        self.recorded = recorded
    }

    /// The temple, or why it is refused. The zone must be an exact IANA name: a typo
    /// (`Asia/Kolkatta`) or an abbreviation (`IST`: India, Ireland or Israel?) is refused instead
    /// of silently becoming the device zone, which would put every reminder at the wrong instant.
    public func validated() -> Result<Temple, CatalogError> {
        guard !name.isEmpty else { return .failure(CatalogError("empty-name")) }
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            return .failure(CatalogError("latitude-out-of-range", "latitude \(latitude) is outside -90...90"))
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            return .failure(CatalogError("longitude-out-of-range", "longitude \(longitude) is outside -180...180"))
        }
        let zone: Zone
        do throws(ZoneError) {
            zone = try Zone.named(zoneName)
        } catch {
            return .failure(CatalogError("unknown-zone", "\(error)"))
        }
        return .success(Temple(id: id, name: name, city: city, latitude: latitude, longitude: longitude, zone: zone,
                               liveURL: liveURL, recorded: recorded))
    }
}

/// Why a catalog line was refused (the reducer writes it as `rejected input=temple reason=...`).
public struct CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A kebab-case word: `unknown-zone`.
    public var reason: String
    /// What exactly was wrong, when the word does not say it all: `latitude 91.0 is outside -90...90`.
    public var detail: String?
    public init(_ reason: String, _ detail: String? = nil) {
        self.reason = reason
        self.detail = detail
    }
    public var description: String { detail.map { "\(reason): \($0)" } ?? reason }
}
