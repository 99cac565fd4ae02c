/// An OS release (`16.6`, `17.4`, `18.2.1`, `26.5`): the API paths an app takes depend on it
/// (`if #available(iOS 17.4, *)`).
///
/// Compared numerically, component by component: `17.10 > 17.4 > 17.3.1 > 17.3`, and a missing
/// patch is 0 (`18.2 == 18.2.0`). Written `major.minor`, with `.patch` only when it is not 0, so
/// every release that has no patch reads exactly as it always has (`17.0`, `18.2`).
public struct OSRelease: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    /// 0 for a `major.minor` release.
    public var patch: Int

    public init(_ major: Int, _ minor: Int, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    public static func < (a: OSRelease, b: OSRelease) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }

    /// `17.0`, `18.2`, `18.2.1`.
    public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }

    /// `17`, `17.0`, `17.10`, `18.2.1` as written in a scenario, else nil: one to three components
    /// of one or two ASCII digits each, separated by `.`, with major 1...99 (minor and patch
    /// 0...99). `17` is `17.0`; `17.10` is minor ten, not `17.1`. Refused: empty components
    /// (`17.`, `.5`), signs, spaces, a fourth component, three-digit components (`100.0`,
    /// `17.123`, `017`).
    public static func parse(_ text: String) -> OSRelease? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
              parts.allSatisfy({ (1...2).contains($0.utf8.count) && $0.utf8.allSatisfy { (48...57).contains($0) } }),
              let major = Int(parts[0]), (1...99).contains(major) else { return nil }
        let minor = parts.count >= 2 ? Int(parts[1]) ?? 0 : 0
        let patch = parts.count == 3 ? Int(parts[2]) ?? 0 : 0
        return OSRelease(major, minor, patch)
    }
}
