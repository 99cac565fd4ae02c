import LockstepCore

/// RFC 7636 PKCE (method S256): a verifier of 32 seeded random bytes, base64url without padding
/// (exactly 43 characters), and its challenge base64url-no-padding(SHA-256(UTF-8(verifier))).
/// Uses LockstepCore's `SHA256` and `Base64` (alphabet `.url`, `padding: false`).
public struct PKCE: Hashable, Sendable {
    public var verifier: String
    public var challenge: String

    /// The article's "thirty-two random bytes", which give a 43-character verifier.
    public static let verifierByteCount = 32

    public init(verifier: String) {
        self.verifier = verifier
        self.challenge = PKCE.challenge(for: verifier)
    }

    /// base64url-no-padding(SHA-256(UTF-8(verifier))).
    public static func challenge(for verifier: String) -> String {
        Base64.encode(SHA256.hash(Array(verifier.utf8)), alphabet: .url, padding: false)
    }

    /// The verifier of `bytes` (base64url, no padding).
    public static func verifier(bytes: [UInt8]) -> String {
        Base64.encode(bytes, alphabet: .url, padding: false)
    }

    /// 32 bytes from the seeded substream `pkce` (index = the sign-in attempt), little-endian
    /// from four 64-bit draws: the stand-in for `SecRandomCopyBytes`.
    public static func randomBytes(_ rng: inout SeededRNG) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(verifierByteCount)
        while out.count < verifierByteCount {
            let v = rng.next()
            for i in 0..<8 { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) }
        }
        return out
    }
}
