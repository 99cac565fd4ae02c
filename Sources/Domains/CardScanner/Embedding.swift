/// A feature print: 768 floats (Vision's revision 2 contract). Scenario text gives it sparse, in
/// level units of 1/256 (A7): `"3:100 17:-20"`, every unlisted axis 0; `len=N` states another
/// length (the bad-input case) and `nan`/`inf` are accepted as levels so they can be refused.
public struct Embedding: Equatable, Sendable {
    public static let dimension = 768
    /// A level is in −127…127 like an int8 row (A7); 1/256 per level.
    static let levelScale: Float = 1.0 / 256.0
    static let maxLevel = 127

    public var components: [Float]

    public enum ParseError: Error, Equatable {
        case token(index: Int, text: String, why: String)
    }

    /// Parses the sparse text; a length other than 768 is kept so the frame gate can refuse it (F1).
    public static func parse(_ text: String) -> Result<Embedding, ParseError> {
        var length = dimension
        var pairs: [(Int, Float)] = []
        for (i, token) in text.split(separator: " ", omittingEmptySubsequences: true).enumerated() {
            if token.hasPrefix("len=") {
                guard let n = Int(token.dropFirst(4)), n >= 0, n <= 4 * dimension else {
                    return .failure(.token(index: i + 1, text: String(token), why: "len must be 0...\(4 * dimension)"))
                }
                length = n
                continue
            }
            let parts = token.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let axis = Int(parts[0]), axis >= 0 else {
                return .failure(.token(index: i + 1, text: String(token), why: "expected AXIS:LEVEL"))
            }
            let level: Float
            switch parts[1] {
            case "nan": level = .nan
            case "inf": level = .infinity
            case "-inf": level = -.infinity
            default:
                guard let l = Int(parts[1]), abs(l) <= maxLevel else {
                    return .failure(.token(index: i + 1, text: String(token), why: "level must be an integer in -\(maxLevel)...\(maxLevel), nan or inf"))
                }
                level = Float(l) * levelScale
            }
            pairs.append((axis, level))
        }
        var components = [Float](repeating: 0, count: length)
        for (i, (axis, level)) in pairs.enumerated() {
            guard axis < length else {
                return .failure(.token(index: i + 1, text: "\(axis)", why: "axis \(axis) is outside the vector's \(length) components"))
            }
            components[axis] = level
        }
        return .success(Embedding(components: components))
    }

    /// Nil when the vector is usable; otherwise why not (F1).
    public var problem: String? {
        if components.count != Embedding.dimension { return "length \(components.count), expected \(Embedding.dimension)" }
        if let i = components.firstIndex(where: { !$0.isFinite }) { return "component \(i) is not finite" }
        return nil
    }
}
