import LockstepCore
import Platform

/// Every piece of generated Swift text, in one place, so the output is byte-stable and reviewable.
///
/// WHY: item 12 pins generated code in goldens; keeping the literal text here (and only simple
/// substitutions in `CodeGenerator`) means a template change is one visible diff. Lines end in
/// "\n"; indentation is four spaces.
enum CodeTemplates {
    static func header(name: String, meaning: String) -> String {
        "// \(name): \(meaning)\n"
    }

    /// UIKit generator with the iOS 17.5 `init(...view:)` branch (`init(style:)` is deprecated in iOS 27).
    static func uikit(type: String, argsWithView: String, argsWithoutView: String, call: String) -> String {
        """
        // UIKit
        let generator: \(type)
        if #available(iOS 17.5, *) {
            generator = \(type)(\(argsWithView))
        } else {
            generator = \(type)(\(argsWithoutView))
        }
        generator.prepare()
        generator.\(call)

        """
    }

    static func swiftUI(feedback: String) -> String {
        """
        // SwiftUI
        .sensoryFeedback(\(feedback), trigger: trigger)

        """
    }

    static let coreHapticsOpen = "// Core Haptics\nlet events: [CHHapticEvent] = [\n"
    static let eventsClose = "]\n"
    static let curvesOpen = "let parameterCurves: [CHHapticParameterCurve] = [\n"
    static let curvesClose = "]\n"
    static let patternLine = "let pattern = try CHHapticPattern(events: events, parameterCurves: parameterCurves)\n"

    static func event(type: String, intensity: String, sharpness: String, relativeTime: String, duration: String?) -> String {
        let tail = duration.map { ", relativeTime: \(relativeTime), duration: \($0))," } ?? ", relativeTime: \(relativeTime)),"
        return """
                CHHapticEvent(eventType: .\(type), parameters: [
                    CHHapticEventParameter(parameterID: .hapticIntensity, value: \(intensity)),
                    CHHapticEventParameter(parameterID: .hapticSharpness, value: \(sharpness)),
                ]\(tail)

            """
    }

    static func curveOpen(parameterID: String) -> String {
        "    CHHapticParameterCurve(parameterID: .\(parameterID), controlPoints: [\n"
    }

    static func controlPoint(relativeTime: String, value: String) -> String {
        "        CHHapticParameterCurve.ControlPoint(relativeTime: \(relativeTime), value: \(value)),\n"
    }

    static func curveClose(relativeTime: String) -> String {
        "    ], relativeTime: \(relativeTime)),\n"
    }

    static func ahap(_ json: String) -> String {
        "\n// AHAP\n\(json)\n"
    }
}
