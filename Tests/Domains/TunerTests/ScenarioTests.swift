import LockstepCore
import LockstepRunner
import Platform
import Testing
@testable import Tuner

func tunerRecords(_ body: String) throws(ScenarioError) -> [String] { try InlineScenario.records(Tuner.self, body) }
func tunerError(_ body: String) -> String? { InlineScenario.error(Tuner.self, body) }

/// The per-window contract and bad input, through the real scenario runner.
@Suite struct TunerScenarioTests {
    /// Each analysed window writes `window`, then `reading`, then `display`, in that order.
    @Test func readingComesBeforeDisplay() throws {
        let r = try tunerRecords("0 appear\n0 gen tone f=440 amp=0.5 seconds=0.1 buffer=4096\n")
        let kinds = r.compactMap { $0.split(separator: " ").first }.filter { ["window", "reading", "display"].contains($0) }
        #expect(kinds.prefix(3) == ["window", "reading", "display"])
        #expect(r.contains("reading hz=439.759 note=A octave=4 midi=69 cents=-0.95"))
    }

    /// 1024-frame buffers: the first window after 4 buffers, then every 2 (4096, 6144, …).
    @Test func windowsAtTheOverlap() throws {
        let r = try tunerRecords("0 appear\n0 gen tone f=110 amp=0.5 seconds=0.2 buffer=1024\n")
        let ends = r.filter { $0.hasPrefix("window ") }.compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("end=") }.map { String($0.dropFirst(4)) }
        }
        #expect(ends == ["4096", "6144", "8192"])
    }

    @Test func gatedWindowsSayWhy() throws {
        let r = try tunerRecords("0 appear\n0 gen silence seconds=0.1 buffer=1024\n")
        #expect(r.contains("reading hz=none reason=gate"))
    }

    @Test func badLinesAreLocated() {
        #expect(tunerError("0 reference a4=500\n")?.contains("a4=500 is out of range 400.0...480.0") == true)
        #expect(tunerError("0 gen tone f=440 seconds=1 buffer=0\n")?.contains("buffer=0") == true)
        #expect(tunerError("0 gen wav file=nothere.wav buffer=1024\n")?.contains("nothere.wav") == true)
    }

    /// Premium gates presets and Auto Mode; a lapse falls back to free ones.
    @Test func premiumGating() throws {
        let r = try tunerRecords("0 preset id=g-open-g\n+0 autoMode on=true\n+0 entitlement premium=true\n+0 preset id=g-open-g\n+0 autoMode on=true\n+0 entitlement premium=false\n")
        #expect(r.contains("rejected input=preset reason=requiresPremium id=g-open-g"))
        #expect(r.contains("rejected input=autoMode reason=requiresPremium"))
        #expect(r.contains("autoMode on=false reason=premiumLapsed"))
        #expect(r.contains("preset id=g-std reason=premiumLapsed"))
    }
}
