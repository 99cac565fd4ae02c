import LockstepRunner

/// Seeds that ever failed, per domain: `Scenarios/<domain>/found/seeds` (like Hypothesis' example
/// database). `explore` tries them first, so a failure found once is found again at once after a
/// change, before any new seed is spent. One line per seed: `SEED INVARIANT [fault=NAME]`, sorted,
/// no duplicates; `#` lines are comments. Committed with the found scenarios.
public struct FoundDatabase: Sendable, Equatable {
    public struct Entry: Sendable, Hashable, Comparable {
        public var seed: UInt64
        public var invariant: String
        public var fault: String?

        public static func < (a: Entry, b: Entry) -> Bool {
            (a.seed, a.invariant, a.fault ?? "") < (b.seed, b.invariant, b.fault ?? "")
        }

        var line: String { "\(seed) \(invariant)" + (fault.map { " fault=\($0)" } ?? "") }
    }

    public var entries: [Entry] = []

    /// Entries kept at most; beyond it the oldest seeds (smallest) stay and new ones are not added.
    public static let maxEntries = 10_000

    public static func path(domain: String) -> String { "Scenarios/\(domain)/found/seeds" }

    public init(entries: [Entry] = []) { self.entries = entries }

    /// Reads the file; a missing file is an empty database, a malformed line is skipped and reported.
    public static func load(_ project: Project, domain: String) -> (database: FoundDatabase, problems: [String]) {
        let disk = project.root + "/" + path(domain: domain)
        guard FileIO.exists(disk), let bytes = try? FileIO.read(disk, maxBytes: 1 << 20) else { return (FoundDatabase(), []) }
        var db = FoundDatabase()
        var problems: [String] = []
        for (n, raw) in String(decoding: bytes, as: UTF8.self).split(separator: "\n").enumerated() {
            let line = raw.trimmingCharacters()
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(separator: " ")
            guard parts.count >= 2, parts.count <= 3, let seed = UInt64(parts[0]) else {
                problems.append("\(path(domain: domain)):\(n + 1):1: expected 'SEED INVARIANT [fault=NAME]'; line skipped")
                continue
            }
            var fault: String?
            if parts.count == 3 {
                guard parts[2].hasPrefix("fault=") else {
                    problems.append("\(path(domain: domain)):\(n + 1):1: expected 'fault=NAME' as the third word; line skipped")
                    continue
                }
                fault = String(parts[2].dropFirst("fault=".count))
            }
            db.add(Entry(seed: seed, invariant: String(parts[1]), fault: fault))
        }
        return (db, problems)
    }

    /// Adds an entry (once); false when it was there already or the database is full.
    @discardableResult
    public mutating func add(_ entry: Entry) -> Bool {
        guard !entries.contains(entry), entries.count < FoundDatabase.maxEntries else { return false }
        entries.append(entry)
        entries.sort()
        return true
    }

    /// The seeds to try first for a run with `fault` (nil: no fault).
    public func seeds(fault: String?) -> [UInt64] {
        var result: [UInt64] = []
        for e in entries where e.fault == fault && !result.contains(e.seed) { result.append(e.seed) }
        return result
    }

    public func save(_ project: Project, domain: String) throws(FileIO.Failure) {
        var text = "# Seeds that broke an invariant in 'lockstep explore \(domain)'; explore tries them first.\n"
        for e in entries { text += e.line + "\n" }
        try FileIO.writeAtomically(Array(text.utf8), to: project.root + "/" + FoundDatabase.path(domain: domain))
    }
}

extension Substring {
    func trimmingCharacters() -> String {
        var s = self
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        return String(s)
    }
}
