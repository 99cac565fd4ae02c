import LockstepCore

extension Darshan {
    /// Random walks of Mandir Darshan (`DarshanExplorer`).
    public static let explorer: Explorer? = Explorer(memory: Walk(), header: { rng, _ in DarshanExplorer.header(&rng) },
                                                     next: { rng, walk, _ in walk.step(&rng) })
}

/// The explorer: a fixed palette of five temples `t0`…`t4` with 16 aartis `a0`…`a15` each, and a
/// walk that remembers what it wrote, so that `status token=N` names the item the player holds or
/// one it replaced.
///
/// Header: the device zone (New York, London, Los Angeles, Kolkata, Tokyo), a start in 2026 (some
/// on the US and UK DST changes), and sometimes `backgroundAudio false`, a `playerView` without
/// `AVPlayerViewController`, or iOS 26.
///
/// Palette: `t0` Kolkata (live and recorded), `t1` Kathmandu (recorded only), `t2` London (live
/// and recorded), `t3` New York (live only), `t4` Kolkata with nothing to play (`unavailable`).
/// Aarti `j` of temple `k` is at 04:30 + 75 min × j + 7 min × k, temple time; `t4`'s are at `t0`'s
/// times, so the two Kolkata temples have aartis at the same instants (the widget's ties).
///
/// Memory (`Explorer(memory:)`, a `Walk` carried through the walk): what the model will have
/// done with what the walk wrote. A `play()` call takes the next token (`PlayerSession.nextToken`, which counts
/// plays over the whole run, across process ends): an accepted `open` of a temple with something
/// to play is one, and a `failed` status of the current live item of a temple with a recording is
/// one more (its fallback). An `open` is accepted when the app's process exists and the temple is
/// in the catalog, which the walk knows from its own `temple`, `removeTemple` and `lifecycle`
/// lines. What it cannot see is whether a `respond` line found a delivered notification: once a
/// reminder may have been set, a Watch Now or a tap may deep-link (one more play, of an unknown
/// temple) or cold-launch the app. After one, half its statuses name the current item's token plus
/// 0…unseen (the plays it may have missed), and it writes a `lifecycle launch` before its next
/// `open` while it does not know whether the process exists. Over seeds 1…60 about a third of the
/// status lines reach the current item and another third a replaced one; the rest are refused
/// (no item: `t4`, or the app ended; a token no item has).
///
/// Mix per step: catalog 12 % (a temple with its 16 aartis in one step, a temple alone, one
/// aarti); reminders 14 % (one aarti or all of a temple's at once, leads 5/10/15/30, sometimes 7,
/// which is refused; cancels); playback 34 % (open; open then ready; a status for the current, a
/// replaced or a wrong token; speed; PiP buttons; PiP tours: home, back from the icon, another
/// screen, then the window's restore or close; navigation); responses 10 % (WATCH_NOW,
/// REMIND_LATER, default, dismiss, an unknown action; sometimes right after the app was
/// terminated); lifecycle 12 %; zone changes 3 %; widget requests 4 %; Maps 3 %; OS updates (to
/// 26 mostly), settings, audits, temple removals, the temple screen, bad input (a temple with
/// zone `IST` or latitude 95, hour 25, unknown temples) 8 %. Steps are 1 s to 6 h apart, a tenth
/// 7-30 h (clock jumps past many aartis).
enum DarshanExplorer {
    static let templeCount = 5
    static let zones = ["Asia/Kolkata", "Asia/Kathmandu", "Europe/London", "America/New_York", "Asia/Kolkata"]

    static func hasLive(_ k: Int) -> Bool { k == 0 || k == 2 || k == 3 }
    static func hasRecording(_ k: Int) -> Bool { k <= 2 }

    static func header(_ rng: inout SeededRNG) -> [String] {
        let zones = ["America/New_York", "Europe/London", "America/Los_Angeles", "Asia/Kolkata", "Asia/Tokyo"]
        let starts = ["2026-03-07T12:00:00Z", "2026-03-28T18:00:00Z", "2026-10-24T18:00:00Z", "2026-10-31T12:00:00Z",
                      "2026-06-01T00:00:00Z", "2026-01-10T09:00:00Z"]
        var lines = ["start " + starts[rng.int(below: starts.count)], "zone " + zones[rng.int(below: zones.count)]]
        if rng.chance(0.15) { lines.append("set backgroundAudio false") }
        if rng.chance(0.2) { lines.append("set playerView " + (rng.chance(0.5) ? "pipLayer" : "plainLayer")) }
        if rng.chance(0.2) { lines.append("set os 26") }
        return lines
    }

    static func temple(_ k: Int) -> String {
        let live = hasLive(k) ? " live=\"https://stream.example/t\(k)/live.m3u8\"" : ""
        let recorded = hasRecording(k) ? " recorded=\"https://stream.example/t\(k)/rec.mp4\"" : ""
        return "temple id=t\(k) name=\"Temple \(k)\" city=City\(k) lat=\(10 + k).5 lon=\(70 + k).25 zone=\(zones[k])\(live)\(recorded)"
    }

    /// Aarti `j` of temple `k`: from 04:30, every 75 minutes (one at 01:xx for London's gap);
    /// `t4`'s at `t0`'s times.
    static func aarti(_ k: Int, _ j: Int) -> String {
        let m = (270 + 75 * j + 7 * (k == 4 ? 0 : k)) % 1440
        return "aarti temple=t\(k) id=a\(j) name=\"Aarti \(j)\" hour=\(m / 60) minute=\(m % 60)"
    }

    static func gap(_ rng: inout SeededRNG) -> String {
        switch rng.int(below: 10) {
        case 0..<4: return "+\(rng.int(in: 1...120))s"
        case 4..<7: return "+\(rng.int(in: 2...90))m"
        case 7..<9: return "+\(rng.int(in: 1...6))h"
        default: return "+\(rng.int(in: 7...30))h"
        }
    }

    /// A short pause inside a motif (the user's next tap).
    static func beat(_ rng: inout SeededRNG) -> String { "+\(rng.int(in: 1...40))s" }

    /// Lines written in one step: the first after the step's gap, the others after their own.
    static func lines(_ first: String, _ gap: String, _ rest: [(String, String)] = []) -> String {
        ([gap + " " + first] + rest.map { $0.0 + " " + $0.1 }).joined(separator: "\n")
    }
}

/// What a walk has written so far, as far as it bears on what the model holds.
struct Walk: Sendable {
    struct Item {
        var token: Int
        var temple: Int
        var live: Bool
        /// False after a deep link the walk cannot see: the player may hold another temple's item.
        var known = true
    }

    /// Whether the app's process exists; nil when a response may have launched it.
    var running: Bool? = true
    var inCatalog = [Bool](repeating: false, count: DarshanExplorer.templeCount)
    /// The aartis `a0`…`a15` each temple has (bit `j`).
    var aartis = [Int](repeating: 0, count: DarshanExplorer.templeCount)
    /// Whether a reminder may have been set: until then nothing is delivered and no response can
    /// deep-link.
    var mayDeliver = false
    /// The token the next `play()` takes, unless plays the walk cannot see came first.
    var nextToken = 1
    /// How many plays the walk may not have seen (deep links): the model's tokens are up to this
    /// much above the walk's.
    var unseen = 0
    var current: Item?
    /// Tokens of items the player replaced (the latest last), within the current process.
    var replaced: [Int] = []

    mutating func replaceCurrent(with item: Item?) {
        if let c = current {
            replaced.append(c.token)
            if replaced.count > 8 { replaced.removeFirst() }
        }
        current = item
    }

    /// `open temple=tK` as the model takes it: a play of its live stream or its first recording,
    /// or nothing (`unavailable`); refused without a process or a catalog entry.
    mutating func opened(_ k: Int) {
        guard running == true, inCatalog[k] else { return }
        if DarshanExplorer.hasLive(k) || DarshanExplorer.hasRecording(k) {
            replaceCurrent(with: Item(token: nextToken, temple: k, live: DarshanExplorer.hasLive(k)))
            nextToken += 1
        } else {
            replaceCurrent(with: nil)
        }
    }

    /// A `status` line: mostly for the current item, some for a replaced one, a few for a token
    /// no item has (refused).
    mutating func status(_ rng: inout SeededRNG, ready: Bool = false) -> String {
        let target = rng.int(below: 10)
        // Mostly the walk's own count; sometimes one of the tokens unseen plays may have taken.
        let offset = rng.chance(0.5) ? 0 : rng.int(in: 0...unseen)
        let roll = rng.int(below: 20)
        let status = ready || roll < 9 ? "readyToPlay" : roll < 17 ? "failed" : "unknown"
        let token: Int
        if target < 6 || ready, let c = current {
            token = c.token + offset
            if status == "failed" {
                if offset == 0 && c.known {
                    if c.live && DarshanExplorer.hasRecording(c.temple) {
                        // The live stream fails: its recording plays as a new item.
                        replaceCurrent(with: Item(token: nextToken, temple: c.temple, live: false))
                        nextToken += 1
                    }
                } else {
                    unseen += 1
                }
            }
        } else if target < 9, !replaced.isEmpty {
            token = replaced[rng.int(below: replaced.count)]
        } else {
            token = target == 9 ? nextToken + unseen + 3 : max(1, nextToken - 1 + offset)
        }
        return "status token=\(token) status=\(status)"
    }

    mutating func lifecycle(_ line: String) -> String {
        if line.hasPrefix("lifecycle terminate") {
            // The process ends and the session with it (tokens go on counting).
            running = false
            current = nil
            replaced = []
        } else if line.hasPrefix("lifecycle launch") {
            running = true
        }
        return line
    }

    /// A `respond` line: a Watch Now or a tap may deep-link (an unseen play) and may cold-launch.
    mutating func respond(_ action: String) -> String {
        guard mayDeliver else { return "respond action=\(action)" }
        if action == "WATCH_NOW" || action == "default" {
            unseen += 1
            current?.known = false
            if running != true { running = nil }
        } else if action == "REMIND_LATER", running != true {
            running = nil
        }
        return "respond action=\(action)"
    }

    /// Lines that make sure the process exists before an `open` (a launch is ignored when it does).
    mutating func ensureRunning(_ rng: inout SeededRNG) -> [(String, String)] {
        guard running != true else { return [] }
        return [(DarshanExplorer.beat(&rng), lifecycle("lifecycle launch"))]
    }

    /// The devotee opens a temple (adding it first if the catalog lacks it) and its stream becomes
    /// ready.
    mutating func watch(_ rng: inout SeededRNG, _ k: Int, _ gap: String) -> String {
        var rest: [(String, String)] = []
        if !inCatalog[k] {
            inCatalog[k] = true
            aartis[k] = 0
            rest.append((DarshanExplorer.beat(&rng), DarshanExplorer.temple(k)))
        }
        rest += ensureRunning(&rng)
        opened(k)
        rest.append((DarshanExplorer.beat(&rng), "open temple=t\(k)"))
        rest.append((DarshanExplorer.beat(&rng), status(&rng, ready: true)))
        let first = rest.removeFirst()
        return DarshanExplorer.lines(first.1, gap, rest)
    }

    mutating func step(_ rng: inout SeededRNG) -> String {
        typealias X = DarshanExplorer
        let g = X.gap(&rng)
        let k = rng.int(below: X.templeCount)
        let j = rng.int(below: 16)
        let leads = [5, 10, 15, 30, 5, 10, 7]
        let roll = rng.int(below: 100)
        switch roll {
        case 0..<6:
            aartis[k] = 0xFFFF
            inCatalog[k] = true
            return ([X.temple(k)] + (0..<16).map { X.aarti(k, $0) }).enumerated().map { ($0.offset == 0 ? g : "+0") + " " + $0.element }
                .joined(separator: "\n")
        case 6..<9:
            if !inCatalog[k] { aartis[k] = 0 }
            inCatalog[k] = true
            return "\(g) \(X.temple(k))"
        case 9..<12:
            if inCatalog[k] { aartis[k] |= 1 << j }
            return "\(g) \(X.aarti(k, j))"
        case 12..<19:
            let lead = leads[rng.int(below: leads.count)]
            if inCatalog[k] && aartis[k] & (1 << j) != 0 && lead != 7 && running != false { mayDeliver = true }
            return "\(g) setReminder temple=t\(k) aarti=a\(j) lead=\(lead)" + (rng.chance(0.2) ? " timeSensitive=true" : "")
        case 19..<23:
            let lead = leads[rng.int(below: 4)]
            if inCatalog[k] && aartis[k] != 0 && running != false { mayDeliver = true }
            return (0..<16).map { ($0 == 0 ? g : "+0") + " setReminder temple=t\(k) aarti=a\($0) lead=\(lead)" }.joined(separator: "\n")
        case 23..<26: return "\(g) cancelReminder temple=t\(k) aarti=a\(j)"
        case 26..<33:
            var rest = ensureRunning(&rng)
            opened(k)
            rest.append((X.beat(&rng), "open temple=t\(k)"))
            let first = rest.removeFirst()
            return X.lines(first.1, g, rest)
        case 33..<38: return watch(&rng, k, g)
        case 38..<47:
            // With nothing playing as far as the walk knows, mostly a temple is opened first.
            if current == nil && unseen == 0 && rng.chance(0.6) { return watch(&rng, k, g) }
            return "\(g) " + status(&rng)
        case 47..<50:
            let rates = ["0.5", "1", "1.25", "1.5", "2", "3", "0"]
            return "\(g) speed rate=\(rates[rng.int(below: rates.count)])"
        case 50..<53: return "\(g) pip " + (rng.chance(0.6) ? "restore" : "close")
        case 53..<56:
            // Home with the video playing (PiP starts), back from the icon (the window floats),
            // sometimes another screen, then the window's button.
            var rest = [(X.beat(&rng), "lifecycle foreground"), ("+0", "lifecycle active")]
            if rng.chance(0.6) { rest.append((X.beat(&rng), "navigate push screen=gita")) }
            rest.append((X.beat(&rng), rng.chance(0.8) ? "pip restore" : "pip close"))
            return X.lines("lifecycle background", g, rest)
        case 56..<60: return "\(g) navigate " + (rng.chance(0.5) ? "pop" : "push screen=gita")
        case 60..<68:
            let actions = ["WATCH_NOW", "REMIND_LATER", "REMIND_LATER", "default", "dismiss", "SNOOZE"]
            return "\(g) " + respond(actions[rng.int(below: actions.count)])
        case 68..<70:
            // A response while the app is not running: it launches the app (in the background
            // for Remind Later), and the delegate must already be set.
            let action = rng.chance(0.6) ? "REMIND_LATER" : "WATCH_NOW"
            let quit = lifecycle("lifecycle terminate reason=" + (rng.chance(0.5) ? "user" : "jetsam"))
            return X.lines(quit, g, [(X.beat(&rng), respond(action))])
        case 70..<82:
            let moves = ["lifecycle background", "lifecycle background", "lifecycle suspend", "lifecycle foreground", "lifecycle active",
                         "lifecycle active", "lifecycle inactive", "lifecycle terminate reason=user", "lifecycle launch",
                         "lifecycle launch reason=notificationAction", "lifecycle memoryWarning"]
            return "\(g) " + lifecycle(moves[rng.int(below: moves.count)])
        case 82..<85:
            let zones = ["America/New_York", "Europe/London", "America/Los_Angeles", "Asia/Kolkata", "Asia/Tokyo", "UTC"]
            return "\(g) zone " + zones[rng.int(below: zones.count)]
        case 85..<89: return "\(g) widget"
        case 89..<92: return "\(g) maps temple=t\(k)"
        case 92..<94: return "\(g) osUpdate major=\(rng.chance(0.7) ? 26 : 18)"
        case 94: return "\(g) settings notifications=" + (rng.chance(0.5) ? "denied" : "granted")
        case 95: return "\(g) audit"
        case 96:
            inCatalog[k] = false
            aartis[k] = 0
            return "\(g) removeTemple id=t\(k)"
        case 97: return "\(g) show temple=t\(k)"
        default:
            let bad = ["temple id=tx name=\"Bad\" city=X lat=10 lon=10 zone=IST", "aarti temple=t\(k) id=bad name=\"Bad\" hour=25 minute=0",
                       "open temple=nowhere", "setReminder temple=nowhere aarti=a0 lead=5", "temple id=ty name=\"Far\" city=Y lat=95 lon=0 zone=UTC"]
            return "\(g) " + bad[rng.int(below: bad.count)]
        }
    }
}
