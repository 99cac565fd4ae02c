import LockstepCore
import Platform

/// Generates the Swift a developer pastes into an app (item 12): system items stay UIKit /
/// SwiftUI calls; only custom patterns become Core Haptics literals (with their AHAP text).
///
/// Numbers: Floats in their shortest form, times as exact decimal seconds, so the text is
/// byte-stable. Values outside 0…1 are clamped and reported (GAP: clamp and warn); NaN becomes 0.
enum CodeGenerator {
    /// The article's `impactOccurred(intensity: 0.8)`.
    static let defaultImpactIntensity: Float = 0.8

    struct Output: Equatable, Sendable {
        var text: String
        var warnings: [Warning]
    }

    enum Warning: Equatable, Sendable {
        /// `path` names the value (`intensity`, `events[1].sharpness`); `from` is its original text.
        case clamped(path: String, from: String, to: Float)
    }

    static func generate(_ item: LibraryItem) throws(PatternBounds.Violation) -> Output {
        switch item {
        case .system(let s): generate(system: s)
        case .custom(let p): try generate(custom: p.pattern, name: p.displayName, meaning: p.meaning)
        }
    }

    static func generate(system: SystemFeedback, intensity: Float = defaultImpactIntensity) -> Output {
        var warnings: [Warning] = []
        var text = CodeTemplates.header(name: system.displayName, meaning: system.meaning)
        let name = system.uikitCase ?? ""
        switch system.generator {
        case .impact:
            let v = clamp(intensity, path: "intensity", into: &warnings)
            let value = AHAP.floatText(v)
            text += CodeTemplates.uikit(type: "UIImpactFeedbackGenerator", argsWithView: "style: .\(name), view: view",
                                        argsWithoutView: "style: .\(name)", call: "impactOccurred(intensity: \(value))")
            let swiftUI = system == .impactSoft || system == .impactRigid
                ? ".impact(flexibility: .\(name), intensity: \(value))"
                : ".impact(weight: .\(name), intensity: \(value))"
            text += "\n" + CodeTemplates.swiftUI(feedback: swiftUI)
        case .selection:
            text += CodeTemplates.uikit(type: "UISelectionFeedbackGenerator", argsWithView: "view: view",
                                        argsWithoutView: "", call: "selectionChanged()")
            text += "\n" + CodeTemplates.swiftUI(feedback: ".selection")
        case .notification:
            text += CodeTemplates.uikit(type: "UINotificationFeedbackGenerator", argsWithView: "view: view",
                                        argsWithoutView: "", call: "notificationOccurred(.\(name))")
            text += "\n" + CodeTemplates.swiftUI(feedback: ".\(name)")
        }
        return Output(text: text, warnings: warnings)
    }

    static func generate(custom pattern: HapticPattern, name: String, meaning: String) throws(PatternBounds.Violation) -> Output {
        if let v = PatternBounds.check(pattern) { throw v }
        var warnings: [Warning] = []
        var p = pattern
        for i in p.events.indices {
            p.events[i].intensity = clamp(p.events[i].intensity, path: "events[\(i)].intensity", into: &warnings)
            p.events[i].sharpness = clamp(p.events[i].sharpness, path: "events[\(i)].sharpness", into: &warnings)
        }
        var text = CodeTemplates.header(name: name, meaning: meaning) + CodeTemplates.coreHapticsOpen
        for e in p.events {
            let duration: String?
            switch e.kind {
            case .transient: duration = nil
            case .continuous(let d): duration = DecimalText.seconds(fromMicroseconds: d)
            }
            text += CodeTemplates.event(type: duration == nil ? "hapticTransient" : "hapticContinuous",
                                        intensity: AHAP.floatText(e.intensity), sharpness: AHAP.floatText(e.sharpness),
                                        relativeTime: DecimalText.seconds(fromMicroseconds: e.timeMicroseconds), duration: duration)
        }
        text += CodeTemplates.eventsClose + CodeTemplates.curvesOpen
        for c in p.curves {
            let id = c.parameter == .intensityControl ? "hapticIntensityControl" : "hapticSharpnessControl"
            text += CodeTemplates.curveOpen(parameterID: id)
            for pt in c.points {
                text += CodeTemplates.controlPoint(relativeTime: DecimalText.seconds(fromMicroseconds: pt.timeMicroseconds),
                                                   value: AHAP.floatText(pt.value))
            }
            text += CodeTemplates.curveClose(relativeTime: DecimalText.seconds(fromMicroseconds: c.relativeTimeMicroseconds))
        }
        text += CodeTemplates.curvesClose + CodeTemplates.patternLine
        text += CodeTemplates.ahap(String(decoding: try AHAP.export(p), as: UTF8.self))
        return Output(text: text, warnings: warnings)
    }

    private static func clamp(_ v: Float, path: String, into warnings: inout [Warning]) -> Float {
        let c: Float = v.isNaN ? 0 : min(max(v, 0), 1)
        if c != v || v.isNaN { warnings.append(.clamped(path: path, from: v.description, to: c)) }
        return c
    }
}
