import LockstepCore
import Platform

/// Reads one scenario event line (`TIME KIND ARGS…`) the way a run does: the scenario lexer's
/// tokens, the runner's line validator (kinds, keys, types, choices), then the capture
/// vocabulary's decoder, so an error here is the error a user sees, at the same column. The test
/// target has no runner, so the tokenising is done here with the core's lexer.
enum CaptureLines {
    static let path = "t.scenario"
    static let kinds: [EventKind<CaptureSystemEvent>] = CaptureVocabulary.eventKinds { $0 }
    static let generators: [Generator<CaptureSystemEvent>] = [CaptureVocabulary.framesGenerator { $0 }]

    /// The event of `text` (a whole line, time first: `0 thermal level=fair`).
    static func decode(_ text: String) throws(ScenarioError) -> CaptureSystemEvent {
        var line = try lex(text)
        let specs = kinds.map(\.spec)
        let validator = LineValidator(specs: specs, source: nil, limits: .standard)
        let index = try validator.spec(for: line)
        let what = "'\(line.kind)'"
        try validator.validate(&line, specAt: index, what: what)
        var fields = Fields(reading: specs, path: path)
        fields.line = line
        fields.specIndex = index
        return try kinds[index].decode(&fields)
    }

    /// `path:line:column: message`, or nil when the line decodes.
    static func error(_ text: String) -> String? {
        do { _ = try decode(text); return nil } catch { return error.description }
    }

    /// The events a `gen …` line makes (the line without its time, as written after `0 `).
    static func generate(_ text: String, maxEvents: Int = 20_000_000) throws(ScenarioError) -> [Generated<CaptureSystemEvent>] {
        var line = try lex("0 " + text)
        let validator = LineValidator(specs: kinds.map(\.spec), source: nil, limits: .standard)
        let generator = try Runner.generatorOf(&line, in: generators, validator: validator)
        var context = GeneratorContext(rng: Runner.generatorRNG(seed: 0, name: generator.name, ordinal: 0), maxEvents: maxEvents, line: line)
        var fields = Fields(reading: [generator.spec], path: path)
        fields.line = line
        var out: [Generated<CaptureSystemEvent>] = []
        try generator.generate(&fields, &context) { item throws(ScenarioError) in out.append(item) }
        return out
    }

    static func generateError(_ text: String) -> String? {
        do { _ = try generate(text); return nil } catch { return error.description }
    }

    /// Tokenises one line as the scenario reader does: time, kind, then `key=value` or positional values.
    static func lex(_ text: String) throws(ScenarioError) -> EventLine {
        let bytes = Array(text.utf8)
        var line = EventLine(path: path, buffer: bytes)
        line.lineNumber = 1
        line.lineStart = 0
        line.lineEnd = bytes.count
        let limits = ScenarioLimits.standard
        let result = bytes.withUnsafeBufferPointer { p -> Result<EventLine, Lexer.Problem> in
            do throws(Lexer.Problem) {
                let end = p.count
                var i = 0
                i = try Lexer.tokenEnd(p, i, end)  // the time
                while i < end && Lexer.isSpace(p[i]) { i += 1 }
                let kindStart = i
                while i < end && !Lexer.isSpace(p[i]) { i += 1 }
                line.kind = Lexer.text(p, kindStart, i)
                line.kindStart = kindStart
                while true {
                    while i < end && Lexer.isSpace(p[i]) { i += 1 }
                    if i >= end { break }
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
                        }
                    }
                    let valueStart = i
                    let valueEnd: Int
                    let kind: ValueKind
                    if let fast = Lexer.plainNumbers(p, i, end, maxElements: limits.maxTupleElements) {
                        (valueEnd, kind) = fast
                    } else {
                        valueEnd = try Lexer.tokenEnd(p, i, end)
                        kind = try Lexer.classify(p, valueStart, valueEnd, maxTupleElements: limits.maxTupleElements)
                    }
                    line.args.append(Arg(keyHash: hash, keyStart: tokenStart, keyEnd: keyEnd, valueStart: valueStart, valueEnd: valueEnd, kind: kind))
                    i = valueEnd
                }
                return .success(line)
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let l): return l
        case .failure(let problem): throw ScenarioError(path: path, line: 1, column: problem.at + 1, message: problem.message)
        }
    }
}
