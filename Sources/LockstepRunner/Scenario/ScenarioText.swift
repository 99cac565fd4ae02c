/// A scenario file as lines, split into what `shrink` may remove (event lines) and what it keeps
/// (headers, comments, blank lines before the first event, and a trailing `until` line).
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
    /// Lines after the events that are not events, comments or blank: a trailing `until`, which
    /// decides how long timers run after the last event.
    public var trailer: [String]

    public init(header: [String], events: [String], trailer: [String] = []) {
        self.header = header
        self.events = events
        self.trailer = trailer
    }

    public init(_ text: String) {
        var header: [String] = []
        var events: [String] = []
        var trailer: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            let body = line.drop { $0 == " " || $0 == "\t" }
            if ScenarioText.isEvent(body) {
                events.append(line)
            } else if events.isEmpty {
                header.append(line)
            } else if let c = body.first, c != "#" {
                trailer.append(line)
            }
            // Comments and blank lines after the first event carry no behaviour.
        }
        while header.last?.isEmpty == true { header.removeLast() }
        self.header = header
        self.events = events
        self.trailer = trailer
    }

    static func isEvent(_ body: Substring) -> Bool {
        guard let c = body.first else { return false }
        return c == "+" || c == "@" || c.isASCII && c.isNumber
    }

    /// The file: header, a blank line, the events.
    public var text: String {
        header.joined(separator: "\n") + "\n\n" + (events + trailer).map { $0 + "\n" }.joined()
    }

    /// The same file with other event lines (header and trailer kept).
    public func with(events: [String]) -> ScenarioText {
        ScenarioText(header: header, events: events, trailer: trailer)
    }

    /// With the comment lines at the top replaced by `comment` (each prefixed `# `).
    public func withComment(_ comment: [String]) -> ScenarioText {
        var kept = header
        while let first = kept.first, first.hasPrefix("#") { kept.removeFirst() }
        return ScenarioText(header: comment.map { "# " + $0 } + kept, events: events, trailer: trailer)
    }

    /// With `line` added to the header (after the other headers), e.g. `set fault X`.
    public func addingHeader(_ line: String) -> ScenarioText {
        ScenarioText(header: header + [line], events: events, trailer: trailer)
    }
}
