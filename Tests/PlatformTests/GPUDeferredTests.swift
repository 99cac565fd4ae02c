import Testing
import Platform

/// A one-number draw for the tests: merges with a contiguous draw of the same tag.
struct TagDraw: DeferredDraw {
    var offset: Int
    var count: Int
    var tag: Int
    func canExtend(with next: TagDraw) -> Bool { tag == next.tag }
}

@Suite struct DeferredCommandEncoderTests {
    @Test func uploadsAppendAndEmptyIsSuccess() {
        var e = DeferredCommandEncoder<Int, TagDraw>()
        #expect(e.upload([]) == 0)
        #expect(e.upload([], emptyFails: true) == nil)
        #expect(e.upload([1, 2]) == 0)
        #expect(e.upload([3]) == 2)
        #expect(e.buffer == [1, 2, 3])
    }

    @Test func contiguousSameLookMerges() {
        var e = DeferredCommandEncoder<Int, TagDraw>()
        e.encodeDraw(TagDraw(offset: 0, count: 2, tag: 1))
        e.encodeDraw(TagDraw(offset: 2, count: 3, tag: 1))
        e.encodeDraw(TagDraw(offset: 5, count: 1, tag: 2))
        e.encodeSeparateDraw(TagDraw(offset: 6, count: 1, tag: 2))
        #expect(e.commands == [.draw(TagDraw(offset: 0, count: 5, tag: 1)), .draw(TagDraw(offset: 5, count: 1, tag: 2)),
                               .draw(TagDraw(offset: 6, count: 1, tag: 2))])
    }

    /// Draws read the buffer at commit: two draws of data copied to offset 0 both read the second copy.
    @Test func offsetZeroAliases() {
        var e = DeferredCommandEncoder<Int, TagDraw>()
        e.write([10][...], at: 0)
        e.encodeSeparateDraw(TagDraw(offset: 0, count: 1, tag: 1))
        e.write([20][...], at: 0)
        e.encodeSeparateDraw(TagDraw(offset: 0, count: 1, tag: 2))
        var seen: [Int] = []
        e.commit { command, slice in if case .draw = command { seen.append(contentsOf: slice) } }
        #expect(seen == [20, 20])
        #expect(e.pendingInstances == 0 && e.pendingCommands == 0)
    }

    @Test func appendedUploadsKeepEachDrawsData() {
        var e = DeferredCommandEncoder<Int, TagDraw>()
        e.encodeClearPass()
        for v in [10, 20] { e.encodeSeparateDraw(TagDraw(offset: e.upload([v])!, count: 1, tag: v)) }
        var seen: [[Int]] = []
        e.commit { _, slice in seen.append(Array(slice)) }
        #expect(seen == [[], [10], [20]])
    }
}

@Suite struct CommandBufferQueueTests {
    @Test func idsLimitCompletionAndDrain() throws {
        var q = CommandBufferQueue<String>(maxInFlight: 2)
        #expect(try q.commit("a").get() == 1)
        #expect(try q.commit("b").get() == 2)
        #expect(throws: CommandBufferRefusal.tooManyInFlight(limit: 2)) { try q.commit("c").get() }
        #expect(q.complete(1) == "a")
        #expect(q.complete(1) == nil)
        #expect(try q.commit("d").get() == 3)
        #expect(q.drain().map(\.work) == ["b", "d"])
        #expect(q.inFlight.isEmpty && q.committed == 3 && q.completed == 3)
    }
}
