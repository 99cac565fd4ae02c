import LockstepCore
import Testing

/// `Explorer`: the same seed writes the same walk; an explorer with memory sees what it wrote
/// earlier in the walk, and every walk starts from the initial memory.
@Suite struct ExplorerTests {
    /// Opens numbered items and refers to one it has opened: only memory can name a real one.
    static let withMemory = Explorer(memory: [Int](), header: { _, opened in
        opened.append(0)
        return ["set first 0"]
    }, next: { rng, opened, step in
        if rng.chance(0.5) || opened.count < 2 {
            opened.append(step + 1)
            return "+1 open item=\(step + 1)"
        }
        return "+1 close item=\(opened.remove(at: rng.int(below: opened.count)))"
    })

    @Test func memoryNamesOnlyWhatTheWalkOpened() {
        let text = Self.withMemory.scenario(domain: "d", seed: 7, steps: 60)
        var open: Set<Int> = [0]
        for line in text.split(separator: "\n") where line.hasPrefix("+1 ") {
            let item = Int(line.split(separator: "=").last!)!
            if line.contains(" open ") { open.insert(item) } else {
                #expect(open.remove(item) != nil, "closed \(item), which is not open: \(line)")
            }
        }
        #expect(text.contains(" close "))
        // Same seed, same walk; a second walk does not inherit the first one's memory.
        #expect(Self.withMemory.scenario(domain: "d", seed: 7, steps: 60) == text)
        #expect(Self.withMemory.scenario(domain: "d", seed: 8, steps: 60) != text)
    }

    @Test func aMemorylessExplorerDrawsHeaderThenSteps() {
        let explorer = Explorer(header: { rng in ["set n \(rng.int(below: 1000))"] }, next: { rng, step in "+\(step) tick v=\(rng.int(below: 1000))" })
        var rng = SeededRNG.substream(seed: 3, label: "explore:d", index: 0)
        var expected = "lockstep 1\ndomain d\nseed 3\nset n \(rng.int(below: 1000))\n\n"
        for step in 0..<5 { expected += "+\(step) tick v=\(rng.int(below: 1000))\n" }
        #expect(explorer.scenario(domain: "d", seed: 3, steps: 5) == expected)
    }
}
