import LockstepCore

/// One frame's drawing: commands in paint order, as the app would hand them to the screen.
///
/// The list is the unit a golden pins: `records(frame:)` gives its canonical lines and `digest`
/// is FNV-1a 64 over their bytes, so two lists with the same digest print the same trace (a
/// coordinate that changes below the 2nd decimal changes neither: the trace could not show it).
///
/// Limits, so one runaway loop cannot make a trace of gigabytes: `maxCommands` per list,
/// `maxPolylinePoints` per polyline, `maxTextScalars` per text box, `maxImageNameBytes` per image
/// name. `append` refuses a command past any of them and counts it in `droppedCount`; the header
/// record then says `dropped=` and the first refusal with its `limit=`. `init(validating:)` throws
/// instead, for callers that want to stop.
public struct DrawList: Hashable, Sendable {
    public static let maxCommands = 10_000
    public static let maxPolylinePoints = 10_000
    public static let maxTextScalars = 1_000
    public static let maxImageNameBytes = 256

    public private(set) var commands: [DrawCommand] = []
    /// Commands `append` refused (kept out of the list).
    public private(set) var droppedCount = 0
    /// The first refusal, reported in the header record.
    public private(set) var firstRefusal: DrawListError?

    public init() {}

    /// A list of `commands`, refusing any past a limit with the first `DrawListError`.
    public init(validating commands: [DrawCommand]) throws(DrawListError) {
        for command in commands {
            if let error = check(command) { throw error }
            self.commands.append(command)
        }
    }

    public var count: Int { commands.count }
    public var isEmpty: Bool { commands.isEmpty }

    /// The refusal `command` would get if appended now, or nil.
    public func check(_ command: DrawCommand) -> DrawListError? {
        if commands.count >= DrawList.maxCommands { return .tooManyCommands(limit: DrawList.maxCommands) }
        switch command {
        case .polyline(let points, _, _, _) where points.count > DrawList.maxPolylinePoints:
            return .tooManyPoints(count: points.count, limit: DrawList.maxPolylinePoints)
        case .polygon(let points, _, _) where points.count > DrawList.maxPolylinePoints:
            return .tooManyPoints(count: points.count, limit: DrawList.maxPolylinePoints)
        case .textBox(_, _, let text, _, _):
            var scalars = 0
            for _ in text.unicodeScalars {
                scalars += 1
                if scalars > DrawList.maxTextScalars { break }
            }
            if scalars > DrawList.maxTextScalars {
                return .textTooLong(count: text.unicodeScalars.count, limit: DrawList.maxTextScalars)
            }
            return nil
        case .image(let name, _, _, _, _) where name.utf8.count > DrawList.maxImageNameBytes:
            return .textTooLong(count: name.utf8.count, limit: DrawList.maxImageNameBytes)
        default:
            return nil
        }
    }

    /// Appends `command`, or refuses it past a limit (false; counted in `droppedCount`). An app
    /// drawing in `reduce` has nowhere to throw to, and a refused command must still show.
    @discardableResult
    public mutating func append(_ command: DrawCommand) -> Bool {
        if let error = check(command) {
            droppedCount += 1
            if firstRefusal == nil { firstRefusal = error }
            return false
        }
        commands.append(command)
        return true
    }

    /// One `draw.*` record per command, in paint order.
    public var commandRecords: [Record] { commands.map(\.record) }

    /// The bytes `digest` hashes: each command record and a newline.
    public var canonicalBytes: [UInt8] {
        var out: [UInt8] = []
        for command in commands {
            command.record.write(to: &out)
            out.append(10)
        }
        return out
    }

    /// FNV-1a 64 of `canonicalBytes`.
    public var digest: UInt64 { FNV1a64.hash(canonicalBytes) }

    /// `draw frame=12 commands=5 digest=#…` (with `dropped= refused= limit=` when `append`
    /// refused anything), then `commandRecords`.
    public func records(frame: Int) -> [Record] {
        [header(frame: frame)] + commandRecords
    }

    /// The first line of `records(frame:)`.
    public func header(frame: Int) -> Record {
        var r = Record("draw").int("frame", frame).int("commands", commands.count).digest("digest", digest)
        if let refusal = firstRefusal {
            r = r.int("dropped", droppedCount).word("refused", refusal.word).int("limit", refusal.limit)
        }
        return r
    }

    /// The list rasterised by `Rasterizer` and encoded as PNG, `scale` pixels per point.
    public func png(scale: Int = 1) throws(RenderError) -> [UInt8] {
        let image = try Rasterizer.image(self, scale: scale)
        return PNG.encode(image, format: PNGColorFormat.smallest(for: image))
    }
}
