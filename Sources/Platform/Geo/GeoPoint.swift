import LockstepCore

/// A WGS84 position in degrees. Latitude first in Swift, because that is how people say it; the
/// GeoJSON and scenario text order is (lon, lat), and the parsers say which they read.
public struct GeoPoint: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Finite, latitude in −90...90 and longitude in −180...180: what PostGIS accepts as geography.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90.0...90.0).contains(latitude) && (-180.0...180.0).contains(longitude)
    }
}
