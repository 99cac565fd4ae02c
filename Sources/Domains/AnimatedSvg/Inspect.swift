import LockstepCore
import Platform

/// `inspect frame=N`: what a golden pins about one frame: its time, its stored bytes (rebuilt from
/// prefix + tail, with a SHA-256), every animated attribute's written value, the SVG text, and on
/// request a PNG through Platform `Render`.
extension AnimatedSvg {
    static func inspect(_ s: AnimatedSvgState, frame i: Int, svg: Bool, png: Bool, _ world: inout World<AnimatedSvg>) {
        guard let c = s.current, let grid = c.result.grid else { world.reject("inspect", "nothingLoaded"); return }
        let count = c.result.frames.tails.count
        guard i < count else {
            world.reject("inspect", "noSuchFrame", { $0.int("frame", i).int("frames", count) })
            return
        }
        let bytes = c.result.frames.frame(i)
        world.emit(Record("frame").int("index", i).duration("time", .nanoseconds(grid.timeNanoseconds(i)))
            .int("bytes", bytes.count).int("tail", c.result.frames.tails[i].count)
            .word("sha256", SHA256.hex(SHA256.hash(bytes))))
        if let writer = c.result.writer {
            for slot in writer.slots {
                let e = writer.base.elements[slot.element]
                let name = e.value("id").map { "\(e.name)#\($0)" } ?? "\(e.name)@\(e.at.description)"
                let text = writer.text(slot, frame: i)
                world.emit(Record("value").word("element", name).word("attribute", slot.attribute.name).string("text", text ?? "(source)"))
            }
        }
        if svg {
            let body = bodyBytes(bytes, images: c.result.images)
            world.emit(Record("svg").string("text", String(decoding: body, as: UTF8.self)))
        }
        if png {
            // The PNG is drawn from the stored body itself (parsed back), so it shows exactly what
            // the flipbook holds: images as `vgimg:K` boxes, a blank frame as nothing at all.
            guard !bytes.isEmpty, case .success(let doc) = XMLParser.parse(Array(bodyBytes(bytes, images: c.result.images))) else {
                world.reject("inspect", "blankFrame", { $0.int("frame", i) })
                return
            }
            do {
                world.artifact("frame-\(i).png", try SvgDrawing.drawList(doc).png(scale: 1))
            } catch {
                world.reject("inspect", "render", { $0.string("detail", "\(error)") })
            }
        }
    }

    /// The body after J2's header and image table.
    static func bodyBytes(_ bytes: [UInt8], images: [ImageTableEntry]) -> ArraySlice<UInt8> {
        var offset = 7
        for image in images { offset += 7 + image.byteCount }
        return bytes.count >= offset ? bytes[offset...] : []
    }
}
