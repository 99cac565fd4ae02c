import LockstepCore
import Testing
@testable import Tuner

@Suite struct RollingWindowTests {
    func frames(bufferSize: Int, total: Int) -> [RollingWindow.Frame] {
        var w = RollingWindow()
        var out: [RollingWindow.Frame] = []
        var n = 0
        while n < total {
            let size = min(bufferSize, total - n)
            let buffer = (0..<size).map { Float(n + $0) }       // sample value = its stream index
            if let f = w.append(buffer) { out.append(f) }
            n += size
        }
        return out
    }

    @Test func bufferOf1024() {
        let f = frames(bufferSize: 1024, total: 48_000)
        #expect(f.count == 22)
        #expect(f.prefix(3).map(\.startSample) == [0, 2048, 4096])
        #expect(f.prefix(3).map(\.endSample) == [4096, 6144, 8192])
        for frame in f {
            #expect(frame.samples.count == 4096)
            #expect(frame.samples.first == Float(frame.startSample) && frame.samples.last == Float(frame.endSample - 1))
        }
    }

    @Test func bufferOf4800() {
        let f = frames(bufferSize: 4800, total: 48_000)
        #expect(f.count == 10)
        #expect(f.prefix(3).map(\.endSample) == [4800, 9600, 14_400])
        #expect(f.prefix(3).map(\.startSample) == [704, 5504, 10_304])
        #expect(f[1].samples.first == 5504)
    }

    @Test func hugeAndOddBuffers() {
        let big = frames(bufferSize: 19_200, total: 48_000)
        #expect(big.map(\.endSample) == [19_200, 38_400, 48_000])
        #expect(big.map(\.startSample) == [15_104, 34_304, 43_904])
        let odd = frames(bufferSize: 333, total: 10_000)
        // First end 4329 = 13·333 → start 233; then 2048 kept + 7·333 → end 6660, start 2564; …
        #expect(odd.map(\.startSample) == [233, 2564, 4895])
        var w = RollingWindow()
        #expect(w.append([]) == nil && w.samplesConsumed == 0)
        #expect(frames(bufferSize: 512, total: 48_000).count == 22)
    }
}
