/// A scenario file as lines, split into what `shrink` may remove (event lines) and what it keeps
/// (headers, comments, blank lines before the first event).
///
/// By the scenario format, a line whose first non-blank character is a digit, `+` or `@` is an
/// event line, one starting with a letter is a header, `#` starts a comment. Removing event lines
/// keeps a scenario valid: absolute times stay where they were, and a `+` time follows whichever
/// line is now before it, which is never later than the line it followed before.
public struct ScenarioText: Sendable, Equatable {
    /// Everything before the first event line.
    public var header: [String]
    /// Event lines in order (comments and blank lines among them are dropped).
    public var events: [String]

    public init(header: [String], events: [String]) {
        self.header = header
        self.events = events
    }

    public init(_ text: String) {
        var header: [String] = []
        var events: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            let body = line.drop { $0 == " " || $0 == "\t" }
            if ScenarioText.isEvent(body) {
                events.append(line)
            } else if events.isEmpty {
                header.append(line)
            }
            // Comments and blank lines after the first event carry no behaviour.
        }
        while header.last?.isEmpty == true { header.removeLast() }
        self.header = header
        self.events = events
    }

    static func isEvent(_ body: Substring) -> Bool {
        guard let c = body.first else { return false }
        return c == "+" || c == "@" || c.isASCII && c.isNumber
    }

    /// The file: header, a blank line, the events.
    public var text: String {
        header.joined(separator: "\n") + "\n\n" + events.joined(separator: "\n") + (events.isEmpty ? "" : "\n")
    }

    /// With the comment lines at the top replaced by `comment` (each prefixed `# `).
    public func withComment(_ comment: [String]) -> ScenarioText {
        var kept = header
        while let first = kept.first, first.hasPrefix("#") { kept.removeFirst() }
        return ScenarioText(header: comment.map { "# " + $0 } + kept, events: events)
    }

    /// With `line` added to the header (after the other headers), e.g. `set fault X`.
    public func addingHeader(_ line: String) -> ScenarioText {
        ScenarioText(header: header + [line], events: events)
    }
}
