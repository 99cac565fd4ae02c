import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import AlgoPlayer

/// Known values from the article (its XCTest and its code), the domain note, and hand traces of
/// the algorithms written out in the comments: the independent oracle, never the code's output.
@Suite struct AlgoPlayerKnownValueTests {
    static let article = [5, 2, 4, 6, 1, 3]

    func values(_ s: ArrayStep) -> [Int] { s.bars.map(\.value) }
    func ids(_ s: ArrayStep) -> [Int] { s.bars.map(\.id) }

    /// The article's input: 28 steps = 18 compares (with the start) + 9 swaps (its 9 inversions) + done.
    @Test func insertionSortOfTheArticleInput() {
        let steps = Sorts.insertion(Self.article, tinyInputNoDone: false)
        #expect(steps.count == 28)
        #expect(steps.filter { $0.action == .compare }.count == 18)
        #expect(steps.filter { $0.action == .swap }.count == 9)
        #expect(values(steps.last!) == [1, 2, 3, 4, 5, 6])
        #expect(ids(steps.last!) == [4, 1, 5, 2, 0, 3])  // 1 was offset 4, 2 offset 1, ...
        #expect(steps.last!.action == .done && steps.last!.sorted == Set(0...5))
        #expect(steps[0].caption == "Start with 6 unsorted values." && steps[0].active.isEmpty)
        #expect(steps[1].caption == "Take 2 and insert it into the sorted left part." && steps[1].active == [1])
        #expect(steps[2].caption == "Compare 5 and 2." && steps[2].active == [0, 1])
        #expect(steps[3].action == .swap && steps[3].caption == "5 is larger, so shift it right.")
        #expect(steps[3].bars.prefix(2).map { "\($0.id):\($0.value)" } == ["1:2", "0:5"])
        #expect(steps[27].caption == "Sorted.")
    }

    /// 2 + (n − 1) + swaps + compared pairs: sorted 2+5+0+5, reversed 2+5+15+15.
    @Test func insertionSortStepCounts() {
        #expect(Sorts.insertion([1, 2, 3, 4, 5, 6], tinyInputNoDone: false).count == 12)
        #expect(Sorts.insertion([6, 5, 4, 3, 2, 1], tinyInputNoDone: false).count == 37)
        let dup = Sorts.insertion([3, 1, 3, 2], tinyInputNoDone: false)
        #expect(dup.count == 13)
        #expect(ids(dup.last!) == [1, 3, 0, 2])  // the two 3s keep their order: id 0 before id 2
        #expect(dup[5].caption == "Compare 3 and 3." && dup[6].action == .compare)
    }

    /// GAP: n ≤ 1 still ends with .done; the article's early return (the fault) gives only the start.
    @Test func tinyInputs() {
        let one = Sorts.insertion([7], tinyInputNoDone: false)
        #expect(one.map(\.caption) == ["Start with 1 unsorted values.", "Sorted."])
        #expect(one.last!.sorted == [0])
        #expect(Sorts.insertion([], tinyInputNoDone: false).map(\.caption) == ["Start with 0 unsorted values.", "Sorted."])
        #expect(Sorts.insertion([7], tinyInputNoDone: true).map(\.caption) == ["Start with 1 unsorted values."])
    }

    /// Bubble: 1 + C(6,2)=15 compares + 9 swaps + 6 marks + 1 = 32; stable, so the same final ids.
    @Test func bubbleSort() {
        let steps = Sorts.bubble(Self.article, tinyInputNoDone: false)
        #expect(steps.count == 32)
        #expect(steps.filter { $0.action == .markSorted }.count == 6)
        #expect(ids(steps.last!) == [4, 1, 5, 2, 0, 3])
        #expect(steps[1].caption == "Compare 5 and 2.")
        #expect(steps[2].action == .swap && steps[2].caption == "5 is larger, so swap it right.")
        // The first pass: 5 compares + 4 swaps (5>2, 5>4, 6>1, 6>3), so its mark is step 1 + 9 = 10.
        #expect(steps[10].action == .markSorted && steps[10].caption == "6 is in its final place.")
    }

    /// Merge sort of [3, 1, 2], traced by hand: merge [1],[2] (compare, write 1, write 2), then
    /// [3],[1,2] (compare 3/1, write 1, compare 3/2, write 2, write 3): 1 + 3 + 5 + 1 = 10 steps.
    @Test func mergeSortSmall() {
        let steps = Sorts.merge([3, 1, 2], tinyInputNoDone: false, duplicateIds: false)
        #expect(steps.map(\.caption) == ["Start with 3 unsorted values.", "Compare 1 and 2.", "Write 1 to index 1.", "Write 2 to index 2.",
                                         "Compare 3 and 1.", "Write 1 to index 0.", "Compare 3 and 2.", "Write 2 to index 1.",
                                         "Write 3 to index 2.", "Sorted."])
        #expect(ids(steps[5]) == [1, 0, 2])  // merged [1], then the unplaced 3 and 2 in order
        #expect(ids(steps.last!) == [1, 2, 0])
        #expect(steps[6].active == [1, 2])
        // Per merge: compares + elements. [5,2,4,6,1,3]: 3 + 5 + 3 + 5 + 11, plus start and done.
        let six = Sorts.merge(Self.article, tinyInputNoDone: false, duplicateIds: false)
        #expect(six.count == 29)
        #expect(ids(six.last!) == [4, 1, 5, 2, 0, 3])
        for s in six { #expect(ids(s).sorted() == [0, 1, 2, 3, 4, 5]) }
    }

    /// The derived hazard: writing back one bar at a time duplicates an id ([5],[2] → [2,2]).
    @Test func mergeCopyBackDuplicatesIds() {
        let steps = Sorts.merge([5, 2], tinyInputNoDone: false, duplicateIds: true)
        #expect(ids(steps[2]) == [1, 1] && values(steps[2]) == [2, 2])
    }

    /// Quick sort of [3, 1, 2] by hand: pivot 2; 3 stays; 1 < 2 swaps with 3 (boundary 0 → 1);
    /// the pivot goes to index 1; both sides are single: 1 + 1 + 2 + 1 + 1 + 1 + 1 = 8 steps.
    @Test func quickSortSmall() {
        let steps = Sorts.quick([3, 1, 2], tinyInputNoDone: false)
        #expect(steps.map(\.caption) == ["Start with 3 unsorted values.", "Pivot 2 at index 2; the boundary starts at 0.",
                                         "Compare 3 with the pivot 2.", "Compare 1 with the pivot 2.",
                                         "Swap 1 and 3; the boundary moves to 1.", "Put the pivot 2 at the boundary, index 1.",
                                         "2 is in its final place at index 1.", "Sorted."])
        #expect(ids(steps.last!) == [1, 2, 0])
        #expect(values(Sorts.quick(Self.article, tinyInputNoDone: false).last!) == [1, 2, 3, 4, 5, 6])
    }

    @Test func binarySearch() {
        let a = [1, 3, 5, 7, 9, 11]
        let seven = Search.binary(a, target: 7)
        #expect(seven.map(\.caption) == ["Check the middle: 5.", "5 < 7: discard the left half.", "Check the middle: 9.",
                                         "9 > 7: discard the right half.", "Check the middle: 7.", "Found 7 at index 3."])
        #expect(seven.map { [$0.low, $0.high] } == [[0, 5], [3, 5], [3, 5], [3, 3], [3, 3], [3, 3]])
        #expect(seven.map(\.mid) == [2, nil, 4, nil, 3, 3] && seven.last!.found == 3)
        let four = Search.binary(a, target: 4)
        #expect(four.count == 7 && four.last!.low == 2 && four.last!.high == 1)
        #expect(four.last!.caption == "The window is empty: 4 isn't in the array.")
        let empty = Search.binary([], target: 4)
        #expect(empty.count == 1 && empty[0].low == 0 && empty[0].high == -1)
        #expect(Search.binary([2, 2, 2, 2, 2], target: 2).map(\.found) == [nil, 2])
        // 1...40: ⌊log2 40⌋ + 1 = 6 probes to reach 40 (mids 20, 30, 35, 38, 39, 40): 5 × 2 + 2 = 12.
        #expect(Search.binary(Array(1...40), target: 40).count == 12)
        #expect(Search.binary(Array(1...40), target: 41).count == 13)
    }

    static let sixNodes = Adjacency.parse("0:1,2;1:0,3,4;2:0,4;3:1,5;4:1,2,5;5:3,4").0!

    @Test func breadthFirst() {
        let steps = Traversal.bfs(Self.sixNodes, start: 0)
        #expect(steps.count == 13)  // 2 × 6 + 1
        #expect(steps.filter { $0.caption.hasPrefix("Visit") }.map { $0.current! } == [0, 1, 2, 3, 4, 5])
        #expect(steps.first { $0.caption == "Discover 4; add it to the queue." }?.frontier == [2, 3, 4])
        #expect(Traversal.bfs(Adjacency.parse("0:0,1,1").0!, start: 0).count == 5)
        #expect(Traversal.bfs(Adjacency.parse("").0!, start: 9).map(\.caption) == ["Start at 9.", "Visit 9.", "Done."])
    }

    /// DFS by hand: pop 0 (push 1, 2), pop 2 (push 4), pop 4 (push 5), pop 5 (push 3), pop 3, pop 1.
    @Test func depthFirst() {
        let steps = Traversal.dfs(Self.sixNodes, start: 0)
        #expect(steps.count == 13)
        #expect(steps.filter { $0.caption.hasPrefix("Visit") }.map { $0.current! } == [0, 2, 4, 5, 3, 1])
        #expect(steps.first { $0.caption == "Discover 5; push it on the stack." }?.frontier == [1, 5])
    }

    @Test func adjacencyErrors() {
        #expect(Adjacency.parse("0:1;0:2").1 == "node 0 is listed twice")
        #expect(Adjacency.parse("0:12").1?.hasPrefix("unknownNode") == true)
        #expect(Adjacency.parse("zero").1 != nil)
    }

    /// 22 n-values × 4; n² passes 600 from n = 25 (625; n = 22 is 484); n log n peaks at 384.
    @Test func complexityChart() {
        let ps = ComplexityChart.points()
        #expect(ps.count == 88)
        #expect(ps.prefix(4).map(\.ops) == [0, 1, 1, 1])
        #expect(ps.suffix(4).map(\.ops) == [6, 64, 384, 4096])
        #expect(ps.filter { $0.label == "O(n²)" && $0.ops > 600 }.map(\.n).first == 25)
        #expect(ps.filter { $0.label == "O(n log n)" }.allSatisfy { $0.ops <= 600 })
    }

    @Test func barHeights() {
        let bars = Self.article.enumerated().map { Bar(id: $0.offset, value: $0.element) }
        #expect(Render.heights(bars) == ["150.00", "60.00", "120.00", "180.00", "30.00", "90.00"])
        #expect(Render.heights([Bar(id: 0, value: 0), Bar(id: 1, value: 0)]) == ["0.00", "0.00"])
    }

    // MARK: The player on the virtual clock

    func shows(_ sim: Simulation<AlgoPlayer>) -> [(ms: Int64, index: Int)] {
        sim.steps.flatMap { step in
            step.outputs.filter { $0.name == "show" && AlgoPlayer.word($0, "cause") == "tick" }
                .map { (step.elapsed.nanoseconds / 1_000_000, AlgoPlayer.int($0, "index")!) }
        }
    }

    func loaded(_ settings: [String] = []) throws -> Simulation<AlgoPlayer> {
        var sim = try Simulation<AlgoPlayer>(settings: settings)
        sim.send(.load(LoadRequest(.insertionSort, values: Self.article)), at: .zero)
        return sim
    }

    /// 27 ticks of 600 ms: index 27 at 16.2 s, then stopped (no extra sleep); 2× 8.1 s; 0.5× 32.4 s.
    @Test func playsToTheEndOnTheClock() throws {
        for (speed, endMs) in [(1.0, Int64(16_200)), (2.0, 8_100), (0.5, 32_400)] {
            var sim = try loaded()
            if speed != 1 { sim.send(.speed(speed), at: .zero) }
            sim.send(.play, at: .zero)
            sim.advance(to: .seconds(60))
            let ticks = shows(sim)
            #expect(ticks.count == 27 && ticks.last!.index == 27 && ticks.last!.ms == endMs, "\(speed)")
            #expect(!sim.state.player.isPlaying && sim.world.pendingTimerCount == 0)
        }
    }

    /// Speed 1 → 2 at 1 s: the sleep started at 600 ms still ends at 1200, then every 300 ms.
    @Test func speedAppliesFromTheNextSleep() throws {
        var sim = try loaded()
        sim.send(.play, at: .zero)
        sim.send(.speed(2), at: .milliseconds(1000))
        sim.advance(to: .milliseconds(1800))
        #expect(shows(sim).map(\.ms) == [600, 1200, 1500, 1800])
        #expect(shows(sim).map(\.index) == [1, 2, 3, 4])
    }

    /// Pause at 1 s (index 1), play at 2 s: a full 600 ms again, so the next tick is at 2.6 s.
    @Test func pauseRestartsTheWait() throws {
        var sim = try loaded()
        sim.send(.play, at: .zero)
        sim.send(.pause, at: .milliseconds(1000))
        sim.send(.play, at: .milliseconds(2000))
        sim.advance(to: .milliseconds(2600))
        #expect(shows(sim).map(\.ms) == [600, 2600])
        #expect(sim.state.player.index == 2)
    }

    /// Play at the end replays from 0; seek clamps; VoiceOver halves the default speed.
    @Test func replaySeekAndVoiceOver() throws {
        var sim = try loaded()
        sim.send(.seek(99), at: .seconds(1))
        #expect(sim.state.player.index == 27)
        sim.send(.play, at: .seconds(2))
        #expect(sim.state.player.index == 0 && sim.state.player.isPlaying)
        sim.send(.pause, at: .seconds(3))
        sim.send(.a11y(AccessibilityChange(voiceOver: true)), at: .seconds(4))
        sim.send(.play, at: .seconds(5))
        sim.advance(to: .milliseconds(6199))
        #expect(sim.state.player.index == 1)  // the first tick under VoiceOver waits 1200 ms: 6.2 s
        sim.advance(to: .milliseconds(6200))
        #expect(sim.state.player.index == 2)
        #expect(sim.outputs.last == Record("a11y.announce").string("text", "Compare 5 and 2.").bool("spoken", true))
    }

    @Test func badInputsAreRecords() throws {
        var sim = try Simulation<AlgoPlayer>()
        sim.send(.load(LoadRequest(.insertionSort, values: Array(0...40))), at: .zero)
        sim.send(.load(LoadRequest(.binarySearch, values: [3, 1], target: 1)), at: .zero)
        sim.send(.speed(0), at: .zero)
        sim.send(.play, at: .zero)
        #expect(sim.takeOutputs().map(\.description) == [
            "rejected input=load reason=inputTooLarge algorithm=insertionSort count=41 max=40",
            "rejected input=load reason=inputNotSorted index=1 value=1 previous=3",
            "rejected input=speed reason=notPositive value=0.000",
            "rejected input=play reason=nothingLoaded",
        ])
        #expect(sim.state.steps == nil)
    }

    @Test func declarationsMeetTheContract() {
        #expect(AlgoPlayer.entry.problems.isEmpty, "\(AlgoPlayer.entry.problems)")
    }
}

/// The invariants fire on the bugs they stand for (checked on states and outputs of real runs).
@Suite struct AlgoPlayerInvariantTests {
    func invariant(_ name: String) -> Invariant<AlgoPlayer> { AlgoPlayer.invariants.first { $0.name == name }! }

    @Test func stableIdentityCatchesTheMergeCopyBack() throws {
        var sim = try Simulation<AlgoPlayer>(settings: AlgoPlayer.Settings(scrubberWidth: 300, runnerTimeout: .seconds(10)),
                                             faults: [.mergeDuplicateIds])
        sim.send(.load(LoadRequest(.mergeSort, values: [5, 2])), at: .zero)
        #expect(invariant("stableIdentity").check(sim.state, sim.outputs) == "step 2 holds ids [1,1], not a permutation of 0..<2")
        var ok = try Simulation<AlgoPlayer>()
        ok.send(.load(LoadRequest(.mergeSort, values: [5, 2])), at: .zero)
        #expect(invariant("stableIdentity").check(ok.state, ok.outputs) == nil)
    }

    @Test func oneSleepCatchesTheSecondLoop() throws {
        var sim = try Simulation<AlgoPlayer>(settings: AlgoPlayer.Settings(scrubberWidth: 300, runnerTimeout: .seconds(10)),
                                             faults: [.restartLoopOnSpeed])
        sim.send(.load(LoadRequest(.insertionSort, values: [5, 2, 4, 6, 1, 3])), at: .zero)
        sim.send(.play, at: .zero)
        sim.send(.speed(2), at: .milliseconds(100))
        #expect(invariant("oneSleepWhilePlaying").check(sim.state, []) == "playing with 2 pending sleeps")
        // Both loops advance the index: the new one at 400 and 700 ms (300 ms from 100), the old
        // one at 600 ms, so step 3 is up at 700 ms; the correct player shows step 2 only at 900.
        sim.advance(to: .milliseconds(700))
        #expect(sim.state.player.index == 3)
    }

    @Test func sortsEndSortedCatchesTheEarlyReturn() throws {
        var sim = try Simulation<AlgoPlayer>(settings: AlgoPlayer.Settings(scrubberWidth: 300, runnerTimeout: .seconds(10)),
                                             faults: [.tinyInputNoDone])
        sim.send(.load(LoadRequest(.insertionSort, values: [7])), at: .zero)
        #expect(invariant("sortsEndSorted").check(sim.state, sim.outputs) == "the last step is .compare, not .done")
    }
}
