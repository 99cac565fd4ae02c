import LockstepCore
import Platform

/// Invariants checked after every step, and a random explorer of host cycles, memory pressure,
/// typing, chips, languages, Full Access, the clipboard and the click settings.
extension Keyboard {
    public static let invariants: [Invariant<Keyboard>] = [
        Invariant("liveSoundsAreCurrentStyle", "only the style in use stays registered: the live system sound ids are its ids (failure 11)") { s, _ in
            s.sounds.liveIDsMatchCurrentStyle ? nil : "\(s.sounds.registry.liveSoundIDs.count) live ids, \(s.sounds.ids.count) for the current style"
        },
        Invariant("pasteboardNeedsFullAccess", "the pasteboard is never touched without Full Access") { s, outputs in
            !s.clipboard.hasFullAccess && outputs.contains(where: { $0.name == "pasteboard" }) ? "pasteboard access without Full Access" : nil
        },
        Invariant("footprintWithinCeiling", "the footprint stays under the ceiling unless jetsam killed the extension") { s, _ in
            s.memory.killed || s.memory.footprintBytes <= s.memory.ceilingBytes ? nil
                : "footprint \(s.memory.footprintBytes) B over ceiling \(s.memory.ceilingBytes) B alive"
        },
        Invariant("everyActivationHasFeedback", "every key and chip gives sound (unless muted), haptic and a visual press (failure 13)") { s, _ in
            s.incompleteActivations == 0 ? nil : "\(s.incompleteActivations) activations without full feedback"
        },
        Invariant("releasedViewsAreEmptied", "a released controller's view is emptied by the deferred deinit teardown, never kept while the extension lives (failures 4, 5)") { s, _ in
            s.memory.killed || s.memory.retainedViews == 0 ? nil : "\(s.memory.retainedViews) released views retained"
        },
        Invariant("oneWarmupThread", "warm-ups run on one serial queue: at most one thread stack whatever the switches (failure 7)") { s, _ in
            s.memory.threadStacks <= 1 ? nil : "\(s.memory.threadStacks) warm-up threads"
        },
        Invariant("keystrokeWithinFrame", "every suggestion query fits one 60 Hz frame (failure 14)") { s, _ in
            guard let last = s.latency.samplesNanoseconds.last, last > LatencyBudget.frameBudgetNanoseconds else { return nil }
            return "a keystroke cost \(last) ns, over \(LatencyBudget.frameBudgetNanoseconds) ns"
        },
        Invariant("chosenLanguageSticks", "the newest language choice, from the extension or the container app, is the active one (failure 9)") { s, _ in
            guard let w = s.lastLanguageWrite, s.store.enabledLanguageIDs.contains(w.id), !s.memory.killed else { return nil }
            let active = s.store.resolve().id
            return active == w.id ? nil : "chose \(w.id), active is \(active)"
        },
        Invariant("clicksRideTheRingerBus", "a click is a system sound: gain × ringer volume, silent under the silent switch (failure 10)") { s, _ in
            s.offBusClicks == 0 ? nil : "\(s.offBusClicks) clicks at another level than gain × ringer volume"
        },
        Invariant("noOverlayInRelease", "the debug overlay never draws in a release build (failure 15)") { s, _ in
            s.build == .release && s.overlayDraws ? "the overlay draws in release" : nil
        },
    ]

    public static let explorer: Explorer? = Explorer(header: { rng in
        var lines: [String] = []
        if rng.chance(0.3) { lines.append("set fullAccess true") }
        if rng.chance(0.3) { lines.append("set wordList parsed") }
        if rng.chance(0.2) { lines.append("set unreadableSample classic-key") }
        return lines
    }, next: { rng, step in
        if step == 0 { return "0 viewDidLoad" }
        if step == 1 { return "+1ms loadWordList file=../index/\(rng.chance(0.5) ? "small" : "large").kidx" }
        let gap = "+\(rng.int(in: 1...900))ms"
        // Mostly letters that start words of the fixture indexes (so chips appear and get tapped).
        let letters = ["t", "h", "e", "a", "p", "l", "s", "w", "x"]
        switch rng.int(below: 34) {
        case 0..<6: return "\(gap) keystroke key=\(letters[rng.int(below: letters.count)])"
        // Spaces often, so a fresh prefix (one that starts an index word) comes back often.
        case 6, 7, 8: return "\(gap) keystroke key=space"
        case 9: return "\(gap) deleteKey"
        case 10, 11, 32: return "\(gap) suggestionTap index=\(rng.int(in: 0...3))"
        case 12: return "\(gap) hostAppChange host=\(["notes", "mail", "safari"][rng.int(below: 3)])\(rng.chance(0.2) ? " empty=true" : "")"
        case 13: return "\(gap) mainQueueTurn"
        case 14: return "\(gap) \(["viewWillAppear", "viewWillDisappear", "controllerDeinit", "memoryWarning"][rng.int(below: 4)])"
        case 15: return "\(gap) systemMemoryPressure ceilingMB=\(rng.int(in: 26...90))"
        case 16: return "\(gap) languageSwitch id=\(["en", "ja", "ko", "fr"][rng.int(below: 4)])"
        case 17: return "\(gap) containerAppSetLanguage id=\(["en", "ja", "ko", "fr"][rng.int(below: 4)])"
        case 18: return "\(gap) fullAccess on=\(rng.chance(0.5))"
        case 19: return "\(gap) \(rng.chance(0.5) ? "copy" : "paste")"
        case 20, 21: return "\(gap) setVolume v=\([0, 0.1, 0.3, 0.5, 0.74, 1][rng.int(below: 6)])"
        case 22: return "\(gap) setSoundStyle style=\(["classic", "typewriter", "soft"][rng.int(below: 3)])"
        case 23: return "\(gap) silentSwitch on=\(rng.chance(0.5))"
        case 24: return "\(gap) mediaVolume v=0.\(rng.int(in: 0...9))"
        case 25: return "\(gap) ringerVolume v=0.\(rng.int(in: 0...9))"
        case 26: return "\(gap) loadWordList file=../index/\(["small", "large", "truncated", "foreign", "empty"][rng.int(below: 5)]).kidx"
        case 27: return "\(gap) buildConfig config=\(rng.chance(0.5) ? "debug" : "release")"
        case 28: return "\(gap) debugOverlayFlag on=\(rng.chance(0.5))"
        case 29: return "\(gap) allocate mb=\(rng.int(in: 0...2))\(rng.chance(0.5) ? " purgeable=true" : "")"
        case 30: return "\(gap) \(rng.chance(0.5) ? "transientAllocation" : "free") mb=\(rng.int(in: 0...3))"
        case 31: return "\(gap) probeDump"
        default: return "\(gap) setVolume v=nan"
        }
    })
}
