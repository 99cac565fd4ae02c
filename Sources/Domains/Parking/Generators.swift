import LockstepCore
import Platform

/// `gen streets`: a grid of west→east ways in metres from the city origin (`rows` streets
/// `spacing` apart, each cut into `cols` ways of `length`), ids from `firstId`, row by row.
/// `gen pan`: the camera moving `steps` times, `every` apart, by (dLat, dLon) per step; after each
/// `settleEvery` steps it pauses 300 ms (past the 250 ms settle) and the gateway answers the newest
/// request (`net respond id=latest status=200`).
extension Parking {
    public static let generators: [Generator<ParkingEvent>] = [
        Generator("streets", "a grid of west→east residential ways", parameters: { f throws(ScenarioError) in
            (rows: try f("rows", .int, in: 1 ... 500, "streets north to south"),
             cols: try f("cols", .int, default: 1, in: 1 ... 500, "ways per street"),
             spacing: try f("spacing", .number, default: 60, in: 1 ... 10_000, "metres between streets"),
             length: try f("length", .number, default: 100, in: 1 ... 10_000, "metres per way"),
             east: try f("east", .number, default: 0, in: -50_000 ... 50_000, "west end of the first way, metres east of the origin"),
             north: try f("north", .number, default: 0, in: -50_000 ... 50_000, "the first street, metres north of the origin"),
             firstId: try f("firstId", .integer, default: 1, in: 1 ... maxID / 2, "the first way id"),
             highway: try f("highway", .word, default: "residential", "the highway tag"))
        }, expand: { p, context throws(ScenarioError) in
            guard p.rows * p.cols <= min(250_000, context.maxEvents) else { throw context.error("rows × cols is \(p.rows * p.cols); at most 250000 and the event budget") }
            var out: [Generated<ParkingEvent>] = []
            for r in 0 ..< p.rows {
                for c in 0 ..< p.cols {
                    let y = p.north + Double(r) * p.spacing
                    let x0 = p.east + Double(c) * p.length, x1 = x0 + p.length
                    func m(_ v: Double) -> String { FixedDecimal.format(v, places: 3) }
                    let g = GeometryText(unit: .metres, text: "\(m(x0)),\(m(y)) \(m(x1)),\(m(y))")
                    out.append(Generated(.zero, .way(id: p.firstId + Int64(r * p.cols + c), highway: p.highway, access: nil, name: nil,
                                                     tags: "", closed: false, geometry: g)))
                }
            }
            return out
        }),
        Generator("pan", "the camera panning, with the gateway answering after each settle", parameters: { f throws(ScenarioError) in
            (lat: try f("lat", .number, in: -90 ... 90, "start latitude"),
             lon: try f("lon", .number, in: -180 ... 180, "start longitude"),
             spanLat: try f("spanLat", .number, default: 0.01, in: 0.000001 ... 180, "latitude span"),
             spanLon: try f("spanLon", .number, default: 0.015, in: 0.000001 ... 360, "longitude span"),
             dLat: try f("dLat", .number, default: 0, in: -1 ... 1, "latitude step"),
             dLon: try f("dLon", .number, default: 0.0001, in: -1 ... 1, "longitude step"),
             steps: try f("steps", .int, in: 1 ... 1_000_000, "camera changes"),
             every: try f("every", .duration, default: .milliseconds(50), in: .milliseconds(1) ... .seconds(60), "time between changes"),
             settleEvery: try f("settleEvery", .int, default: 0, in: 0 ... 1_000_000, "pause and answer after this many steps; 0 never"))
        }, stream: { p, context, emit throws(ScenarioError) in
            guard p.steps <= context.maxEvents else { throw context.error("steps \(p.steps) exceed the event budget \(context.maxEvents)") }
            var t = Duration.zero
            let respond = NetLine.respond(target: .latest, tag: nil, response: HTTPResponse(status: 200), latency: .zero, file: nil)
            for i in 0 ..< p.steps {
                let lat = min(89.999, max(-89.999, p.lat + p.dLat * Double(i)))
                let lon = min(179.999, max(-179.999, p.lon + p.dLon * Double(i)))
                try emit(Generated(t, .camera(lat: lat, lon: lon, spanLat: p.spanLat, spanLon: p.spanLon)))
                if p.settleEvery > 0 && (i + 1) % p.settleEvery == 0 {
                    t = t + .milliseconds(300)
                    try emit(Generated(t, .network(.line(respond))))
                }
                t = t + p.every
            }
        }),
    ]
}
