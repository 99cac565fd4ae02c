import LockstepCore
import Testing

/// SHA-256 against FIPS 180-4's examples and Python's hashlib (issue #16).
@Suite struct SHA256Tests {
    static func hex(_ text: String) -> String { SHA256.hex(SHA256.hash(Array(text.utf8))) }

    @Test func nistExampleVectors() {
        // FIPS 180-4 / NIST CSRC "SHA256.pdf" examples, and the empty message.
        #expect(Self.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Self.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // 448 bits: the padding no longer fits the block, so the digest takes two.
        #expect(Self.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // 896 bits.
        #expect(Self.hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")
            == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test func oneMillionAsAtOnceAndInUnevenChunks() {
        let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hex(SHA256.hash(message)) == expected)

        // Chunks of 1, 2, ..., 130 bytes, repeating: they straddle block boundaries every way.
        var hasher = SHA256.Hasher()
        var fed = 0
        var chunk = 1
        while fed < message.count {
            let end = min(fed + chunk, message.count)
            hasher.update(message[fed..<end])
            fed = end
            chunk = chunk % 130 + 1
        }
        #expect(SHA256.hex(hasher.finalize()) == expected)
    }

    @Test func lengthsAroundThePaddingBoundary() {
        // Bytes 0, 1, 2, ..., n-1. Expected digests computed with Python's hashlib:
        //   python3 -c "import hashlib; print(hashlib.sha256(bytes(range(n))).hexdigest())"
        // 55 is the longest message whose padding fits one block; 56 needs a second; 64 is a
        // whole block of data plus a block of padding.
        let expected: [(Int, String)] = [
            (55, "463eb28e72f82e0a96c0a4cc53690c571281131f672aa229e0d45ae59b598b59"),
            (56, "da2ae4d6b36748f2a318f23e7ab1dfdf45acdc9d049bd80e59de82a60895f562"),
            (63, "29af2686fd53374a36b0846694cc342177e428d1647515f078784d69cdb9e488"),
            (64, "fdeab9acf3710362bd2658cdc9a29e8f9c757fcf9811603a8c447cd1d9151108"),
            (65, "4bfd2c8b6f1eec7a2afeb48b934ee4b2694182027e6d0fc075074f2fabb31781"),
        ]
        for (count, digest) in expected {
            let message = (0..<count).map { UInt8($0) }
            #expect(SHA256.hex(SHA256.hash(message)) == digest, "length \(count)")
            // The same bytes split at every point give the same digest.
            for split in 0...count {
                var hasher = SHA256.Hasher()
                hasher.update(message[0..<split])
                hasher.update(message[split...])
                #expect(SHA256.hex(hasher.finalize()) == digest, "length \(count) split at \(split)")
            }
        }
    }

    @Test func digestShapeAndHex() {
        let digest = SHA256.hash([])
        #expect(digest.count == SHA256.digestByteCount && digest.count == 32)
        #expect(SHA256.hex([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
        #expect(SHA256.hex([]) == "")
        // Any Collection of bytes: a UTF-8 view and an empty update change nothing.
        var hasher = SHA256.Hasher()
        hasher.update([UInt8]())
        hasher.update("ab".utf8)
        hasher.update([UInt8(ascii: "c")])
        #expect(hasher.finalize() == SHA256.hash(Array("abc".utf8)))
    }

    @Test func pkceChallengeOfRFC7636() {
        // RFC 7636 Appendix B: the S256 challenge is base64url(SHA-256(ASCII(verifier))), unpadded.
        let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
        let challenge = Base64.encode(SHA256.hash(Array(verifier.utf8)), alphabet: .url, padding: false)
        #expect(challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }
}
