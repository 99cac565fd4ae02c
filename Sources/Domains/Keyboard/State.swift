import LockstepCore
import Platform

/// The extension's state: both language stores, the clipboard gate, the click sounds and buses,
/// the memory ledger, the word index and the current word, latency samples and release hygiene.
public struct KeyboardState: Sendable {
    var store: LanguageStore
    var clipboard: ClipboardGate
    var sounds: ClickSounds
    var memory: MemoryLedger
    var latency = LatencyBudget()
    var marks = ProbeMarks()
    var haptics = FeedbackGenerator(kind: .impact(style: .light), osAtLeast17_5: true)
    var index: WordIndex?
    var readPath: FieldReadPath
    var chips: FeedbackVariant
    var host = "none"
    var typed = ""
    /// Letters typed past `Keyboard.maxTypedBytes`: they reach the host, not the prefix.
    var typedOverflow = 0
    var suggestions: [String] = []
    var activations = 0
    var build: BuildConfiguration = .release
    var overlayFlag = false
    var overlayInRelease = false
    /// History for the invariants (left out of `write`).
    var incompleteActivations = 0
    var overlayDraws = false
    /// The newest language write (id, stamp, whether it came through the shared store), for the
    /// invariant that the user's last choice is the active language.
    var lastLanguageWrite: (id: String, stampNanoseconds: Int64, shared: Bool)?
    /// Clicks whose level was not gain × ringer volume (0 under the silent switch).
    var offBusClicks = 0
}
