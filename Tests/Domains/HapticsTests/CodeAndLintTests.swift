import Testing
import LockstepCore
import Platform
@testable import Haptics

@Suite struct CodeAndLintTests {
    @Test func impactMediumExactText() throws {
        let out = try CodeGenerator.generate(.system(.impactMedium))
        #expect(out.warnings == [])
        #expect(out.text == """
        // Impact (medium): A physical tap or collision of ordinary weight, such as a button press.
        // UIKit
        let generator: UIImpactFeedbackGenerator
        if #available(iOS 17.5, *) {
            generator = UIImpactFeedbackGenerator(style: .medium, view: view)
        } else {
            generator = UIImpactFeedbackGenerator(style: .medium)
        }
        generator.prepare()
        generator.impactOccurred(intensity: 0.8)

        // SwiftUI
        .sensoryFeedback(.impact(weight: .medium, intensity: 0.8), trigger: trigger)

        """)
    }

    @Test func softAndRigidUseFlexibility() {
        #expect(CodeGenerator.generate(system: .impactSoft).text.contains(".sensoryFeedback(.impact(flexibility: .soft, intensity: 0.8), trigger: trigger)"))
        #expect(CodeGenerator.generate(system: .impactRigid).text.contains("UIImpactFeedbackGenerator(style: .rigid, view: view)"))
    }

    @Test func notificationAndSelectionText() {
        let s = CodeGenerator.generate(system: .success).text
        #expect(s.contains("generator = UINotificationFeedbackGenerator(view: view)\n"))
        #expect(s.contains("generator = UINotificationFeedbackGenerator()\n"))
        #expect(s.contains("generator.notificationOccurred(.success)\n"))
        #expect(s.contains(".sensoryFeedback(.success, trigger: trigger)\n"))
        let sel = CodeGenerator.generate(system: .selection).text
        #expect(sel.contains("generator.selectionChanged()\n") && sel.contains(".sensoryFeedback(.selection, trigger: trigger)\n"))
    }

    @Test func systemItemsNeverUseCoreHaptics() throws {
        for s in SystemFeedback.allCases { #expect(!CodeGenerator.generate(system: s).text.contains("CHHaptic")) }
        for p in BuiltInPattern.allCases { #expect(!(try CodeGenerator.generate(.custom(p)).text.contains("UIImpactFeedbackGenerator"))) }
    }

    @Test func intensityOutOfRangeIsClampedWithAWarning() {
        let out = CodeGenerator.generate(system: .impactHeavy, intensity: 1.5)
        #expect(out.text.contains("impactOccurred(intensity: 1.0)"))
        #expect(out.warnings == [.clamped(path: "intensity", from: "1.5", to: 1.0)])
        #expect(CodeGenerator.generate(system: .impactLight, intensity: .nan).warnings == [.clamped(path: "intensity", from: "nan", to: 0)])
    }

    @Test func explosionCoreHapticsText() throws {
        let out = try CodeGenerator.generate(.custom(.explosion))
        let ahap = String(decoding: try AHAP.export(BuiltInPattern.explosion.pattern), as: UTF8.self)
        #expect(out.text == """
        // Explosion: A blast: a sharp crack, then a rumble that swells and decays.
        // Core Haptics
        let events: [CHHapticEvent] = [
            CHHapticEvent(eventType: .hapticTransient, parameters: [
                CHHapticEventParameter(parameterID: .hapticIntensity, value: 1.0),
                CHHapticEventParameter(parameterID: .hapticSharpness, value: 1.0),
            ], relativeTime: 0),
            CHHapticEvent(eventType: .hapticContinuous, parameters: [
                CHHapticEventParameter(parameterID: .hapticIntensity, value: 1.0),
                CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.1),
            ], relativeTime: 0.05, duration: 0.8),
        ]
        let parameterCurves: [CHHapticParameterCurve] = [
            CHHapticParameterCurve(parameterID: .hapticIntensityControl, controlPoints: [
                CHHapticParameterCurve.ControlPoint(relativeTime: 0, value: 0.2),
                CHHapticParameterCurve.ControlPoint(relativeTime: 0.15, value: 1.0),
                CHHapticParameterCurve.ControlPoint(relativeTime: 0.85, value: 0.0),
            ], relativeTime: 0.05),
        ]
        let pattern = try CHHapticPattern(events: events, parameterCurves: parameterCurves)

        // AHAP
        \(ahap)

        """)
    }

    @Test func customCodeListsEventsInOrderAndIsByteStable() throws {
        let a = try CodeGenerator.generate(.custom(.heartbeat)).text
        #expect(a == (try CodeGenerator.generate(.custom(.heartbeat)).text))
        let times = ["relativeTime: 0)", "relativeTime: 0.15)", "relativeTime: 0.8)", "relativeTime: 0.95)"]
        var rest = Substring(a)
        for t in times {
            guard let r = rest.firstRange(of: t) else { Issue.record("missing \(t)"); return }
            rest = rest[r.upperBound...]
        }
        #expect(a.contains("value: 0.6)") && !a.contains("0.6000000238418579"))
        #expect(a.hasSuffix("// AHAP\n" + AHAPExportTests.heartbeatBytes + "\n"))
    }

    @Test func customCodeClampsValues() throws {
        let p = HapticPattern(events: [tap(at: 0, intensity: 2, sharpness: -1)])
        let out = try CodeGenerator.generate(custom: p, name: "X", meaning: "y")
        #expect(out.warnings == [.clamped(path: "events[0].intensity", from: "2.0", to: 1), .clamped(path: "events[0].sharpness", from: "-1.0", to: 0)])
        #expect(out.text.contains("\"ParameterValue\":1.0") && out.text.contains("value: 0.0)"))
        #expect(throws: PatternBounds.Violation.negativeTime(path: "events[0].time")) {
            try CodeGenerator.generate(custom: HapticPattern(events: [tap(at: -1, intensity: 1, sharpness: 1)]), name: "X", meaning: "y")
        }
    }

    @Test func lintWarnsOnLongContinuous() {
        let p = HapticPattern(events: [
            HapticEvent(.continuous(durationMicroseconds: 2_000_000), timeMicroseconds: 0, intensity: 1, sharpness: 1),
            HapticEvent(.continuous(durationMicroseconds: 2_000_001), timeMicroseconds: 0, intensity: 1, sharpness: 1),
        ])
        #expect(PatternLint.lint(p, meaning: "buzz") == [.longContinuous(eventIndex: 1, durationMicroseconds: 2_000_001)])
    }

    @Test func lintWarnsOnDensityAboveTenPerSecond() {
        let ten = HapticPattern(events: (0..<10).map { tap(at: Int64($0) * 100_000, intensity: 1, sharpness: 1) })
        #expect(PatternLint.lint(ten, meaning: "ok") == [])
        // 11 taps 99 ms apart: the 11th at 990 ms falls inside [0, 1 s).
        let eleven = HapticPattern(events: (0..<11).map { tap(at: Int64($0) * 99_000, intensity: 1, sharpness: 1) })
        #expect(PatternLint.lint(eleven, meaning: "ok") == [.tooDense(windowStartMicroseconds: 0, eventCount: 11)])
        // 11 taps exactly 100 ms apart: the 11th at 1 s is outside the half-open window.
        let spread = HapticPattern(events: (0..<11).map { tap(at: Int64($0) * 100_000, intensity: 1, sharpness: 1) })
        #expect(PatternLint.lint(spread, meaning: "ok") == [])
    }

    @Test func lintNeedsAMeaning() {
        let p = BuiltInPattern.heartbeat.pattern
        #expect(PatternLint.lint(p, meaning: nil) == [.missingMeaning])
        #expect(PatternLint.lint(p, meaning: "  ") == [.missingMeaning])
        #expect(PatternLint.lint(HapticPattern(events: [tap(at: -5, intensity: 1, sharpness: 1)]), meaning: "m")
            == [.outOfBounds(.negativeTime(path: "events[0].time"))])
    }
}
