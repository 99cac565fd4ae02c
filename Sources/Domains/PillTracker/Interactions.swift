import LockstepCore

/// The bundled interaction table: a version date and symmetric pairs of generic names. The content
/// is a stand-in (the article says it must come from a licensed source); the behaviour is the
/// article's: never block, always show the data's date, never say "safe".
enum Interactions {
    static let versionDate = "2026-01-15"
    static let pairs: [(String, String)] = [
        ("aspirin", "warfarin"),
        ("clarithromycin", "simvastatin"),
        ("sertraline", "tramadol"),
    ]

    static let noneText = "No interactions found in this app's list (data dated \(versionDate)). Check with your pharmacist or doctor."
    /// The old wording (fault `safeWording`): a promise the data cannot make, and no date.
    static let safeText = "Safe to combine."

    static func warningText(_ a: String, _ b: String) -> String {
        "\(a) and \(b) may interact (this app's list, data dated \(versionDate)). Check with your pharmacist or doctor."
    }

    /// GAP: the matching key is the trimmed, case-folded name.
    static func key(_ name: String) -> String { trim(name).lowercased() }

    /// The name without leading or trailing spaces (what the form saves).
    static func trim(_ name: String) -> String {
        String(String(name.drop { $0 == " " }.reversed()).drop { $0 == " " }.reversed())
    }

    /// The existing medications' names that pair with `name`, in list order.
    static func partners(of name: String, among existing: [String]) -> [String] {
        let k = key(name)
        return existing.filter { other in
            let o = key(other)
            return pairs.contains { ($0.0 == k && $0.1 == o) || ($0.1 == k && $0.0 == o) }
        }
    }
}
