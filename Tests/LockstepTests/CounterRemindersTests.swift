import Testing
import LockstepCore
@testable import Fixtures

/// Issue #11, class 9: the counter fixture's pending reminders. `cancel` and a firing used to scan
/// (and shift) one array of every pending reminder, so N reminders cost O(N²); `PendingReminders`
/// does each in time proportional to what it removes. Its behaviour must be exactly the array's
/// (the goldens pin the state it writes), and its cost must grow linearly.
@Suite struct CounterRemindersTests {
    /// The array the counter used to keep, as the reference: append, remove the first of a label,
    /// remove every one of a label.
    struct Reference {
        var items: [(label: String, id: TimerID)] = []
        mutating func removeOldest(_ label: String) -> TimerID? {
            guard let i = items.firstIndex(where: { $0.label == label }) else { return nil }
            return items.remove(at: i).id
        }
        mutating func removeAll(_ label: String) { items.removeAll { $0.label == label } }
    }

    @Test func behavesExactlyAsTheArrayItReplaces() {
        var rng = SeededRNG(seed: 11)
        // Few labels (many reminders share one) and many (mostly distinct), both past the compaction threshold.
        for labels in [3, 40, 5_000] {
            var fast = PendingReminders()
            var slow = Reference()
            var next: UInt64 = 0
            for step in 0..<20_000 {
                let label = "r\(rng.int(below: labels))"
                switch rng.int(below: 10) {
                case 0..<5:
                    next += 1
                    fast.append(label, TimerID(rawValue: next))
                    slow.items.append((label, TimerID(rawValue: next)))
                case 5..<9:
                    #expect(fast.removeOldest(label) == slow.removeOldest(label), "step \(step)")
                default:
                    fast.removeAll(label)
                    slow.removeAll(label)
                }
                if step % 97 == 0 || step == 19_999 {
                    #expect(fast.labels == slow.items.map(\.label), "labels \(labels), step \(step)")
                    #expect(fast.count == slow.items.count)
                }
            }
        }
    }

    /// N reminders then N cancels, newest first (the array's worst case: each cancel scanned every
    /// reminder set before it), and N firings: four times N must cost about four times the work,
    /// not sixteen. Work is counted (`extraWork`: elements compaction and trimming visit), not
    /// timed, so the test means the same on a loaded machine.
    @Test func cancelAndFireAreLinearInPendingReminders() {
        func work(_ n: Int) -> Int {
            var r = PendingReminders()
            for i in 0..<n { r.append("r\(i)", TimerID(rawValue: UInt64(i))) }
            for i in stride(from: n - 1, through: n / 2, by: -1) { _ = r.removeOldest("r\(i)") }
            for i in 0..<(n / 2) { r.removeAll("r\(i)") }
            precondition(r.count == 0)
            return r.extraWork + n  // plus one unit per call
        }
        let small = work(20_000), large = work(80_000)
        #expect(large <= 5 * small, "20 000 reminders: \(small) units of work; 80 000: \(large) (quadratic would be 16 times)")
        #expect(small < 20 * 20_000, "\(small) units of work for 20 000 reminders")
    }
}
