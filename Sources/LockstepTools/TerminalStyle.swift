/// Colour for a person at a terminal, and none for a pipe, a file or `NO_COLOR`.
///
/// Output that is piped or captured stays byte-for-byte the same as before colour existed, so logs,
/// tests and scripts never see an escape code. Colour goes only on words a reader scans for (`FAIL`,
/// `ok`) and on the `-`/`+` lines of a diff; the text is the same either way.
/// (https://no-color.org: `NO_COLOR` set to anything non-empty turns colour off.)
public struct TerminalStyle: Sendable, Equatable {
    public var colour: Bool
    /// Whether the stream is a terminal (progress lines go only to one, colour or not).
    public var isTerminal: Bool

    public init(colour: Bool, isTerminal: Bool? = nil) {
        self.colour = colour
        self.isTerminal = isTerminal ?? colour
    }

    /// Colour only when the stream is a terminal, `NO_COLOR` is unset or empty, and `TERM` is not `dumb`.
    public init(isTerminal: Bool, environment: [String: String]) {
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        colour = isTerminal && !noColor && environment["TERM"] != "dumb"
        self.isTerminal = isTerminal
    }

    public static let plain = TerminalStyle(colour: false)

    func wrap(_ s: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m" + s + "\u{1B}[0m" : s }

    /// A failure word (`FAIL`, `ERROR`, `MISSING`, `not caught`): bold red.
    public func failure(_ s: String) -> String { wrap(s, "1;31") }
    /// A pass word (`ok`, `caught`): green.
    public func success(_ s: String) -> String { wrap(s, "32") }
    /// A diff line from the golden (`-`): red.
    public func removed(_ s: String) -> String { wrap(s, "31") }
    /// A diff line from the run (`+`): green.
    public func added(_ s: String) -> String { wrap(s, "32") }
    /// Headings and location lines: bold.
    public func heading(_ s: String) -> String { wrap(s, "1") }
    /// Context and hints: dim.
    public func dim(_ s: String) -> String { wrap(s, "2") }

    /// Colours a diff block line by line: lines starting `-` or `+` (after indentation) are coloured.
    public func diffBlock(_ text: String) -> String {
        guard colour else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let body = line.drop { $0 == " " }
            if body.hasPrefix("-") { return removed(String(line)) }
            if body.hasPrefix("+") { return added(String(line)) }
            return String(line)
        }.joined(separator: "\n")
    }
}
