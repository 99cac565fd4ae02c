import LockstepCore
import LockstepRunner
import Registry

/// The scenario format's words for libFuzzer's `-dict`, derived from the registry so a new domain,
/// event kind, field, setting, generator or fault is in the dictionary without anyone editing it.
enum ScenarioDictionary {
    static func tokens() -> [String] {
        var words: [String] = ScenarioReader.headerKeywords + ["include", "gen", "fault", "+", "until", "\n", "=", ",", "\""]
        words += ["1970-01-01T00:00:00Z", "2026-03-29T01:30:00", "Europe/London", "America/New_York", "1h30m", "0.5s", "ms", "us", "ns", "d"]
        for domain in allDomains {
            words.append(domain.name)
            for kind in domain.eventKinds {
                words.append(kind.kind)
                words += (kind.positional + kind.fields).map { $0.name + "=" }
            }
            words += domain.configKeys.map(\.name)
            words += domain.faults.map(\.name)
            for generator in domain.generators {
                words.append(generator.name)
                words += generator.fields.map { $0.name + "=" }
            }
        }
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }
    }

    /// One dictionary line: the token as a C-escaped string (libFuzzer's format).
    static func entry(_ token: String) -> String {
        var out = "\""
        for byte in token.utf8 {
            switch byte {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x20...0x7E: out += String(UnicodeScalar(byte))
            default: out += "\\x" + Hex.lower(UInt64(byte), digits: 2)
            }
        }
        return out + "\""
    }
}
