/// One parsed line of a scenario as the domain's `decode` sees it: a time, a kind and arguments.
///
/// Arguments are kept as byte ranges into the file's buffer and converted on request, so reading a
/// large recording allocates almost nothing per line. The runner has already checked the line
/// against the domain's `EventSpec` (known kind, known keys, required fields present, types right),
/// so accessors mostly cannot fail on syntax; range checks are the domain's and throw a
/// `ScenarioError` at the argument's column.
public struct EventLine: Sendable {
    public package(set) var path: String
    public package(set) var lineNumber: Int
    /// When the event happens.
    public package(set) var time: Instant
    public package(set) var kind: String
    public package(set) var args: [Arg]
    package var buffer: [UInt8]
    package var lineStart: Int
    package var kindStart: Int
    /// Where the line ends in `buffer` (its newline, or the end of the file).
    package var lineEnd: Int = 0
    /// Bytes of `file` fields, read by the runner, by argument index.
    package var attachedFiles: [(argIndex: Int, bytes: [UInt8])] = []

    @usableFromInline package init(path: String, buffer: [UInt8]) {
        self.path = path
        self.lineNumber = 0
        self.time = .epoch
        self.kind = ""
        self.args = []
        self.buffer = buffer
        self.lineStart = 0
        self.kindStart = 0
    }

    /// The line from its kind to its end, as written: `sample x=1 y=2` of `+0.1 sample x=1 y=2`.
    public var bodyText: String {
        var end = min(lineEnd, buffer.count)
        while end > kindStart, buffer[end - 1] == 32 || buffer[end - 1] == 9 || buffer[end - 1] == 13 { end -= 1 }
        guard kindStart < end else { return kind }
        return String(decoding: buffer[kindStart..<end], as: UTF8.self)
    }

    // MARK: Locations and errors

    /// The location of the line's kind (used for errors about the line as a whole).
    public var location: ScenarioLocation {
        ScenarioLocation(path: path, line: lineNumber, column: kindStart - lineStart + 1)
    }

    public func location(ofArg index: Int) -> ScenarioLocation {
        let a = args[index]
        return ScenarioLocation(path: path, line: lineNumber, column: (a.isPositional ? a.valueStart : a.keyStart) - lineStart + 1)
    }

    /// The location of argument `index`'s value (for errors a custom `FieldKind` reports).
    public func valueLocation(_ index: Int) -> ScenarioLocation {
        ScenarioLocation(path: path, line: lineNumber, column: args[index].valueStart - lineStart + 1)
    }

    /// An error at the value of `key` (or at the kind when the key is absent).
    public func error(_ message: String, at key: StaticString) -> ScenarioError {
        if let i = index(of: key) { return valueLocation(i).error(message) }
        return location.error(message)
    }

    /// An error about the line as a whole.
    public func error(_ message: String) -> ScenarioError { location.error(message) }

    // MARK: Lookup

    /// The index of the keyed argument `key`, if present.
    public func index(of key: StaticString) -> Int? {
        let hash = key.withUTF8Buffer { FNV1a64.hash($0) }
        return index(ofHash: hash, key: key)
    }

    func index(ofHash hash: UInt64, key: StaticString) -> Int? {
        for i in args.indices where args[i].keyHash == hash && !args[i].isPositional {
            let a = args[i]
            let same = key.withUTF8Buffer { k in
                buffer.withUnsafeBufferPointer { p in
                    k.count == a.keyEnd - a.keyStart && k.indices.allSatisfy { k[$0] == p[a.keyStart + $0] }
                }
            }
            if same { return i }
        }
        return nil
    }

    public func has(_ key: StaticString) -> Bool { index(of: key) != nil }

    /// The index of a keyed argument before `i` with the same key bytes as argument `i`, if any
    /// (hashes first, bytes only on a hash match).
    func firstEarlierArg(withSameKeyAs i: Int) -> Int? {
        let a = args[i]
        for j in 0..<i where !args[j].isPositional && args[j].keyHash == a.keyHash {
            let b = args[j]
            let same = buffer.withUnsafeBufferPointer { p in
                b.keyEnd - b.keyStart == a.keyEnd - a.keyStart
                    && (0..<(a.keyEnd - a.keyStart)).allSatisfy { p[a.keyStart + $0] == p[b.keyStart + $0] }
            }
            if same { return j }
        }
        return nil
    }

    /// Indices of positional arguments, in order.
    public var positionalIndices: [Int] { args.indices.filter { args[$0].isPositional } }

    /// Keyed arguments as (key, index) in line order; for domains with open-ended keys.
    public var keyedArguments: [(key: String, index: Int)] {
        args.indices.compactMap { i in
            args[i].isPositional ? nil : (keyText(i), i)
        }
    }

    public func keyText(_ i: Int) -> String {
        buffer.withUnsafeBufferPointer { Lexer.text($0, args[i].keyStart, args[i].keyEnd) }
    }

    /// The raw text of argument `i`'s value, as written.
    public func rawText(_ i: Int) -> String {
        buffer.withUnsafeBufferPointer { Lexer.text($0, args[i].valueStart, args[i].valueEnd) }
    }

    func required(_ key: StaticString) throws(ScenarioError) -> Int {
        guard let i = index(of: key) else { throw location.error("missing field '\(key)'") }
        return i
    }

    // MARK: Values by argument index

    public func double(at i: Int) throws(ScenarioError) -> Double {
        let a = args[i]
        guard a.kind == .number else { throw valueLocation(i).error("expected a number, found \(a.kind) '\(rawText(i))'") }
        return buffer.withUnsafeBufferPointer { Lexer.double($0, a.valueStart, a.valueEnd) }
    }

    public func int(at i: Int) throws(ScenarioError) -> Int64 {
        let a = args[i]
        let v: Int64? = a.kind == .number ? buffer.withUnsafeBufferPointer { Lexer.int64($0, a.valueStart, a.valueEnd) } : nil
        guard let v else { throw valueLocation(i).error("expected a whole number that fits in 64 bits, found '\(rawText(i))'") }
        return v
    }

    public func uint64(at i: Int) throws(ScenarioError) -> UInt64 {
        let a = args[i]
        let v: UInt64? = a.kind == .number ? buffer.withUnsafeBufferPointer { Lexer.uint64($0, a.valueStart, a.valueEnd) } : nil
        guard let v else { throw valueLocation(i).error("expected a non-negative whole number below 2^64, found '\(rawText(i))'") }
        return v
    }

    public func word(at i: Int) throws(ScenarioError) -> String {
        guard args[i].kind == .word else { throw valueLocation(i).error("expected a word, found \(args[i].kind) '\(rawText(i))'") }
        return rawText(i)
    }

    public func string(at i: Int) throws(ScenarioError) -> String {
        let a = args[i]
        guard a.kind == .string else { throw valueLocation(i).error("expected a quoted string, found \(a.kind) '\(rawText(i))'") }
        return buffer.withUnsafeBufferPointer { Lexer.unescape($0, a.valueStart, a.valueEnd) }
    }

    /// A word or a string, as text (for names and paths).
    public func text(at i: Int) throws(ScenarioError) -> String {
        args[i].kind == .string ? try string(at: i) : try word(at: i)
    }

    public func bool(at i: Int) throws(ScenarioError) -> Bool {
        switch rawText(i) {
        case "true": return true
        case "false": return false
        default: throw valueLocation(i).error("expected true or false, found '\(rawText(i))'")
        }
    }

    /// The one walk over a tuple's elements, in order: calls `body(index, value)` for each and stops
    /// early when it returns false. The lexer has already checked every element against the plain
    /// number grammar (`Lexer.tupleElement`), so each converts safely; the word check here is a
    /// backstop that returns the byte offset of an element that is a word, if any. With `decode`
    /// false the values are not converted (`body` gets 0).
    @inline(__always)
    func walkTuple(_ i: Int, decode: Bool, _ body: (Int, Double) -> Bool) -> Int? {
        let a = args[i]
        return buffer.withUnsafeBufferPointer { p -> Int? in
            var s = a.valueStart
            var j = a.valueStart
            var n = 0
            while j <= a.valueEnd {
                if j == a.valueEnd || p[j] == 44 {
                    if Lexer.isLetter(p[s]) && Lexer.nonFinite(p, s, j) == nil { return s }
                    if !body(n, decode ? Lexer.double(p, s, j) : 0) { return nil }
                    n += 1
                    s = j + 1
                }
                j += 1
            }
            return nil
        }
    }

    func wordInTupleError(_ offset: Int) -> ScenarioError {
        ScenarioLocation(path: path, line: lineNumber, column: offset - lineStart + 1).error("expected a number in tuple, found a word")
    }

    /// The numbers of a tuple (a single number is a one-element tuple).
    public func doubles(at i: Int) throws(ScenarioError) -> [Double] {
        let a = args[i]
        guard a.kind == .tuple || a.kind == .number else {
            throw valueLocation(i).error("expected numbers like 1,2,3, found \(a.kind) '\(rawText(i))'")
        }
        var result: [Double] = []
        if let word = walkTuple(i, decode: true, { _, v in result.append(v); return true }) { throw wordInTupleError(word) }
        return result
    }

    /// Throws if a tuple holds a word where numbers are expected (cheap check, no allocation).
    func firstWordInTuple(at i: Int) throws(ScenarioError) -> Void {
        if let word = walkTuple(i, decode: false, { _, _ in true }) { throw wordInTupleError(word) }
    }

    /// Exactly three numbers, without allocating (joint `x,y,confidence`, colours).
    public func triple(at i: Int) throws(ScenarioError) -> (Double, Double, Double) {
        var values: (Double, Double, Double) = (0, 0, 0)
        var count = 0
        var word: Int? = nil
        if args[i].kind == .tuple {
            word = walkTuple(i, decode: true) { n, v in
                switch n { case 0: values.0 = v; case 1: values.1 = v; case 2: values.2 = v; default: break }
                count = n + 1
                return n < 3
            }
        }
        guard word == nil, count == 3 else { throw valueLocation(i).error("expected three numbers like 0.5,0.2,0.9, found '\(rawText(i))'") }
        return values
    }

    /// The bytes of a `file` field, read by the runner.
    public func file(at i: Int) throws(ScenarioError) -> [UInt8] {
        for f in attachedFiles where f.argIndex == i { return f.bytes }
        throw valueLocation(i).error("no file attached to this argument; declare the field as .file in the domain's EventSpec")
    }

    /// A duration in the scenario time syntax: `1.5` (seconds), `90s`, `2h30m`, `+2h30m`; exact.
    public func duration(at i: Int) throws(ScenarioError) -> Duration {
        let a = args[i]
        let result = buffer.withUnsafeBufferPointer { p -> Result<Duration, Lexer.Problem> in
            let from = a.valueStart < a.valueEnd && p[a.valueStart] == 43 ? a.valueStart + 1 : a.valueStart
            do throws(Lexer.Problem) { return .success(try TimeSyntax.duration(p, from, a.valueEnd, whole: a.valueStart)) } catch { return .failure(error) }
        }
        switch result {
        case .success(let d): return d
        case .failure(let problem):
            throw ScenarioLocation(path: path, line: lineNumber, column: problem.at - lineStart + 1).error(problem.message)
        }
    }

    /// An ISO 8601 instant with an offset, written `@2026-03-29T01:30:00Z` or as a quoted string.
    public func instant(at i: Int) throws(ScenarioError) -> Instant {
        var text = try self.text(at: i)
        if text.hasPrefix("@") { text.removeFirst() }
        switch CivilTime.parseISO8601(Substring(text), requireUTC: false) {
        case .success(let instant): return instant
        case .failure(let error): throw valueLocation(i).error("bad instant '\(text)': \(error.message)")
        }
    }

    // MARK: Values by key

    public func double(_ key: StaticString) throws(ScenarioError) -> Double { try double(at: required(key)) }
    public func double(_ key: StaticString, default value: Double) throws(ScenarioError) -> Double {
        guard let i = index(of: key) else { return value }
        return try double(at: i)
    }
    /// A number that must lie in `range`; the error names the range.
    public func double(_ key: StaticString, in range: ClosedRange<Double>, default value: Double? = nil) throws(ScenarioError) -> Double {
        try ranged(key, range, value) { i throws(ScenarioError) in try double(at: i) }
    }
    public func int(_ key: StaticString) throws(ScenarioError) -> Int64 { try int(at: required(key)) }
    public func int(_ key: StaticString, in range: ClosedRange<Int64>, default value: Int64? = nil) throws(ScenarioError) -> Int64 {
        try ranged(key, range, value) { i throws(ScenarioError) in try int(at: i) }
    }

    /// The value of `key` read by `read`, checked against `range`; `fallback` when the key is absent
    /// (absent and no fallback is a missing-field error). One place for both numeric kinds.
    func ranged<T: Comparable>(_ key: StaticString, _ range: ClosedRange<T>, _ fallback: T?,
                               _ read: (Int) throws(ScenarioError) -> T) throws(ScenarioError) -> T {
        guard let i = index(of: key) else {
            if let fallback { return fallback }
            throw location.error("missing field '\(key)'")
        }
        let v = try read(i)
        guard range.contains(v) else {
            throw valueLocation(i).error("\(key)=\(rawText(i)) is out of range \(range.lowerBound)...\(range.upperBound)")
        }
        return v
    }
    public func word(_ key: StaticString) throws(ScenarioError) -> String { try word(at: required(key)) }
    public func word(_ key: StaticString, default value: String) throws(ScenarioError) -> String {
        guard let i = index(of: key) else { return value }
        return try word(at: i)
    }
    public func string(_ key: StaticString) throws(ScenarioError) -> String { try string(at: required(key)) }
    public func text(_ key: StaticString) throws(ScenarioError) -> String { try text(at: required(key)) }
    public func bool(_ key: StaticString, default value: Bool? = nil) throws(ScenarioError) -> Bool {
        guard let i = index(of: key) else {
            if let value { return value }
            throw location.error("missing field '\(key)'")
        }
        return try bool(at: i)
    }
    public func doubles(_ key: StaticString) throws(ScenarioError) -> [Double] { try doubles(at: required(key)) }
    public func triple(_ key: StaticString) throws(ScenarioError) -> (Double, Double, Double) { try triple(at: required(key)) }
    public func file(_ key: StaticString) throws(ScenarioError) -> [UInt8] { try file(at: required(key)) }

    /// A word that names a case of `E` (`began`, `pencil`); the error lists the choices.
    public func choice<E: CaseIterable & RawRepresentable>(_ key: StaticString, as type: E.Type = E.self) throws(ScenarioError) -> E
    where E.RawValue == String {
        let i = try required(key)
        return try choice(at: i)
    }

    public func choice<E: CaseIterable & RawRepresentable>(at i: Int, as type: E.Type = E.self) throws(ScenarioError) -> E
    where E.RawValue == String {
        let w = rawText(i)
        if let e = E(rawValue: w) { return e }
        let names = E.allCases.map(\.rawValue).joined(separator: ", ")
        throw valueLocation(i).error("unknown value '\(w)'; expected one of: \(names)")
    }
}
