#if canImport(Glibc)
import Glibc
#endif

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

    static func stop(_ message: String) -> Never {
        let text = "lockstep-fuzz: \(message)\n"
        _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        abort()
    }
}
