/// The built-in IANA zones, each with the POSIX rule it follows today.
///
/// Only today's rule is kept (the footer line of the tz database's compiled file, as of tzdata
/// 2025b). Instants before a zone adopted its current rule are therefore computed with today's
/// rule, not with what clocks really showed then: Europe/Moscow in 2012, or America/Sao_Paulo
/// before it dropped daylight saving time in 2019, come out wrong. Every zone here has kept its
/// rule since at least 2014, and `Tests/LockstepTests/Resources/civil/transitions.txt` (generated
/// from the system tz database) pins the 2020...2035 transitions of each one.
///
/// Rules are written out here rather than read from `/usr/share/zoneinfo` because the machine's
/// tz database differs between hosts and releases, and a golden must not.
enum ZoneTable {
    /// Sorted by name. Adding a zone: take the last line of `/usr/share/zoneinfo/<name>`, add it
    /// here and to `make_transitions.py`, and regenerate the fixture.
    static let entries: [(name: String, rule: String)] = [
        ("America/Anchorage", "AKST9AKDT,M3.2.0,M11.1.0"),
        ("America/Chicago", "CST6CDT,M3.2.0,M11.1.0"),
        ("America/Denver", "MST7MDT,M3.2.0,M11.1.0"),
        ("America/Halifax", "AST4ADT,M3.2.0,M11.1.0"),
        ("America/Havana", "CST5CDT,M3.2.0/0,M11.1.0/1"),
        ("America/Los_Angeles", "PST8PDT,M3.2.0,M11.1.0"),
        ("America/New_York", "EST5EDT,M3.2.0,M11.1.0"),
        ("America/Phoenix", "MST7"),
        ("America/Sao_Paulo", "<-03>3"),
        ("America/St_Johns", "NST3:30NDT,M3.2.0,M11.1.0"),
        ("Asia/Dhaka", "<+06>-6"),
        ("Asia/Dubai", "<+04>-4"),
        ("Asia/Jerusalem", "IST-2IDT,M3.4.4/26,M10.5.0"),
        ("Asia/Kathmandu", "<+0545>-5:45"),
        ("Asia/Kolkata", "IST-5:30"),
        ("Asia/Shanghai", "CST-8"),
        ("Asia/Singapore", "<+08>-8"),
        ("Asia/Tokyo", "JST-9"),
        ("Australia/Adelaide", "ACST-9:30ACDT,M10.1.0,M4.1.0/3"),
        ("Australia/Sydney", "AEST-10AEDT,M10.1.0,M4.1.0/3"),
        ("Etc/UTC", "UTC0"),
        ("Europe/Amsterdam", "CET-1CEST,M3.5.0,M10.5.0/3"),
        ("Europe/Athens", "EET-2EEST,M3.5.0/3,M10.5.0/4"),
        ("Europe/Berlin", "CET-1CEST,M3.5.0,M10.5.0/3"),
        // The tz database states Dublin's rule with winter as "negative daylight saving time"
        // (`IST-1GMT0,M10.5.0,M3.5.0/1`). The equivalent summer-DST form below gives identical
        // offsets and abbreviations, and makes `isDaylightSaving` true in summer as people expect.
        ("Europe/Dublin", "GMT0IST,M3.5.0/1,M10.5.0"),
        ("Europe/Lisbon", "WET0WEST,M3.5.0/1,M10.5.0"),
        ("Europe/London", "GMT0BST,M3.5.0/1,M10.5.0"),
        ("Europe/Madrid", "CET-1CEST,M3.5.0,M10.5.0/3"),
        ("Europe/Moscow", "MSK-3"),
        ("Europe/Paris", "CET-1CEST,M3.5.0,M10.5.0/3"),
        ("Europe/Rome", "CET-1CEST,M3.5.0,M10.5.0/3"),
        ("Europe/Warsaw", "CET-1CEST,M3.5.0,M10.5.0/3"),
        ("Pacific/Auckland", "NZST-12NZDT,M9.5.0,M4.1.0/3"),
        ("Pacific/Chatham", "<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45"),
        ("Pacific/Honolulu", "HST10"),
        ("UTC", "UTC0"),
    ]

    /// Parsed once. An entry whose rule does not parse is left out rather than trapping; the
    /// tests check that every entry made it in.
    static let zones: [String: Zone] = {
        var result: [String: Zone] = [:]
        for entry in entries {
            if let rule = try? PosixTZRule(parsing: entry.rule) {
                result[entry.name] = Zone(name: entry.name, rule: rule)
            }
        }
        return result
    }()

    static let sortedNames: [String] = entries.map(\.name).sorted()

    /// Abbreviations people type where a zone name belongs, with the zones they usually mean.
    /// They are refused rather than guessed because most are ambiguous (IST is India, Ireland
    /// and Israel) and none says when daylight saving time applies.
    static let abbreviations: [(abbreviation: String, candidates: [String])] = [
        ("ACDT", ["Australia/Adelaide"]),
        ("ACST", ["Australia/Adelaide"]),
        ("ADT", ["America/Halifax"]),
        ("AEDT", ["Australia/Sydney"]),
        ("AEST", ["Australia/Sydney"]),
        ("AKDT", ["America/Anchorage"]),
        ("AKST", ["America/Anchorage"]),
        ("AST", ["America/Halifax"]),
        ("BRT", ["America/Sao_Paulo"]),
        ("BST", ["Europe/London", "Asia/Dhaka"]),
        ("CDT", ["America/Chicago", "America/Havana"]),
        ("CEST", ["Europe/Berlin", "Europe/Paris", "Europe/Madrid", "Europe/Rome", "Europe/Amsterdam", "Europe/Warsaw"]),
        ("CET", ["Europe/Berlin", "Europe/Paris", "Europe/Madrid", "Europe/Rome", "Europe/Amsterdam", "Europe/Warsaw"]),
        ("CST", ["America/Chicago", "Asia/Shanghai", "America/Havana"]),
        ("EDT", ["America/New_York"]),
        ("EEST", ["Europe/Athens"]),
        ("EET", ["Europe/Athens"]),
        ("EST", ["America/New_York"]),
        ("GMT", ["UTC", "Europe/London", "Europe/Dublin"]),
        ("GST", ["Asia/Dubai"]),
        ("HST", ["Pacific/Honolulu"]),
        ("IDT", ["Asia/Jerusalem"]),
        ("IST", ["Asia/Kolkata", "Europe/Dublin", "Asia/Jerusalem"]),
        ("JST", ["Asia/Tokyo"]),
        ("MDT", ["America/Denver"]),
        ("MSK", ["Europe/Moscow"]),
        ("MST", ["America/Denver", "America/Phoenix"]),
        ("NDT", ["America/St_Johns"]),
        ("NPT", ["Asia/Kathmandu"]),
        ("NST", ["America/St_Johns"]),
        ("NZDT", ["Pacific/Auckland"]),
        ("NZST", ["Pacific/Auckland"]),
        ("PDT", ["America/Los_Angeles"]),
        ("PST", ["America/Los_Angeles"]),
        ("SGT", ["Asia/Singapore"]),
        ("WEST", ["Europe/Lisbon"]),
        ("WET", ["Europe/Lisbon"]),
    ]
}
