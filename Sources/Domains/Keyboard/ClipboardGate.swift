/// Full Access gate for copy/paste (item 2).
///
/// WHY a toast: without Full Access the pasteboard is off-limits, and a button that
/// silently does nothing reads as broken; the gate must explain itself instead.
struct ClipboardGate: Sendable {
    static let fullAccessToast = "Turn on Full Access for copy & paste"
    /// Toast log is bounded; further toasts are counted, not stored.
    static let maxToasts = 256

    var hasFullAccess: Bool
    private(set) var toasts: [String] = []
    private(set) var droppedToastCount = 0
    /// Must stay 0 while Full Access is off.
    private(set) var pasteboardAccesses = 0

    init(hasFullAccess: Bool) {
        self.hasFullAccess = hasFullAccess
    }

    /// True when the clipboard may be touched; otherwise posts the toast and returns false.
    mutating func requireFullAccessForClipboard() -> Bool {
        if hasFullAccess { return true }
        if toasts.count < Self.maxToasts {
            toasts.append(Self.fullAccessToast)
        } else {
            droppedToastCount += 1
        }
        return false
    }

    mutating func copy() -> Bool {
        guard requireFullAccessForClipboard() else { return false }
        pasteboardAccesses += 1
        return true
    }

    mutating func paste() -> Bool {
        guard requireFullAccessForClipboard() else { return false }
        pasteboardAccesses += 1
        return true
    }
}
