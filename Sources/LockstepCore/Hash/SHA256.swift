/// SHA-256 (FIPS 180-4, §6.2): the digest goldens pin for artifacts and file trees, and what PKCE's
/// S256 challenge is made of. Linux has no CryptoKit, and a golden must not depend on which crypto
/// library a machine happens to have, so the harness carries its own.
///
/// `SHA256.hash(Array("abc".utf8))` is `ba7816bf…f20015ad`. Byte-oriented only (every message is a
/// whole number of bytes). Messages must be shorter than 2^61 bytes (the 64-bit bit count of the
/// padding); a longer one is a precondition failure, not a wrapped length.
public enum SHA256 {
    /// The digest length in bytes.
    public static let digestByteCount = 32
    /// The block length in bytes; the padding and `Hasher`'s buffer work in these.
    public static let blockByteCount = 64
    /// The longest message, in bytes, whose length in bits fits the 64-bit field of the padding.
    public static let maxMessageByteCount: UInt64 = (1 << 61) - 1

    /// The 32-byte digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = Hasher()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// `bytes` as lower-case hex, two digits a byte: the way digests are written in traces.
    public static func hex(_ bytes: [UInt8]) -> String { Hex.lower(bytes: bytes) }

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes (§4.2.2).
    static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// The first 32 bits of the fractional parts of the square roots of the first 8 primes (§5.3.3).
    static let initialState: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    /// SHA-256 over bytes that arrive in pieces: `update` any number of times, then `finalize` once.
    /// The digest depends only on the concatenation, never on how it was cut (`update(ab)` equals
    /// `update(a); update(b)`).
    ///
    /// A hasher is single-use: `update` or `finalize` after `finalize` is a precondition failure,
    /// because silently starting over (or returning the old digest) would hide a caller's mistake.
    public struct Hasher: Sendable {
        private var state: [UInt32] = SHA256.initialState
        /// Bytes not yet compressed: always fewer than one block between calls.
        private var pending: [UInt8] = []
        /// Message bytes seen so far.
        private var messageByteCount: UInt64 = 0
        private var finished = false

        public init() { pending.reserveCapacity(SHA256.blockByteCount) }

        /// Appends `bytes` to the message.
        public mutating func update(_ bytes: some Collection<UInt8>) {
            precondition(!finished, "SHA256.Hasher.update after finalize")
            let (total, overflow) = messageByteCount.addingReportingOverflow(UInt64(bytes.count))
            precondition(!overflow && total <= SHA256.maxMessageByteCount, "SHA-256 message longer than 2^61 - 1 bytes")
            messageByteCount = total
            for byte in bytes {
                pending.append(byte)
                if pending.count == SHA256.blockByteCount {
                    compress(pending)
                    pending.removeAll(keepingCapacity: true)
                }
            }
        }

        /// The 32-byte digest of everything passed to `update` (§5.1.1 padding: a 1 bit, zeros, the
        /// length in bits as a big-endian 64-bit number).
        public mutating func finalize() -> [UInt8] {
            precondition(!finished, "SHA256.Hasher.finalize called twice")
            finished = true
            let bitCount = messageByteCount << 3
            var tail = pending
            tail.append(0x80)
            while tail.count % SHA256.blockByteCount != SHA256.blockByteCount - 8 { tail.append(0) }
            for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitCount >> UInt64(shift))) }
            var start = 0
            while start < tail.count {
                compress(tail[start..<(start + SHA256.blockByteCount)])
                start += SHA256.blockByteCount
            }
            var digest: [UInt8] = []
            digest.reserveCapacity(SHA256.digestByteCount)
            for word in state {
                for shift in stride(from: 24, through: 0, by: -8) { digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
            }
            return digest
        }

        /// One 64-byte block into the state (§6.2.2).
        private mutating func compress(_ block: some RandomAccessCollection<UInt8>) {
            var w = [UInt32](repeating: 0, count: 64)
            var i = block.startIndex
            for t in 0..<16 {
                var word: UInt32 = 0
                for _ in 0..<4 {
                    word = word << 8 | UInt32(block[i])
                    i = block.index(after: i)
                }
                w[t] = word
            }
            for t in 16..<64 {
                let s0 = w[t - 15].rotatedRight(7) ^ w[t - 15].rotatedRight(18) ^ (w[t - 15] >> 3)
                let s1 = w[t - 2].rotatedRight(17) ^ w[t - 2].rotatedRight(19) ^ (w[t - 2] >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var a = state[0], b = state[1], c = state[2], d = state[3]
            var e = state[4], f = state[5], g = state[6], h = state[7]
            for t in 0..<64 {
                let bigSigma1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                let choose = (e & f) ^ (~e & g)
                let t1 = h &+ bigSigma1 &+ choose &+ SHA256.roundConstants[t] &+ w[t]
                let bigSigma0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let t2 = bigSigma0 &+ majority
                h = g; g = f; f = e; e = d &+ t1
                d = c; c = b; b = a; a = t1 &+ t2
            }
            state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d
            state[4] &+= e; state[5] &+= f; state[6] &+= g; state[7] &+= h
        }
    }
}

extension UInt32 {
    /// ROTR^n (FIPS 180-4 §3.2): the bits shifted out on the right come back on the left.
    fileprivate func rotatedRight(_ n: UInt32) -> UInt32 { (self >> n) | (self << (32 - n)) }
}
