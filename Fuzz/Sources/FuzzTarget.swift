#if canImport(Glibc)
import Glibc
#endif
import LockstepRunner

/// One fuzz target: takes any bytes and either accepts them or refuses them the documented way.
/// Anything else is a finding: a trap, a sanitizer report, a hang or out-of-memory (libFuzzer's
/// `-timeout` and `-rss_limit_mb`), or a broken oracle (`Finding.fail`).
protocol FuzzTarget {
    func run(_ bytes: [UInt8])
}

enum FuzzTargets {
    /// Every target `Fuzz/run` knows, in the order it runs them.
    static let all: [(name: String, summary: String, make: @Sendable () -> any FuzzTarget)] = [
        ("scenario", "scenario reader and runner over every domain", { ScenarioTarget() }),
        ("png", "PNG decoder", { PNGTarget() }),
        ("json", "JSON parser", { JSONTarget() }),
        ("golden", "golden reader and trace comparison", { GoldenTarget() }),
    ]
}

/// How a target reports a broken rule: a message on stderr, then `abort()`, which libFuzzer turns
/// into a saved `crash-*` input.
enum Finding {
    static func fail(_ target: String, _ message: String) -> Never {
        stop("\(target): \(message)")
    }

    /// The checkout a target reads seeds and files from: LOCKSTEP_ROOT, else the working directory
    /// (`Fuzz/run` runs from the repository).
    static func checkoutRoot(_ target: String) -> String {
        let start = getenv("LOCKSTEP_ROOT").map { String(cString: $0) } ?? FileIO.currentDirectory()
        guard let root = Project.findRoot(from: start) else {
            stop("\(target): no Lockstep checkout at \(start) (run from the repository, or set LOCKSTEP_ROOT)")
        }
        return root
    }

    static func stop(_ message: String) -> Never {
        let text = "lockstep-fuzz: \(message)\n"
        _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        abort()
    }
}
