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

    public struct Settings: Sendable {
        var width: Int
        var height: Int
    }

    public enum Fault: String, DomainFault {
        case swapRedBlue
        public var summary: String { "writes pixels as BGRA (a byte-order mix-up)" }
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        Settings(width: try s("width", .int, default: 8, in: 1...maxSidePixels),
                 height: try s("height", .int, default: 8, in: 1...maxSidePixels))
    }

    public static let events: [EventKind<Event>] = [
        EventKind("load", "Replaces the canvas with a PNG file.") { f throws(ScenarioError) in .load(try f("image", .file)) },
        EventKind("dot", "Paints a size×size square.") { f throws(ScenarioError) in
            let x = try f("x", .int, in: -10_000...10_000)
            let y = try f("y", .int, in: -10_000...10_000)
            let size = try f("size", .int, default: 1, in: 1...64, "pixels")
            let c = try f("colour", .tuple(3), "r,g,b 0...255")
            guard c.allSatisfy({ $0 >= 0 && $0 <= 255 && $0 == $0.rounded() }) else {
                throw f.error("colour components must be whole numbers 0...255", at: "colour")
            }
            return .dot(x: x, y: y, size: size, colour: (UInt8(c[0]), UInt8(c[1]), UInt8(c[2])))
        },
        EventKind("save", "Writes the canvas as a PNG artifact.") { _ throws(ScenarioError) in .save },
    ]

    public static func kind(of event: Event) -> String {
        switch event {
        case .load: "load"
        case .dot: "dot"
        case .save: "save"
        }
    }

    public static func start(_ settings: Settings, _ world: inout World<Canvas>) throws(ScenarioError) -> State {
        var state = State()
        state.width = settings.width
        state.height = settings.height
        state.rgba = [UInt8](repeating: 255, count: state.width * state.height * 4)
        return state
    }

    public static func reduce(_ state: inout State, _ event: Event, _ world: inout World<Canvas>) {
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
                    let swap = world.isOn(.swapRedBlue)
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
