import LockstepCore
import Platform

extension Haptics {
    /// "Record a rhythm": offsets from the first tap on the monotonic clock (CACurrentMediaTime).
    static func recordFinish(_ s: inout HapticsState, _ world: inout World<Haptics>) {
        let taps = s.taps
        s.taps = []
        let wallClock = world.isOn(.rhythmOnWallClock)
        let times = taps.map { wallClock ? $0.wallMicroseconds : $0.monoMicroseconds }
        let pattern: HapticPattern
        do {
            pattern = wallClock ? try RhythmRecorder.rawPattern(fromTapTimes: times) : try RhythmRecorder.pattern(fromTapTimes: times)
        } catch {
            switch error {
            case .tooManyTaps(let limit): world.reject("recordFinish", "too-many-taps") { $0.int("limit", limit) }
            case .nonMonotonicTaps(let i): world.reject("recordFinish", "non-monotonic-taps") { $0.int("index", i) }
            }
            return
        }
        s.lastRhythmOffsets = pattern.events.map(\.timeMicroseconds)
        world.emit(Record("rhythm").int("taps", taps.count).int("kept", pattern.events.count).word("id", "rhythm"))
        for e in pattern.events {
            world.emit(Record("rhythmEvent").fixed("offset", seconds(e.timeMicroseconds), 6).fixed("intensity", Double(e.intensity), 2).fixed("sharpness", Double(e.sharpness), 2))
        }
        s.setUserPattern("rhythm", pattern)
    }

    static func problemText(_ p: AHAPProblem) -> String {
        switch p {
        case .missing: "missing"
        case .wrongType(let expected, let found): "expected \(expected), found \(found)"
        case .unknownEventType(let t): "unknown EventType \(t)"
        case .negative: "negative"
        case .nonFinite: "not a finite number"
        case .timeOverLimit(let limit): "time over \(DecimalText.seconds(fromMicroseconds: limit)) s"
        case .notAscending: "control points not in ascending time"
        case .tooMany(let limit): "more than \(limit)"
        case .empty: "empty"
        case .multipleKinds: "both an Event and a ParameterCurve"
        }
    }

    static func importAHAP(_ s: inout HapticsState, _ bytes: [UInt8], _ world: inout World<Haptics>) {
        guard s.customFeaturesShown else { world.reject("importAHAP", "no-haptics-hardware"); return }
        let result: AHAPImportResult
        do {
            result = try AHAPImport.parse(bytes)
        } catch {
            switch error {
            case .notJSON(let e): world.reject("importAHAP", "not-json") { $0.string("why", e.description) }
            case .tooManyBytes(let limit): world.reject("importAHAP", "too-large") { $0.int("limit", limit) }
            case .invalidAHAP(let path, let reason): world.reject("importAHAP", "invalid-ahap") { $0.string("path", path).string("why", problemText(reason)) }
            }
            return
        }
        world.emit(Record("import").word("result", "ok").int("bytes", bytes.count).int("events", result.pattern.events.count)
            .int("curves", result.pattern.curves.count).int("warnings", result.warnings.count).word("id", "imported"))
        for w in result.warnings {
            switch w {
            case .clamped(let path, let from, let to): world.emit(Record("importWarning").word("kind", "clamped").string("path", path).string("from", from).fixed("to", Double(to), 6))
            case .ignoredKey(let path): world.emit(Record("importWarning").word("kind", "ignoredKey").string("path", path))
            case .ignoredEntry(let path): world.emit(Record("importWarning").word("kind", "ignoredEntry").string("path", path))
            }
        }
        for e in result.pattern.events {
            var r = Record("importEvent").fixed("time", seconds(e.timeMicroseconds), 6)
            switch e.kind {
            case .transient: r = r.word("type", "transient")
            case .continuous(let d): r = r.word("type", "continuous").fixed("duration", seconds(d), 6)
            }
            world.emit(r.fixed("intensity", Double(e.intensity), 6).fixed("sharpness", Double(e.sharpness), 6))
        }
        s.setUserPattern("imported", result.pattern)
    }

    static func generateCode(_ s: inout HapticsState, _ id: String, _ world: inout World<Haptics>) {
        guard s.premium else { world.reject("generateCode", "requires-premium") { $0.word("id", id) }; return }
        let output: CodeGenerator.Output
        do {
            if let item = LibraryItem.withID(id) {
                output = try CodeGenerator.generate(item)
            } else if let p = s.userPattern(id) {
                output = try CodeGenerator.generate(custom: p, name: id, meaning: "A user pattern.")
            } else {
                world.reject("generateCode", "unknown-pattern") { $0.word("id", id) }
                return
            }
        } catch {
            world.reject("generateCode", "out-of-bounds") { $0.word("id", id) }
            return
        }
        world.emit(Record("code").word("id", id).int("lines", output.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1).string("text", output.text))
        for w in output.warnings {
            if case .clamped(let path, let from, let to) = w { world.emit(Record("codeWarning").string("path", path).string("from", from).fixed("to", Double(to), 6)) }
        }
    }
}
