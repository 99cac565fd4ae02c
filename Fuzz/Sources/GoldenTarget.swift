#if canImport(Glibc)
import Glibc
#endif
import LockstepCore
import LockstepRunner

/// Bytes as a golden file, compared with a real trace (the counter fixture's first golden) both
/// ways, and with themselves. Rules: bytes equal themselves; they differ from the trace exactly when
/// they are not the trace's bytes (byte comparison, never Unicode equivalence); and a report shows
/// no raw control byte, so two lines that differ only in such bytes never look the same.
struct GoldenTarget: FuzzTarget {
    let trace: [UInt8]

    init() {
        let root = Finding.checkoutRoot("golden")
        let goldens = FileIO.walk(root + "/Golden/counter", suffix: ".golden").sorted()
        guard let first = goldens.first, let bytes = try? FileIO.read(first) else {
            Finding.stop("golden: no golden under \(root)/Golden/counter to compare with")
        }
        trace = bytes
    }

    func run(_ bytes: [UInt8]) {
        if let divergence = TraceDiff.compare(expected: bytes, actual: bytes) {
            Finding.fail("golden", "bytes differ from themselves:\n\(divergence)")
        }
        for (expected, actual) in [(bytes, trace), (trace, bytes)] {
            let divergence = TraceDiff.compare(expected: expected, actual: actual)
            if (divergence == nil) != (bytes == trace) {
                Finding.fail("golden", divergence == nil ? "different bytes compared equal" : "equal bytes compared different")
            }
            if let divergence { checkPrintable(divergence.description) }
        }
    }

    func checkPrintable(_ report: String) {
        if let bad = report.utf8.first(where: { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F }) {
            Finding.fail("golden", "a report holds the raw control byte \(bad):\n\(report)")
        }
    }
}
