import LockstepCore
import LockstepRunner
import LockstepTools

/// Recording texts for the import tests, built from lines so each test can say where a problem is.
enum ImportFixture {
    static let touchHeader = #"{"format":"lockstep-recording","version":1,"kind":"touch","device":"iPad13,4","os":"iPadOS 17.4","zone":"Europe/Berlin","app":"2.1 (301)","start":"2026-03-14T09:00:00Z"}"#
    static let poseHeader = #"{"format":"lockstep-recording","version":1,"kind":"pose","device":"iPhone15,2","os":"iOS 17.4","zone":"UTC","app":"3.0","start":"2026-05-02T12:00:00Z"}"#
    static let sessionHeader = #"{"format":"lockstep-recording","version":1,"kind":"session","device":"iPhone14,5","os":"iOS 17.5","zone":"Europe/London","app":"1.4","start":"2026-04-20T06:50:00Z"}"#

    static func touch(_ t: String, _ phase: String, x: String = "10", y: String = "20", extra: String = "") -> String {
        #"{"t":"# + t + #","type":"touch","id":1,"phase":""# + phase + #"","touchType":"pencil","x":"# + x + #","y":"# + y + #","force":1.5,"maxForce":4"# + extra + "}"
    }

    static func text(_ lines: [String]) -> String { lines.joined(separator: "\n") + "\n" }

    /// The 1-based byte column where `marker` starts in `line` (worked out from the text, not the code).
    static func column(of marker: String, in line: String) -> Int {
        let bytes = Array(line.utf8), m = Array(marker.utf8)
        for i in 0...(bytes.count - m.count) where Array(bytes[i..<(i + m.count)]) == m { return i + 1 }
        preconditionFailure("marker \(marker) not in \(line)")
    }

    /// The trace from the first `---` on: steps and footer, without the header (path and title differ).
    static func steps(_ trace: String) -> String {
        guard let r = trace.range(of: "\n---\n") else { return trace }
        return String(trace[r.lowerBound...])
    }
}

extension TempProject {
    func importing(_ name: String, _ text: String, domain: String, extra: [String] = []) throws -> (code: Int32, out: String, err: String) {
        try dir.write(name, text)
        return run(["import", root + "/" + name, "--domain", domain] + extra)
    }
}
