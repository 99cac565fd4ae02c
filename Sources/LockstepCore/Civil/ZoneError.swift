/// Why `Zone.named(_:)` refused a name.
public enum ZoneError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not a built-in IANA name. `suggestions` holds the correctly capitalised name when only the
    /// case was wrong, else is empty.
    case unknownName(String, suggestions: [String])
    /// An abbreviation such as `IST` or `CET` was given where a zone name belongs; `candidates`
    /// are the IANA names it usually stands for.
    case ambiguousAbbreviation(String, candidates: [String])

    /// A one-line explanation for the scenario author, naming what to write instead.
    public var message: String {
        switch self {
        case .unknownName(let name, let suggestions):
            if suggestions.isEmpty {
                return "unknown time zone \"\(name)\"; use an IANA name such as Europe/Berlin (see Zone.knownNames)"
            }
            return "unknown time zone \"\(name)\"; did you mean \(ZoneError.list(suggestions))?"
        case .ambiguousAbbreviation(let name, let candidates):
            return "\"\(name)\" is an ambiguous time zone abbreviation, not a zone name; "
                + "use an IANA name such as \(ZoneError.list(candidates))"
        }
    }

    public var description: String { message }

    private static func list(_ names: [String]) -> String {
        switch names.count {
        case 0: return ""
        case 1: return names[0]
        default: return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
        }
    }
}
