import LockstepCore
import Platform

/// The medication file: `Application Support/medications.json`, canonical JSON (fixed key order),
/// instants as whole seconds since 1970, written atomically with
/// `completeUntilFirstUserAuthentication` (readable on the Lock Screen after the first unlock).
enum MedicationFile {
    static let version: Int64 = 1

    static func encode(_ meds: [Medication], lastCheck: Instant?) -> [UInt8] {
        JSONDocument.bytes(.object([
            ("version", .integer(version)), ("lastCheck", lastCheck.map { .integer($0.secondsSinceEpochFloor) } ?? .null),
            ("medications", .array(meds.map(object))),
        ]), keyOrder: .asBuilt)
    }

    /// One medication's JSON object.
    static func object(_ m: Medication) -> JSONValue {
        .object([
            ("id", .string(m.id)), ("name", .string(m.name)), ("perDose", .integer(m.pillsPerDose)),
            ("times", .array(m.times.map { .string($0.digits) })), ("pills", .integer(m.pillsRemaining)),
            ("warnDays", .integer(m.lowSupplyWarningDays)), ("since", .integer(m.since.secondsSinceEpochFloor)),
            ("taken", .integer(m.takenCount)), ("missed", .integer(m.missedCount)),
            ("corrected", .integer(m.correctedCount)),
            ("log", .array(m.log.map { .array([.string($0.kind.rawValue), .integer($0.at.secondsSinceEpochFloor), .string($0.slot)]) })),
            ("bakedUTC", .array(m.bakedUTC.map { .string($0.digits) })),
        ])
    }

    /// `object(m).bytes`, written directly (no tree): the object changes at every Taken.
    static func objectBytes(_ m: Medication) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(160 + 24 * m.log.count)
        func key(_ k: String) {
            JSONDocument.writeString(k, to: &out)
            out.append(58)
        }
        // `digits` as JSON strings: four ASCII digits need no escaping.
        func times(_ list: [TimeOfDay]) {
            out.append(91)
            for (i, t) in list.enumerated() {
                if i > 0 { out.append(44) }
                out.append(34)
                t.appendDigits(to: &out)
                out.append(34)
            }
            out.append(93)
        }
        out.append(123)
        key("id"); JSONDocument.writeString(m.id, to: &out); out.append(44)
        key("name"); JSONDocument.writeString(m.name, to: &out); out.append(44)
        key("perDose"); JSONDocument.writeInteger(Int64(m.pillsPerDose), to: &out); out.append(44)
        key("times"); times(m.times); out.append(44)
        key("pills"); JSONDocument.writeInteger(Int64(m.pillsRemaining), to: &out); out.append(44)
        key("warnDays"); JSONDocument.writeInteger(Int64(m.lowSupplyWarningDays), to: &out); out.append(44)
        key("since"); JSONDocument.writeInteger(m.since.secondsSinceEpochFloor, to: &out); out.append(44)
        key("taken"); JSONDocument.writeInteger(Int64(m.takenCount), to: &out); out.append(44)
        key("missed"); JSONDocument.writeInteger(Int64(m.missedCount), to: &out); out.append(44)
        key("corrected"); JSONDocument.writeInteger(Int64(m.correctedCount), to: &out); out.append(44)
        key("log")
        out.append(91)
        for (i, e) in m.log.enumerated() {
            if i > 0 { out.append(44) }
            out.append(91)
            JSONDocument.writeString(e.kind.rawValue, to: &out)
            out.append(44)
            JSONDocument.writeInteger(e.at.secondsSinceEpochFloor, to: &out)
            out.append(44)
            JSONDocument.writeString(e.slot, to: &out)
            out.append(93)
        }
        out.append(93)
        out.append(44)
        key("bakedUTC"); times(m.bakedUTC)
        out.append(125)
        return out
    }

    /// The same bytes as `encode(_:lastCheck:)`, reusing the encoded object of every medication
    /// that is unchanged since the last save (a Taken changes one of them; the app saves after
    /// each). The array's items are written comma-separated, so the file is the header, the
    /// objects joined by commas, and `]}`.
    static func encode(_ meds: [Medication], lastCheck: Instant?, cache: inout [EncodedMedication]) -> [UInt8] {
        var out = JSONDocument.bytes(.object([
            ("version", .integer(version)), ("lastCheck", lastCheck.map { .integer($0.secondsSinceEpochFloor) } ?? .null),
            ("medications", .array([])),
        ]), keyOrder: .asBuilt)
        out.removeLast(2)  // `]}`: the empty array's end and the object's
        out.reserveCapacity(out.count + cache.reduce(2) { $0 + $1.bytes.count + 1 } + 512)
        if cache.count > meds.count { cache.removeLast(cache.count - meds.count) }
        for i in meds.indices {
            if i == cache.count {
                cache.append(EncodedMedication(med: meds[i], bytes: objectBytes(meds[i])))
            } else if cache[i].med != meds[i] {
                cache[i] = EncodedMedication(med: meds[i], bytes: objectBytes(meds[i]))
            }
            if i > 0 { out.append(44) }
            out.append(contentsOf: cache[i].bytes)
        }
        out.append(contentsOf: [93, 125])
        return out
    }

    struct DecodeError: Error { var reason: String }

    static func decode(_ bytes: [UInt8]) throws(DecodeError) -> (meds: [Medication], lastCheck: Instant?) {
        let root: JSONValue
        do throws(JSONParseError) { root = try JSONDocument.parse(bytes, numbers: .int64) } catch { throw DecodeError(reason: "not JSON: \(wording(error))") }
        guard root["version"]?.int64 == version else { throw DecodeError(reason: "missing or unknown version") }
        var lastCheck: Instant?
        if let s = root["lastCheck"]?.int64 { lastCheck = Instant(secondsSinceEpoch: s) }
        guard case .array(let list)? = root["medications"] else { throw DecodeError(reason: "no medications list") }
        var meds: [Medication] = []
        for (i, item) in list.enumerated() {
            func int(_ k: String) throws(DecodeError) -> Int {
                guard let x = item[k]?.int else { throw DecodeError(reason: "medication \(i): '\(k)' missing or not a whole number") }
                return x
            }
            func str(_ k: String) throws(DecodeError) -> String {
                guard case .string(let s)? = item[k] else { throw DecodeError(reason: "medication \(i): '\(k)' missing or not a string") }
                return s
            }
            func times(_ k: String) throws(DecodeError) -> [TimeOfDay] {
                guard case .array(let a)? = item[k] else { throw DecodeError(reason: "medication \(i): '\(k)' missing") }
                var out: [TimeOfDay] = []
                for t in a {
                    guard case .string(let s) = t, s.utf8.count == 4, let v = Int(s), let rt = try? TimeOfDay(hhmmValue: v) else {
                        throw DecodeError(reason: "medication \(i): bad time in '\(k)'")
                    }
                    out.append(rt)
                }
                return out
            }
            var m = Medication(id: try str("id"), name: try str("name"), pillsPerDose: try int("perDose"), times: try times("times"),
                               pillsRemaining: try int("pills"), lowSupplyWarningDays: try int("warnDays"),
                               since: Instant(secondsSinceEpoch: Int64(try int("since"))))
            guard m.pillsPerDose >= 1, m.pillsRemaining >= 0, m.lowSupplyWarningDays >= 0 else {
                throw DecodeError(reason: "medication \(i): negative or zero counts")
            }
            m.takenCount = try int("taken")
            m.missedCount = try int("missed")
            m.correctedCount = try int("corrected")
            m.bakedUTC = try times("bakedUTC")
            guard case .array(let log)? = item["log"] else { throw DecodeError(reason: "medication \(i): 'log' missing") }
            for e in log.suffix(PillConstants.logLimit) {
                guard case .array(let parts) = e, parts.count == 3, case .string(let k) = parts[0], let kind = DoseEvent.Kind(rawValue: k),
                      let at = parts[1].int64, case .string(let slot) = parts[2]
                else { throw DecodeError(reason: "medication \(i): bad log entry") }
                m.log.append(DoseEvent(kind: kind, at: Instant(secondsSinceEpoch: at), slot: slot))
            }
            meds.append(m)
        }
        return (meds, lastCheck)
    }

    /// The parse failure in this file's own words (the ones its traces have always shown).
    static func wording(_ e: JSONParseError) -> String {
        let at = "at offset \(e.offset)"
        switch e.reason {
        case .unexpectedEnd, .unterminatedArray, .unterminatedObject: return "unexpected end of data \(at)"
        case .unexpectedByte, .malformedNumber, .integerOutOfRange: return "expected a value \(at)"
        case .notWholeNumber: return "only whole numbers are expected, \(at)"
        case .expectedLiteral: return "unexpected word \(at)"
        case .trailingData: return "unexpected byte \(at)"
        case .tooDeep(let limit): return "nesting deeper than \(limit) \(at)"
        case .expectedKey: return "expected a string key \(at)"
        case .expectedColon: return "expected ':' \(at)"
        case .expectedCommaOrObjectEnd: return "expected ',' or '}' \(at)"
        case .expectedCommaOrArrayEnd: return "expected ',' or ']' \(at)"
        // Escapes were reported at their backslash, one byte before the shared reader's offset.
        case .badUnicodeEscape: return "unsupported \\u escape at offset \(e.offset - 1)"
        case .badEscape: return "bad escape at offset \(e.offset - 1)"
        case .unterminatedString: return "unterminated string \(at)"
        case .invalidUTF8: return "string is not UTF-8"
        case .controlCharacterInString, .duplicateKey: return "\(e.message) \(at)"
        }
    }
}

/// A medication's JSON object as last saved, with the medication it was made from (a cache in
/// `PillState`; used only while the medication compares equal).
struct EncodedMedication: Sendable {
    var med: Medication
    var bytes: [UInt8]
}
