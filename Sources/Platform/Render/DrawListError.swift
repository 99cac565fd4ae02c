import LockstepCore

/// Why `DrawList` refused a command. Each names the limit it hit, so the record that reports it
/// (`draw … dropped=1 refused=tooManyCommands limit=10000`) says what to change.
public enum DrawListError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The list already holds `DrawList.maxCommands`.
    case tooManyCommands(limit: Int)
    /// A polyline with more than `DrawList.maxPolylinePoints` points.
    case tooManyPoints(count: Int, limit: Int)
    /// A text box with more than `DrawList.maxTextScalars` Unicode scalars, or an image name with
    /// more than `DrawList.maxImageNameBytes` bytes.
    case textTooLong(count: Int, limit: Int)

    /// The trace word: `tooManyCommands`, `tooManyPoints`, `textTooLong`.
    public var word: String {
        switch self {
        case .tooManyCommands: "tooManyCommands"
        case .tooManyPoints: "tooManyPoints"
        case .textTooLong: "textTooLong"
        }
    }

    /// The limit that was hit.
    public var limit: Int {
        switch self {
        case .tooManyCommands(let limit), .tooManyPoints(_, let limit), .textTooLong(_, let limit): limit
        }
    }

    public var description: String {
        switch self {
        case .tooManyCommands(let limit): "draw list is full: at most \(limit) commands per list (limit)"
        case .tooManyPoints(let count, let limit): "polyline has \(count) points; at most \(limit) (limit)"
        case .textTooLong(let count, let limit): "text or image name is \(count) long; at most \(limit) (limit)"
        }
    }
}
