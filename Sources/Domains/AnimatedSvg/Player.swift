import LockstepCore
import Platform

/// The widget around the frames: `load` compiles everything, the ticker shows
/// `prefix + tail[index]` and draws its images through the global cache (J5), the controller
/// plays, pauses and seeks (rule 9, I3).
extension AnimatedSvg {
    static func load(_ s: inout AnimatedSvgState, _ request: LoadRequest, _ world: inout World<AnimatedSvg>) {
        guard let theme = parseColor(request.currentColor, currentColor: RGB(r: 0, g: 0, b: 0)).rgb else {
            world.reject("load", "currentColor", { $0.string("value", request.currentColor) })
            return
        }
        var map: [(from: String, to: String)] = []
        for pair in request.colorMap.split(separator: " ") {
            let parts = pair.split(separator: ">", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, let a = parseColor(parts[0], currentColor: theme).rgb, let b = parseColor(parts[1], currentColor: theme).rgb else {
                world.reject("load", "colorMap", { $0.string("pair", String(pair)) })
                return
            }
            map.append((formatColor(a), formatColor(b)))
        }
        if let old = s.current { world.emit(Record("unload").int("framesId", old.framesId).word("reason", "replaced")) }
        s.loads += 1
        var options = Loader.Options(fps: request.fps, currentColor: theme, colorMap: map)
        options.faults = Loader.LoadFaults(
            ignoresAnimation: world.isOn(.ignoresAnimation), ignoresStyle: world.isOn(.ignoresStyle),
            noUseExpansion: world.isOn(.noUseExpansion), badImageBlanksPicture: world.isOn(.badImageBlanksPicture),
            noSharedPrefix: world.isOn(.noSharedPrefix), missingEndFromOtherKeyframe: world.isOn(.missingEndFromOtherKeyframe),
            linearDefaultEasing: world.isOn(.linearDefaultEasing), eventBeginStartsAtZero: world.isOn(.eventBeginStartsAtZero),
            doubleFrameTimes: world.isOn(.doubleFrameTimes), toFromInitialValue: world.isOn(.toFromInitialValue))
        let result = Loader.load(request.bytes, options)
        world.emit(Record("load").int("framesId", s.loads).word("source", request.source.rawValue).int("bytes", request.bytes.count).int("fps", request.fps))
        for d in result.diagnostics {
            world.emit(Record("diag").word("kind", d.kind.rawValue).word("code", d.code).word("at", d.at.description).string("detail", d.detail))
        }
        guard let grid = result.grid else {
            world.emit(Record("picture").word("state", "error").int("frames", 0))
            s.current = nil
            return
        }
        let animated = result.isAnimated
        world.emit(Record("grid").bool("isAnimated", animated).word("mode", grid.mode.rawValue)
            .duration("period", .nanoseconds(grid.periodNanoseconds)).int("frames", animated ? grid.frameCount : 1)
            .int("animations", result.accepted))
        for image in result.images {
            world.emit(Record("image").int("id", image.id).word("format", "\(image.format)").int("bytes", image.byteCount))
        }
        let f = result.frames
        let tails = f.tails.map(\.count)
        world.emit(Record("frames").int("count", f.tails.count).int("prefix", f.prefix.count)
            .int("tailMin", tails.min() ?? 0).int("tailMax", tails.max() ?? 0)
            .int("stored", f.storedBytes).int("naive", f.naiveBytes).bool("reassembled", result.reassemblyMatches))
        if result.failedFrames > 0 {
            var r = Record("compileFailed").int("frames", result.failedFrames)
            switch result.firstFailure {
            case .compileFailed(let at): r = r.word("reason", "zeroSizeImage").word("at", at.description)
            case .imageNotValidated(let at, let problem): r = r.word("reason", problem.code).word("at", at.description)
            case .limit(let text): r = r.word("reason", "limit").string("detail", text)
            case nil: break
            }
            world.emit(r)
        }
        s.decodeBudget += result.images.count
        let ticker = animated || world.isOn(.tickerForStaticFile)
        s.current = AnimatedSvgState.Loaded(framesId: s.loads, result: result, playing: ticker, positionNanoseconds: 0,
                                            since: world.elapsed, tickerActive: ticker, displayed: nil, frameSwitches: 0, ticks: 0)
        world.emit(Record("ticker").bool("started", ticker))
        // The first frame is on screen at once (a static picture needs no tick).
        show(&s, 0, reason: "load", &world)
    }

    static func unload(_ s: inout AnimatedSvgState, _ world: inout World<AnimatedSvg>) {
        guard let c = s.current else { world.reject("unload", "nothingLoaded"); return }
        world.emit(Record("unload").int("framesId", c.framesId).word("reason", "disposed"))
        s.current = nil
    }

    static func play(_ s: inout AnimatedSvgState, _ world: inout World<AnimatedSvg>) {
        guard var c = s.current else { world.reject("play", "nothingLoaded"); return }
        guard c.result.isAnimated else { world.reject("play", "notAnimated"); return }
        if c.playing { world.reject("play", "alreadyPlaying"); return }
        c.since = world.elapsed
        c.playing = true
        c.tickerActive = true
        s.current = c
        world.emit(Record("controller").word("action", "play").duration("position", .nanoseconds(c.positionNanoseconds)))
    }

    static func pause(_ s: inout AnimatedSvgState, _ world: inout World<AnimatedSvg>) {
        guard var c = s.current else { world.reject("pause", "nothingLoaded"); return }
        guard c.playing else { world.reject("pause", "notPlaying"); return }
        c.positionNanoseconds = s.position(c, now: world.elapsed)
        c.playing = false
        c.tickerActive = false
        s.current = c
        world.emit(Record("controller").word("action", "pause").duration("position", .nanoseconds(c.positionNanoseconds)))
        show(&s, displayIndex(s, c, world), reason: "pause", &world)
    }

    static func seek(_ s: inout AnimatedSvgState, _ t: Int64, _ world: inout World<AnimatedSvg>) {
        guard var c = s.current else { world.reject("seek", "nothingLoaded"); return }
        c.positionNanoseconds = max(t, 0)
        c.since = world.elapsed
        s.current = c
        var r = Record("controller").word("action", "seek").duration("position", .nanoseconds(c.positionNanoseconds))
        if t < 0 { r = r.word("clamped", "negative") }
        world.emit(r)
        show(&s, displayIndex(s, c, world), reason: "seek", &world)
    }

    /// A display frame: while the ticker runs and the view is on screen, show the frame at the
    /// position. Once mode stops the ticker at the end (I3).
    static func tick(_ s: inout AnimatedSvgState, _ line: FrameLine, _ world: inout World<AnimatedSvg>) {
        guard var c = s.current, c.tickerActive, !s.viewPaused else { s.idleTicks += 1; return }
        c.ticks += 1
        s.current = c
        let index = displayIndex(s, c, world)
        if index != c.displayed { show(&s, index, reason: "tick", &world) }
        if let grid = c.result.grid, grid.mode == .once, c.playing, s.position(c, now: world.elapsed) >= grid.periodNanoseconds, c.result.isAnimated {
            s.current?.tickerActive = false
            s.current?.playing = false
            s.current?.positionNanoseconds = grid.periodNanoseconds
            world.emit(Record("ticker").bool("started", false).word("reason", "ended"))
        }
    }

    static func displayIndex(_ s: AnimatedSvgState, _ c: AnimatedSvgState.Loaded, _ world: World<AnimatedSvg>) -> Int {
        guard let grid = c.result.grid, c.result.isAnimated else { return 0 }
        let pos = s.position(c, now: world.elapsed)
        if world.isOn(.seekClamps), grid.mode == .loop {
            return Int(min(max(pos, 0), grid.periodNanoseconds - 1) * Int64(grid.frameCount) / grid.periodNanoseconds)
        }
        return grid.displayIndex(positionNanoseconds: pos)
    }

    /// Puts frame `index` on screen: reassemble its bytes, draw its images through the cache.
    static func show(_ s: inout AnimatedSvgState, _ index: Int, reason: String, _ world: inout World<AnimatedSvg>) {
        guard var c = s.current else { return }
        let bytes = c.result.frames.frame(index)
        let loader = FrameLoader(framesId: c.framesId, index: index)
        let hash = FrameLoader.cacheHash(loader, includeIndex: world.isOn(.frameIndexInHash))
        let before = s.cache.decodes
        if !bytes.isEmpty {
            for image in c.result.images { s.cache.draw(loaderHash: hash, imageId: image.id, format: image.format) }
        }
        if c.displayed != index { c.frameSwitches += 1 }
        c.displayed = index
        s.current = c
        let time = c.result.grid.map { $0.timeNanoseconds(index) } ?? 0
        var r = Record("show").int("index", index).duration("frameTime", .nanoseconds(time)).word("reason", reason).int("bytes", bytes.count)
        if bytes.isEmpty { r = r.bool("blank", true) }
        if s.cache.decodes != before { r = r.int("decoded", s.cache.decodes - before) }
        world.emit(r)
    }

    static func stats(_ s: AnimatedSvgState, _ world: inout World<AnimatedSvg>) {
        var r = Record("stats").int("decodes", s.cache.decodes).int("cacheEntries", s.cache.entryCount).int("idleTicks", s.idleTicks)
        if let c = s.current {
            r = r.int("framesId", c.framesId).int("ticks", c.ticks).int("frameSwitches", c.frameSwitches)
                .duration("position", .nanoseconds(s.position(c, now: world.elapsed))).bool("playing", c.playing)
        }
        world.emit(r)
    }
}

extension ColorParse {
    var rgb: RGB? { if case .color(let c) = self { c } else { nil } }
}
