import LockstepCore
import Platform

extension PaintByNumber {
    public static func reduce(_ state: inout PaintState, _ event: PaintEvent, _ world: inout World<PaintByNumber>) {
        state.audit.inputs += 1  // invariant history only (not written)
        switch event {
        case .load(let name, let png, let metaBytes, let colorSpace):
            load(&state, name: name, png: png, metaBytes: metaBytes, colorSpace: colorSpace, &world)
        case .generate(let width, let height, let regions, let colours, let seed, let png):
            generate(&state, width: width, height: height, regions: regions, colours: colours, seed: seed, png: png, &world)
        case .select(let colour):
            guard var page = openPage(&state, "select", &world) else { return }
            guard colour >= 0, colour < page.meta.palette.count else {
                reject(&state, "select", "colour-out-of-palette", "colour \(colour) is outside the palette 0...\(page.meta.palette.count - 1); the active colour stays \(state.active)", &world)
                return
            }
            state.active = colour
            world.emit(PaintOutput.setting(name: "colour", value: .int(colour)))
            rebuildLut(&state, &page, "colour", &world)
            state.page = page
        case .highlight(let mode):
            guard (0...2).contains(mode) else {
                reject(&state, "highlight", "unknown-mode", "mode \(mode) is not 0 (flat), 1 (checker) or 2 (pulse); the mode stays \(state.hlMode)", &world)
                return
            }
            state.hlMode = mode
            world.emit(PaintOutput.setting(name: "highlight", value: .int(mode)))
        case .edges(let on):
            state.showEdge = on
            world.emit(PaintOutput.setting(name: "edges", value: .bool(on)))
        case .zoom(let scale, let fit, let ox, let oy):
            setZoom(&state, scale: scale, fit: fit, offsetX: ox, offsetY: oy, "zoom", &world)
        case .tap(let x, let y):
            tap(&state, x: x, y: y, &world)
        case .render(let scale, let probes):
            render(&state, scale: scale, probes: probes, &world)
        case .restore(let bytes):
            guard var page = openPage(&state, "restore", &world) else { return }
            if let problem = FillState.validate(bytes, regionCount: page.meta.regionCount, paletteCount: page.meta.palette.count) {
                state.rejected += 1
                rejectFills("restore", problem.reason, problem.detail, &world)
                return
            }
            page.fills = bytes
            world.emit(PaintOutput.restored(from: "event", filled: FillState.filledCount(bytes)))
            state.store.write(page.storeKey, page.fills, &world)
            rebuildLut(&state, &page, "restore", &world)
            state.page = page
        case .teardown:
            guard let page = openPage(&state, "teardown", &world) else { return }
            world.emit(PaintOutput.teardown(name: page.name, released: page.residentBytes))
            state.page = nil
        case .debug(let command):
            debug(&state, command, &world)
        }
    }

    // MARK: Page open

    static func load(_ state: inout PaintState, name: String, png: [UInt8], metaBytes: [UInt8], colorSpace: TextureColorSpace,
                     _ world: inout World<PaintByNumber>) {
        guard colorSpace == .none else {
            refuse(&state, "load", name, "srgb-upload", "the id texture must be uploaded with no colour space; sRGB would rewrite R and G, which are halves of an integer, not colours", &world)
            return
        }
        let image: PNGImage
        do { image = try PNG.decode(png) } catch {
            refuse(&state, "load", name, "bad-png", error.description, &world)
            return
        }
        let tags = PNGColourTags.find(png)
        if !tags.isEmpty { world.emit(PaintOutput.colourTags(name: name, chunks: tags)) }
        let meta: RegionMeta
        do { meta = try MetaFormat.decode(metaBytes) } catch {
            refuse(&state, "load", name, "bad-meta", error.description, &world)
            return
        }
        open(&state, "load", source: "file", name: name, rgba: image.rgba, width: image.width, height: image.height, meta: meta, &world)
    }

    static func generate(_ state: inout PaintState, width: Int, height: Int, regions: Int, colours: Int, seed: UInt64, png: Bool,
                         _ world: inout World<PaintByNumber>) {
        let name = "voronoi-\(width)x\(height)-\(regions)-\(colours)-\(seed)"
        let side = 1...PaintConstants.maxGeneratedSide
        var problem: String? = nil
        if !side.contains(width) || !side.contains(height) {
            problem = "sides are \(width)×\(height); each must be 1...\(PaintConstants.maxGeneratedSide)"
        } else if !(1...IdContract.maxRegions).contains(regions) || regions > width * height {
            problem = "\(regions) regions; 1...\(IdContract.maxRegions) (the two-byte id ceiling) and at most one per pixel (\(width * height))"
        } else if !(1...RegionMeta.maxColours).contains(colours) {
            problem = "\(colours) colours; 1...\(RegionMeta.maxColours) (fill state stores colour+1 in one byte)"
        }
        if let problem {
            refuse(&state, "generate", name, "over-limits", problem, &world)
            return
        }
        var rng = world.rng("paintByNumber.voronoi", seed)
        let art = VoronoiArtwork.generate(width: width, height: height, regions: regions, colours: colours, rng: &rng,
                                          swappedByteOrder: state.faults.swappedByteOrder)
        if png, let image = try? PNGImage(width: width, height: height, rgba: art.rgba) {
            world.artifact("\(name).idmap.png", PNG.encode(image))
            world.artifact("\(name).meta.txt", MetaFormat.encode(art.meta))
        }
        open(&state, "generate", source: "generated", name: name, rgba: art.rgba, width: width, height: height, meta: art.meta, &world)
    }

    /// Decodes and validates, then replaces the open page (tearing it down first), restores saved
    /// fills from the store and builds the LUT. A refused artwork leaves the open page as it was.
    static func open(_ state: inout PaintState, _ input: String, source: String, name: String, rgba: [UInt8], width: Int, height: Int,
                     meta: RegionMeta, _ world: inout World<PaintByNumber>) {
        let map: IdMap
        do { map = try IdMap.decode(rgba: rgba, width: width, height: height, regionCount: meta.regionCount) } catch {
            refuse(&state, input, name, error.word, error.description, &world)
            return
        }
        state.idDecodes += 1
        if let old = state.page {
            world.emit(PaintOutput.teardown(name: old.name, released: old.residentBytes))
            state.page = nil
        }
        var key = FNV1a64()
        key.update(rgba)
        key.update(MetaFormat.encode(meta))
        let texture = IdTexture(rgba: rgba, width: width, height: height,
                                filter: state.faults.linearIdFilter ? .linear : .nearest,
                                colorSpace: state.faults.srgbIdTexture ? .sRGB : .none)
        var page = OpenPage(name: name, storeKey: "fills." + Hex.lower(key.value), map: map, texture: texture, meta: meta,
                            fills: [UInt8](repeating: 0, count: meta.regionCount + 1), lut: [], lutDigest: 0, openedAt: world.now)
        state.pagesOpened += 1
        state.active = 0
        world.emit(PaintOutput.artwork(source: source, name: name, map: map, meta: meta, key: page.storeKey))
        switch state.store.read(page.storeKey, &world) {
        case .ok(let saved):
            if let problem = FillState.validate(saved, regionCount: meta.regionCount, paletteCount: meta.palette.count) {
                rejectFills("store", problem.reason, problem.detail, &world)
            } else {
                page.fills = saved
                world.emit(PaintOutput.restored(from: "store", filled: FillState.filledCount(saved)))
            }
        case .missing:
            break
        case .corrupt(let reason):
            rejectFills("store", "corrupt", reason, &world)
        case .denied(let why):
            rejectFills("store", "unreadable", "saved fills are unreadable now: \(why.rawValue)", &world)
        }
        rebuildLut(&state, &page, "load", &world)
        state.page = page
    }

    /// A refused artwork (`input` is `load` or `generate`); the open page, if any, is kept.
    static func refuse(_ state: inout PaintState, _ input: String, _ name: String, _ reason: String, _ detail: String,
                       _ world: inout World<PaintByNumber>) {
        state.rejected += 1
        let kept = state.page != nil ? "the open page is unchanged" : "no page is open"
        world.reject(input, reason) { $0.string("name", name).string("detail", detail).string("kept", kept) }
    }

    /// Refused fill bytes: from a `restore` event or from the `store` at page open.
    static func rejectFills(_ input: String, _ reason: String, _ detail: String, _ world: inout World<PaintByNumber>) {
        world.reject(input, reason) { $0.string("detail", detail).string("kept", "fill state unchanged") }
    }

    // MARK: LUT

    /// Rebuilds the whole LUT and records it (hex for small maps, an artifact per rebuild).
    static func rebuildLut(_ state: inout PaintState, _ page: inout OpenPage, _ reason: String, _ world: inout World<PaintByNumber>) {
        page.lut = RenderLut.build(meta: page.meta, fills: page.fills, active: state.active)
        page.lutDigest = FNV1a64.hash(page.lut)
        state.lutRebuilds += 1
        // Invariant history only (not written): O(regions), like the rebuild itself.
        state.audit.progressBefore = state.audit.progress
        state.audit.progress = FillState.filledCount(page.fills)
        world.emit(PaintOutput.lut(reason: reason, rebuild: state.lutRebuilds, lut: page.lut, digest: page.lutDigest, active: state.active))
        if state.lutArtifacts, let image = try? PNGImage(width: page.lut.count / 4, height: 1, rgba: page.lut) {
            world.artifact("lut\(state.lutRebuilds).png", PNG.encode(image))
        }
    }

    // MARK: Input

    static func openPage(_ state: inout PaintState, _ event: String, _ world: inout World<PaintByNumber>) -> OpenPage? {
        if let page = state.page { return page }
        if state.pagesOpened == 0 {
            reject(&state, event, "no-page", "no artwork is open; load or generate one first", &world)
        } else {
            reject(&state, event, "torn-down", "the page was torn down; its id map and LUT are gone (load the artwork again)", &world)
        }
        return nil
    }

    static func reject(_ state: inout PaintState, _ event: String, _ reason: String, _ detail: String, _ world: inout World<PaintByNumber>) {
        state.rejected += 1
        world.reject(event, reason) { $0.string("detail", detail) }
    }

    static func setZoom(_ state: inout PaintState, scale: Double, fit: Double, offsetX: Double, offsetY: Double, _ event: String,
                        _ world: inout World<PaintByNumber>) {
        guard scale.isFinite, scale > 0, scale <= 1e6 else {
            reject(&state, event, "bad-scale", "zoom scale must be a finite number in (0, 1e6]; the radius divides by it (view unchanged)", &world)
            return
        }
        guard fit.isFinite, fit >= 0, fit <= 1e6, offsetX.isFinite, offsetY.isFinite, abs(offsetX) <= 1e9, abs(offsetY) <= 1e9 else {
            reject(&state, event, "bad-fit-or-offset", "fit scale must be finite in 0...1e6 (0 counts as 1) and offsets finite within ±1e9 (view unchanged)", &world)
            return
        }
        state.view = PaintView(scale: scale, fit: fit, offsetX: offsetX, offsetY: offsetY)
        let r = Picker.radius(base: state.pickRadiusBase, scale: scale, fitScale: fit)
        world.emit(PaintOutput.view(state.view, radius: r.radius, capped: r.capped))
    }

    /// GAP: screen → image is `floor((screen − offset) / scale)`.
    static func tap(_ state: inout PaintState, x: Double, y: Double, _ world: inout World<PaintByNumber>) {
        state.taps += 1
        guard var page = openPage(&state, "tap", &world) else { return }
        guard x.isFinite, y.isFinite else {
            reject(&state, "tap", "non-finite", "coordinates must be finite; a non-finite tap is a miss (nothing filled, no haptic)", &world)
            return
        }
        let v = state.view
        let fx = ((x - v.offsetX) / v.scale).rounded(.down), fy = ((y - v.offsetY) / v.scale).rounded(.down)
        guard fx >= 0, fy >= 0, fx < Double(page.map.width), fy < Double(page.map.height) else {
            reject(&state, "tap", "off-canvas", "screen (\(Value.fixed(x, places: 3).text),\(Value.fixed(y, places: 3).text)) is off the \(page.map.width)×\(page.map.height) canvas; a miss (nothing filled, no haptic)", &world)
            return
        }
        let cx = Int(fx), cy = Int(fy)
        let r = Picker.radius(base: state.pickRadiusBase, scale: v.scale, fitScale: v.fit)
        let bins = Picker.histogram(page.map, cx: cx, cy: cy, radius: r.radius)
        let picked = Picker.choose(bins, fills: page.fills, meta: page.meta, active: state.active)
        var filled = false
        if let id = picked { filled = FillState.applyFill(&page.fills, regionId: id, colorIndex: state.active) }
        world.emit(PaintOutput.tap(TapReport(x: x, y: y, cx: cx, cy: cy, radius: r.radius, capped: r.capped, bins: bins,
                                             picked: picked, filled: filled)))
        guard filled, let id = picked else { state.misses += 1; return }
        state.fillsApplied += 1
        state.haptics += 1
        world.emit(PaintOutput.haptic(region: id))
        state.store.write(page.storeKey, page.fills, &world)
        rebuildLut(&state, &page, "fill", &world)
        state.page = page
    }

    static func render(_ state: inout PaintState, scale: Int, probes: [(x: Int, y: Int)], _ world: inout World<PaintByNumber>) {
        guard let page = openPage(&state, "render", &world) else { return }
        guard scale >= 1, page.map.width * page.map.height * scale * scale <= CanvasRenderer.maxOutputPixels else {
            reject(&state, "render", "too-many-pixels", "scale \(scale) must be ≥ 1 with at most \(CanvasRenderer.maxOutputPixels) output pixels", &world)
            return
        }
        let seconds = Double((world.now - page.openedAt).nanoseconds) / 1e9
        let uniforms = ShaderUniforms(showEdge: state.showEdge, hlMode: state.hlMode, timeSeconds: seconds)
        let (rgba, stats) = CanvasRenderer.render(texture: page.texture, map: page.map, lut: page.lut, uniforms: uniforms, scale: scale)
        state.renders += 1
        world.emit(PaintOutput.render(n: state.renders, stats: stats, timeSeconds: seconds, uniforms: uniforms))
        for p in probes {
            guard p.x < stats.width, p.y < stats.height else {
                reject(&state, "render", "probe-off-output", "probe \(p.x),\(p.y) is outside the \(stats.width)×\(stats.height) output", &world)
                continue
            }
            let i = (p.y * stats.width + p.x) * 4
            world.emit(PaintOutput.probe(x: p.x, y: p.y, id: Int(page.map.id(x: p.x / scale, y: p.y / scale)), rgb: (rgba[i], rgba[i + 1], rgba[i + 2])))
        }
        if let image = try? PNGImage(width: stats.width, height: stats.height, rgba: rgba) {
            world.artifact("canvas\(state.renders).png", PNG.encode(image, format: .rgb))
        }
    }

    static func debug(_ state: inout PaintState, _ command: DebugCommand, _ world: inout World<PaintByNumber>) {
        let word = PaintOutput.commandWord(command)
        guard state.build == .debug else {
            if !state.faults.releaseDebugHookSilent {
                world.reject("debug", "release-build") { $0.word("command", word).string("detail", "the __DEV__ command-file hook is compiled out") }
            }
            return
        }
        switch command {
        case .fill(let region, let colour):
            guard var page = openPage(&state, "debug", &world) else { return }
            guard colour >= 0, colour < page.meta.palette.count else {
                reject(&state, "debug", "colour-out-of-palette", "colour \(colour) is outside the palette 0...\(page.meta.palette.count - 1)", &world)
                return
            }
            let ok = FillState.applyFill(&page.fills, regionId: region, colorIndex: colour)
            world.emit(PaintOutput.debugApplied(command: word, result: ok ? "filled region \(region) with colour \(colour)"
                : "applyFill refused region \(region) (id 0, past the end, or already filled)"))
            guard ok else { return }
            state.fillsApplied += 1
            state.store.write(page.storeKey, page.fills, &world)
            rebuildLut(&state, &page, "debug", &world)
            state.page = page
        case .zoom(let scale):
            world.emit(PaintOutput.debugApplied(command: word, result: "zoom to \(Value.fixed(scale, places: 4).text)"))
            setZoom(&state, scale: scale, fit: state.view.fit, offsetX: state.view.offsetX, offsetY: state.view.offsetY, "debug", &world)
        }
    }
}
