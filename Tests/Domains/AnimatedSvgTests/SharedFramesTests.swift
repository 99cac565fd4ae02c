import LockstepCore
import Testing
@testable import AnimatedSvg

@Suite struct SharedFramesTests {
    func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    @Test func w66ThreeFrames() {
        let frames = ["abcX1", "abcY2", "abcZ"].map(bytes)
        let shared = SharedFrames(frames: frames)
        #expect(shared.prefix == bytes("abc"))
        #expect(shared.tails == ["X1", "Y2", "Z"].map(bytes))
        #expect(shared.storedBytes == 8)
        #expect(shared.naiveBytes == 14)
        #expect((0..<3).map(shared.frame) == frames)
    }

    @Test func w66SingleFrameIsAllPrefix() {
        let shared = SharedFrames(frames: [bytes("abc")])
        #expect(shared.prefix.count == 3)
        #expect(shared.tails == [[]])
        #expect(shared.frame(0) == bytes("abc"))
        #expect(shared.storedBytes == 3 && shared.naiveBytes == 3)
    }

    @Test func frameThatIsAPrefixOfOthers() {
        let frames = ["abc", "abcdef", "ab"].map(bytes)
        let shared = SharedFrames(frames: frames)
        #expect(shared.prefix == bytes("ab"))
        #expect(shared.tails == ["c", "cdef", ""].map(bytes))
        #expect((0..<3).map(shared.frame) == frames)
    }

    @Test func noFramesAndOutOfRangeIndexDoNotTrap() {
        let empty = SharedFrames(frames: [])
        #expect(empty.prefix.isEmpty && empty.tails.isEmpty && empty.storedBytes == 0)
        #expect(empty.frame(0) == [])
        #expect(SharedFrames(frames: [bytes("x")]).frame(-1) == [])
    }

    @Test func compiledFramesShareAtLeastTheImageTable() {
        let frames: [[UInt8]] = ["0", "4"].compactMap { x in
            let doc = document(E("svg", [:], E("image", ["width": "1", "height": "1", "href": Fixture.gifURI]),
                                 E("rect", ["x": x])))
            if case .success(let frame) = FrameCompiler.compile(doc, body: renderBytes) { return frame.bytes }
            return nil
        }
        let shared = SharedFrames(frames: frames)
        #expect(frames.count == 2)
        #expect(shared.prefix.count >= 7 + 7 + 42)
        #expect(shared.tails.map { String(decoding: $0, as: UTF8.self) } == ["0\"/></svg>", "4\"/></svg>"])
        #expect(shared.frame(1) == frames[1])
    }
}
