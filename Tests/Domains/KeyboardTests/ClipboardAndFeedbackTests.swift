import Testing
@testable import Keyboard

@Test func clipboardGateToastsWithoutFullAccess() {
    var g = ClipboardGate(hasFullAccess: false)
    #expect(g.copy() == false)
    #expect(g.paste() == false)
    #expect(g.toasts == ["Turn on Full Access for copy & paste", "Turn on Full Access for copy & paste"])
    #expect(g.pasteboardAccesses == 0)
    g.hasFullAccess = true
    let copied = g.copy()
    #expect(copied)
    let pasted = g.paste()
    #expect(pasted)
    #expect(g.pasteboardAccesses == 2)
    #expect(g.toasts.count == 2)
}

@Test func toastExactText() {
    #expect(ClipboardGate.fullAccessToast == "Turn on Full Access for copy & paste")
}

@Test func toastLogBounded() {
    var g = ClipboardGate(hasFullAccess: false)
    for _ in 0..<(ClipboardGate.maxToasts + 5) { _ = g.copy() }
    #expect(g.toasts.count == ClipboardGate.maxToasts)
    #expect(g.droppedToastCount == 5)
    #expect(g.pasteboardAccesses == 0)
}

@Test func keysAndChipsShareFeedback() {
    let key = FeedbackPath.activate(.key, soundEnabled: true)
    let chip = FeedbackPath.activate(.suggestion, soundEnabled: true)
    #expect(key == FeedbackRecord(source: .key, sound: true, haptic: true, visualPress: true))
    #expect(chip == FeedbackRecord(source: .suggestion, sound: true, haptic: true, visualPress: true))
}

@Test func chipsWithoutFeedbackFault() {
    let chip = FeedbackPath.activate(.suggestion, soundEnabled: true, variant: .chipsWithoutFeedback)
    #expect(chip == FeedbackRecord(source: .suggestion, sound: false, haptic: false, visualPress: false))
    let key = FeedbackPath.activate(.key, soundEnabled: true, variant: .chipsWithoutFeedback)
    #expect(key.haptic && key.visualPress && key.sound)
}

@Test func mutedSoundStillHapticAndPress() {
    let r = FeedbackPath.activate(.key, soundEnabled: false)
    #expect(!r.sound && r.haptic && r.visualPress)
}

@Test func debugOverlayNeverInRelease() {
    #expect(DebugOverlay.draws(build: .release, persistedFlag: true) == false)
    #expect(DebugOverlay.draws(build: .debug, persistedFlag: true))
    #expect(DebugOverlay.draws(build: .debug, persistedFlag: false) == false)
}

@Test func probeMarksSerializedAndBounded() {
    var p = ProbeMarks()
    for i in 0..<(ProbeMarks.maxMarks + 3) { p.mark("m\(i)", footprintBytes: i) }
    #expect(p.marks.count == ProbeMarks.maxMarks)
    #expect(p.marks.first?.label == "m0")
    #expect(p.droppedCount == 3)
}
