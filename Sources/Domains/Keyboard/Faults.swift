import LockstepCore

/// The article's failure modes, each caught by a golden under `Golden/keyboard/` through what the
/// user hears, sees or loses (the memory ledger, the active language, the clicks, the chips).
public enum KeyboardFault: String, DomainFault {
    case retainViews
    case teardownInViewWillDisappear
    case languageReverts
    case leakSoundIDs
    case silentFallback
    case mediaBusPlayer
    case chipsWithoutFeedback
    case globalQueueWarmups
    case copyBytesReads
    case debugOverlayInRelease

    public var summary: String {
        switch self {
        case .retainViews: "released controllers keep their ~3 MB views (no deferred teardown in deinit): +3 MB per host cycle until jetsam (failures 1, 4)"
        case .teardownInViewWillDisappear: "the view is emptied in viewWillDisappear, so every re-show rebuilds it and feeds unpurgeable caches (failure 5)"
        case .languageReverts: "the getter reads only the App Group store, whose writes vanish without Full Access: the language reverts (failure 9)"
        case .leakSoundIDs: "a style or volume change drops the id table without disposing the system sound ids (failure 11)"
        case .silentFallback: "a failed scaled file registers nothing instead of the full-volume original: silence (failure 12)"
        case .mediaBusPlayer: "clicks play through an AVAudioPlayer on the media bus: inaudible below full gain at low media volume (failure 10)"
        case .chipsWithoutFeedback: "suggestion chips bypass the shared feedback function: no sound, haptic or press (failure 13)"
        case .globalQueueWarmups: "each language switch warms up on the global queue: a blocked thread (~0.5 MB stack) per switch (failure 7)"
        case .copyBytesReads: "entry fields are read with Data.copyBytes instead of loadUnaligned: long ranges go over the frame budget (failure 14)"
        case .debugOverlayInRelease: "the persisted debug flag draws the overlay in release builds (failure 15)"
        }
    }
}
