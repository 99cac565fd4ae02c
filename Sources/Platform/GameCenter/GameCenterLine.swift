import LockstepCore

/// One row of a leaderboard as GameKit hands it over: the rank, the player's display name and the
/// score *as formatted by the leaderboard* (what the app must show, never the raw value).
public struct LeaderboardRow: Hashable, Sendable {
    public var rank: Int
    public var player: String
    public var formattedScore: String

    public init(rank: Int, player: String, formattedScore: String) {
        self.rank = rank
        self.player = player
        self.formattedScore = formattedScore
    }
}

/// One decoded `gc` scenario line: what GameKit does.
public enum GameCenterLine: Hashable, Sendable {
    /// `authenticateHandler` is called with a sign-in view controller to present.
    case authPresent
    /// `authenticateHandler` is called with the result (it may be called again later).
    case authResult(authenticated: Bool, error: String?)
    /// The oldest pending `submitScore` completes.
    case submitCompleted(error: String?)
    /// `loadLeaderboards` + `loadEntries(range: 1...10)`: the rows, `[]` when the board is missing.
    case topTen([LeaderboardRow], total: Int)
}

/// The standard scenario spelling of GameKit's side, shared by every Game Center domain:
///
/// ```
/// 0   gc authPresent                                the handler hands over a sign-in view controller
/// 1   gc auth authenticated=true                    the handler's result (error="…" when it failed)
/// 2   gc submitCompleted                            the oldest pending submit succeeds (error="…": fails)
/// 3   gc topTen total=52 entries="1|Ann|1,234;2|Bob|999"   rank|name|formattedScore, ';' between rows
/// 4   gc topTen entries=""                          loadLeaderboards found no board: []
/// ```
///
/// Rows are `rank|displayName|formattedScore` separated by `;` (names and formatted scores keep
/// their commas and spaces; `|` and `;` cannot appear in them). At most 10 rows (the request's
/// range is location 1, length 10), ranks positive, increasing and unique, names non-empty: anything
/// else is an error at the field.
public enum GameCenterVocabulary {
    public static let kind = "gc"
    public static let maxRows = 10

    public static func eventKind<Event>(_ wrap: @escaping @Sendable (GameCenterLine) -> Event) -> EventKind<Event> {
        EventKind(kind, "Game Center (Platform): the auth handler, submit completions, the top ten") { f throws(ScenarioError) in
            let action = try f.argument("action", .word, "authPresent | auth | submitCompleted | topTen")
            let authenticated = try f.optional("authenticated", .bool, "auth: the result")
            let error = try f.optional("error", .string, "auth or submitCompleted: the error's description")
            let entries = try f.optional("entries", .string, "topTen: rank|name|formattedScore;…")
            let total = try f.optional("total", .int, in: 0 ... 1_000_000_000, "topTen: the board's player count")
            if f.isDeclaring { return wrap(.authPresent) }
            switch action {
            case "authPresent":
                return wrap(.authPresent)
            case "auth":
                guard let authenticated else { throw f.error("missing field 'authenticated' for 'gc auth'") }
                return wrap(.authResult(authenticated: authenticated, error: error))
            case "submitCompleted":
                return wrap(.submitCompleted(error: error))
            case "topTen":
                guard let entries else { throw f.error("missing field 'entries' for 'gc topTen'") }
                switch parseRows(entries) {
                case .success(let rows): return wrap(.topTen(rows, total: total ?? rows.count))
                case .failure(let message): throw f.error(message.text, at: "entries")
                }
            default:
                throw f.error("unknown gc action '\(action)'; expected one of: authPresent, auth, submitCompleted, topTen")
            }
        }
    }

    struct RowError: Error { let text: String }

    static func parseRows(_ text: String) -> Result<[LeaderboardRow], RowError> {
        var rows: [LeaderboardRow] = []
        for item in text.split(separator: ";", omittingEmptySubsequences: true) {
            guard rows.count < maxRows else { return .failure(RowError(text: "more than \(maxRows) rows: the request's range is 1...10")) }
            let parts = item.split(separator: "|", omittingEmptySubsequences: false)
            guard parts.count == 3, let rank = Int(parts[0]), rank > 0 else {
                return .failure(RowError(text: "'\(item)' is not RANK|NAME|SCORE with a positive rank"))
            }
            guard !parts[1].isEmpty else { return .failure(RowError(text: "'\(item)' has an empty player name")) }
            if let last = rows.last, rank <= last.rank { return .failure(RowError(text: "rank \(rank) after rank \(last.rank): ranks increase")) }
            rows.append(LeaderboardRow(rank: rank, player: String(parts[1]), formattedScore: String(parts[2])))
        }
        return .success(rows)
    }

    /// The line `eventKind` reads back as `line`.
    public static func text(of line: GameCenterLine) -> String? {
        let text = LineText(kind)
        switch line {
        case .authPresent: return text.word("authPresent").line
        case .authResult(let ok, let error):
            let t = text.word("auth").bool("authenticated", ok)
            return (error.map { t.string("error", $0) } ?? t).line
        case .submitCompleted(let error):
            let t = text.word("submitCompleted")
            return (error.map { t.string("error", $0) } ?? t).line
        case .topTen(let rows, let total):
            return text.word("topTen").int("total", total)
                .string("entries", rows.map { "\($0.rank)|\($0.player)|\($0.formattedScore)" }.joined(separator: ";")).line
        }
    }
}
