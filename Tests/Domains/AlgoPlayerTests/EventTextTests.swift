import Testing
import LockstepCore
import LockstepRunner
import Platform
@testable import AlgoPlayer

/// `AlgoPlayer.text(of:)` with the shared `reply` and `a11y` writers: every recorded kind reads
/// back as the same event through the real reader, validator and decoder.
@Suite struct AlgoPlayerEventTextTests {
    @Test func everyKindReadsBackTheSame() throws {
        let graph = Adjacency.parse("0:1,2;1:;2:0").0!
        let events: [AlgoPlayerEvent] = [
            .load(LoadRequest(.insertionSort, values: [5, 2, 4, 6, 1, 3])), .load(LoadRequest(.mergeSort)),
            .load(LoadRequest(.binarySearch, values: [1, 3], target: -4)), .load(LoadRequest(.binarySearch, target: 4)),
            .load(LoadRequest(.bfs, adjacency: graph, start: 0)), .load(LoadRequest(.dfs, adjacency: Adjacency([]), start: 9)),
            .play, .pause, .chart, .step(-1), .seek(20), .scrub(150.5), .speed(0.5), .speed(.nan), .speed(-.infinity),
            .run(.go, "package main\n\"x\""), .run(.python, ""),
            .reply(ReplyLine(target: .id(RequestID(1)), result: .result("ok"), body: "3\n", elapsed: .milliseconds(120))),
            .reply(ReplyLine(target: .latest, result: .error("network"))),
            .a11y(AccessibilityChange(voiceOver: true, reduceMotion: true)),
        ]
        #expect(try EventDecoding.roundTripDifferences(AlgoPlayer.self, events) == [])
        #expect(AlgoPlayer.text(of: events[0]) == "load algorithm=insertionSort values=5.0,2.0,4.0,6.0,1.0,3.0")
        #expect(AlgoPlayer.text(of: .tick(GenerationToken(rawValue: 1))) == nil)
    }

    @Test func badLoadsAreLocated() {
        func error(_ line: String) -> String? {
            do { _ = try EventDecoding.events(AlgoPlayer.self, lines: [line], display: "t.scenario"); return nil } catch { return error.description }
        }
        #expect(error("0 load algorithm=insertionSort values=1,2.5") == "t.scenario:4:39: values must be whole numbers within -1000000...1000000; found 2.5")
        #expect(error("0 load algorithm=binarySearch values=1,2") == "t.scenario:4:3: binarySearch needs target=")
        #expect(error("0 load algorithm=bfs adjacency=\"0:1;0:2\"") == "t.scenario:4:32: adjacency: node 0 is listed twice")
        #expect(error("0 load algorithm=bfs adjacency=\"0:15\"")?.contains("unknownNode") == true)
        #expect(error("0 load algorithm=quickSort target=3") == "t.scenario:4:35: 'target' applies to binarySearch only")
        #expect(error("0 load algorithm=dfs") == "t.scenario:4:3: dfs needs adjacency=\"NODE:N,N;...\"")
    }

    @Test func generatorDrawsFromTheSeededStream() throws {
        let a = try EventDecoding.generated(AlgoPlayer.self, "gen randomArray algorithm=binarySearch count=10 max=50 target=7")
        guard case .load(let q)? = a.first else { Issue.record("no load"); return }
        #expect(q.array.count == 10 && q.array == q.array.sorted() && q.target == 7)
        #expect(try EventDecoding.roundTripDifferences(AlgoPlayer.self, a) == [])
    }
}
