/// A problem with a scenario (or a file it names), located precisely: `path:line:column: message`.
///
/// Every malformed line, out-of-range value and impossible event ends up as one of these, and the
/// CLI turns it into exit code 2. Columns are 1-based byte offsets into the line, which is what
/// editors' "go to line:column" expects for ASCII and is unambiguous for everything else.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:column: message`; `path: message` for problems that have no line (a command-line fault name).
    public var description: String { line > 0 ? "\(path):\(line):\(column): \(message)" : "\(path): \(message)" }
}

/// Where a token came from, carried so that late errors (a domain rejecting a value) still point at it.
public struct ScenarioLocation: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    public func error(_ message: String) -> ScenarioError {
        ScenarioError(path: path, line: line, column: column, message: message)
    }

    public var description: String { "\(path):\(line):\(column)" }
}
