/// An iOS release (`16.6`, `17.0`, `18.2`): the API paths an app takes depend on it
/// (`if #available(iOS 17, *)`). Compared as (major, minor).
public struct OSRelease: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(_ major: Int, _ minor: Int) {
        self.major = major
        self.minor = minor
    }

    public static func < (a: OSRelease, b: OSRelease) -> Bool { (a.major, a.minor) < (b.major, b.minor) }
    public var description: String { "\(major).\(minor)" }

    /// `AVAudioApplication.requestRecordPermission()` replaces the session's API.
    public static let audioApplication = OSRelease(17, 0)
    /// The echo-cancelled input trio (`isEchoCancelledInputAvailable`, ...).
    public static let echoCancelledInput = OSRelease(18, 2)

    /// `17`, `17.0`, `18.2` as written in a scenario (major 1...99, minor 0...99), else nil.
    public static func parse(_ text: String) -> OSRelease? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let major = Int(parts[0]), (1...99).contains(major) else { return nil }
        let minor = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        return OSRelease(major, minor)
    }
}
