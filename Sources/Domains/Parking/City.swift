import LockstepCore
import Platform

/// The app's five cities: id, country code (for source ids), time zone, the fixed east/north plane
/// origin used for metre fixtures and València's 300 m cells, and the credits shown behind the
/// info button.
public enum City: String, CaseIterable, Sendable {
    case berlin, madrid, barcelona, valencia, krakow

    var country: String {
        switch self {
        case .berlin: "de"
        case .madrid, .barcelona, .valencia: "es"
        case .krakow: "pl"
        }
    }

    /// IANA zone the charging hours are read in (all CET/CEST).
    var zoneName: String {
        switch self {
        case .berlin: "Europe/Berlin"
        case .madrid, .barcelona, .valencia: "Europe/Madrid"
        case .krakow: "Europe/Warsaw"
        }
    }

    /// The plane origin (B2's reference latitudes; longitudes at each city centre).
    var origin: GeoPoint {
        switch self {
        case .berlin: GeoPoint(latitude: 52.52, longitude: 13.405)
        case .madrid: GeoPoint(latitude: 40.4168, longitude: -3.7038)
        case .barcelona: GeoPoint(latitude: 41.39, longitude: 2.17)
        case .valencia: GeoPoint(latitude: 39.4699, longitude: -0.3763)
        case .krakow: GeoPoint(latitude: 50.0614, longitude: 19.9366)
        }
    }

    /// Whether the street layer is derived from council data (the complement). Berlin's comes from
    /// OSM tags, which cover 99.9% of its streets.
    var derivesComplement: Bool { self != .berlin }

    /// Derived layers credit both the council and OSM.
    var credits: [String] {
        let osm = "OpenStreetMap contributors (ODbL)"
        switch self {
        case .berlin: return [osm]
        case .madrid: return ["Ayuntamiento de Madrid (own open-data terms)", osm]
        case .barcelona: return ["Ajuntament de Barcelona (CC BY 4.0)", osm]
        case .valencia: return ["Ajuntament de València (CC BY 4.0)", osm]
        case .krakow: return ["Miasto Kraków (own open-data terms)", osm]
        }
    }
}
