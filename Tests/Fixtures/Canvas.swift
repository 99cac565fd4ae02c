import LockstepCore

/// A tiny raster canvas: the smallest domain with a file input and a picture output.
///
/// `load` reads a PNG that the scenario names (the runner reads the file; the domain gets bytes and
/// decodes them with Lockstep's decoder), `dot` paints a square, `save` writes the canvas as a PNG
/// artifact next to the golden. A decode failure is an explicit record, never a crash or silence.
public enum Canvas: Domain {
    public static let entry = DomainEntry(Self.self)
    public struct State {
        var width = 8
        var height = 8
        var rgba: [UInt8] = []
        var saves = 0
    }

    public enum Event {
        case load([UInt8])
        case dot(x: Int, y: Int, size: Int, colour: (UInt8, UInt8, UInt8))
        case save
    }

    public static let name = "canvas"
    public static let summary = "Fixture: a small raster canvas with PNG input files and PNG artifacts."
    /// Bounds the canvas so a scenario cannot ask for gigabytes.
    static let maxSidePixels = 512

    public static var eventKinds: [EventSpec] {
        [EventSpec("load", "Replaces the canvas with a PNG file.", fields: [FieldSpec("image", .file)]),
         EventSpec("dot", "Paints a size×size square.", fields: [
            FieldSpec("x", .integer), FieldSpec("y", .integer), .optional("size", .integer, "pixels, default 1"),
            FieldSpec("colour", .tuple(count: 3), "r,g,b 0...255")]),
         EventSpec("save", "Writes the canvas as a PNG artifact.")]
    }
    public static var configKeys: [ConfigSpec] {
        [ConfigSpec("width", .integer, default: "8"), ConfigSpec("height", .integer, default: "8")]
    }
    public static var faults: [FaultSpec] {
        [FaultSpec("swapRedBlue", "writes pixels as BGRA (a byte-order mix-up)")]
    }

    public static func start(_ config: Config, _ world: inout World<Event>) throws(ScenarioError) -> State {
        var state = State()
        state.width = Int(try config.int("width", default: 8, in: 1...Int64(maxSidePixels)))
        state.height = Int(try config.int("height", default: 8, in: 1...Int64(maxSidePixels)))
        state.rgba = [UInt8](repeating: 255, count: state.width * state.height * 4)
        return state
    }

    public static func decode(_ line: EventLine) throws(ScenarioError) -> Event {
        switch line.kind {
        case "load": return .load(try line.file("image"))
        case "dot":
            let c = try line.doubles("colour")
            guard c.allSatisfy({ $0 >= 0 && $0 <= 255 && $0 == $0.rounded() }) else {
                throw line.error("colour components must be whole numbers 0...255", at: "colour")
            }
            return .dot(x: Int(try line.int("x", in: -10_000...10_000)), y: Int(try line.int("y", in: -10_000...10_000)),
                        size: Int(try line.int("size", in: 1...64, default: 1)), colour: (UInt8(c[0]), UInt8(c[1]), UInt8(c[2])))
        default: return .save
        }
    }

    public static func reduce(_ state: inout State, _ event: Event, _ world: inout World<Event>) {
        switch event {
        case .load(let bytes):
            do {
                let image = try PNG.decode(bytes)
                guard image.width <= maxSidePixels, image.height <= maxSidePixels else {
                    world.emit(Record("load-rejected").string("reason", "image is \(image.width)×\(image.height); the canvas allows \(maxSidePixels)×\(maxSidePixels)"))
                    return
                }
                state.width = image.width
                state.height = image.height
                state.rgba = image.rgba
                world.emit(Record("loaded").int("width", image.width).int("height", image.height))
            } catch {
                world.emit(Record("load-failed").string("reason", error.description))
            }
        case .dot(let x, let y, let size, let colour):
            var painted = 0
            let rows = max(0, y)..<max(max(0, y), min(state.height, y + size))
            let columns = max(0, x)..<max(max(0, x), min(state.width, x + size))
            for py in rows {
                for px in columns {
                    let i = (py * state.width + px) * 4
                    let swap = world.fault("swapRedBlue")
                    state.rgba[i] = swap ? colour.2 : colour.0
                    state.rgba[i + 1] = colour.1
                    state.rgba[i + 2] = swap ? colour.0 : colour.2
                    state.rgba[i + 3] = 255
                    painted += 1
                }
            }
            if painted == 0 {
                world.emit(Record("dot-clipped").int("x", x).int("y", y).string("reason", "entirely outside the canvas"))
            } else {
                world.emit(Record("dot").int("pixels", painted))
            }
        case .save:
            state.saves += 1
            // Dimensions are bounded at start/load, so the image is always valid.
            if let image = try? PNGImage(width: state.width, height: state.height, rgba: state.rgba) {
                world.artifact("save\(state.saves).png", PNG.encode(image))
            }
        }
    }

    public static func write(_ state: State, to out: inout CanonicalWriter) {
        out.write("size", .tuple([.int(state.width), .int(state.height)]))
        out.write("pixels", .digest(FNV1a64.hash(state.rgba)))
        out.int("saves", state.saves)
    }
}
