import LockstepCore

/// The first object of a recording: what made it. Written by every recorder in `Recorders/`
/// (docs/recording-on-a-device.md, "Schemas"):
/// `{"format":"lockstep-recording","version":1,"kind":"touch","device":"iPad13,4","os":"iPadOS 17.4",
///   "zone":"Europe/Berlin","app":"2.1 (301)","start":"2026-03-14T09:00:00.25Z"}`.
struct ImportHeader {
    enum Kind: String, CaseIterable {
        case touch, pose, session
    }

    static let formatName = "lockstep-recording"
    static let version = "1"
    static let keys = ["format", "version", "kind", "device", "os", "zone", "app", "start", "title"]

    var kind: Kind
    var device = ""
    var os = ""
    var zone = ""
    var app = ""
    /// The instant of time 0, as written (UTC, `Z`), already checked.
    var start: String?
    var title: String?

    /// Reads and checks a header object; every problem is located.
    static func read(_ json: ImportJSON, problems: inout [ImportProblem]) -> ImportHeader? {
        guard case .object(let members) = json.value else {
            problems.append(ImportProblem(column: json.column, message: "the first line must be the recording's header object, found \(json.typeName)"))
            return nil
        }
        for m in members where !keys.contains(m.key) {
            problems.append(ImportProblem(column: m.keyColumn, message: "unknown header key \"\(m.key)\"; known: \(keys.joined(separator: ", "))"))
        }
        guard let format = json["format"] else {
            problems.append(ImportProblem(column: json.column, message: "the first line is not a recording header: it has no \"format\":\"\(formatName)\""))
            return nil
        }
        guard case .string(formatName) = format.value else {
            problems.append(ImportProblem(column: format.column, message: "\"format\" must be \"\(formatName)\""))
            return nil
        }
        guard let version = json["version"], case .number(let v) = version.value, v == Self.version else {
            problems.append(ImportProblem(column: json["version"]?.column ?? json.column,
                                          message: "unknown or missing recording \"version\"; this Lockstep reads version \(Self.version)"))
            return nil
        }
        guard let kindValue = json["kind"], case .string(let kindText) = kindValue.value, let kind = Kind(rawValue: kindText) else {
            problems.append(ImportProblem(column: json["kind"]?.column ?? json.column,
                                          message: "\"kind\" must be one of \(Kind.allCases.map(\.rawValue).joined(separator: ", "))"))
            return nil
        }
        var header = ImportHeader(kind: kind)
        let before = problems.count
        header.device = text(json, "device", &problems) ?? ""
        header.os = text(json, "os", &problems) ?? ""
        header.zone = text(json, "zone", &problems) ?? ""
        header.app = text(json, "app", &problems) ?? ""
        header.title = text(json, "title", &problems)
        if let start = json["start"] {
            if case .string(let s) = start.value {
                switch CivilTime.parseISO8601(Substring(s), requireUTC: true) {
                case .success: header.start = s
                case .failure(let e): problems.append(ImportProblem(column: start.column + 1 + e.offset, message: "bad start: \(e.message)"))
                }
            } else {
                problems.append(ImportProblem(column: start.column, message: "\"start\" must be a string, found \(start.typeName)"))
            }
        }
        return problems.count == before ? header : nil
    }

    private static func text(_ json: ImportJSON, _ key: String, _ problems: inout [ImportProblem]) -> String? {
        guard let v = json[key] else { return nil }
        guard case .string(let s) = v.value else {
            problems.append(ImportProblem(column: v.column, message: "\"\(key)\" must be a string, found \(v.typeName)"))
            return nil
        }
        guard !s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            problems.append(ImportProblem(column: v.column, message: "\"\(key)\" holds a control character"))
            return nil
        }
        return s
    }
}
