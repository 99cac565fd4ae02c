/// Why `Plot.parse` refused a text, and where: 1-based line and column (columns count bytes; the
/// format is ASCII, so bytes are characters).
public struct PlotDataError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:column: message`, the form editors jump to.
    public var description: String { "\(line):\(column): \(message)" }
}
