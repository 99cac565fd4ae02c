import LockstepCore
import Platform

/// The instrument's invariants and explorer (issue #14).
///
/// Invariants, checked after every step (each one's reason is its summary):
/// - `noStuckNotes`: every key the sampler holds is owned by a finger still on the keyboard
///   (article: "never leave a note stuck on"; failure 7, a call or Control Center mid-chord; 11,
///   a kid mashing with the whole hand).
/// - `notesOnKeyboard`: every note-on names a key of the current keyboard (derived failure 13: the
///   right edge playing 84, a key that does not exist).
/// - `fingerOwnsKeyUnderIt`: after a began/moved callback, each finger in it owns the key under
///   its point, nil off the keys (§5: each touch owns its note; a slide hands over, off before
///   on; a slide off releases; failures 5 and 8).
/// - `everyFingerHeard`: every finger of a `began` callback is tracked by its view or refused with
///   a `rejected` record naming it (failure 6: with multi-touch off "you'll only ever get one finger").
/// - `pressSounds`: a key a finger presses in this step sounds at once (failure 4: a Button fires
///   on touch-up, "far too late"), unless the voice limit stole it in the same step (`sampler op=steal`).
/// - `liftKeepsOtherFingers`: a key is released only when no finger holds it any more (derived
///   failure 12: two fingers on one key, the first lift silences the second).
/// - `drumPoolRings`: a drum hit cuts an earlier hit of its pad only when every voice of the
///   configured pool rings (§4: "four overlapping hits all ring naturally, and only the fifth
///   recycles the oldest voice"; failures 1 and 3).
/// - `noLoadOnTap`: a step that plays a note or a drum loads nothing (failures 1 and 9: loading
///   happens at launch or on an instrument switch; "loadCount after launch stays constant across taps").
/// - `heardDespiteSilentSwitch`: when the app chose a category that ignores the Silent switch
///   (`.playback`), the switch never mutes it (failure 2: "looks like a broken app").
/// - `voicesWithinPool`: never more sampler voices than its budget (polyphony is bounded; a steal
///   is recorded, never an overflow).
///
/// History: `drumPoolRings` reads `configuredVoicesPerPad`, the touch invariants read
/// `lastTouchCallback` (cleared by a zone change, a step without a callback) and
/// `liftKeepsOtherFingers` reads `samplerEpoch` and `pressEpoch`: `InstrumentState` fields that
/// `Instrument.write` leaves out, so no digest or golden depends on them.
///
/// Explorer: one *episode* per step (several lines: a gesture from its first touch to its lift),
/// each starting and ending at the default keyboard (700 × 200, C4 + 2 octaves, piano or
/// xylophone shown), because an explorer has no memory between steps. Weights out of 100: taps 20
/// (some sliding to a neighbour), chords 12, glissandi 10, slides off the keyboard 6, two fingers on
/// one key 6, a chord cut by a hostile moment 10 (interruption with or without `shouldResume`, a
/// system gesture, background and foreground, a media services reset, an instrument switch), the
/// drum kit 8 (rolls, pad taps, direct hits, an out-of-range velocity, then back to a keyboard),
/// the right edge 4 (layout width 114 and a tap at `114.nextDown`, then back), a keyboard range
/// change 4 (valid or refused), labels 3, session events 5 (Silent switch, routes, grants), bad
/// input 6 (non-finite points, a second `began`, unknown ids, the hidden view, unknown pads, bad
/// sizes, other processes), a finger left down 2, `check` 2, and a zone change or clock jump 2.
/// Gaps: 20 ms to 2 s between episodes, 10 to 300 ms inside one. The header sometimes draws a
/// small sampler (4...16 voices, so held voices are stolen), a drum pool of 1...6, a release tail
/// and the xylophone.
extension Instrument {
    public static let invariants: [Invariant<Instrument>] = [
        Invariant("noStuckNotes", "every key the sampler holds is owned by a finger still on the keyboard (\"never leave a note stuck on\": a call, Control Center or a slide off mid-chord)") { s, _ in
            let owned = liveOwnedNotes(s)
            for v in s.sampler.voices where v.holders > 0 && !owned.contains(v.midi) {
                return "note \(v.midi) sounds with no finger on it (fingers hold \(list(owned.sorted())))"
            }
            return nil
        },
        Invariant("notesOnKeyboard", "a note-on names a key of the current keyboard (the right edge must not play a key that does not exist)") { s, outputs in
            for r in outputs where r.name == "note-on" {
                guard let m = int(r, "midi") else { continue }
                if m < s.geometry.firstMidi || m > s.geometry.lastMidi {
                    return "note-on \(m) is outside the keyboard \(s.geometry.firstMidi)...\(s.geometry.lastMidi)"
                }
            }
            return nil
        },
        Invariant("fingerOwnsKeyUnderIt", "after a began or moved callback each finger owns the key under its point, none off the keys (per-touch ownership: a slide hands over, a slide off releases)") { s, _ in
            guard let c = s.lastTouchCallback, c.view == .keyboard, c.phase == .began || c.phase == .moved else { return nil }
            for p in c.points {
                // Only fingers this callback moved (a refused point leaves the finger where it was).
                guard let at = s.keyboardTouches[p.id], at.x == p.x, at.y == p.y else { continue }
                let under = s.geometry.note(atX: p.x, y: p.y)
                let owns = s.touchNotes[p.id]
                if owns != under {
                    return "touch \(p.id) at \(p.x),\(p.y) owns \(owns.map(String.init) ?? "no key") but the key under it is \(under.map(String.init) ?? "none")"
                }
            }
            return nil
        },
        Invariant("everyFingerHeard", "every finger of a began callback is tracked by its view or refused with a record (with multi-touch off a chord plays one note and the other fingers are never heard of)") { s, outputs in
            guard let c = s.lastTouchCallback, c.phase == .began else { return nil }
            var refused: [Int] = []
            for r in outputs where r.name == "rejected" && word(r, "input") == "touches" {
                if case .tuple(let ids)? = field(r, "ids") {
                    for case .int(let id) in ids { refused.append(Int(id)) }
                }
            }
            for p in c.points where !refused.contains(p.id) {
                let tracked = c.view == .keyboard ? s.keyboardTouches[p.id] != nil : s.padTouches[p.id] != nil
                if !tracked { return "touch \(p.id) of a \(c.view.rawValue) began is neither tracked nor refused" }
            }
            return nil
        },
        Invariant("pressSounds", "a key a finger presses sounds at once, not on the lift (a Button per key fires on touch-up, far too late)") { s, outputs in
            guard let c = s.lastTouchCallback, c.view == .keyboard, c.phase == .began || c.phase == .moved else { return nil }
            // The voice limit may take a just-pressed key within one callback; that is recorded, not silent.
            if outputs.contains(where: { $0.name == "sampler" && word($0, "op") == "steal" && word($0, "wasHeld") == "true" }) { return nil }
            let sounding = s.sampler.heldNotes
            for p in c.points {
                guard let at = s.keyboardTouches[p.id], at.x == p.x, at.y == p.y, let m = s.touchNotes[p.id] else { continue }
                if !sounding.contains(m) { return "touch \(p.id) pressed \(m) and it does not sound" }
            }
            return nil
        },
        Invariant("liftKeepsOtherFingers", "a key is released only when no finger holds it (two fingers on one key: the first lift must not silence the second)") { s, outputs in
            // At the end of the step: a released key that a finger owns must sound again (one
            // callback may release a key and press it with another finger, a crossing slide).
            var owned: Set<Int>?
            for r in outputs where r.name == "sampler" && word(r, "op") == "release" {
                guard let m = int(r, "midi") else { continue }
                if owned == nil { owned = liveOwnedNotes(s, pressedSince: s.samplerEpoch) }
                if owned!.contains(m) && !s.sampler.heldNotes.contains(m) { return "note \(m) released while a finger still holds it" }
            }
            return nil
        },
        Invariant("drumPoolRings", "a drum hit cuts an earlier hit of its pad only when every voice of the configured pool rings (four overlapping hits all ring; only the fifth recycles the oldest)") { s, outputs in
            for r in outputs where r.name == "drum" && word(r, "cut") == "true" {
                guard let ringing = int(r, "ringing") else { continue }
                if ringing < s.configuredVoicesPerPad {
                    return "\(word(r, "pad") ?? "?") cut an earlier hit with \(ringing) of \(s.configuredVoicesPerPad) voices ringing"
                }
            }
            return nil
        },
        Invariant("noLoadOnTap", "a step that plays a note or a drum loads nothing (banks and samples load at launch or on an instrument switch, never on a tap)") { _, outputs in
            guard outputs.contains(where: { $0.name == "note-on" || $0.name == "drum" }) else { return nil }
            if let load = outputs.first(where: { $0.name == "load" }) {
                return "a tap loaded \(string(load, "file") ?? word(load, "what") ?? "something")"
            }
            return nil
        },
        Invariant("heardDespiteSilentSwitch", "with the .playback category the app sets, the Silent switch never mutes the instrument (.ambient honours it and the app looks broken)") { s, _ in
            guard !s.category.respectsSilentSwitch, s.session.isMutedBySilentSwitch else { return nil }
            return "the Silent switch mutes the session (\(s.session.category.rawValue)) though the app chose \(s.category.rawValue)"
        },
        Invariant("voicesWithinPool", "the sampler never sounds more voices than its budget (the polyphony limit steals with a record, it never overflows)") { s, _ in
            s.sampler.voices.count > s.sampler.maxVoices ? "\(s.sampler.voices.count) voices sound with a budget of \(s.sampler.maxVoices)" : nil
        },
    ]

    /// The notes owned by fingers that are still on the keyboard view.
    /// `pressedSince`: only fingers whose last note-on came at or after that sampler epoch.
    static func liveOwnedNotes(_ s: InstrumentState, pressedSince epoch: Int? = nil) -> Set<Int> {
        var owned: Set<Int> = []
        for id in s.touchNotes.keys.sorted() where s.keyboardTouches[id] != nil {
            if let epoch, (s.pressEpoch[id] ?? -1) < epoch { continue }
            owned.insert(s.touchNotes[id]!)
        }
        return owned
    }

    /// A zone change is a step without a touch callback: the history says so.
    public static func zoneChanged(_ s: inout InstrumentState, _ world: inout World<Instrument>) {
        s.lastTouchCallback = nil
    }

    private static func field(_ r: Record, _ key: String) -> Value? { r.fields.first { $0.key == key }?.value }
    private static func int(_ r: Record, _ key: String) -> Int? {
        if case .int(let v)? = field(r, key) { return Int(v) }
        return nil
    }
    private static func word(_ r: Record, _ key: String) -> String? {
        if case .word(let w)? = field(r, key) { return w }
        return nil
    }
    private static func string(_ r: Record, _ key: String) -> String? {
        if case .string(let w)? = field(r, key) { return w }
        return nil
    }
    private static func list(_ notes: [Int]) -> String { notes.isEmpty ? "none" : notes.map(String.init).joined(separator: ",") }
}
