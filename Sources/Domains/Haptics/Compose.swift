import LockstepCore
import Platform

extension Haptics {
    /// Whether `name` can be a user pattern's id: not a library item's, so playing it is never
    /// ambiguous.
    static func userNameIsFree(_ name: String) -> Bool {
        SystemFeedback(rawValue: name) == nil && BuiltInPattern.withID(name) == nil
    }

    static func violationPath(_ v: PatternBounds.Violation) -> String {
        switch v {
        case .tooManyEntries: "entries"
        case .negativeTime(let p), .timeOverLimit(let p, _), .nonFinite(let p), .emptyCurve(let p),
             .tooManyControlPoints(let p, _), .pointsNotAscending(let p): p
        }
    }

    /// The sequence editor's save.
    static func sequence(_ s: inout HapticsState, name: String, items: [String], gapMicroseconds gap: Int64, _ world: inout World<Haptics>) {
        guard s.customFeaturesShown else { world.reject("sequence", "no-haptics-hardware") { $0.word("name", name) }; return }
        guard userNameIsFree(name) else { world.reject("sequence", "name-taken") { $0.word("name", name) }; return }
        var patterns: [HapticPattern] = []
        for (i, id) in items.enumerated() {
            if SystemFeedback(rawValue: id) != nil {
                // System feedback has no pattern to put on a Core Haptics timeline.
                world.reject("sequence", "system-item") { $0.int("item", i).word("id", id) }
                return
            }
            guard let p = customPattern(s, id) else { world.reject("sequence", "unknown-pattern") { $0.int("item", i).word("id", id) }; return }
            patterns.append(p)
        }
        let result: HapticPattern
        do {
            result = try PatternComposer.sequence(patterns, gapMicroseconds: gap, restoreCurves: !world.isOn(.curveLeaksIntoNextItem))
        } catch {
            switch error {
            case .tooManyItems(let limit): world.reject("sequence", "too-many-items") { $0.int("count", items.count).int("limit", limit) }
            case .gapNotPositive: world.reject("sequence", "gap-not-positive") { $0.word("name", name) }
            case .curveTooLong(let item, let limit): world.reject("sequence", "curve-too-long") { $0.int("item", item).int("limit", limit) }
            case .outOfBounds(let v): world.reject("sequence", "out-of-bounds") { $0.word("path", violationPath(v)) }
            }
            return
        }
        // Invariant bookkeeping: every item's events must feel as they do alone.
        var offset: Int64 = 0
        for p in patterns {
            for e in p.events where CurveSampler.intensityScale(of: result, atPatternMicroseconds: offset + e.timeMicroseconds)
                != CurveSampler.intensityScale(of: p, atPatternMicroseconds: e.timeMicroseconds) {
                s.sequenceStrengthChanges += 1
            }
            offset += p.durationMicroseconds + gap
        }
        let replaced = s.userPattern(name) != nil
        s.setUserPattern(name, result)
        world.emit(Record("sequence").word("name", name).string("items", items.joined(separator: ",")).fixed("gap", seconds(gap), 6)
            .int("events", result.events.count).int("curves", result.curves.count).fixed("duration", seconds(result.durationMicroseconds), 6)
            .bool("replaced", replaced))
    }

    /// The custom creator's controls.
    static func creator(_ s: inout HapticsState, _ action: CreatorAction, kind: CreatorEventKind?, atMicroseconds at: Int64,
                        durationMicroseconds duration: Int64, intensity: Double, sharpness: Double, index: Int?, name: String?,
                        _ world: inout World<Haptics>) {
        guard s.customFeaturesShown else { world.reject("creator", "no-haptics-hardware") { $0.word("action", action.rawValue) }; return }
        switch action {
        case .add:
            guard s.draft.count < PatternComposer.maxDraftEvents else { world.reject("creator", "draft-full") { $0.int("limit", PatternComposer.maxDraftEvents) }; return }
            for (field, v) in [("intensity", intensity), ("sharpness", sharpness)] where !(v.isFinite && (0...1).contains(v)) {
                world.reject("creator", "slider-out-of-range") { $0.word("field", field).string("value", v.isFinite ? String(v) : "\(v)") }
                return
            }
            let k: HapticEvent.Kind = kind == .continuous ? .continuous(durationMicroseconds: duration) : .transient
            s.draft.append(HapticEvent(k, timeMicroseconds: at, intensity: Float(intensity), sharpness: Float(sharpness)))
            var r = Record("creator").word("event", "added").int("index", s.draft.count - 1).word("kind", (kind ?? .transient).rawValue)
                .fixed("at", seconds(at), 6)
            if kind == .continuous { r = r.fixed("duration", seconds(duration), 6) }
            world.emit(r.fixed("intensity", Double(Float(intensity)), 2).fixed("sharpness", Double(Float(sharpness)), 2).int("draft", s.draft.count))
        case .remove:
            guard let i = index, s.draft.indices.contains(i) else {
                world.reject("creator", "no-such-event") { $0.int("index", index ?? -1).int("draft", s.draft.count) }
                return
            }
            s.draft.remove(at: i)
            world.emit(Record("creator").word("event", "removed").int("index", i).int("draft", s.draft.count))
        case .clear:
            world.emit(Record("creator").word("event", "cleared").int("discarded", s.draft.count))
            s.draft = []
        case .save:
            let name = name ?? ""
            guard !s.draft.isEmpty else { world.reject("creator", "empty-draft") { $0.word("name", name) }; return }
            guard userNameIsFree(name) else { world.reject("creator", "name-taken") { $0.word("name", name) }; return }
            let result: HapticPattern
            do {
                result = try PatternComposer.pattern(fromDraft: s.draft)
            } catch {
                let path: String = if case .outOfBounds(let v) = error { violationPath(v) } else { "draft" }
                world.reject("creator", "out-of-bounds") { $0.word("path", path) }
                return
            }
            let replaced = s.userPattern(name) != nil
            s.setUserPattern(name, result)
            world.emit(Record("creator").word("event", "saved").word("name", name).int("events", result.events.count)
                .fixed("duration", seconds(result.durationMicroseconds), 6).bool("replaced", replaced))
        }
    }
}
