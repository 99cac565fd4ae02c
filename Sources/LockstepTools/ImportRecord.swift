/// One recording record (a JSON object after the header), with typed, located accessors. Every
/// accessor throws an `ImportProblem` at the value's column, so a bad field is reported where it is.
struct ImportRecord {
    let json: ImportJSON
    let type: String
    /// The record's time in nanoseconds since the recording's start.
    let ns: Int64

    /// Reads `type` and the time (`t` decimal seconds or `tNs` integer nanoseconds, exactly one).
    init(_ json: ImportJSON) throws(ImportProblem) {
        guard case .object = json.value else {
            throw ImportProblem(column: json.column, message: "expected one JSON object per line, found \(json.typeName)")
        }
        self.json = json
        guard let t = json["type"] else { throw ImportProblem(column: json.column, message: "record has no \"type\"") }
        guard case .string(let type) = t.value else { throw ImportProblem(column: t.column, message: "\"type\" must be a string, found \(t.typeName)") }
        self.type = type
        switch (json["t"], json["tNs"]) {
        case (nil, nil):
            throw ImportProblem(column: json.column, message: "record has no time: give \"t\" (decimal seconds) or \"tNs\" (integer nanoseconds)")
        case (.some, .some(let second)):
            throw ImportProblem(column: second.column, message: "record gives both \"t\" and \"tNs\"; give one")
        case (.some(let v), nil):
            guard case .number(let text) = v.value else { throw ImportProblem(column: v.column, message: "\"t\" must be a number of seconds, found \(v.typeName)") }
            ns = try ImportTime.nanoseconds(secondsText: text, column: v.column)
        case (nil, .some(let v)):
            guard case .number(let text) = v.value else { throw ImportProblem(column: v.column, message: "\"tNs\" must be a whole number of nanoseconds, found \(v.typeName)") }
            ns = try ImportTime.nanoseconds(integerText: text, column: v.column)
        }
    }

    /// Refuses keys outside `allowed` (plus `type`, `t` and `tNs`): a typo is an error, not a silent default.
    func onlyKeys(_ allowed: [String]) throws(ImportProblem) {
        guard case .object(let members) = json.value else { return }
        let known = ["t", "tNs", "type"] + allowed
        for m in members where !known.contains(m.key) {
            throw ImportProblem(column: m.keyColumn, message: "unknown key \"\(m.key)\" for a \(type) record; known: \(known.joined(separator: ", "))")
        }
    }

    func member(_ key: String) throws(ImportProblem) -> ImportJSON {
        guard let v = json[key] else { throw ImportProblem(column: json.column, message: "\(type) record has no \"\(key)\"") }
        return v
    }

    /// The number's text, verbatim (JSON number text is valid scenario number text).
    func number(_ key: String) throws(ImportProblem) -> String? {
        guard let v = json[key] else { return nil }
        guard case .number(let text) = v.value else { throw ImportProblem(column: v.column, message: "\"\(key)\" must be a number, found \(v.typeName)") }
        return text
    }

    func requiredNumber(_ key: String) throws(ImportProblem) -> String {
        _ = try member(key)
        return try number(key)!
    }

    /// A whole number in `range`, as its text.
    func integer(_ key: String, in range: ClosedRange<Int64>) throws(ImportProblem) -> String? {
        guard let text = try number(key) else { return nil }
        let column = json[key]!.column
        guard let n = Int64(text) else { throw ImportProblem(column: column, message: "\"\(key)\" must be a whole number, found \(text)") }
        guard range.contains(n) else { throw ImportProblem(column: column, message: "\"\(key)\" \(text) is out of range \(range.lowerBound)...\(range.upperBound)") }
        return text
    }

    func string(_ key: String) throws(ImportProblem) -> String? {
        guard let v = json[key] else { return nil }
        guard case .string(let s) = v.value else { throw ImportProblem(column: v.column, message: "\"\(key)\" must be a string, found \(v.typeName)") }
        return s
    }

    func requiredString(_ key: String) throws(ImportProblem) -> String {
        _ = try member(key)
        return try string(key)!
    }

    /// A string that must be one of `choices`.
    func choice(_ key: String, _ choices: [String]) throws(ImportProblem) -> String {
        let s = try requiredString(key)
        guard choices.contains(s) else {
            throw ImportProblem(column: json[key]!.column, message: "\"\(key)\" \"\(s)\" is not one of \(choices.joined(separator: ", "))")
        }
        return s
    }

    /// A string that must be a scenario word (it is written bare into the event line).
    func word(_ key: String) throws(ImportProblem) -> String {
        let s = try requiredString(key)
        guard ImportRecord.isScenarioWord(s) else {
            throw ImportProblem(column: json[key]!.column,
                                message: "\"\(key)\" \"\(s)\" is not a scenario word (a letter or _, then letters, digits, _ . - / :)")
        }
        return s
    }

    func bool(_ key: String) throws(ImportProblem) -> Bool {
        guard let v = json[key] else { return false }
        guard case .bool(let b) = v.value else { throw ImportProblem(column: v.column, message: "\"\(key)\" must be true or false, found \(v.typeName)") }
        return b
    }

    /// The scenario format's word: a letter or `_`, then ASCII letters, digits, `_ . - / :`.
    static func isScenarioWord(_ s: String) -> Bool {
        let bytes = Array(s.utf8)
        guard let first = bytes.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.dropFirst().allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || "_.-/:".utf8.contains($0) }
    }

    private static func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
}
