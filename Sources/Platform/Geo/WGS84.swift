import LockstepCore

/// The WGS84 ellipsoid's local scale: how many metres one degree of latitude or longitude spans at
/// a latitude. Degrees are anisotropic (0.00025° at 41.39° is 27.765 m north–south but 20.909 m
/// east–west), so any distance rule in metres goes through here rather than through degrees.
public enum WGS84 {
    /// Semi-major axis, metres.
    public static let semiMajorAxisMetres = 6_378_137.0
    /// Flattening 1/298.257223563.
    public static let flattening = 1.0 / 298.257223563
    /// First eccentricity squared, f(2 − f).
    public static let eccentricitySquared = flattening * (2 - flattening)

    /// Metres per degree of latitude (meridian radius M·π/180) and of longitude (N·cos φ·π/180)
    /// at `latitudeDegrees`. Sines and cosines come from DetMath, so every platform agrees.
    public static func metresPerDegree(atLatitude latitudeDegrees: Double) -> (latitude: Double, longitude: Double) {
        precondition(latitudeDegrees.isFinite && abs(latitudeDegrees) <= 90, "latitude must be finite and within ±90°")
        let phi = latitudeDegrees * Double.pi / 180
        let s = DetMath.sin(phi)
        let w = 1 - eccentricitySquared * s * s
        let sqrtW = DetMath.sqrt(w)
        let meridian = semiMajorAxisMetres * (1 - eccentricitySquared) / (w * sqrtW)
        let primeVertical = semiMajorAxisMetres / sqrtW
        let degree = Double.pi / 180
        return (meridian * degree, primeVertical * DetMath.cos(phi) * degree)
    }
}
