import LockstepCore
import Platform

/// A geometry as a scenario writes it: points separated by spaces, each `x,y`. In degrees (`deg=`)
/// that is `lon,lat` as GeoJSON orders it; in metres (`m=`) it is `east,north` from the city's
/// plane origin, converted with the WGS84 metres per degree at the origin (fixtures are written in
/// metres and built into degrees by the same formulas the distances use).
///
/// Bad geometry is data, not a scenario error: the feature is refused with a record naming the
/// point and the character column inside the value, and the import goes on.
public struct GeometryText: Hashable, Sendable {
    public enum Unit: String, Sendable { case degrees, metres }
    public var unit: Unit
    public var text: String

    /// At most this many points per geometry.
    static let maxPoints = 4_096

    /// The points, or what is wrong and at which column (1-based, inside the value).
    func points(origin: GeoPoint) -> Result<[GeoPoint], GeometryError> {
        let bytes = Array(text.utf8)
        var out: [GeoPoint] = []
        var i = 0
        while i < bytes.count {
            while i < bytes.count && bytes[i] == 32 { i += 1 }
            if i >= bytes.count { break }
            let start = i
            while i < bytes.count && bytes[i] != 32 { i += 1 }
            let token = String(decoding: bytes[start..<i], as: UTF8.self)
            let column = start + 1
            if out.count >= GeometryText.maxPoints {
                return .failure(GeometryError(column: column, why: "more than \(GeometryText.maxPoints) points"))
            }
            let parts = token.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]) else {
                return .failure(GeometryError(column: column, why: "point \(out.count + 1) \"\(token)\" is not x,y"))
            }
            guard x.isFinite, y.isFinite else {
                return .failure(GeometryError(column: column, why: "point \(out.count + 1) \"\(token)\" is not finite"))
            }
            let p: GeoPoint
            switch unit {
            case .degrees: p = GeoPoint(latitude: y, longitude: x)
            case .metres:
                guard abs(x) <= 100_000, abs(y) <= 100_000 else {
                    return .failure(GeometryError(column: column, why: "point \(out.count + 1) is more than 100 km from the city origin"))
                }
                p = LocalPlane(origin: origin).unproject(PlanePoint(east: x, north: y))
            }
            guard p.isValid else {
                return .failure(GeometryError(column: column, why: "point \(out.count + 1) \"\(token)\" is outside ±90° latitude or ±180° longitude"))
            }
            out.append(p)
        }
        if out.isEmpty { return .failure(GeometryError(column: 1, why: "no points")) }
        return .success(out)
    }
}

/// A refused geometry: the column inside the value and why.
struct GeometryError: Error, Hashable, Sendable {
    var column: Int
    var why: String
}
