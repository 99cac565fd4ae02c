import LockstepCore
import Platform

/// `gen page`: a page of the grid scrolling into view, and the server answering each thumbnail.
///
/// Cells `first ..< first + count` appear at the line's time with URLs `<prefix><n>.jpg`; after
/// `respondAfter`, request ids `firstRequest ...` are answered in order with a `WPX1` body of the
/// given source size and EXIF tag (the ids are the transport's, 1, 2, ... in send order, so the
/// scenario says which request is which). `respond=false` leaves the requests in flight.
extension Wallpapers {
    public static let generators: [Generator<WallpapersEvent>] = [
        Generator("page", "cells scrolling into view and their thumbnail responses", parameters: { f throws(ScenarioError) in
            (first: try f("first", .int, in: 0 ... maxCellID, "the first cell id"),
             count: try f("count", .int, in: 1 ... 500, "how many cells"),
             width: try f("width", .number, default: 120, in: 1 ... maxCellPoints, "cell width in points"),
             height: try f("height", .number, default: 260, in: 1 ... maxCellPoints, "cell height in points"),
             prefix: try f("prefix", .text, default: "https://cdn.example/thumb/", "URL prefix; the cell id and .jpg follow"),
             respond: try f("respond", .bool, default: true, "answer each request"),
             firstRequest: try f("firstRequest", .int, default: 1, in: 1 ... 1_000_000, "the id of the first request answered"),
             respondAfter: try f("respondAfter", .duration, default: .milliseconds(100), in: .zero ... .seconds(60), "when the answers come"),
             source: try f("source", .text, default: "2160x3840", "the source size WxH in the WPX1 body (quoted: \"216x384\")"),
             exif: try f("exif", .int, default: 1, in: 0 ... 99, "the EXIF orientation tag"),
             pattern: try f("pattern", .word, default: "gradient", "gradient, solid:RRGGBB or checker:CELL"))
        }, expand: { p, context throws(ScenarioError) in
            guard p.prefix.utf8.count <= 1_024 else { throw context.error("prefix is over 1024 bytes") }
            var out: [Generated<WallpapersEvent>] = []
            for i in 0 ..< p.count {
                let id = p.first + i
                out.append(Generated(.zero, .cellAppear(cell: id, url: "\(p.prefix)\(id).jpg", widthPoints: p.width, heightPoints: p.height)))
            }
            if p.respond {
                let body = Array("WPX1 \(p.source) exif=\(p.exif) pattern=\(p.pattern)".utf8)
                for i in 0 ..< p.count {
                    let line = NetLine.respond(target: .id(RequestID(p.firstRequest + i)), tag: nil,
                                               response: HTTPResponse(status: 200, body: body), latency: .zero, file: nil)
                    out.append(Generated(p.respondAfter, .network(.line(line))))
                }
            }
            return out
        }),
        Generator("scrollOff", "cells scrolling out of view (their tasks cancelled)", parameters: { f throws(ScenarioError) in
            (first: try f("first", .int, in: 0 ... maxCellID, "the first cell id"),
             count: try f("count", .int, in: 1 ... 500, "how many cells"))
        }, expand: { p, _ throws(ScenarioError) in
            (0 ..< p.count).map { Generated(.zero, .cellDisappear(cell: p.first + $0)) }
        }),
    ]
}
