import LockstepCore

/// The saved document: one page's strokes as canonical JSON.
///
/// ```
/// {"format":"flying-chalk","strokes":[{"brushKind":"chalk","color":[0.96,0.95,0.9,1.0],
///   "erasing":false,"layer":0,"points":[[x,y,pressure,tilt,azimuth],...],"seed":123,"size":12.0}],
///  "version":1}
/// ```
///
/// Keys are sorted, there are no spaces, and every Float is written as the shortest decimal that
/// reads back to the same bits (Swift's `Float.description`, SwiftDtoa, identical on every
/// platform), so load → replay gives byte-identical instances. Reading is strict: an unknown
/// brush, a missing seed, points that are not a list, a colour outside 0...1 or a non-positive
/// size rejects the whole document and the current one is kept. A missing `layer` reads as 0 and a
/// missing `erasing` as false (the article's model has those defaults).
public enum ChalkDocument {
    public static let format = "flying-chalk"
    public static let version = 1

    public static func encode(_ strokes: [Stroke]) -> [UInt8] {
        func num(_ f: Float) -> JSONValue { .number(f.description) }
        let list: [JSONValue] = strokes.map { s in
            .object([
                ("brushKind", .string(s.brushKind.rawValue)),
                ("color", .array([num(s.color.r), num(s.color.g), num(s.color.b), num(s.color.a)])),
                ("erasing", .bool(s.erasing)),
                ("layer", .integer(s.layer)),
                ("points", .array(s.points.map { p in .array([num(p.x), num(p.y), num(p.pressure), num(p.tilt), num(p.azimuth)]) })),
                ("seed", .integer(s.seed)),
                ("size", num(s.size)),
            ])
        }
        return JSONDocument.bytes(.object([("format", .string(format)), ("strokes", .array(list)), ("version", .integer(version))]))
    }

    public struct DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> [Stroke] {
        let root: JSONValue
        do { root = try JSONDocument.parse(bytes) } catch { throw DecodeError(message: "not JSON: \(error)") }
        guard case .object = root else { throw DecodeError(message: "the document is \(root.typeName), expected an object") }
        guard root["format"]?.string == format else { throw DecodeError(message: "format must be \"\(format)\"") }
        guard root["version"]?.int == version else { throw DecodeError(message: "version must be \(version)") }
        guard let list = root["strokes"]?.array else { throw DecodeError(message: "strokes must be a list") }
        guard list.count <= ChalkConstants.maxStrokesPerPage else {
            throw DecodeError(message: "\(list.count) strokes; a page holds at most \(ChalkConstants.maxStrokesPerPage)")
        }
        var strokes: [Stroke] = []
        for (i, item) in list.enumerated() {
            do { strokes.append(try stroke(item)) } catch { throw DecodeError(message: "stroke \(i): \(error.message)") }
        }
        return strokes
    }

    static func float(_ v: JSONValue?, _ what: String) throws(DecodeError) -> Float {
        guard let v else { throw DecodeError(message: "missing \(what)") }
        guard case .number(let text) = v, let f = Float(text), f.isFinite else {
            throw DecodeError(message: "\(what) must be a finite number, found \(v.typeName)")
        }
        return f
    }

    static func stroke(_ v: JSONValue) throws(DecodeError) -> Stroke {
        guard case .object = v else { throw DecodeError(message: "expected an object, found \(v.typeName)") }
        guard case .string(let kindName)? = v["brushKind"] else { throw DecodeError(message: "missing brushKind") }
        guard let kind = BrushKind(rawValue: kindName) else {
            throw DecodeError(message: "unknown brushKind \"\(kindName)\"; expected one of: \(BrushKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let seedValue = v["seed"] else { throw DecodeError(message: "missing seed") }
        guard let seed = seedValue.integer(as: UInt32.self) else {
            throw DecodeError(message: "seed must be a whole number 0...4294967295")
        }
        guard case .array(let c)? = v["color"], c.count == 4 else { throw DecodeError(message: "color must be a list of 4 numbers") }
        var rgba: [Float] = []
        for (j, x) in c.enumerated() {
            let f = try float(x, "color[\(j)]")
            guard f >= 0 && f <= 1 else { throw DecodeError(message: "color[\(j)]=\(f) is outside 0...1") }
            rgba.append(f)
        }
        let size = try float(v["size"], "size")
        guard size > 0 else { throw DecodeError(message: "size must be positive, found \(size)") }
        var erasing = false
        if let e = v["erasing"] {
            guard case .bool(let b) = e else { throw DecodeError(message: "erasing must be true or false") }
            erasing = b
        }
        var layer = 0
        if let l = v["layer"] {
            guard let n = l.int, (0...ChalkConstants.maxLayer).contains(n) else {
                throw DecodeError(message: "layer must be a whole number 0...\(ChalkConstants.maxLayer)")
            }
            layer = n
        }
        guard let pointsValue = v["points"] else { throw DecodeError(message: "missing points") }
        guard case .array(let pts) = pointsValue else { throw DecodeError(message: "points must be a list, found \(pointsValue.typeName)") }
        guard pts.count <= ChalkConstants.maxPointsPerStroke else {
            throw DecodeError(message: "\(pts.count) points; a stroke holds at most \(ChalkConstants.maxPointsPerStroke)")
        }
        var points: [InkPoint] = []
        points.reserveCapacity(pts.count)
        for (j, p) in pts.enumerated() {
            guard case .array(let f) = p, f.count == 5 else { throw DecodeError(message: "point \(j) must be [x,y,pressure,tilt,azimuth]") }
            let x = try float(f[0], "point \(j) x"), y = try float(f[1], "point \(j) y")
            let pr = try float(f[2], "point \(j) pressure"), tilt = try float(f[3], "point \(j) tilt")
            let az = try float(f[4], "point \(j) azimuth")
            guard abs(x) <= ChalkConstants.maxCanvasCoordinate, abs(y) <= ChalkConstants.maxCanvasCoordinate else {
                throw DecodeError(message: "point \(j) lies beyond ±\(ChalkConstants.maxCanvasCoordinate) canvas units")
            }
            guard (0...1).contains(pr), (0...1).contains(tilt) else { throw DecodeError(message: "point \(j) pressure and tilt must be 0...1") }
            points.append(InkPoint(x: x, y: y, pressure: pr, tilt: tilt, azimuth: az))
        }
        return Stroke(brushKind: kind, color: RGBA(rgba[0], rgba[1], rgba[2], rgba[3]), size: size, erasing: erasing,
                      seed: seed, points: points, layer: layer)
    }
}
