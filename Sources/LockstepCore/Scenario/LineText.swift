/// One event line's text, kind and values, written so that the scenario reader gives back exactly
/// the values it was built from: the builder behind `Domain.text(of:)`.
///
/// ```swift
/// LineText("touch").choice("phase", s.phase).int("id", s.id).number("x", s.x).line
/// // "touch phase=began id=1 x=0.1"
/// ```
///
/// Each value is written in the syntax its field kind reads (`FieldKind`), and checked against the
/// lexer's own rules as it is written:
/// - numbers: the shortest text that converts back to the same `Double` (Swift's `description`,
///   `1e-07`, `-0.0`), verified through the lexer's conversion; `nan`, `inf`, `-inf` for the
///   non-finite ones (every NaN is written `nan` and reads back as the default NaN);
/// - whole numbers in decimal; `true`/`false`; words as they are, when the lexer reads them as one
///   word (not `nan`, not a number, no spaces, `=` or quotes);
/// - strings quoted with the lexer's escapes (`\"`, `\\`, `\n`, `\t`, `\u{…}`);
/// - tuples comma-separated without spaces, 1 to `ScenarioLimits.standard.maxTupleElements` numbers;
/// - durations as exact seconds (`0.25s`), never negative; instants as `@` and UTC ISO 8601.
///
/// A value the scenario format cannot express (a word that is not a word, an empty or too long
/// tuple, a negative duration, an instant outside the supported range, a line too long for
/// `ScenarioLimits.standard`) makes `line` nil: the event then has no line form, rather than a
/// line that reads back as another event.
public struct LineText: Sendable {
    private var text: String
    private var writable = true
    private var arguments = 0

    /// Room left on a line for its time (`3155760000.123456789 `), within `maxLineBytes`.
    static let timeAllowance = 32

    /// Starts a line of event kind `kind` (a word).
    public init(_ kind: String) {
        text = kind
        if !LineText.isKind(kind) { writable = false }
    }

    /// The line (kind and values, without the time), or nil when some value has no scenario form.
    public var line: String? {
        guard writable, text.utf8.count + LineText.timeAllowance <= ScenarioLimits.standard.maxLineBytes,
              arguments <= ScenarioLimits.standard.maxArgsPerLine else { return nil }
        return text
    }

    // MARK: Positional values

    /// A positional word (`touches keyboard began`, `audio grant`).
    public func word(_ w: String) -> LineText { appending(nil, LineText.isWord(w) ? w : nil) }

    /// A positional case of a choice.
    public func choice<E: RawRepresentable>(_ value: E) -> LineText where E.RawValue == String { word(value.rawValue) }

    /// A positional number (`control volume 0.9`).
    public func number(_ v: Double) -> LineText { appending(nil, LineText.number(v)) }

    // MARK: Keyed values

    /// `key=WORD`, for `.word` fields.
    public func word(_ key: String, _ w: String) -> LineText { appending(key, LineText.isWord(w) ? w : nil) }

    /// `key=CASE`, for `.choice` fields.
    public func choice<E: RawRepresentable>(_ key: String, _ value: E) -> LineText where E.RawValue == String {
        word(key, value.rawValue)
    }

    /// `key=N`, for `.integer` and `.int` fields (and `UInt64` ones read with `uint64`).
    public func int(_ key: String, _ v: some BinaryInteger) -> LineText { appending(key, String(v)) }

    /// `key=X`, for `.number` fields.
    public func number(_ key: String, _ v: Double) -> LineText { appending(key, LineText.number(v)) }

    /// `key=true|false`.
    public func bool(_ key: String, _ b: Bool) -> LineText { appending(key, b ? "true" : "false") }

    /// `key="..."`, for `.string` fields.
    public func string(_ key: String, _ s: String) -> LineText { appending(key, LineText.quoted(s)) }

    /// `key=WORD` when `s` is a word, else `key="..."`: for `.text` fields (a word or a string).
    public func text(_ key: String, _ s: String) -> LineText {
        appending(key, LineText.isWord(s) ? s : LineText.quoted(s))
    }

    /// `key=a,b,c`, for `.tuple` fields: 1 to `maxTupleElements` numbers.
    public func tuple(_ key: String, _ values: [Double]) -> LineText {
        guard !values.isEmpty, values.count <= ScenarioLimits.standard.maxTupleElements else { return appending(key, nil) }
        var parts: [String] = []
        parts.reserveCapacity(values.count)
        for v in values {
            guard let t = LineText.number(v) else { return appending(key, nil) }
            parts.append(t)
        }
        return appending(key, parts.joined(separator: ","))
    }

    /// `key=a,b,c` of `Float`s (read back as `Double`s and narrowed by the domain): each is the
    /// shortest text that narrows back to the same `Float`, or the `Double` value when that is not.
    public func floats(_ key: String, _ values: [Float]) -> LineText {
        guard !values.isEmpty, values.count <= ScenarioLimits.standard.maxTupleElements else { return appending(key, nil) }
        var parts: [String] = []
        parts.reserveCapacity(values.count)
        for v in values {
            guard let t = LineText.number(v) else { return appending(key, nil) }
            parts.append(t)
        }
        return appending(key, parts.joined(separator: ","))
    }

    /// `key=SECONDSs`, exact to the nanosecond (`0.25s`, `600s`), for `.duration` fields; a negative
    /// duration has no scenario form.
    public func duration(_ key: String, _ d: Duration) -> LineText {
        appending(key, d.nanoseconds >= 0 ? Expander.seconds(d.nanoseconds) + "s" : nil)
    }

    /// `key=@YYYY-MM-DDTHH:MM:SS[.f]Z`, for `.instant` fields (inside the supported range only).
    public func instant(_ key: String, _ t: Instant) -> LineText {
        appending(key, t.isSupported ? "@" + CivilTime.iso8601UTC(t) : nil)
    }

    /// `key=TOKEN` with a value token already in scenario syntax (a path as the scenario wrote it);
    /// the token must lex as one value.
    public func raw(_ key: String, _ token: String) -> LineText { appending(key, LineText.isToken(token) ? token : nil) }

    // MARK: Fields with a default

    /// `key=X`, left out when `v` is bit for bit the decoder's default (so `-0.0` is written for a
    /// default of 0).
    public func number(_ key: String, _ v: Double, default fallback: Double) -> LineText {
        v.bitPattern == fallback.bitPattern ? self : number(key, v)
    }

    /// `key=N`, left out when it is the decoder's default.
    public func int<I: BinaryInteger>(_ key: String, _ v: I, default fallback: I) -> LineText {
        v == fallback ? self : int(key, v)
    }

    /// `key=true|false`, left out when it is the decoder's default.
    public func bool(_ key: String, _ b: Bool, default fallback: Bool) -> LineText { b == fallback ? self : bool(key, b) }

    /// `key=CASE`, left out when it is the decoder's default.
    public func choice<E: RawRepresentable & Equatable>(_ key: String, _ value: E, default fallback: E) -> LineText
    where E.RawValue == String {
        value == fallback ? self : choice(key, value)
    }

    /// `key=a,b,c`, left out when every element is bit for bit the decoder's default.
    public func tuple(_ key: String, _ values: [Double], default fallback: [Double]) -> LineText {
        values.map(\.bitPattern) == fallback.map(\.bitPattern) ? self : tuple(key, values)
    }

    /// `key="..."`, left out when it is the decoder's default.
    public func string(_ key: String, _ s: String, default fallback: String) -> LineText {
        s.utf8.elementsEqual(fallback.utf8) ? self : string(key, s)
    }

    /// Adds `value`'s field with `add` when it is not nil: `.optional(minutes) { $0.number("minutes", $1) }`.
    public func optional<V>(_ value: V?, _ add: (LineText, V) -> LineText) -> LineText {
        guard let value else { return self }
        return add(self, value)
    }

    /// The same line, marked as having no scenario form (a value the domain's decoder cannot give).
    public func unwritable() -> LineText {
        var copy = self
        copy.writable = false
        return copy
    }

    private func appending(_ key: String?, _ value: String?) -> LineText {
        var copy = self
        guard let value, key.map(LineText.isKey) ?? true else {
            copy.writable = false
            return copy
        }
        copy.text += " "
        if let key { copy.text += key + "=" }
        copy.text += value
        copy.arguments += 1
        return copy
    }

    // MARK: Values on their own

    /// The shortest text the lexer reads back as `v`: Swift's shortest round-trip `description`
    /// (checked through the lexer's own conversion), `nan`, `inf` or `-inf`. Nil only if the two
    /// ever disagreed, which would be a bug in one of them.
    public static func number(_ v: Double) -> String? {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v < 0 ? "-inf" : "inf" }
        let text = v.description
        guard let back = readNumber(text), back.bitPattern == v.bitPattern else { return nil }
        return text
    }

    /// The shortest text whose `Double` narrows back to `v` (`0.1` for `Float(0.1)`), or the exact
    /// `Double` value of `v` when the shortest `Float` text does not narrow back.
    public static func number(_ v: Float) -> String? {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v < 0 ? "-inf" : "inf" }
        let short = v.description
        if let back = readNumber(short), Float(back).bitPattern == v.bitPattern { return short }
        return number(Double(v))
    }

    /// `s` quoted and escaped as the scenario lexer reads strings back.
    public static func quoted(_ s: String) -> String { Value.string(s).text }

    /// Whether the lexer reads `s` as one word value (`pencil`, `en-US`, `Europe/Berlin`), not as a
    /// number (`nan`, `12`), a tuple, a string or an error.
    public static func isWord(_ s: String) -> Bool { classify(s) == .word }

    /// The number the lexer reads from `text`, or nil when `text` is not one number token.
    static func readNumber(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        return bytes.withUnsafeBufferPointer { p -> Double? in
            guard (try? Lexer.classifyScalar(p, 0, p.count)) == .number else { return nil }
            return Lexer.double(p, 0, p.count)
        }
    }

    static func classify(_ s: String) -> ValueKind? {
        let bytes = Array(s.utf8)
        guard !bytes.isEmpty, !bytes.contains(where: Lexer.isSpace), !bytes.contains(10), !bytes.contains(13) else { return nil }
        return bytes.withUnsafeBufferPointer { p -> ValueKind? in
            try? Lexer.classify(p, 0, p.count, maxTupleElements: ScenarioLimits.standard.maxTupleElements)
        }
    }

    /// One value token: a string (spaces allowed inside), or anything else the lexer classifies.
    static func isToken(_ s: String) -> Bool {
        let bytes = Array(s.utf8)
        guard !bytes.isEmpty, !bytes.contains(10), !bytes.contains(13) else { return false }
        return bytes.withUnsafeBufferPointer { p -> Bool in
            guard let end = try? Lexer.tokenEnd(p, 0, p.count), end == p.count else { return false }
            return (try? Lexer.classify(p, 0, p.count, maxTupleElements: ScenarioLimits.standard.maxTupleElements)) != nil
        }
    }

    /// A key: a letter, then letters, digits, `_ . -`.
    static func isKey(_ s: String) -> Bool {
        let bytes = Array(s.utf8)
        guard let first = bytes.first, Lexer.isLetter(first) else { return false }
        return bytes.dropFirst().allSatisfy(Lexer.isKeyTail)
    }

    /// An event kind: a letter, then word characters.
    static func isKind(_ s: String) -> Bool {
        let bytes = Array(s.utf8)
        guard let first = bytes.first, Lexer.isLetter(first) else { return false }
        return bytes.dropFirst().allSatisfy(Lexer.isWordTail)
    }
}
