import LockstepCore
import Platform

/// `aquarium`: Aquarium - Log Tracker, a free iPhone logbook for aquarium water tests. The user
/// types each parameter's result into a form; the app stores one canonical unit per parameter,
/// works out free ammonia, rate-of-change alerts and the nitrogen-cycle stage, and keeps a local
/// database as the source of truth that syncs to the backend through an outbox.
///
/// Source: seed article `003_59898ac5466271ab.txt`, "Offline-first aquarium log in Flutter with
/// Drift and Supabase". Modelled: the form (a blank field writes no row, one bad number aborts
/// the save with the exact error, commas as decimal points, the previous value only a hint);
/// canonical units with the entered value and unit kept, the pinned constants (NO₃ 4.427, NO₂
/// 3.284, 2.8 dKH per meq/L), an unknown unit refused; grading on canonical values; the 12-hour
/// rate rule against the newest earlier reading of the same parameter, the reef 0.5 dKH/day rule,
/// no pH limit in planted tanks; session snapshots and the completion test (clear ≤ 0.25 ppm,
/// nitrate present > 0, a null never counts); the stage from `lastWhere(ammonia or nitrite)`,
/// cycled after two passing sessions in a row, "Confirming" after one; stall checks on the newest
/// session that measured each parameter; free ammonia only when one session has ammonia, pH and
/// temperature; chart series of real dots only; one transaction for the rows and their outbox
/// entries (payload snapshots), tombstones for deletes; push parent-first, timeouts and offline
/// never using attempts, dead letters after 5 refusals, the pass held before dependents of an
/// abandoned row, "Try again"; pull from server stamps with a 2 s overlap, rows with unpushed
/// local edits skipped, overlap rows idempotent; the tank screen's watch declaring both tables;
/// sync from the app root on launch and resume, counters surviving launches; RLS on the fake
/// server (a second account sees nothing, a child of an unknown tank is refused); UUID v7 from the
/// virtual clock and a seeded RNG; instants stored as UTC text whatever the device zone.
/// Shared mechanisms: Platform `ObjectStore`/`ObjectWatches` and `SyncLog` (outbox, fake server,
/// scripted remote), `AppLifecycle`.
///
/// Choices where the article is silent (GAPs):
/// - The note has no addendum; its proposals are followed unless said here.
/// - Parameters and their form order: ammonia, nitrite, nitrate, pH, KH, temperature, salinity.
///   Display names as the note gives them; "Alkalinity (KH)" for KH. Units: ppm (ammonia),
///   ppmNO2/ppmN, ppmNO3/ppmN, pH, meqL/dKH/ppmCaCO3 (50.04 ppm per meq/L), C/F
///   (°C = (°F − 32) × 5/9), ppt. KH is shown in dKH by default, everything else canonically.
/// - Non-finite text ("NaN", "Infinity", "1e400") gets the not-a-number error; negative
///   concentrations ("is below zero"), pH outside 0...14 and temperatures at or below −273.15 °C
///   are refused with their own messages, each aborting the whole save. Units are checked before
///   ranges. Fields hold at most 64 characters.
/// - Rates: `|rate| > limit` alerts; days are 86,400 s of absolute time; only KH and pH have
///   rules (reef KH 0.5 dKH/day; pH 0.3/day except planted tanks, which have none); rates are
///   shown in the display unit. A reading in the same session never counts as the previous one.
/// - "In a row" counts consecutive sessions among those that measured ammonia or nitrite.
/// - Free ammonia outside 0–50 °C / pH 6–10 is computed and flagged `outOfValidatedRange`;
///   in a reef tank it is flagged `uncorrectedErrsHigh` (no saline correction).
/// - Row payloads are flat `column=value` text in schema order (nulls left out) instead of JSON:
///   the same snapshot, and a scenario can write a malformed one. A pulled row that fails to
///   parse (unknown entity or column, bad number, timestamp without zone, missing `updated_at`)
///   is refused with a record, and the cursor stops before it, so it is asked for again.
/// - A pass stops at the first write whose parent is still queued or dead-lettered (the pull
///   still runs); a refusal costs an attempt and the push goes on; a timeout or offline ends the
///   pass, pull included. Timeouts are instant scripted answers (`remote respond|next`): nothing
///   waits on the virtual clock.
/// - A form with every field blank saves nothing (`nothingEntered`): no empty session row. A
///   tank name known only from another device's server rows is not writable here until pulled.
/// - When a newer write of a row is accepted, older queued writes of the same row (refused before,
///   or abandoned) are dropped (`sync.superseded`): pushing them later would put the old state
///   back on the server.
/// - A repeated `test` with the same session upserts the session and its readings by
///   (session, parameter). Editing a reading keeps its entered unit unless one is given; an edit
///   to blank is refused (delete the session instead). Deletes tombstone a session and its
///   readings and queue them as `delete` ops carrying the tombstone.
/// - Signing in as another user wipes the local tables (cascade) and the old account's queued
///   writes, with a record saying how many; then the app root syncs.
/// - Launch runs the app root's pass; becoming active runs the resume pass unless it follows the
///   launch directly. Watches live in memory: a process death drops them.
///
/// Faults (`AquariumFault`): the note's failure list 1–11, each caught by a golden.
public enum Aquarium: Domain {
    public static let entry = DomainEntry(Self.self)

    public typealias State = AquariumState
    public typealias Event = AquariumEvent
    public typealias Fault = AquariumFault

    public static let name = "aquarium"
    /// The digest lists the whole store, outbox and server: a digest every 16 steps (the final
    /// summary is always written) keeps long logs and explorer walks from paying it every step.
    public static var digestInterval: Int { 16 }
    public static let summary = "Aquarium - Log Tracker: blank fields that never become zero, canonical units, free ammonia, 12 h rate rule, cycling stage via lastWhere, one transaction + outbox, parent-first push with dead letters, overlap pull from server stamps, watches (seed 003, \"Offline-first aquarium log in Flutter with Drift and Supabase\")."

    public struct Settings: Sendable {
        var user: String
    }

    public static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
        Settings(user: try s("user", .word, default: "alice", "the signed-in account"))
    }

    public static func start(_ settings: Settings, _ world: inout World<Aquarium>) throws(ScenarioError) -> AquariumState {
        var s = AquariumState(user: settings.user, idRNG: world.rng("uuid7"))
        _ = s.life.handle(.launch(.user, .foreground), &world)
        _ = s.life.handle(.becomeActive, &world)
        world.emit(Record("launch").word("user", settings.user).string("zone", world.zone.name))
        return s
    }

    public static func write(_ s: AquariumState, to out: inout CanonicalWriter) {
        out.word("user", s.user)
        out.word("screen", s.screen)
        out.string("displayUnits", zip(Parameter.allCases, s.displayUnits).map { "\($0.rawValue)=\($1.rawValue)" }.joined(separator: " "))
        out.string("formError", s.formError ?? "none")
        out.section("labels") { w in
            for t in s.tanks { w.record(Record("tank").word("label", t.label).string("id", t.id)) }
            for x in s.sessions { w.record(Record("session").word("label", x.label).word("tank", x.tank).string("id", x.id)) }
        }
        out.int("ids", s.ids)
        out.int("syncPasses", s.syncPasses)
        s.store.write(to: &out)
        s.watches.write(to: &out)
        s.sync.write(to: &out)
        s.life.write(to: &out)
    }
}
