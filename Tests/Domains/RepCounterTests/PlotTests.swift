import Testing
import LockstepCore
import LockstepRunner
@testable import RepCounter

/// `set plots true` (#15): the set's plot, read back from the data the PNG carries, against the
/// trace of the same run, read by this file's own small reader (not the domain's records).
@Suite struct RepCounterPlotTests {
    static let project = RepCounterInvariantTests.project

    /// The trace's `pose` (time, smoothed) and `counted` (time, reps) lines, by a reader of the text.
    static func traceSeries(_ trace: [UInt8]) -> (pose: [(t: String, smoothed: String)], counted: [(t: String, reps: Int)]) {
        var pose: [(String, String)] = [], counted: [(String, Int)] = []
        var time = ""
        for line in String(decoding: trace, as: UTF8.self).split(separator: "\n") {
            let words = line.split(separator: " ")
            if !line.hasPrefix(" "), words.count >= 3, Int(words[0]) != nil { time = String(words[1]); continue }
            if line.hasPrefix("  pose ") {
                let smoothed = words.first { $0.hasPrefix("smoothed=") }.map { String($0.dropFirst("smoothed=".count)) } ?? "?"
                pose.append((time, smoothed))
            } else if line.hasPrefix("  counted ") {
                counted.append((time, Int(words.first { $0.hasPrefix("reps=") }!.dropFirst("reps=".count))!))
            }
        }
        return (pose, counted)
    }

    /// The trace's spelling of a number with `places` decimals.
    static func fixed(_ v: Double, _ places: Int) -> String { FixedDecimal.format(v, places: places) }

    /// How many times `needle` occurs in `text` (non-overlapping).
    static func occurrences(_ needle: String, in text: String) -> Int {
        var n = 0
        var rest = Substring(text)
        while let r = rest.firstRange(of: needle) { n += 1; rest = rest[r.upperBound...] }
        return n
    }

    @Test func tenPushUpsPlotTenCountedRepsAtTheTraceTimes() throws {
        let result = try Self.project.run("Scenarios/repCounter/plot-ten-push-ups.scenario")
        let artifact = try #require(result.summary.artifacts.first { $0.name == "set1.plot.png" })
        let text = try #require(Plot.data(fromPNG: artifact.bytes), "the PNG carries its data")
        let plot = try Plot.parse(text)
        let trace = Self.traceSeries(result.trace)

        // Ten counted reps, in order, each at the time of the step whose trace says `counted`.
        #expect(trace.counted.map(\.reps) == Array(1...10))
        let counted = plot.markers.filter { $0.label == "counted" }
        #expect(counted.count == 10)
        #expect(counted.map { Self.fixed($0.x, 9) } == trace.counted.map(\.t))
        // The pose builder sweeps one rep per 2 s: rep k comes back above 150° in its own period.
        for (k, m) in counted.enumerated() {
            #expect(m.x > Double(2 * k) + 1 && m.x < Double(2 * k + 2), "rep \(k + 1) at \(m.x) s")
            #expect(try #require(m.y) >= 150, "counted at or above `extended`")
        }
        #expect(plot.markers.count == 10, "no refused rep in a clean set")

        // The smoothed line is the trace's smoothed value, frame by frame.
        let smoothed = try #require(plot.series.first { $0.name == "smoothed" })
        #expect(smoothed.points.count == trace.pose.count)
        #expect(smoothed.points.map { Self.fixed($0.x, 9) } == trace.pose.map(\.t))
        #expect(smoothed.points.map { Self.fixed($0.y, 6) } == trace.pose.map(\.smoothed))

        // The article's push-up thresholds, and the half line 35 % of the way down: 150 − 0.35 × 50.
        #expect(plot.thresholds.map(\.name) == ["extended", "half", "contracted"])
        #expect(plot.thresholds.map(\.y) == [150, 132.5, 100])
        #expect(plot.title.hasPrefix("Set 1 - pushUp - 10 counted"))
        // The data read back writes the same text (nothing was lost between the two).
        let image = try PNG.decode(artifact.bytes)
        #expect(image.width == 800 && image.height == 400)
        #expect(plot.dataText == text)
    }

    @Test func refusedRepsAndLostSightHaveTheirOwnMarkers() throws {
        let result = try Self.project.run("Scenarios/repCounter/plot-refused-reps.scenario")
        let artifact = try #require(result.summary.artifacts.first)
        let plot = try Plot.parse(try #require(Plot.data(fromPNG: artifact.bytes)))
        let text = String(decoding: result.trace, as: UTF8.self)
        func count(_ needle: String) -> Int { Self.occurrences(needle, in: text) }
        #expect(plot.markers.filter { $0.label == "too fast" }.count == count("form-hint text=\"\(RepConstants.slowDownHint)\""))
        #expect(plot.markers.filter { $0.label == "go deeper" }.count == count("form-hint text=\"\(RepConstants.goDeeperHint)\""))
        #expect(plot.markers.filter { $0.label == "cannot see you" }.count == count("\n  cannot-see-you "))
        #expect(plot.markers.filter { $0.label == "too fast" }.count >= 1)
        #expect(plot.markers.filter { $0.label == "go deeper" }.count >= 1)
        #expect(plot.markers.filter { $0.label == "cannot see you" }.count >= 1)
        // A missing frame is a gap in the smoothed line, never a made-up value.
        let smoothed = try #require(plot.series.first { $0.name == "smoothed" })
        #expect(smoothed.points.contains { $0.y.isNaN })
        #expect(smoothed.points.count == count("\n  pose ") + count("\n  missing "))
    }

    @Test func plotsAreOffByDefault() throws {
        let result = try Self.project.run("Scenarios/repCounter/ten-clean-push-ups.scenario")
        #expect(result.summary.artifacts.isEmpty)
    }

    @Test func theRecorderStopsAtItsLimitAndSaysSoOnce() {
        var plot = SetPlot(start: Instant(nanosecondsSinceEpoch: 0))
        var refused = 0
        for i in 0..<(SetPlot.maxFrames + 5) {
            if !plot.frame(at: Instant(nanosecondsSinceEpoch: Int64(i) * 33_333_333), raw: 1, smoothed: 1) { refused += 1 }
        }
        #expect(refused == 1)
        #expect(plot.smoothed.count == SetPlot.maxFrames)
        #expect(plot.truncated)
        #expect(plot.plot(ordinal: 1, exercise: .squat, reps: 0).title.hasSuffix("cut at the plot limit"))
    }
}
