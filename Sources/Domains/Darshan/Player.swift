import LockstepCore
import Platform

/// `DarshanSession`: starts a temple's live stream with the first recording as fallback, falls
/// back once on failure, and keeps the badge and the speed menu honest.
enum Player {
    /// `start(temple)`: clears the previous temple's state first (so a temple that cannot play
    /// never shows the old Live badge), then plays live with the first recording as fallback,
    /// else the first recording, else nothing (`unavailable`).
    static func start(_ t: Temple, _ s: inout DarshanState, _ world: inout World<Darshan>) {
        if !world.isOn(.staleBadge) {
            s.player.isLive = false
            s.player.playing = false
            s.player.badge = .loading
        }
        s.player.templeID = t.id
        if let live = t.liveURL {
            play(live, isLive: true, fallback: t.recorded.first, &s, &world)
        } else if let recorded = t.recorded.first {
            play(recorded, isLive: false, fallback: nil, &s, &world)
        } else {
            s.player.item = nil
            if !world.isOn(.staleBadge) { s.player.badge = .unavailable }
            world.emit(Record("darshan.unavailable").word("temple", t.id).string("reason", "no live stream and no recordings")
                .word("badge", s.player.badge.rawValue).bool("isLive", s.player.isLive))
        }
    }

    /// `play(url, isLive, fallback)`: a new item with a 6 s forward buffer replaces the current
    /// one (and its status observation). The audio session is set to playback first.
    static func play(_ url: String, isLive: Bool, fallback: String?, _ s: inout DarshanState, _ world: inout World<Darshan>) {
        configureAudio(&s, &world)
        let token = s.player.nextToken
        s.player.nextToken += 1
        if let previous = s.player.item {
            s.player.history.append(previous)
            if s.player.history.count > 8 { s.player.history.removeFirst() }
        }
        s.player.item = PlayerItem(token: token, url: url, attemptIsLive: isLive, fallback: fallback)
        s.player.playing = false
        var r = Record("player.item").int("token", token).string("url", url).word("attempt", isLive ? "live" : "recorded")
            .string("fallback", fallback ?? "none").int("bufferSeconds", DarshanConstants.forwardBufferSeconds)
            .bool("waitsToMinimizeStalling", true)
        if !url.hasSuffix(".m3u8") && isLive { r = r.string("warning", "live URL is not an HLS playlist (.m3u8)") }
        world.emit(r)
    }

    static func configureAudio(_ s: inout DarshanState, _ world: inout World<Darshan>) {
        let category: AudioCategory = world.isOn(.defaultAudioCategory) ? .systemDefault : .playback
        let mode: AudioMode = world.isOn(.defaultAudioCategory) ? .default : .moviePlayback
        if s.audio.category == category && s.audio.mode == mode && s.audio.active { return }
        s.audio = AudioSessionState(category: category, mode: mode, active: true)
        world.emit(Record("audio.session").word("category", category.rawValue).word("mode", mode.rawValue).bool("active", true))
    }

    /// A scripted status for the item `token` created.
    static func status(_ token: Int, _ status: ItemStatus, _ s: inout DarshanState, _ world: inout World<Darshan>) {
        guard var item = s.player.item else {
            world.reject("status", "no-item") { $0.int("token", token).word("status", status.rawValue) }
            return
        }
        if item.token != token {
            guard world.isOn(.lateStatus), token < s.player.nextToken, token > 0 else {
                world.reject("status", token >= s.player.nextToken || token < 1 ? "unknown-token" : "replaced-item") {
                    $0.int("token", token).word("status", status.rawValue).int("current", item.token)
                }
                return
            }
            // The article's observation closure still runs for the old item (its Task hop landed
            // late) and acts on the shared player as if that item were current.
            guard let old = s.player.history.last(where: { $0.token == token }) else {
                world.reject("status", "unknown-token") { $0.int("token", token).word("status", status.rawValue) }
                return
            }
            item = old
        }
        switch status {
        case .unknown:
            world.emit(Record("player.status").int("token", token).word("status", "unknown").word("effect", "none"))
        case .readyToPlay:
            if s.player.item?.token == token { s.player.item?.status = .readyToPlay }
            s.player.isLive = item.attemptIsLive
            s.player.playing = true
            s.player.badge = item.attemptIsLive ? .live : .recorded
            s.player.speeds = item.attemptIsLive && !world.isOn(.speedsOnLive) ? [] : DarshanConstants.recordedSpeeds
            // A speed chosen for a recording must not carry over into live playback.
            if s.player.speeds.isEmpty { s.player.defaultRate = 1 }
            world.emit(Record("player.status").int("token", token).word("status", "readyToPlay").word("badge", s.player.badge.rawValue)
                .with("speeds", speedsValue(s.player.speeds)).fixed("rate", s.player.defaultRate, 2).word("play", "called"))
        case .failed:
            if s.player.item?.token == token { s.player.item?.status = .failed }
            if world.isOn(.errorAlertOnFailure) {
                s.player.playing = false
                world.emit(Record("player.status").int("token", token).word("status", "failed").string("alert", "The stream could not be played."))
                return
            }
            if let fallback = item.fallback {
                world.emit(Record("player.status").int("token", token).word("status", "failed").word("effect", "fallback"))
                play(fallback, isLive: false, fallback: nil, &s, &world)
            } else {
                s.player.playing = false
                if !world.isOn(.staleBadge) {
                    s.player.isLive = false
                    s.player.badge = .unavailable
                }
                world.emit(Record("player.status").int("token", token).word("status", "failed").word("effect", "noFallback")
                    .word("badge", s.player.badge.rawValue).bool("isLive", s.player.isLive))
            }
        }
    }

    /// The speed menu: recorded video only, a rate from the menu.
    static func setSpeed(_ rate: Double, _ s: inout DarshanState, _ world: inout World<Darshan>) {
        func reject(_ reason: String, menu: Bool = false) {
            world.reject("speed", reason) { r in
                let r = r.with("rate", rate.isFinite ? .fixed(rate, places: 2) : .word("nan"))
                return menu ? r.with("menu", speedsValue(s.player.speeds)) : r
            }
        }
        // Not finite or not above 0.
        guard rate.isFinite, rate > 0 else { return reject("invalid-rate") }
        guard s.player.item != nil, s.player.badge != .loading, s.player.badge != .none else { return reject("nothing-playing") }
        // Live streams have no speed menu.
        if s.player.isLive && !world.isOn(.speedsOnLive) { return reject("live-stream") }
        guard s.player.speeds.contains(rate) else { return reject("not-in-menu", menu: true) }
        s.player.defaultRate = rate
        world.emit(Record("speed.set").fixed("defaultRate", rate, 2).bool("isLive", s.player.isLive).fixed("rate", s.player.playing ? rate : 0, 2))
    }

    static func speedsValue(_ speeds: [Double]) -> Value {
        speeds.isEmpty ? .word("none") : .tuple(speeds.map { .fixed($0, places: 2) })
    }
}
