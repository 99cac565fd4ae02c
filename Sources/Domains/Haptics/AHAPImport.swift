import LockstepCore
import Platform

/// Reads AHAP bytes into a `HapticPattern`.
///
/// Structural damage is an error with a JSON path; per Apple's AHAP documentation, out-of-range
/// values are clamped and unsupported keys ignored (both reported as warnings).
/// Choices (GAP): a missing `HapticIntensity` is 1.0 and a missing `HapticSharpness` 0.5; `Time`
/// is required on events, curves and control points; `EventDuration` on a transient is ignored;
/// audio event types are unknown (the model is haptics-only); a curve for an audio parameter is
/// skipped; `Version` and `Metadata` are accepted and unused. Times are read from the number's
/// text exactly (`DecimalText`), rounded half to even to whole µs; every time ≤ 30 s.
enum AHAPImport {
    static let maxBytes = 4 << 20
    static let defaultIntensity: Float = 1.0
    static let defaultSharpness: Float = 0.5

    typealias Key = AHAP.Key

    static func parse(_ bytes: [UInt8]) throws(AHAPImportError) -> AHAPImportResult {
        guard bytes.count <= maxBytes else { throw .tooManyBytes(limit: maxBytes) }
        let root: JSONValue
        do { root = try JSONDocument.parse(bytes) } catch { throw .notJSON(error) }
        var reader = Reader()
        let pattern = try reader.document(root)
        return AHAPImportResult(pattern: pattern, warnings: reader.warnings)
    }

    private struct Reader {
        var warnings: [AHAPWarning] = []

        func fail(_ path: String, _ reason: AHAPProblem) -> AHAPImportError { .invalidAHAP(path: path, reason: reason) }

        func members(_ value: JSONValue, _ path: String) throws(AHAPImportError) -> [(String, JSONValue)] {
            guard let m = value.object else { throw fail(path, .wrongType(expected: "an object", found: value.typeName)) }
            return m
        }

        func list(_ value: JSONValue, _ path: String) throws(AHAPImportError) -> [JSONValue] {
            guard let a = value.array else { throw fail(path, .wrongType(expected: "a list", found: value.typeName)) }
            return a
        }

        func required(_ value: JSONValue?, _ path: String) throws(AHAPImportError) -> JSONValue {
            guard let value else { throw fail(path, .missing) }
            return value
        }

        func time(_ value: JSONValue, _ path: String) throws(AHAPImportError) -> Int64 {
            guard let text = value.numberText else { throw fail(path, .wrongType(expected: "a number", found: value.typeName)) }
            switch DecimalText.microseconds(fromSecondsText: text, limitMicroseconds: PatternBounds.maxTimeMicroseconds) {
            case .success(let us): return us
            case .failure(.negative): throw fail(path, .negative)
            case .failure(.overLimit): throw fail(path, .timeOverLimit(limitMicroseconds: PatternBounds.maxTimeMicroseconds))
            case .failure(.malformed): throw fail(path, .wrongType(expected: "a number", found: value.typeName))
            }
        }

        mutating func value(_ value: JSONValue, _ path: String, range: ClosedRange<Float>) throws(AHAPImportError) -> Float {
            guard let text = value.numberText else { throw fail(path, .wrongType(expected: "a number", found: value.typeName)) }
            guard let f = Float(text), f.isFinite else { throw fail(path, .nonFinite) }
            let clamped = min(max(f, range.lowerBound), range.upperBound)
            if clamped != f { warnings.append(.clamped(path: path, from: text, to: clamped)) }
            return clamped
        }

        func string(_ value: JSONValue, _ path: String) throws(AHAPImportError) -> String {
            guard let s = value.string else { throw fail(path, .wrongType(expected: "a string", found: value.typeName)) }
            return s
        }

        mutating func document(_ root: JSONValue) throws(AHAPImportError) -> HapticPattern {
            let top = try members(root, "(root)")
            for (k, _) in top where k != Key.pattern && k != Key.version && k != Key.metadata {
                warnings.append(.ignoredKey(path: k))
            }
            let entries = try list(try required(root[Key.pattern], Key.pattern), Key.pattern)
            guard entries.count <= PatternBounds.maxEntries else { throw fail(Key.pattern, .tooMany(limit: PatternBounds.maxEntries)) }
            var pattern = HapticPattern(events: [])
            for (i, entry) in entries.enumerated() {
                let path = "\(Key.pattern)[\(i)]"
                let m = try members(entry, path)
                for (k, _) in m where k != Key.event && k != Key.parameterCurve && k != Key.parameter {
                    warnings.append(.ignoredKey(path: path + "." + k))
                }
                let event = entry[Key.event], curve = entry[Key.parameterCurve]
                if event != nil && curve != nil { throw fail(path, .multipleKinds) }
                if let event {
                    pattern.events.append(try self.event(event, path + "." + Key.event))
                } else if let curve {
                    if let c = try self.curve(curve, path + "." + Key.parameterCurve) { pattern.curves.append(c) }
                } else {
                    warnings.append(.ignoredEntry(path: path))
                }
            }
            return pattern
        }

        mutating func event(_ value: JSONValue, _ path: String) throws(AHAPImportError) -> HapticEvent {
            let m = try members(value, path)
            let known = [Key.time, Key.eventType, Key.eventDuration, Key.eventParameters]
            for (k, _) in m where !known.contains(k) { warnings.append(.ignoredKey(path: path + "." + k)) }
            let typePath = path + "." + Key.eventType
            let type = try string(try required(value[Key.eventType], typePath), typePath)
            guard type == AHAP.transient || type == AHAP.continuous else { throw fail(typePath, .unknownEventType(type)) }
            let timePath = path + "." + Key.time
            let t = try time(try required(value[Key.time], timePath), timePath)
            let durationPath = path + "." + Key.eventDuration
            let kind: HapticEvent.Kind
            if type == AHAP.continuous {
                kind = .continuous(durationMicroseconds: try time(try required(value[Key.eventDuration], durationPath), durationPath))
            } else {
                if value[Key.eventDuration] != nil { warnings.append(.ignoredKey(path: durationPath)) }
                kind = .transient
            }
            var intensity = defaultIntensity, sharpness = defaultSharpness
            if let params = value[Key.eventParameters] {
                let listPath = path + "." + Key.eventParameters
                for (j, p) in try list(params, listPath).enumerated() {
                    let pPath = "\(listPath)[\(j)]"
                    let pm = try members(p, pPath)
                    for (k, _) in pm where k != Key.parameterID && k != Key.parameterValue { warnings.append(.ignoredKey(path: pPath + "." + k)) }
                    let idPath = pPath + "." + Key.parameterID, valuePath = pPath + "." + Key.parameterValue
                    let id = try string(try required(p[Key.parameterID], idPath), idPath)
                    let raw = try required(p[Key.parameterValue], valuePath)
                    switch id {
                    case AHAP.intensity: intensity = try self.value(raw, valuePath, range: 0...1)
                    case AHAP.sharpness: sharpness = try self.value(raw, valuePath, range: 0...1)
                    default: warnings.append(.ignoredEntry(path: pPath))
                    }
                }
            }
            return HapticEvent(kind, timeMicroseconds: t, intensity: intensity, sharpness: sharpness)
        }

        /// nil for a curve of a parameter the model does not have (skipped with a warning).
        mutating func curve(_ value: JSONValue, _ path: String) throws(AHAPImportError) -> HapticParameterCurve? {
            let m = try members(value, path)
            let known = [Key.parameterID, Key.time, Key.controlPoints]
            for (k, _) in m where !known.contains(k) { warnings.append(.ignoredKey(path: path + "." + k)) }
            let idPath = path + "." + Key.parameterID
            let id = try string(try required(value[Key.parameterID], idPath), idPath)
            guard let parameter = HapticParameterCurve.Parameter(rawValue: id) else {
                warnings.append(.ignoredEntry(path: path))
                return nil
            }
            let timePath = path + "." + Key.time
            let start = try time(try required(value[Key.time], timePath), timePath)
            let pointsPath = path + "." + Key.controlPoints
            let raw = try list(try required(value[Key.controlPoints], pointsPath), pointsPath)
            guard !raw.isEmpty else { throw fail(pointsPath, .empty) }
            guard raw.count <= PatternBounds.maxControlPoints else { throw fail(pointsPath, .tooMany(limit: PatternBounds.maxControlPoints)) }
            // Intensity control scales 0…1; sharpness control shifts by −1…1 (Apple's ranges).
            let range: ClosedRange<Float> = parameter == .intensityControl ? 0...1 : -1...1
            var points: [HapticCurvePoint] = []
            for (j, p) in raw.enumerated() {
                let pPath = "\(pointsPath)[\(j)]"
                let pm = try members(p, pPath)
                for (k, _) in pm where k != Key.time && k != Key.parameterValue { warnings.append(.ignoredKey(path: pPath + "." + k)) }
                let tPath = pPath + "." + Key.time, vPath = pPath + "." + Key.parameterValue
                let t = try time(try required(p[Key.time], tPath), tPath)
                if let last = points.last, t <= last.timeMicroseconds { throw fail(tPath, .notAscending) }
                let v = try self.value(try required(p[Key.parameterValue], vPath), vPath, range: range)
                points.append(HapticCurvePoint(timeMicroseconds: t, value: v))
            }
            return HapticParameterCurve(parameter, relativeTimeMicroseconds: start, points: points)
        }
    }
}
