import LockstepCore
import Platform

/// Picture-in-picture and the navigation around it.
///
/// PiP starts automatically when the app goes to the background during inline playback only if
/// (a) the audio session category is `playback`, (b) the app has the "Audio, AirPlay, and Picture
/// in Picture" background mode and (c) the player is shown in `AVPlayerViewController` or an
/// `AVPlayerLayer` managed by `AVPictureInPictureController`. The player controller does not
/// dismiss the darshan screen at PiP start, and the player lives in the app-level session, so PiP
/// survives navigation and "return to app" rebuilds the screen around the same item.
enum PictureInPicture {
    static func screen(_ templeID: String) -> String { "darshan.\(templeID)" }

    static func navValue(_ s: DarshanState) -> Value { .tuple(s.navigation.map { .word($0) }) }

    /// The app left the foreground.
    static func enteredBackground(_ s: inout DarshanState, _ world: inout World<Darshan>) {
        guard s.player.playing, let temple = s.player.templeID, let token = s.player.item?.token else { return }
        guard !s.pip.active else { return }
        guard s.navigation.last == screen(temple) else {
            world.emit(Record("pip.notStarted").int("token", token).word("reason", "playerNotOnScreen").word("effect", "paused"))
            s.player.playing = false
            return
        }
        var missing: [String] = []
        if s.audio.category != .playback { missing.append("audioCategory") }
        if !s.device.has(.backgroundAudio) { missing.append("backgroundMode") }
        if s.playerView == .plainLayer { missing.append("pipController") }
        if !s.pip.canStartAutomaticallyFromInline || !s.pip.allowsPictureInPicturePlayback { missing.append("automaticFromInline") }
        if missing.isEmpty {
            s.pip.active = true
            s.pip.started += 1
            world.emit(Record("pip.started").int("token", token).word("temple", temple).bool("playing", true)
                .bool("screenDismissed", false).with("nav", navValue(s)))
            return
        }
        // Without the background mode the app is suspended and the video stops; with it but
        // without the playback category, audio stops with the app (soloAmbient); with both but
        // no PiP-capable view, only the audio carries on.
        let effect: String
        if !s.device.has(.backgroundAudio) || s.audio.category != .playback {
            s.player.playing = false
            effect = "stopped"
        } else {
            effect = "audioOnly"
        }
        world.emit(Record("pip.notStarted").int("token", token).with("missing", .tuple(missing.map { .word($0) }))
            .word("effect", effect))
    }

    /// `restoreUserInterfaceForPictureInPictureStop`: push the temple's screen back if it is not
    /// showing, then `completionHandler(true)`; the same item keeps playing (no reload).
    static func restore(_ s: inout DarshanState, _ world: inout World<Darshan>, reason: String) {
        guard s.pip.active, let temple = s.player.templeID else {
            world.reject("pip", "pip-not-active") { $0.word("button", PiPButton.restore.rawValue) }
            return
        }
        s.pip.active = false
        let target = screen(temple)
        if world.isOn(.noRestore) {
            let visible = s.navigation.last == target
            world.emit(Record("pip.restore").word("reason", reason).bool("completion", false).bool("screenShowing", visible)
                .int("token", s.player.item?.token ?? 0).with("nav", navValue(s))
                .string("effect", visible ? "plays inline" : "video returns into a screen that is not showing"))
            return
        }
        var pushed = false
        if s.navigation.last != target { pushed = show(target, &s, &world) }
        s.pip.restored += 1
        if world.isOn(.playerOwnedByScreen) && pushed {
            // A rebuilt screen makes a new player: the stream reloads.
            world.emit(Record("pip.restore").word("reason", reason).bool("completion", true).bool("pushed", pushed)
                .bool("reloaded", true).with("nav", navValue(s)))
            if let t = s.temple(temple) { Player.start(t, &s, &world) }
            return
        }
        world.emit(Record("pip.restore").word("reason", reason).bool("completion", true).bool("pushed", pushed)
            .bool("reloaded", false).int("token", s.player.item?.token ?? 0).bool("playing", s.player.playing).with("nav", navValue(s)))
    }

    /// The PiP window's close button: PiP ends and playback stops.
    static func close(_ s: inout DarshanState, _ world: inout World<Darshan>) {
        guard s.pip.active else {
            world.reject("pip", "pip-not-active") { $0.word("button", PiPButton.close.rawValue) }
            return
        }
        s.pip.active = false
        s.player.playing = false
        world.emit(Record("pip.closed").int("token", s.player.item?.token ?? 0).bool("playing", false))
    }

    /// Puts `target` on top for the app's own navigation (a restore from PiP, an open), which
    /// must show the darshan screen: a push, or, when the stack is at the model's limit of
    /// `maxNavigationDepth` screens (UIKit has none), a pop back to `target` if the stack holds
    /// it, else the oldest screen above home dropped to make room; each said in a `nav.room`
    /// record. (Found by exploration, darshan seed 330: a restore at the limit was refused as a
    /// stack-full push and the video came back into the Gita screen while `pip.restore` said
    /// pushed.)
    /// Returns whether `target` was pushed (false when the stack already held it and was popped back).
    @discardableResult
    static func show(_ target: String, _ s: inout DarshanState, _ world: inout World<Darshan>) -> Bool {
        if s.navigation.count >= DarshanConstants.maxNavigationDepth {
            if let i = s.navigation.lastIndex(of: target) {
                let dropped = s.navigation.count - 1 - i
                s.navigation.removeLast(dropped)
                world.emit(Record("nav.room").word("screen", target).word("how", "popTo").int("popped", dropped)
                    .int("depth", DarshanConstants.maxNavigationDepth))
                return false
            }
            let dropped = s.navigation.remove(at: 1)
            world.emit(Record("nav.room").word("screen", target).word("how", "dropOldest").word("dropped", dropped)
                .int("depth", DarshanConstants.maxNavigationDepth))
        }
        push(target, &s, &world, quiet: true)
        return true
    }

    static func push(_ screenName: String, _ s: inout DarshanState, _ world: inout World<Darshan>, quiet: Bool = false) {
        guard s.navigation.count < DarshanConstants.maxNavigationDepth else {
            world.reject("navigate", "stack-full") { $0.word("screen", screenName).int("depth", DarshanConstants.maxNavigationDepth) }
            return
        }
        s.navigation.append(screenName)
        if !quiet { world.emit(Record("nav.push").word("screen", screenName).with("nav", navValue(s))) }
    }

    static func pop(_ s: inout DarshanState, _ world: inout World<Darshan>) {
        guard s.navigation.count > 1, let top = s.navigation.last else {
            world.reject("navigate", "nothing-to-pop") { $0.word("screen", "home") }
            return
        }
        s.navigation.removeLast()
        var r = Record("nav.pop").word("screen", top).with("nav", navValue(s))
        if let temple = s.player.templeID, top == screen(temple), s.player.item != nil {
            if world.isOn(.playerOwnedByScreen) {
                // The screen's player goes with it, and PiP with the player.
                r = r.bool("playerKept", false)
                world.emit(r)
                if s.pip.active {
                    s.pip.active = false
                    world.emit(Record("pip.stopped").word("reason", "playerReleased"))
                }
                s.player.item = nil
                s.player.playing = false
                s.player.badge = .none
                return
            }
            r = r.bool("playerKept", true).bool("playing", s.player.playing)
            if !s.pip.active && s.player.playing {
                // Leaving the screen without PiP stops inline playback; the session keeps the item.
                s.player.playing = false
                r = r.word("effect", "paused")
            }
        }
        world.emit(r)
    }
}
