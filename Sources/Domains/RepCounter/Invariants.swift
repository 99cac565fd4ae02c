import LockstepCore
import Platform

/// What the invariants need to remember from before a step, snapshotted at the top of `reduce`.
///
/// None of these fields is written by `RepCounter.write(_:to:)`: no digest and no golden depends
/// on them. They restate nothing the app keeps; they only let an invariant compare "after" with
/// "before" (reps never decrease, the gap to the previous counted rep) and see the samples a
/// `health` step was handed.
public struct RepAudit: Sendable {
    var setBefore = 0
    var repsBefore = 0
    var lastRepBefore: Instant? = nil
    /// The samples of the step's `health` event (nil for any other step).
    var healthSamples: [StepSample]? = nil
    /// The step's instant and zone (the invariant sees no `World`).
    var now: Instant? = nil
    var zone: Zone? = nil

    mutating func before(_ state: RepCounterState, _ event: RepEvent, now: Instant, zone: Zone) {
        self.now = now
        self.zone = zone
        setBefore = state.setOrdinal
        repsBefore = state.counter.reps
        lastRepBefore = state.counter.lastRepAt
        if case .health(let samples) = event { healthSamples = samples } else if healthSamples != nil { healthSamples = nil }
    }
}

/// The rep counter's invariants, checked by the engine after every step (all O(1) per step, or
/// O(records of the step + unlock records × registrations), both small):
///
/// - `repsNeverDecrease`: within one set the count only goes up, by at most one per frame.
/// - `repsAtLeastMinGapApart`: two counted reps of a set are never closer than the exercise's
///   minimum gap (0.7 s push-up/squat/sit-up, 1.0 s pull-up, 0.4 s jumping jack).
/// - `setPricedAtLockedRate`: a set's earned time is its counted reps × base seconds × the rate
///   locked when the set started (catches `rateNotLocked`).
/// - `unlockBackedByGrant`: every stored unlock record has its grant activity registered, so
///   something (its threshold or its backstop) will close the rule again (catches
///   `grantAfterLift` and `sharedUnlockArray`).
/// - `spentAllowanceStaysShut`: no apply opens a budget rule whose allowance for the current
///   period is spent (catches `echoLiftsShield`; see its comment for why it is checked on applies).
/// - `handTypedStepsOnlyExcluded`: today's steps are the sum of every sample not marked
///   user-entered, samples without the metadata key included (catches `notEqualStepPredicate`).
///
/// The explorer (`RepCounter.explorer`) mixes, per step: pose bursts through the domain's own
/// generators (`gen pushups|squats|situps|pullups|jacks`, 1-3 reps at 0.3-2.5 s periods, sometimes
/// jitter, dropouts, occlusion, shake, one hidden side; 15 or 30 fps) about 22 %; single frames
/// (often bad: out-of-range or infinite joints, empty frames, low confidence) 6 %; set starts (with
/// a rule or banked) and ends 20 %; health (step totals across the 3,000/8,000/15,000 tiers, with
/// hand-typed, keyless and Watch samples; sometimes negative) 9 %; streak (sometimes out of range)
/// and steps mode 5 %; rules (schedules, daily budgets, hourly budgets with wide windows to reach
/// the 20-activity limit; sometimes invalid windows), enable, delete 12 %; usage (sometimes bad)
/// 10 %; the shield button and spending the bank 6 %; raw monitor callbacks with malformed names,
/// notification authorization and OS version changes 4 %; and the hostile moments 6 %: zone changes
/// (Europe/Berlin, America/New_York, Asia/Tokyo, UTC), clock jumps of 20 minutes to a day (past
/// backstops, hour and day boundaries). Step 0 saves one to three rules so Screen Time is in play.
/// Gaps are 50 ms to 90 s, and a line after a pose burst is timed after the burst's last frame.
extension RepCounter {
    public static let invariants: [Invariant<RepCounter>] = [
        Invariant("repsNeverDecrease",
                  "the article's counter only ever adds one rep on the way back above extended; a set's count never goes down") { s, _ in
            guard s.setOrdinal == s.audit.setBefore else { return nil }
            let before = s.audit.repsBefore, now = s.counter.reps
            if now < before { return "reps went from \(before) to \(now) within set \(s.setOrdinal)" }
            if now > before + 1 { return "reps jumped from \(before) to \(now) in one step" }
            return nil
        },
        Invariant("repsAtLeastMinGapApart",
                  "the speed floor: a rep closer than the exercise's minimum gap to the previous counted one says slow down and does not count") { s, _ in
            guard s.setOrdinal == s.audit.setBefore, s.counter.reps > s.audit.repsBefore,
                  let previous = s.audit.lastRepBefore, let last = s.counter.lastRepAt else { return nil }
            let gap = last - previous
            guard gap < s.exercise.model.minRepInterval else { return nil }
            return "rep \(s.counter.reps) counted \(gap) after the previous one; \(s.exercise.rawValue) needs \(s.exercise.model.minRepInterval)"
        },
        Invariant("setPricedAtLockedRate",
                  "the rate locks when a set starts: steps arriving mid-set never change its price (earned = reps × base × locked rate)") { s, _ in
            let expected = Double(s.counter.reps * s.exercise.model.baseSeconds) * s.lockedRate
            guard abs(s.setEarnedExact - expected) > 1e-6 * max(1, expected) else { return nil }
            return "set \(s.setOrdinal) earned \(s.setEarnedExact) s for \(s.counter.reps) reps at locked rate \(s.lockedRate) (expected \(expected))"
        },
        Invariant("unlockBackedByGrant",
                  "register before anything is stored or lifted: every unlock record has its one-shot grant activity, whose threshold or backstop closes the rule again") { s, _ in
            let st = s.screenTime
            for u in st.unlocks where !st.center.contains(u.activity) {
                return "unlock \(u.key) for \(u.rule) (\(u.seconds) s) has no registered activity \(u.activity): nothing will close the rule"
            }
            return nil
        },
        Invariant("handTypedStepsOnlyExcluded",
                  "hand-typed steps are excluded with a negated match: samples without the user-entered key (iPhone, Watch) count") { s, outputs in
            guard let samples = s.audit.healthSamples else { return nil }
            for r in outputs where r.name == "health" {
                guard case .int(let steps)? = r.fields.first(where: { $0.key == "steps" })?.value else { continue }
                let expected = samples.reduce(0) { $0 + ($1.wasUserEntered == true ? 0 : $1.count) }
                if steps != Int64(expected) {
                    return "today's steps are \(steps) but the samples not typed by hand sum to \(expected)"
                }
            }
            return nil
        },
        spentAllowanceStaysShut,
    ]
}

extension RepCounter {
    /// Checked on every `apply` that opens a budget rule (the echo of a registration, a boundary,
    /// a threshold), not on every step: a rule whose hour activity could not be registered (the
    /// 20-activity limit) gets no callback in that hour, so nothing re-applies it, and the policy
    /// cannot act there. Written first as "open whenever a spent record exists", it broke with no
    /// fault on (explorer seed 3): after travel from Tokyo to Berlin, hour 14's spent key (the
    /// note's periodKey is the local date and hour) matched Berlin's hour 14, eight hours later,
    /// for a rule whose hour-14 activity had failed to register. Both follow from the article's
    /// design (local period keys; the system's activity limit), so the rule is stated where the
    /// app acts: an apply must not open a rule whose allowance for this period is spent.
    static let spentAllowanceStaysShut: Invariant<RepCounter> =
        Invariant("spentAllowanceStaysShut",
                  "a spent allowance stays spent: a registration echo or any other callback goes through apply, and the spent record keeps the rule shut",
                  checkStep: { s, outputs, step in
            let st = s.screenTime
            guard !st.spent.isEmpty else { return nil }
            let now = step.now, zone = step.zone
            // The last apply of each rule in the step is the shield the step leaves (an echo may
            // open a rule and the threshold that follows in the same step shut it again).
            func rule(of r: Record) -> String? {
                guard r.name == "apply", case .word(let name)? = r.fields.first(where: { $0.key == "rule" })?.value else { return nil }
                return name
            }
            for (i, record) in outputs.enumerated() {
                guard let name = rule(of: record), !outputs[(i + 1)...].contains(where: { rule(of: $0) == name }),
                      case .bool(false)? = record.fields.first(where: { $0.key == "shielded" })?.value,
                      let r = st.rules.first(where: { $0.name == name }), r.enabled else { continue }
                let key: String
                switch r.mode {
                case .schedule: continue
                case .dailyBudget: key = "spent.\(r.name).\(LocalClock.dayKey(now, zone))"
                case .hourlyBudget(_, let h0, let h1):
                    let h = TimeOfDay(at: now, in: zone).hour
                    guard h >= h0 && h < h1 else { continue }
                    key = "spent.\(r.name).\(LocalClock.hourKey(now, zone))"
                }
                // An unlock still running at this instant (its backstop may end at exactly now).
                guard st.spent.contains(key), !st.unlocks.contains(where: { $0.rule == r.name && now <= $0.end }) else { continue }
                var reason = "?"
                if case .word(let w)? = record.fields.first(where: { $0.key == "reason" })?.value { reason = w }
                return "an apply opened rule \(r.name) (reason \(reason)) although \(key) is recorded and no unlock runs"
            }
            return nil
        })
}
