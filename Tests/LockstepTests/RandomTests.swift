import Testing
import Fixtures
@testable import LockstepCore
@testable import LockstepRunner

/// The high 64 bits of `x · n`, computed with 32-bit halves (independently of `multipliedFullWidth`).
private func highWord(_ x: UInt64, _ n: UInt64) -> UInt64 {
    let xl = x & 0xFFFF_FFFF, xh = x >> 32, nl = n & 0xFFFF_FFFF, nh = n >> 32
    let ll = xl * nl, lh = xl * nh, hl = xh * nl, hh = xh * nh
    let middle = (ll >> 32) + (lh & 0xFFFF_FFFF) + (hl & 0xFFFF_FFFF)
    return hh + (lh >> 32) + (hl >> 32) + (middle >> 32)
}

@Suite("SplitMix64 and its helpers")
struct RandomGeneratorTests {
    @Test("published SplitMix64 outputs for seeds 0 and 42")
    func knownVectors() {
        var zero = SeededRNG(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
        #expect(zero.next() == 0x6E78_9E6A_A1B9_65F4)
        var fortyTwo = SeededRNG(seed: 42)
        #expect(fortyTwo.next() == 0xBDD7_3226_2FEB_6E95)
    }

    @Test("double() is the top 53 bits of exactly one draw")
    func doubleUsesOneDraw() {
        var rng = SeededRNG(seed: 123)
        for _ in 0..<200 {
            var copy = rng
            let bits = copy.next()
            let expected = Double(bits >> 11) / 9_007_199_254_740_992.0  // 2^53
            let before = rng.drawCount
            let value = rng.double()
            #expect(value == expected)
            #expect(value >= 0 && value < 1)
            #expect(rng.drawCount == before + 1)
            #expect(rng == copy)  // same state afterwards: exactly one draw
        }
    }

    @Test("float() is the top 24 bits of exactly one draw")
    func floatUsesOneDraw() {
        var rng = SeededRNG(seed: 9)
        for _ in 0..<200 {
            var copy = rng
            let bits = copy.next()
            let expected = Float(UInt32(bits >> 40)) / 16_777_216.0  // 2^24, exact in Float
            let value = rng.float()
            #expect(value == expected)
            #expect(value >= 0 && value < 1)
            #expect(rng == copy)
        }
    }

    @Test("signed() is 2·double() − 1 from one draw, in [-1, 1)")
    func signedUsesOneDraw() {
        var rng = SeededRNG(seed: 5)
        for _ in 0..<100 {
            var copy = rng
            let expected = copy.double() * 2 - 1
            let value = rng.signed()
            #expect(value == expected)
            #expect(value >= -1 && value < 1)
            #expect(rng == copy)
        }
    }

    @Test("int(below:) is the high word of next() · n", arguments: [1, 2, 6, 7, 20, 1_000, Int.max])
    func intBelow(bound: Int) {
        var rng = SeededRNG(seed: 77)
        for _ in 0..<100 {
            var copy = rng
            let expected = Int(highWord(copy.next(), UInt64(bound)))
            let value = rng.int(below: bound)
            #expect(value == expected)
            #expect(value >= 0 && value < bound)
            #expect(rng == copy)
        }
    }

    @Test("int(below: 6) on seed 0: the first draw 0xE220A8397B1DCDAF · 6 has high word 5")
    func intBelowByHand() {
        // 0xE220A8397B1DCDAF / 2^64 ≈ 0.883799, and 0.883799 · 6 = 5.30 → 5.
        var rng = SeededRNG(seed: 0)
        #expect(rng.int(below: 6) == 5)
        // 0x6E789E6AA1B965F4 / 2^64 ≈ 0.431528; · 6 = 2.59 → 2.
        #expect(rng.int(below: 6) == 2)
    }

    @Test("drawCount counts every 64-bit output, one per helper call")
    func drawCount() {
        var rng = SeededRNG(seed: 1)
        #expect(rng.drawCount == 0)
        _ = rng.next()
        _ = rng.double()
        _ = rng.float()
        _ = rng.signed()
        _ = rng.int(below: 10)
        _ = rng.int(in: -5...5)
        _ = rng.chance(0.5)
        #expect(rng.drawCount == 7)
        var items = Array(0..<10)
        rng.shuffle(&items)
        #expect(rng.drawCount == 16)  // n − 1 draws
    }

    @Test("int(in:) stays inside the range, including the full Int range")
    func intInRange() {
        var rng = SeededRNG(seed: 3)
        for _ in 0..<500 {
            let v = rng.int(in: -3...3)
            #expect((-3...3).contains(v))
        }
        _ = rng.int(in: Int.min...Int.max)  // must not trap
        #expect(rng.int(in: 4...4) == 4)
    }
}

@Suite("Shuffle")
struct RandomShuffleTests {
    /// Fisher–Yates from the last index down, written out here from the definition.
    private func handShuffle(_ items: [Int], _ rng: inout SeededRNG) -> [Int] {
        var a = items
        var i = a.count - 1
        while i > 0 {
            let j = rng.int(below: i + 1)
            let t = a[i]; a[i] = a[j]; a[j] = t
            i -= 1
        }
        return a
    }

    @Test("seed 7 shuffles 0..<10 to a pinned order, equal to a hand simulation")
    func pinned() {
        var rng = SeededRNG(seed: 7)
        var copy = rng
        var items = Array(0..<10)
        rng.shuffle(&items)
        // Pinned from an independent Python SplitMix64 + Fisher–Yates (high word of next()·(i+1)).
        #expect(items == [9, 5, 8, 6, 1, 2, 4, 7, 0, 3])
        #expect(items == handShuffle(Array(0..<10), &copy))
        #expect(rng == copy)
    }

    @Test("a shuffle is a permutation and deterministic", arguments: [0, 1, 2, 3, 17, 100])
    func permutation(count: Int) {
        for seed: UInt64 in [0, 1, 42, 0xFFFF_FFFF_FFFF_FFFF] {
            var a = SeededRNG(seed: seed), b = SeededRNG(seed: seed)
            var x = Array(0..<count), y = Array(0..<count)
            a.shuffle(&x)
            b.shuffle(&y)
            #expect(x == y)
            #expect(x.sorted() == Array(0..<count))
            #expect(a.drawCount == UInt64(max(0, count - 1)))
        }
    }
}

@Suite("Named substreams")
struct RandomSubstreamTests {
    @Test("deriving A then B equals B then A, whatever else was drawn")
    func orderIndependent() {
        var w1 = World<Noop>(start: .defaultStart, seed: 42)
        var w2 = World<Noop>(start: .defaultStart, seed: 42)
        var a1 = w1.rng("stroke", 17)
        _ = w1.uuid()
        var b1 = w1.rng("tap", 3)
        var b2 = w2.rng("tap", 3)
        _ = w2.uuid(); _ = w2.uuid()
        var a2 = w2.rng("stroke", 17)
        for _ in 0..<16 {
            #expect(a1.next() == a2.next())
            #expect(b1.next() == b2.next())
        }
        // Drawing from a derived stream does not disturb a later derivation of the same name.
        var again = w1.rng("stroke", 17)
        var fresh = SeededRNG.substream(seed: 42, label: "stroke", index: 17)
        #expect(again.next() == fresh.next())
    }

    @Test("different labels, indices and seeds give different streams; equal inputs equal streams")
    func distinct() {
        func first(_ seed: UInt64, _ label: String, _ index: UInt64) -> [UInt64] {
            var r = SeededRNG.substream(seed: seed, label: label, index: index)
            return (0..<4).map { _ in r.next() }
        }
        let base = first(1, "stroke", 0)
        #expect(base == first(1, "stroke", 0))
        #expect(base != first(1, "stroke", 1))
        #expect(base != first(1, "strokes", 0))
        #expect(base != first(1, "", 0))
        #expect(base != first(2, "stroke", 0))
        // Neighbouring indices are not shifted copies of each other.
        let one = first(1, "stroke", 1)
        #expect(Set(base).isDisjoint(with: Set(one)))
        // A substream is not the parent seed's own stream.
        var parent = SeededRNG(seed: 1)
        #expect(base[0] != parent.next())
    }
}

@Suite("Seeded UUIDs")
struct RandomUUIDTests {
    private func checkLayout(_ text: String, version: Character) {
        let chars = Array(text)
        #expect(chars.count == 36)
        guard chars.count == 36 else { return }
        for (i, c) in chars.enumerated() {
            if [8, 13, 18, 23].contains(i) {
                #expect(c == "-", "position \(i) of \(text)")
            } else {
                #expect("0123456789ABCDEF".contains(c), "position \(i) of \(text) must be uppercase hex")
            }
        }
        #expect(chars[14] == version)
        #expect("89AB".contains(chars[19]), "variant bits must be 10 in \(text)")
    }

    @Test("v4: version nibble 4, variant 10, uppercase 8-4-4-4-12, from two draws")
    func v4() {
        var world = World<Noop>(start: .defaultStart, seed: 42)
        var seen: Set<String> = []
        for _ in 0..<64 {
            let id = world.uuid()
            checkLayout(id.description, version: "4")
            #expect((id.high >> 12) & 0xF == 4)
            #expect(id.low >> 62 == 0b10)
            seen.insert(id.description)
        }
        #expect(seen.count == 64)
        var rng = SeededRNG(seed: 0)
        let id = SeededUUID.v4(&rng)
        #expect(rng.drawCount == 2)
        // Seed 0's draws are 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4: the version nibble (C → 4)
        // and the variant bits (0b01 → 0b10) are forced, everything else kept.
        #expect(id.description == "E220A839-7B1D-4DAF-AE78-9E6AA1B965F4")
    }

    @Test("v7 carries the instant's Unix milliseconds in its first 48 bits")
    func v7() throws {
        // 2026-03-14T09:00:00Z is 1773478800 s (calendar.timegm); plus 123.456789 ms.
        let t = Instant(nanosecondsSinceEpoch: 1_773_478_800 * 1_000_000_000 + 123_456_789)
        var rng = SeededRNG(seed: 5)
        let id = SeededUUID.v7(at: t, &rng)
        let ms: UInt64 = 1_773_478_800_123
        #expect(id.high >> 16 == ms)
        let text = id.description
        checkLayout(text, version: "7")
        let hexMs = String(ms, radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: 12 - hexMs.count) + hexMs
        let printed = text.replacingOccurrences(of: "-", with: "").prefix(12)
        #expect(String(printed) == padded)
        // Later instants sort later.
        let later = SeededUUID.v7(at: t + .milliseconds(1), &rng)
        #expect(id < later)
    }
}
