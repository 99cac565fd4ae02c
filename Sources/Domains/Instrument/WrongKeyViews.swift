import LockstepCore

/// The article's wrong keyboard implementations that change how touches reach the notes, switched
/// on as faults (`InstrumentFault`). The right one is `keyboardTouches` in `Reduce.swift`.
extension Instrument {
    /// `singleTouchOnly`: with `isMultipleTouchEnabled == false` UIKit hands the view one touch,
    /// the first finger down, and says nothing about the others until that one lifts. A finger
    /// that landed meanwhile is never delivered, not even its later moves and lift.
    static func singleTouchDelivery(_ s: InstrumentState, _ phase: TouchPhase, _ points: [TouchPoint]) -> [TouchPoint] {
        if s.keyboardTouches.isEmpty {
            guard phase == .began, let first = points.first else { return [] }  // points are sorted by id
            return [first]
        }
        return points.filter { s.keyboardTouches[$0.id] != nil }
    }

    /// `buttonPerKey`: a SwiftUI `Button` per key. Pressing highlights the key (the `keys` record's
    /// `pressed`) and plays nothing; the action runs on touch-up, and only if the finger lifts over
    /// the key it pressed. GAP: the action plays the note as a one-shot (note-on, then note-off at
    /// once, so only the release tail rings). A cancelled touch or a lift elsewhere plays nothing.
    static func buttonKeyTouches(_ s: inout InstrumentState, _ phase: TouchPhase, _ points: [TouchPoint], _ world: inout World<Instrument>) {
        var changed = false
        for p in points {
            let note = s.geometry.note(atX: p.x, y: p.y, clampRightEdge: !world.isOn(.rightEdgeOffByOne))
            switch phase {
            case .began, .moved:
                if phase == .began,
                   refusesBegan(p.id, alreadyDown: s.keyboardTouches[p.id] != nil, touchesDown: s.keyboardTouches.count, &s, &world) { continue }
                if s.keyboardTouches[p.id] == nil && phase == .moved {
                    guard s.keyboardTouches.count < InstrumentState.maxTouchesPerView else {
                        rejectTooMany(&s, p.id, .moved, &world)
                        continue
                    }
                    world.emit(InstrumentOutput.warning(p.id, .moved, "moved for an unknown touch: treated as a press onto the key under it"))
                    s.touchNotes[p.id] = note
                    changed = true
                } else if phase == .began {
                    s.touchNotes[p.id] = note
                    changed = true
                }
                s.keyboardTouches[p.id] = TouchLocation(x: p.x, y: p.y)
            case .ended, .cancelled:
                guard s.keyboardTouches.removeValue(forKey: p.id) != nil else {
                    world.emit(InstrumentOutput.warning(p.id, phase, "\(phase.rawValue) for an unknown touch: nothing to release"))
                    continue
                }
                let pressed = s.touchNotes.removeValue(forKey: p.id)
                changed = changed || pressed != nil
                if phase == .ended, let n = pressed, note == n {
                    noteOn(&s, n, touch: p.id, why: "buttonAction", &world)
                    noteOff(&s, n, touch: p.id, why: "buttonAction", &world)
                }
            }
        }
        if changed { world.emit(InstrumentOutput.keys(s)) }
    }
}
