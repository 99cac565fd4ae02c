/// Checks a line against its spec before the domain sees it, so every domain gets the same strict,
/// well-located errors for free: unknown kinds and keys, duplicate keys, missing fields, wrong types.
@usableFromInline
package struct LineValidator {
    @usableFromInline package let specs: [EventSpec]
    /// Reads `file` fields; nil when the lines come from memory without a scenario root.
    @usableFromInline let source: (any ScenarioSource)?
    @usableFromInline let limits: ScenarioLimits

    @usableFromInline package init(specs: [EventSpec], source: (any ScenarioSource)?, limits: ScenarioLimits) {
        self.specs = specs
        self.source = source
        self.limits = limits
    }

    @usableFromInline package func spec(for line: EventLine) throws(ScenarioError) -> Int {
        for i in specs.indices where specs[i].kind == line.kind { return i }
        let known = specs.map(\.kind).sorted().joined(separator: ", ")
        throw line.location.error("unknown event kind '\(line.kind)'; this domain accepts: \(known)")
    }

    /// Validates `line` against `spec`, reading `file` fields into the line.
    /// Validates against the spec at `index` without copying it (this runs for every line).
    @usableFromInline package func validate(_ line: inout EventLine, specAt index: Int, what: @autoclosure () -> String) throws(ScenarioError) {
        try validate(&line, positional: specs[index].positional, fields: specs[index].fields,
                     acceptsOtherKeys: specs[index].acceptsOtherKeys, what: what())
    }

    @usableFromInline package func validate(_ line: inout EventLine, against spec: EventSpec, what: @autoclosure () -> String) throws(ScenarioError) {
        try validate(&line, positional: spec.positional, fields: spec.fields, acceptsOtherKeys: spec.acceptsOtherKeys, what: what())
    }

    func validate(_ line: inout EventLine, positional: [FieldSpec], fields: [FieldSpec], acceptsOtherKeys: Bool,
                  what: @autoclosure () -> String) throws(ScenarioError) {
        let spec = (positional: positional, fields: fields, acceptsOtherKeys: acceptsOtherKeys)
        var seen = [Bool](repeating: false, count: spec.fields.count)
        var positionalCount = 0
        var otherKeys: UInt64 = 0
        for (argIndex, arg) in line.args.enumerated() {
            if arg.isPositional {
                guard positionalCount < spec.positional.count else {
                    let hint = spec.fields.isEmpty ? "" : "; fields are written key=value (\(spec.fields.map(\.name).joined(separator: ", ")))"
                    throw line.location(ofArg: argIndex).error("unexpected value '\(line.rawText(argIndex))' for \(what())\(hint)")
                }
                try check(&line, argIndex, spec.positional[positionalCount], what: what())
                positionalCount += 1
                continue
            }
            var fieldIndex = -1
            for f in spec.fields.indices where spec.fields[f].nameHash == arg.keyHash && spec.fields[f].name == line.keyText(argIndex) {
                fieldIndex = f
                break
            }
            if fieldIndex < 0 {
                if spec.acceptsOtherKeys {
                    // Keys the domain reads itself are still keys: each at most once on a line. A
                    // 64-bit filter of the key hashes seen so far keeps the common case (19 joints of
                    // a camera frame, all different) to one test per key; earlier keys are scanned
                    // only when the filter says the key may have been seen.
                    let bit: UInt64 = 1 << (arg.keyHash & 63)
                    if otherKeys & bit != 0, let first = line.firstEarlierArg(withSameKeyAs: argIndex) {
                        throw line.location(ofArg: argIndex).error("duplicate field '\(line.keyText(argIndex))' (first given at column \(line.location(ofArg: first).column))")
                    }
                    otherKeys |= bit
                    continue
                }
                let known = spec.fields.map(\.name).joined(separator: ", ")
                throw line.location(ofArg: argIndex).error("unknown field '\(line.keyText(argIndex))' for \(what()); known fields: \(known.isEmpty ? "none" : known)")
            }
            guard !seen[fieldIndex] else {
                throw line.location(ofArg: argIndex).error("duplicate field '\(spec.fields[fieldIndex].name)'")
            }
            seen[fieldIndex] = true
            try check(&line, argIndex, spec.fields[fieldIndex], what: what())
        }
        if positionalCount < spec.positional.count, spec.positional[positionalCount].required {
            throw line.location.error("missing \(spec.positional[positionalCount].name) for \(what())")
        }
        for f in spec.fields.indices where spec.fields[f].required && !seen[f] {
            throw line.location.error("missing field '\(spec.fields[f].name)' for \(what())")
        }
    }

    @usableFromInline func check(_ line: inout EventLine, _ i: Int, _ field: FieldSpec, what: @autoclosure () -> String) throws(ScenarioError) {
        let kind = line.args[i].kind
        let at = line.valueLocation(i)
        func wrong(_ expected: String) -> ScenarioError {
            at.error("\(field.name) must be \(expected), found \(kind) '\(line.rawText(i))'")
        }
        switch field.type {
        case .number: guard kind == .number else { throw wrong("a number") }
        case .integer:
            guard kind == .number else { throw wrong("a whole number") }
            _ = try line.int(at: i)
        case .word(let choices):
            guard kind == .word else { throw wrong("a word") }
            if !choices.isEmpty && !choices.contains(line.rawText(i)) {
                throw at.error("unknown \(field.name) '\(line.rawText(i))'; expected one of: \(choices.joined(separator: ", "))")
            }
        case .string: guard kind == .string else { throw wrong("a quoted string") }
        case .tuple(let count):
            guard kind == .tuple || (kind == .number && count <= 1) else { throw wrong(count == 0 ? "a tuple like 1,2,3" : "a tuple of \(count) numbers") }
            if count > 0 {
                // Count elements without decoding them (a camera frame has 19 tuples per line).
                let a = line.args[i]
                let n = line.buffer.withUnsafeBufferPointer { p in
                    var commas = 0
                    for j in a.valueStart..<a.valueEnd where p[j] == 44 { commas += 1 }
                    return commas + 1
                }
                guard n == count else { throw at.error("\(field.name) must have \(count) numbers, found \(n)") }
                if a.kind == .tuple { _ = try line.firstWordInTuple(at: i) }
            }
        case .bool:
            guard kind == .word, line.rawText(i) == "true" || line.rawText(i) == "false" else { throw wrong("true or false") }
        case .file:
            guard kind == .word || kind == .string else { throw wrong("a path") }
            let relative = try line.text(at: i)
            guard let source else { throw at.error("this scenario has no scenario root, so it cannot name files") }
            do {
                let bytes = try source.attachment(relative, from: line.path, maxBytes: limits.maxAttachedFileBytes)
                line.attachedFiles.append((i, bytes))
            } catch {
                throw at.error("cannot read '\(Lexer.escapingControls(relative))': \(error.message)")
            }
        case .duration:
            guard kind == .number || kind == .word else { throw wrong("a duration like 1.5, 90s or 2h30m") }
            _ = try line.duration(at: i)
        case .instant:
            guard kind == .word || kind == .string else { throw wrong("an instant like @2026-03-29T01:30:00Z") }
            _ = try line.instant(at: i)
        case .any: break
        }
    }
}
