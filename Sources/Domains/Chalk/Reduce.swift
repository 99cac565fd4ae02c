import LockstepCore

extension Chalk {
    public static func reduce(_ state: inout ChalkState, _ event: ChalkEvent, _ world: inout World<Chalk>) {
        switch event {
        case .touch(let t): touch(&state, t, &world)
        case .zoom(let scale, let ax, let ay):
            guard notBusy(state, "zoom", &world) else { return }
            guard scale.isFinite, ChalkConstants.scaleRange.contains(scale) else {
                return outOfRange("zoom", ChalkConstants.scaleRange, &world)
            }
            guard ax.isFinite, ay.isFinite else { return world.reject("zoom", "non-finite-anchor") }
            state.view.zoom(to: Float(scale), anchorX: Float(ax), anchorY: Float(ay))
            world.emit(ChalkOutput.view(state.view))
            requestReplay(&state, "zoom")
        case .pan(let dx, let dy):
            guard notBusy(state, "pan", &world) else { return }
            guard dx.isFinite, dy.isFinite, abs(dx) <= 1e6, abs(dy) <= 1e6 else { return outOfRange("pan", -1e6...1e6, &world) }
            state.view.offsetX += Float(dx)
            state.view.offsetY += Float(dy)
            world.emit(ChalkOutput.view(state.view))
            requestReplay(&state, "pan")
        case .brush(let name):
            guard let kind = BrushKind(rawValue: name) else {
                return world.reject("brush", "unknown-brush") {
                    $0.word("kind", name).word("choices", BrushKind.allCases.map(\.rawValue).joined(separator: "|"))
                }
            }
            state.brushKind = kind
            world.emit(ChalkOutput.setting(name: "brush", value: .word(kind.rawValue)))
        case .colour(let r, let g, let b, let a):
            // GAP: live colour input outside 0...1 is rejected (not clamped): silence is a bug.
            guard [r, g, b, a].allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) else { return outOfRange("colour", 0...1, &world) }
            state.color = RGBA(Float(r), Float(g), Float(b), Float(a))
            world.emit(ChalkOutput.setting(name: "colour", value: .tuple([r, g, b, a].map { .fixed($0, places: 3) })))
        case .size(let pt):
            guard pt.isFinite, ChalkConstants.screenSizeRange.contains(pt) else {
                return outOfRange("size", ChalkConstants.screenSizeRange, &world)
            }
            // The fault keeps the raw size and floors the canvas size when a stroke begins.
            state.screenSize = state.faults.sizeFloorInCanvasUnits ? Float(pt) : max(Float(pt), ChalkConstants.minScreenSize)
            if state.screenSize != Float(pt) {
                // The floor is a fallback the user should see, not a silent change.
                world.emit(Record("size").fixed("value", Double(state.screenSize), 3).fixed("requested", Double(Float(pt)), 3)
                    .word("why", "floor"))
            } else {
                world.emit(ChalkOutput.setting(name: "size", value: .fixed(Double(Float(pt)), places: 3)))
            }
        case .eraser(let on):
            state.erasing = on
            world.emit(ChalkOutput.setting(name: "eraser", value: .bool(on)))
        case .layer(let n):
            guard (0...ChalkConstants.maxLayer).contains(n) else { return outOfRange("layer", 0...ChalkConstants.maxLayer, &world) }
            state.layer = n
            world.emit(ChalkOutput.setting(name: "layer", value: .int(n)))
        case .undo:
            guard notBusy(state, "undo", &world) else { return }
            let result = state.page.undo()
            world.emit(ChalkOutput.undo(result: result, page: state.page))
            if result != .nothing { state.refreshDigest(); requestReplay(&state, "undo") }
        case .redo:
            guard notBusy(state, "redo", &world) else { return }
            let done = state.page.redo()
            world.emit(ChalkOutput.redo(done: done, page: state.page))
            if done { state.refreshDigest(); requestReplay(&state, "redo") }
        case .clear:
            guard notBusy(state, "clear", &world) else { return }
            let n = state.page.clear()
            world.emit(ChalkOutput.clear(cleared: n, page: state.page))
            state.refreshDigest()
            requestReplay(&state, "clear")
        case .page(let index):
            guard notBusy(state, "page", &world) else { return }
            guard (0..<ChalkConstants.maxPages).contains(index) else { return outOfRange("page", 0...(ChalkConstants.maxPages - 1), &world) }
            if index != state.pageIndex {
                state.otherPages[state.pageIndex] = state.page
                state.page = state.otherPages.removeValue(forKey: index) ?? Page()
                state.pageIndex = index
                state.refreshDigest()
            }
            world.emit(ChalkOutput.pageChanged(index: index, strokes: state.page.strokes.count))
            requestReplay(&state, "page")
        case .render:
            if state.needsReplay { replay(&state, &world) }
            commit(&state, "render", &world)
            state.renders += 1
            if let image = try? PNGImage(width: state.raster.width, height: state.raster.height, rgba: state.raster.composited()) {
                world.artifact("canvas\(state.renders).png", PNG.encode(image))
            }
        case .save:
            let strokes = state.page.strokes.map(\.stroke)
            let bytes = ChalkDocument.encode(strokes)
            state.saves += 1
            world.emit(ChalkOutput.saved(strokes: strokes.count, points: strokes.reduce(0) { $0 + $1.points.count }, bytes: bytes.count))
            world.artifact("doc\(state.saves).json", bytes)
        case .load(let bytes):
            guard notBusy(state, "load", &world) else { return }
            let strokes: [Stroke]
            do { strokes = try ChalkDocument.decode(bytes) } catch {
                return world.reject("load", "bad-document") {
                    $0.string("error", error.message).string("kept", "the current document is unchanged")
                }
            }
            var page = Page()
            for s in strokes {
                page.strokes.append(CommittedStroke(s, ordinal: state.strokesBegun))
                state.strokesBegun += 1
            }
            state.page = page
            state.refreshDigest()
            world.emit(ChalkOutput.loaded(strokes: strokes.count, points: strokes.reduce(0) { $0 + $1.points.count }))
            requestReplay(&state, "load")
        }
    }

    static func notBusy(_ state: ChalkState, _ name: String, _ world: inout World<Chalk>) -> Bool {
        guard state.current == nil else { world.reject(name, "stroke-in-progress"); return false }
        return true
    }

    /// A tool or view input outside what the app accepts; `range` is what it accepts.
    static func outOfRange<T>(_ input: String, _ range: ClosedRange<T>, _ world: inout World<Chalk>) {
        world.reject(input, "out-of-range") { $0.word("range", "\(range.lowerBound)...\(range.upperBound)") }
    }

    static func requestReplay(_ state: inout ChalkState, _ reason: String) {
        state.needsReplay = true
        state.replayReason = reason
    }

    // MARK: Touches

    static func touch(_ state: inout ChalkState, _ t: TouchSample, _ world: inout World<Chalk>) {
        func reject(_ reason: String, _ details: (Record) -> Record = { $0 }) {
            world.reject("touch", reason) { details($0.int("id", t.id).word("phase", t.phase.rawValue)) }
        }
        guard t.x.isFinite, t.y.isFinite else { return reject("non-finite-position") }
        guard t.force.isFinite, t.maxForce.isFinite else { return reject("non-finite-force") }
        guard t.altitude.isFinite, t.azimuth.isFinite else { return reject("non-finite-angle") }
        let (cx, cy) = state.view.toCanvas(x: Float(t.x), y: Float(t.y))
        guard abs(cx) <= ChalkConstants.maxCanvasCoordinate, abs(cy) <= ChalkConstants.maxCanvasCoordinate else {
            return reject("beyond-canvas") { $0.int("max", Int(ChalkConstants.maxCanvasCoordinate)) }
        }

        if t.phase == .began {
            if let c = state.current {
                if c.touchID == t.id { return reject("duplicate-began") }
                return reject("second-touch") { $0.int("drawing", c.touchID) }  // one touch draws at a time
            }
            guard state.page.strokes.count < ChalkConstants.maxStrokesPerPage else {
                world.emit(ChalkOutput.limit(name: "maxStrokesPerPage", value: ChalkConstants.maxStrokesPerPage))
                return reject("page-full")
            }
            if state.needsReplay { replay(&state, &world) }  // a frame boundary: the canvas must be current
            let ordinal = state.strokesBegun
            state.strokesBegun += 1
            // GAP: the app's seed source is not stated; each stroke's seed is the high half of the first
            // output of the named substream ("chalk.stroke.seed", ordinal).
            var seeds = world.rng("chalk.stroke.seed", UInt64(ordinal))
            let seed = UInt32(truncatingIfNeeded: seeds.next() >> 32)
            let brush = state.brushKind.brush
            let point = inkPoint(t, cx, cy, brush, state.faults)
            // The screen size (already at least the floor) in canvas units; the fault applies the
            // floor after the conversion, to the canvas size.
            let canvasSize = state.faults.sizeFloorInCanvasUnits
                ? max(state.screenSize / state.view.scale, ChalkConstants.minScreenSize)
                : state.screenSize / state.view.scale
            let stroke = Stroke(brushKind: state.brushKind, color: state.color, size: canvasSize,
                                erasing: state.erasing, seed: seed, points: [point], layer: state.layer)
            state.current = LiveStroke(stroke: stroke, touchID: t.id, type: t.type, ordinal: ordinal, rng: stroke.generator.rng,
                                       scale: state.view.scale)
            world.emit(ChalkOutput.strokeBegan(ordinal: ordinal, touch: t.id, brush: stroke.brushKind, type: t.type, size: stroke.size,
                                               layer: stroke.layer, erasing: stroke.erasing, seed: seed))
            return
        }

        guard var live = state.current else {
            return reject("without-began")
        }
        guard live.touchID == t.id else { return reject("not-down") { $0.int("drawing", live.touchID) } }
        state.current = nil  // keep the stroke out of state while it is mutated (no copy of its points)

        if t.phase == .cancelled {
            world.emit(ChalkOutput.strokeCancelled(ordinal: live.ordinal, points: live.stroke.points.count, stamps: live.stamps))
            if live.stamps > 0 { requestReplay(&state, "cancel") }  // its live stamps must go
            return
        }

        let last = live.stroke.points[live.stroke.points.count - 1]
        if t.phase == .moved {
            // The jitter filter, in screen points (the lift is never filtered: it ends the stroke).
            let canvasDistance = ((cx - last.x) * (cx - last.x) + (cy - last.y) * (cy - last.y)).squareRoot()
            let measured = state.faults.jitterFilterInCanvasUnits ? canvasDistance : canvasDistance * state.view.scale
            if measured < ChalkConstants.minMoveScreenDistance {
                world.emit(Record("jitter-filtered").int("stroke", live.ordinal).fixed("movePt", Double(canvasDistance * state.view.scale), 4)
                    .fixed("minPt", Double(ChalkConstants.minMoveScreenDistance), 3))
                state.current = live
                return
            }
        }
        if live.stroke.points.count < ChalkConstants.maxPointsPerStroke {
            let point = inkPoint(t, cx, cy, live.stroke.brush, state.faults)
            let p0 = last
            live.stroke.points.append(point)
            bakeLive(&state, &live, from: p0, to: point, &world)
        } else {
            world.emit(ChalkOutput.limit(name: "maxPointsPerStroke", value: ChalkConstants.maxPointsPerStroke))
            reject("stroke-full")  // the sample is dropped; the limit record above names the cap
        }

        if t.phase == .moved {
            state.current = live
            return
        }
        // ended: the live bake must equal a replay from the seed, byte for byte.
        var replayed: [StampInstance] = []
        Baker.bakeAll(live.stroke, into: &replayed, scale: live.scale, faults: state.faults.baker)
        let replayDigest = Baker.digest(replayed[...])
        let committed = CommittedStroke(live.stroke, ordinal: live.ordinal, liveDigest: live.hash.value, liveScale: live.scale)
        let topLayer = state.page.strokes.reduce(Int.min) { max($0, $1.stroke.layer) }
        state.page.commit(committed)
        state.refreshDigest()
        world.emit(ChalkOutput.strokeEnded(ordinal: live.ordinal, points: live.stroke.points.count, segments: live.segments,
                                           stamps: live.stamps, live: live.hash.value, replay: replayDigest,
                                           strokes: state.page.strokes.count))
        // GAP: a stroke drawn live lands on top of everything; if its layer is below an existing
        // stroke's, the next frame replays so the layer order is right again.
        if live.stroke.layer < topLayer { requestReplay(&state, "layer") }
    }

    static func inkPoint(_ t: TouchSample, _ cx: Float, _ cy: Float, _ brush: Brush, _ faults: ActiveFaults) -> InkPoint {
        InkPoint(x: cx, y: cy,
                 pressure: TouchMapping.pressure(force: t.force, maxForce: t.maxForce, type: t.type, brush: brush),
                 tilt: TouchMapping.tilt(altitude: t.altitude, type: t.type, ignoreType: faults.fingerAltitudeAsTilt),
                 azimuth: Float(t.azimuth))
    }

    /// Bakes one new segment with the stroke's live generator and queues it for drawing.
    static func bakeLive(_ state: inout ChalkState, _ live: inout LiveStroke, from p0: InkPoint, to p1: InkPoint,
                         _ world: inout World<Chalk>) {
        var batch: [StampInstance] = []
        let stats = Baker.bake(live.stroke, from: p0, to: p1, rng: &live.rng, into: &batch, scale: live.scale,
                               faults: state.faults.baker)
        for inst in batch { inst.hash(into: &live.hash) }
        world.emit(ChalkOutput.segment(ordinal: live.ordinal, index: live.segments, stats: stats, pressure: p1.pressure, tilt: p1.tilt))
        live.segments += 1
        live.stamps += batch.count
        state.liveStamps += batch.count
        if state.encoder.pendingInstances + batch.count > ChalkConstants.maxPendingInstances {
            commit(&state, "buffer-full", &world)
        }
        if let offset = state.encoder.upload(batch) {
            state.encoder.encodeDraw(DrawSpan(offset: offset, count: batch.count, color: live.stroke.color,
                                              erasing: live.stroke.erasing, brushKind: live.stroke.brushKind))
        }
    }

    // MARK: Replay and frames

    /// Full replay: strokes in stable (layer, index) order, each baked from its seed, ONE upload for
    /// the whole batch with per-span offsets, then a clear pass and one draw per span.
    static func replay(_ state: inout ChalkState, _ world: inout World<Chalk>) {
        state.needsReplay = false
        state.replays += 1
        let strokes = state.page.strokes
        let layers = strokes.map(\.stroke.layer)
        let order = state.faults.unstableLayerSort ? LayerOrder.unstable(layers) : LayerOrder.stable(layers)
        let scale = state.view.scale
        var all: [StampInstance] = []
        var spans: [(index: Int, start: Int, count: Int)] = []
        for i in order {
            let start = all.count
            Baker.bakeAll(strokes[i].stroke, into: &all, scale: scale, faults: state.faults.baker)
            spans.append((i, start, all.count - start))
        }
        let aliasing = state.faults.bufferOffsetZero
        var base: Int? = nil
        if !aliasing {
            base = state.encoder.upload(all, emptyFails: state.faults.emptyUploadFails)
        }
        world.emit(ChalkOutput.replay(reason: state.replayReason, strokes: strokes.count, stamps: all.count, offset: base, aliasing: aliasing))
        if !aliasing && base == nil {
            world.emit(ChalkOutput.replayFailed(reason: "the instance upload reported failure; the clear pass was not encoded"))
            return
        }
        state.encoder.encodeClearPass()
        for (k, span) in spans.enumerated() {
            let s = strokes[span.index]
            let offset: Int
            if aliasing {
                state.encoder.write(all[span.start..<(span.start + span.count)], at: 0)  // the aliasing bug
                offset = 0
            } else {
                offset = base! + span.start
            }
            let digest = Baker.digest(all[span.start..<(span.start + span.count)])
            let live: String
            if let d = s.liveDigest, let sc = s.liveScale {
                if sc == scale {
                    live = d == digest ? "match" : "differs"
                } else {
                    live = sharedStampsAgree(s.stroke, liveScale: sc, replay: all[span.start..<(span.start + span.count)],
                                             scale: scale, faults: state.faults.baker) ? "rescaled" : "shifted"
                }
            } else {
                live = "none"
            }
            world.emit(ChalkOutput.span(order: k, ordinal: s.ordinal, layer: s.stroke.layer, offset: offset, count: span.count,
                                        digest: digest, live: live))
            // One draw per stroke even when neighbours look alike: a draw is a span.
            state.encoder.encodeSeparateDraw(DrawSpan(offset: offset, count: span.count, color: s.stroke.color,
                                                      erasing: s.stroke.erasing, brushKind: s.stroke.brushKind))
        }
    }

    /// A replay at another zoom skips other stamps than the live bake did, so the spans differ; but
    /// every stamp visible at both zooms must be the same stamp (same grain, jitter, atlas index),
    /// which holds only when skipped stamps still consume their four draws. Re-bakes the stroke at
    /// the zoom it was drawn at and compares the stamps both bakes show. `shifted` is what the
    /// user sees as every grain of the drawing moving after an undo.
    static func sharedStampsAgree(_ stroke: Stroke, liveScale: Float, replay: ArraySlice<StampInstance>, scale: Float,
                                  faults: BakerFaults) -> Bool {
        var live: [StampInstance] = []
        Baker.bakeAll(stroke, into: &live, scale: liveScale, faults: faults)
        return Baker.digest(live[...], visibleAt: scale, faults: faults) == Baker.digest(replay, visibleAt: liveScale, faults: faults)
    }

    static func commit(_ state: inout ChalkState, _ reason: String, _ world: inout World<Chalk>) {
        let stats = state.encoder.commit(into: &state.raster, textures: state.textures, view: state.view)
        world.emit(ChalkOutput.frame(reason: reason, stats: stats, inked: state.raster.inkedPixels))
    }
}
