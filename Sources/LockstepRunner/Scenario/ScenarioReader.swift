import LockstepCore

/// Reads a scenario: the header, then a stream of event lines with `include`s spliced in.
///
/// Streaming: the reader holds one block of each open file, never the whole scenario, so memory does
/// not grow with the number of events already read. It enforces the format's rules as it goes
/// (order of headers, times never going backwards, include confinement, depth and cycles, limits)
/// and reports each violation as a `ScenarioError` at its line and column.
///
/// Times: a since-start time is measured from the scenario's `start`, or inside an included file
/// from the `include` line's time. A `+` time is measured from the previous event, and after an
/// `include` or `gen` that is the last event it produced, so a file reads as one timeline.
public final class ScenarioReader {
    struct Frame {
        let reader: LineReader
        let display: String
        let disk: String?
        /// The instant since-start times in this file are measured from.
        let base: Instant
        let depth: Int
    }

    public let limits: ScenarioLimits
    let files: ScenarioFiles?
    private var frames: [Frame] = []
    private var header: ScenarioHeader
    private var held: EventLine?
    private var headerDone = false
    private var firstEventLine = 0
    private var trailingUntil = false
    /// Time of the previous event; `+` times count from here and nothing may come before it.
    public var previousTime: Instant { _previousTime }
    private var _previousTime: Instant
    /// The scenario's start, kept apart from the header so the per-line path does not touch the header.
    private var startTime: Instant = .defaultStart
    /// Events produced so far, including generated ones.
    public var eventCount: Int { _eventCount }
    private var _eventCount = 0
    private var seenHeaders: [String: Int] = [:]
    /// The header's `until` line, resolved when the header ends.
    private var headerUntil: EventLine?

    public static let headerKeywords = ["lockstep", "domain", "title", "seed", "start", "zone", "set", "until"]

    /// Reads from a file on disk. `display` is the path shown in errors and traces.
    public init(display: String, diskPath: String, files: ScenarioFiles?, limits: ScenarioLimits = .standard) throws(ScenarioError) {
        self.limits = limits
        self.files = files
        self.header = ScenarioHeader(path: display)
        self._previousTime = header.start
        let reader = try LineReader(path: display, filePath: diskPath, limits: limits)
        frames = [Frame(reader: reader, display: display, disk: FileIO.realPath(diskPath), base: .defaultStart, depth: 0)]
    }

    /// Reads from bytes in memory (tests, generated scenarios).
    public init(display: String, bytes: [UInt8], files: ScenarioFiles?, limits: ScenarioLimits = .standard) throws(ScenarioError) {
        self.limits = limits
        self.files = files
        self.header = ScenarioHeader(path: display)
        self._previousTime = header.start
        let reader = try LineReader(path: display, bytes: bytes, limits: limits)
        frames = [Frame(reader: reader, display: display, disk: nil, base: .defaultStart, depth: 0)]
    }

    /// The `until` instant, which may arrive as the scenario's last line. Stored apart from the
    /// header because the runner asks for it on every generated event.
    public var until: Instant? { _until }
    private var _until: Instant?

    // MARK: Header

    /// Reads header lines up to the first event. Call once, before `next`.
    public func readHeader() throws(ScenarioError) -> ScenarioHeader {
        precondition(!headerDone, "readHeader called twice")
        var sawMagic = false
        var line = EventLine(path: header.path, buffer: [])
        while true {
            guard let kind = try readLine(into: &line, frameIndex: 0) else { break }
            if kind == .event {
                guard sawMagic else {
                    throw line.location.error("missing 'lockstep 1' line: the first line that is not a comment must be 'lockstep 1'")
                }
                held = line
                break
            }
            // A header line; args[0] is the keyword as a positional word.
            let keyword = line.kind
            let location = line.location
            if !sawMagic && keyword != "lockstep" {
                throw location.error("missing 'lockstep 1' line: the first line that is not a comment must be 'lockstep 1'")
            }
            if keyword != "set", let first = seenHeaders[keyword] {
                throw location.error("duplicate '\(keyword)' header (first given at line \(first))")
            }
            seenHeaders[keyword] = line.lineNumber
            let positional = line.args
            if let keyed = positional.firstIndex(where: { !$0.isPositional }) {
                throw line.location(ofArg: keyed).error("headers take plain values, not key=value")
            }
            func expectCount(_ n: Int, _ usage: String) throws(ScenarioError) {
                guard positional.count == n else {
                    let at = positional.count > n ? line.location(ofArg: n) : location
                    throw at.error("expected '\(usage)'")
                }
            }
            switch keyword {
            case "lockstep":
                try expectCount(1, "lockstep 1")
                let v = try? line.int(at: 0)
                guard v == 1 else {
                    throw line.location(ofArg: 0).error("unknown scenario format version '\(line.rawText(0))'; this Lockstep reads version 1")
                }
                sawMagic = true
            case "domain":
                try expectCount(1, "domain NAME")
                header.domain = try line.word(at: 0)
                header.domainLocation = line.location(ofArg: 0)
            case "title":
                try expectCount(1, "title \"TEXT\"")
                header.title = try line.string(at: 0)
            case "seed":
                try expectCount(1, "seed N")
                header.seed = try line.uint64(at: 0)
            case "start":
                try expectCount(1, "start 2026-01-01T00:00:00Z")
                let text = line.rawText(0)
                switch CivilTime.parseISO8601(Substring(text), requireUTC: true) {
                case .success(let t): header.start = t
                case .failure(let e):
                    let at = line.location(ofArg: 0)
                    throw ScenarioLocation(path: at.path, line: at.line, column: at.column + e.offset).error("bad start: \(e.message)")
                }
                _previousTime = header.start
                startTime = header.start
            case "zone":
                try expectCount(1, "zone Europe/Berlin")
                header.zone = try zone(named: line.text(at: 0), at: line.location(ofArg: 0))
            case "set":
                guard positional.count == 2 else {
                    throw (positional.count > 2 ? line.location(ofArg: 2) : location).error("expected 'set KEY VALUE'")
                }
                let key = try line.word(at: 0)
                if key == "fault" {
                    let name = try line.word(at: 1)
                    if header.faults.contains(where: { $0.name == name }) {
                        throw line.location(ofArg: 1).error("fault '\(name)' is already set")
                    }
                    header.faults.append((name, line.location(ofArg: 1)))
                } else {
                    if let previous = header.settings.first(where: { (try? $0.word(at: 0)) == key }) {
                        throw line.location(ofArg: 0).error("duplicate 'set \(key)' (first given at line \(previous.lineNumber))")
                    }
                    header.settings.append(line)
                }
            case "until":
                try expectCount(1, "until SECONDS")
                // Resolved once the header is complete: a since-start `until` counts from `start`,
                // which may come after it.
                headerUntil = line
            default:
                throw location.error("unknown header '\(keyword)'; headers are \(ScenarioReader.headerKeywords.joined(separator: ", ")), and event lines start with a time")
            }
        }
        guard sawMagic else {
            throw ScenarioError(path: header.path, line: max(frames[0].reader.lineNumber, 1), column: 1,
                                message: "missing 'lockstep 1' line: the first line that is not a comment must be 'lockstep 1'")
        }
        guard !header.domain.isEmpty else {
            throw ScenarioError(path: header.path, line: max(held?.lineNumber ?? frames[0].reader.lineNumber, 1), column: 1,
                                message: "missing 'domain' header")
        }
        if let untilLine = headerUntil { try setUntil(untilLine) }
        headerDone = true
        frames[0] = Frame(reader: frames[0].reader, display: frames[0].display, disk: frames[0].disk, base: header.start, depth: 0)
        if held != nil {
            try resolveTime(&held!, base: header.start, depth: 0)
            _eventCount += 1
            firstEventLine = held!.lineNumber
            if held!.kind == "include" { try openInclude(held!); held = nil }
        }
        return header
    }

    func zone(named name: String, at location: ScenarioLocation) throws(ScenarioError) -> Zone {
        do { return try Zone.named(name) } catch { throw location.error(error.message) }
    }

    private func setUntil(_ line: EventLine) throws(ScenarioError) {
        let at = line.location(ofArg: 0)
        let text = line.rawText(0)
        let spec: TimeSpec
        do {
            spec = try Array(text.utf8).withUnsafeBufferPointer { p throws(Lexer.Problem) in
                try TimeSyntax.parse(p, 0, p.count)
            }
        } catch {
            throw ScenarioLocation(path: at.path, line: at.line, column: at.column + error.at).error(error.message)
        }
        let instant: Instant
        switch spec {
        case .sinceStart(let d):
            guard let t = header.start.addingInRange(d) else {
                throw at.error("'until' '\(text)' from the start lands outside the supported range \(Instant.supportedRangeText) (the limit ScenarioLimits.timeRange)")
            }
            instant = t
        case .absolute(let t): instant = t
        case .sincePrevious: throw at.error("'until' takes seconds since start or an @instant, not a '+' time")
        }
        guard instant >= header.start else { throw at.error("'until' is before the scenario's start") }
        guard instant >= _previousTime else {
            throw at.error("'until' at \(CivilTime.iso8601UTC(instant)) is before the last event at \(CivilTime.iso8601UTC(_previousTime))")
        }
        header.until = instant
        header.untilLocation = at
        _until = instant
    }

    // MARK: Events

    /// Fills `line` with the next event and returns true, or returns false at the end of the scenario.
    /// `include` lines are followed here; `gen` and `zone` lines are returned for the runner to handle.
    public func next(into line: inout EventLine) throws(ScenarioError) -> Bool {
        precondition(headerDone, "readHeader must come first")
        if held != nil {
            line = held!
            held = nil
            return true
        }
        while !frames.isEmpty {
            let top = frames.count - 1  // the innermost open file; frames are not copied on this path
            guard let kind = try readLine(into: &line, frameIndex: top) else {
                frames.removeLast()
                continue
            }
            if kind == .header {
                if line.kind == "until" && frames.count == 1 {
                    guard line.args.count == 1 else { throw line.location.error("expected 'until SECONDS'") }
                    if header.until != nil {
                        throw line.location.error("duplicate 'until' (first given at line \(seenHeaders["until"] ?? 0))")
                    }
                    seenHeaders["until"] = line.lineNumber
                    try setUntil(line)
                    trailingUntil = true
                    continue
                }
                if frames.count > 1 {
                    throw line.location.error("included files hold event lines only; '\(line.kind)' belongs in the scenario's header")
                }
                if line.kind == "set" {
                    throw line.location.error("'set' must come before the first event (line \(firstEventLine))")
                }
                if ScenarioReader.headerKeywords.contains(line.kind) {
                    throw line.location.error("'\(line.kind)' is a header and must come before the first event (line \(firstEventLine))")
                }
                throw line.location.error("unknown line '\(line.kind)': event lines start with a time (12.5, +0.033, @2026-01-01T00:00:00Z)")
            }
            if trailingUntil && frames.count == 1 {
                throw line.location.error("events after 'until' (line \(seenHeaders["until"] ?? 0)); 'until' must be the last line")
            }
            try resolveTime(&line, base: frames[top].base, depth: top)
            _eventCount += 1
            if _eventCount > limits.maxEvents { try countEvents(0, at: line.location) }
            if line.kind == "include" {
                try openInclude(line)
                continue
            }
            return true
        }
        return false
    }

    /// Records that a `gen` line expanded into `count` events ending at `last`.
    public func noteGenerated(count: Int, last: Instant, at location: ScenarioLocation) throws(ScenarioError) {
        try countEvents(count - 1, at: location)  // the gen line itself was counted already
        if last > _previousTime { _previousTime = last }
    }

    private func countEvents(_ n: Int, at location: ScenarioLocation) throws(ScenarioError) {
        _eventCount += n
        guard _eventCount <= limits.maxEvents else {
            throw location.error("scenario exceeds the event limit of \(limits.maxEvents) events")
        }
    }

    private func resolveTime(_ line: inout EventLine, base: Instant, depth: Int) throws(ScenarioError) {
        let spec = pendingSpec
        let previous = _previousTime
        // Every sum is checked: a duration that fits Int64 can still overflow when added to the base
        // or the previous event, and the result must stay in `ScenarioLimits.timeRange`.
        let sum: Instant?
        switch spec {
        case .sinceStart(let d): sum = base.addingInRange(d)
        case .sincePrevious(let d): sum = previous.addingInRange(d)
        case .absolute(let instant):
            guard depth == 0 else {
                throw ScenarioLocation(path: line.path, line: line.lineNumber, column: pendingTimeColumn)
                    .error("absolute @times are not allowed in included files: they are shifted to the include's time")
            }
            sum = instant.isSupported ? instant : nil
        }
        // The common case, checked with locals only: in range, not before the previous event, not after until.
        if let t = sum, t >= previous && t >= startTime && (_until == nil || t <= _until!) {
            line.time = t
            _previousTime = t
            return
        }
        let at = ScenarioLocation(path: line.path, line: line.lineNumber, column: pendingTimeColumn)
        guard let t = sum else {
            let text = line.buffer.withUnsafeBufferPointer { Lexer.text($0, pendingTimeStart, pendingTimeEnd) }
            let from: String
            switch spec {
            case .sinceStart: from = depth == 0 ? " from the start" : " from the include at \(CivilTime.iso8601UTC(base))"
            case .sincePrevious: from = " from the previous event"
            case .absolute: from = ""
            }
            throw at.error("time '\(text)'\(from) lands outside the supported range \(Instant.supportedRangeText) (the limit ScenarioLimits.timeRange)")
        }
        guard t >= header.start else {
            throw at.error("time \(CivilTime.iso8601UTC(t)) is before the scenario's start \(CivilTime.iso8601UTC(header.start))")
        }
        guard t >= _previousTime else {
            throw at.error("time goes backwards: \(Duration.formatSeconds((t - header.start).nanoseconds)) s is before the previous event at \(Duration.formatSeconds((_previousTime - header.start).nanoseconds)) s")
        }
        if let until = header.until, t > until {
            throw at.error("event at \(Duration.formatSeconds((t - header.start).nanoseconds)) s is after 'until' (\(Duration.formatSeconds((until - header.start).nanoseconds)) s)")
        }
        line.time = t
        _previousTime = t
    }

    private func openInclude(_ line: EventLine) throws(ScenarioError) {
        guard line.args.count == 1, line.args[0].isPositional, line.args[0].kind == .word || line.args[0].kind == .string else {
            throw line.location.error("expected 'include PATH'")
        }
        let relative = try line.text(at: 0)
        let at = line.location(ofArg: 0)
        let depth = frames.count  // the new frame's depth
        guard depth <= limits.maxIncludeDepth else {
            throw at.error("includes nest deeper than \(limits.maxIncludeDepth) levels (the limit)")
        }
        guard let files else { throw at.error("this scenario has no scenario root, so it cannot include files") }
        let resolved: (display: String, disk: String)
        do { resolved = try files.resolve(relative, from: line.path) } catch { throw at.error("cannot include '\(Lexer.escapingControls(relative))': \(error.message)") }
        if let cycleStart = frames.firstIndex(where: { $0.disk == resolved.disk }) {
            let chain = frames[cycleStart...].map(\.display) + [resolved.display]
            throw at.error("include cycle: \(chain.joined(separator: " → "))")
        }
        let reader = try LineReader(path: resolved.display, filePath: resolved.disk, limits: limits)
        frames.append(Frame(reader: reader, display: resolved.display, disk: resolved.disk, base: line.time, depth: depth))
    }

    // MARK: Lines

    enum LineType { case event, header }
    private var pendingSpec: TimeSpec = .sinceStart(.zero)
    private var pendingTimeColumn = 1
    /// The time token's bytes in the line's buffer, for messages.
    private(set) var pendingTimeStart = 0
    private(set) var pendingTimeEnd = 0

    /// Reads the next non-comment line of frame `frameIndex` into `line`; nil at the end of that file.
    private func readLine(into line: inout EventLine, frameIndex: Int) throws(ScenarioError) -> LineType? {
        let reader = frames[frameIndex].reader
        var rounds = 0
        while let (start, end) = try reader.next() {
            rounds += 1
            guard rounds <= limits.maxLinesPerFile else {
                throw ScenarioError(path: reader.path, line: reader.lineNumber, column: 1,
                                    message: "more than \(limits.maxLinesPerFile) lines in one file (the limit maxLinesPerFile)")
            }
            let buffer = reader.buffer
            let kind: LineType?
            do {
                kind = try buffer.withUnsafeBufferPointer { p throws(Lexer.Problem) -> LineType? in
                    try tokenize(p, start, end, into: &line)
                }
            } catch {
                throw ScenarioError(path: reader.path, line: reader.lineNumber, column: error.at - start + 1, message: error.message)
            }
            guard let kind else { continue }
            line.path = reader.path
            line.lineNumber = reader.lineNumber
            line.buffer = buffer
            line.lineStart = start
            line.lineEnd = end
            line.attachedFiles.removeAll(keepingCapacity: true)
            return kind
        }
        return nil
    }

    /// Splits one line into time, kind and arguments. Nil for blank and comment lines.
    /// `ScenarioLayout` (`lockstep fmt`) splits lines with this same function, so the formatter can
    /// never disagree with the reader about where a token ends.
    func tokenize(_ p: UnsafeBufferPointer<UInt8>, _ lineStart: Int, _ end: Int,
                          into line: inout EventLine) throws(Lexer.Problem) -> LineType? {
        var i = lineStart
        while i < end && Lexer.isSpace(p[i]) { i += 1 }
        if i == end || p[i] == 35 { return nil }  // blank or # comment
        if end - i >= 3 && p[i] == 0xEF && p[i + 1] == 0xBB && p[i + 2] == 0xBF {
            throw Lexer.Problem(at: i, message: "byte-order mark (U+FEFF) at the start of the line; save the file as UTF-8 without a BOM")
        }
        if let bad = Lexer.firstInvalidUTF8(p, lineStart, end) {
            throw Lexer.Problem(at: bad, message: "invalid UTF-8 byte 0x\(Hex.lower(UInt64(p[bad]), digits: 2)); scenarios are UTF-8 text")
        }
        line.args.removeAll(keepingCapacity: true)
        let first = p[i]
        let type: LineType
        if Lexer.isDigit(first) || first == 43 || first == 64 {
            let timeEnd = try Lexer.tokenEnd(p, i, end)
            if let plain = Lexer.plainSeconds(p, i, timeEnd) {
                pendingSpec = plain
            } else {
                pendingSpec = try TimeSyntax.parse(p, i, timeEnd)
            }
            pendingTimeColumn = i - lineStart + 1
            pendingTimeStart = i
            pendingTimeEnd = timeEnd
            i = timeEnd
            while i < end && Lexer.isSpace(p[i]) { i += 1 }
            guard i < end else { throw Lexer.Problem(at: i, message: "missing event kind after the time") }
            type = .event
        } else if Lexer.isLetter(first) {
            type = .header
        } else {
            throw Lexer.Problem(at: i, message: "unexpected '\(Lexer.shown(first))': a line is a header, an event starting with a time, or a # comment")
        }
        // Kind (or header keyword): a word.
        let kindStart = i
        while i < end && !Lexer.isSpace(p[i]) { i += 1 }
        guard Lexer.isLetter(p[kindStart]), (kindStart + 1..<i).allSatisfy({ Lexer.isWordTail(p[$0]) }) else {
            throw Lexer.Problem(at: kindStart, message: "expected an event kind (a word), found '\(Lexer.text(p, kindStart, i))'")
        }
        // Recordings repeat one kind line after line: keep the previous String when the bytes match.
        if !Lexer.sameBytes(&line.kind, p, kindStart, i) {
            line.kind = Lexer.text(p, kindStart, i)
        }
        line.kindStart = kindStart
        // `start` and `until` take a time, which has its own syntax (checked when the header is read).
        let rawValues = type == .header && (line.kind == "start" || line.kind == "until")
        // Arguments.
        var count = 0
        while true {
            while i < end && Lexer.isSpace(p[i]) { i += 1 }
            if i >= end { break }
            count += 1
            guard count <= limits.maxArgsPerLine else {
                throw Lexer.Problem(at: i, message: "more than \(limits.maxArgsPerLine) arguments on one line (the limit)")
            }
            let tokenStart = i
            var keyEnd = tokenStart
            var hash: UInt64 = 0
            if Lexer.isLetter(p[i]) {
                var h = FNV1a64.offsetBasis
                var k = i
                while k < end && Lexer.isKeyTail(p[k]) { h = (h ^ UInt64(p[k])) &* FNV1a64.prime; k += 1 }
                if k < end && p[k] == 61 {
                    keyEnd = k
                    hash = h
                    i = k + 1
                    if i >= end || Lexer.isSpace(p[i]) {
                        throw Lexer.Problem(at: k, message: "missing value after '\(Lexer.text(p, tokenStart, k))='")
                    }
                }
            }
            let valueStart = i
            let valueEnd: Int
            let kind: ValueKind
            if !rawValues, let fast = Lexer.plainNumbers(p, i, end, maxElements: limits.maxTupleElements) {
                (valueEnd, kind) = fast  // one pass for the common `0.512,0.803,0.91`
            } else {
                valueEnd = try Lexer.tokenEnd(p, i, end)
                kind = rawValues ? .word : try Lexer.classify(p, valueStart, valueEnd, maxTupleElements: limits.maxTupleElements)
            }
            line.args.append(Arg(keyHash: hash, keyStart: tokenStart, keyEnd: keyEnd,
                                 valueStart: valueStart, valueEnd: valueEnd, kind: kind))
            i = valueEnd
        }
        return type
    }
}

extension ScenarioReader: ScenarioSource {
    /// Resolves `relative` inside the scenario root (no absolute paths, no escaping through `..` or
    /// symbolic links) and reads at most `maxBytes`.
    public func attachment(_ relative: String, from path: String, maxBytes: Int) throws(AttachmentError) -> [UInt8] {
        guard let files else { throw AttachmentError("this scenario has no scenario root, so it cannot name files") }
        do {
            let resolved = try files.resolve(relative, from: path)
            return try FileIO.read(resolved.disk, maxBytes: maxBytes)
        } catch {
            throw AttachmentError(error.message)
        }
    }
}
