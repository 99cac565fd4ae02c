/// The whole `load`: parse, fold the stylesheet (E1), read the animations (A–F), choose the frame
/// grid (I), write every frame (G), expand `<use>` (H), compile (J2) and share the prefix (J4).
///
/// All work happens here, once, as in the article: playback only reassembles `prefix + tail`.
struct Loader {
    struct Options: Sendable {
        var fps: Int = FrameGrid.defaultFps
        /// `SvgTheme.currentColor`.
        var currentColor = RGB(r: 0, g: 0, b: 0)
        /// `ColorMapper`: exact written-colour replacements.
        var colorMap: [(from: String, to: String)] = []
        var faults = LoadFaults()
    }

    /// The historical bugs the loader can reproduce (named in `AnimatedSvgFault`).
    struct LoadFaults: Sendable {
        var ignoresAnimation = false
        var ignoresStyle = false
        var noUseExpansion = false
        var badImageBlanksPicture = false
        var noSharedPrefix = false
        var missingEndFromOtherKeyframe = false
        var linearDefaultEasing = false
        var translateBeforeUseTransform = false
        var eventBeginStartsAtZero = false
        var doubleFrameTimes = false
        var toFromInitialValue = false
    }

    /// The most animations one document may hold (section K: `limit`).
    static let maxAnimations = 1_000

    static let consumedPrefixes = ["animation", "offset-"]
    static let consumedProperties = ["transform-origin", "transform-box"]

    static func isConsumed(_ property: String) -> Bool {
        consumedProperties.contains(property) || consumedPrefixes.contains { property.hasPrefix($0) }
    }

    static func load(_ bytes: [UInt8], _ options: Options) -> LoadResult {
        var diagnostics: [Diagnostic] = []
        let parsed: XMLDocument
        switch XMLParser.parse(bytes) {
        case .success(let d): parsed = d
        case .failure(let e):
            return LoadResult.failed(Diagnostic(.error, "xmlMalformed", at: e.at, e.message))
        }
        var doc = parsed
        let sourceCounts = doc.elements.map(\.attributes.count)
        var ids: [String: Int] = [:]
        for (i, e) in doc.elements.enumerated() { if let id = e.value("id"), ids[id] == nil { ids[id] = i } }

        // E1: the stylesheets, then every element's winning declarations folded in.
        var rules: [CSSRule] = []
        var keyframes: [CSSKeyframes] = []
        // Rule order runs on across <style> elements, so a later sheet's rule wins a tie.
        var nextRuleOrder = 0
        for e in doc.elements where e.name == "style" {
            for child in e.children {
                guard case .text(let text, let at) = child else { continue }
                let sheet = CSSParser.stylesheet(text, startingAt: at, firstRuleOrder: nextRuleOrder)
                nextRuleOrder = (sheet.rules.map(\.order).max() ?? (nextRuleOrder - 1)) + 1
                rules += sheet.rules
                keyframes += sheet.keyframes
                if !options.faults.ignoresStyle { diagnostics += sheet.diagnostics }
            }
        }
        if options.faults.ignoresStyle { rules = []; keyframes = [] }
        var consumed = Array(repeating: [CSSWinner](), count: doc.elements.count)
        for i in doc.elements.indices {
            let e = doc.elements[i]
            if SmilReader.elementNames.contains(e.name) || e.name == "style" || e.name == "script" { continue }
            var style: [CSSDeclaration] = []
            if let s = e.attribute("style"), !options.faults.ignoresStyle {
                let (declarations, problems) = CSSParser.declarations(s.value, startingAt: s.valueAt)
                style = declarations
                diagnostics += problems
            }
            let classes = (e.value("class") ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
            let presentation = e.attributes.filter { $0.name != "style" && $0.name != "class" && $0.name != "id" }
            let winners = CSSCascade.winners(rules: rules, name: e.name, id: e.value("id"), classes: classes,
                                             presentation: presentation, style: style)
            var attributes = e.attributes.filter { $0.name != "style" }
            var added: [XMLAttribute] = []
            for w in winners {
                if isConsumed(w.property) { consumed[i].append(w); attributes.removeAll { $0.name == w.property }; continue }
                guard case .presentation = w.source else {
                    // A declaration from CSS: checked per A3, transforms converted to SVG syntax.
                    var value = trim(w.value)
                    if let a = AnimatableAttribute.named(w.property), a.css {
                        switch AnimValue.parse(value, a.type, syntax: .css, currentColor: options.currentColor) {
                        case .success(let v): if a.type == .transform { value = v.text(clamp: .none) }
                        case .failure(let p):
                            diagnostics.append(Diagnostic(.reject, "declaration", at: w.at, "\(w.property): \(p.detail)"))
                            continue
                        }
                    }
                    if let k = attributes.firstIndex(where: { $0.name == w.property }) {
                        attributes[k].value = value
                    } else {
                        added.append(XMLAttribute(name: w.property, value: value, at: w.at, valueAt: w.at))
                    }
                    continue
                }
            }
            added.sort { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
            doc.elements[i].attributes = attributes + added
        }

        // Unsupported constructs that degrade (J1, K): dropped with an `ignore` record.
        for i in doc.elements.indices {
            let e = doc.elements[i]
            switch e.name {
            case "script": diagnostics.append(Diagnostic(.ignore, "script", at: e.at, "<script> does not run")); doc.elements[i].removed = true
            case "filter": diagnostics.append(Diagnostic(.ignore, "filter", at: e.at, "<filter> is dropped: shapes draw without the effect")); doc.elements[i].removed = true
            case "style": doc.elements[i].removed = true
            default: break
            }
            if let f = doc.elements[i].attribute("filter") {
                diagnostics.append(Diagnostic(.ignore, "filter", at: f.at, "filter=\"\(f.value)\" is dropped"))
                doc.elements[i].attributes.removeAll { $0.name == "filter" }
            }
            if let b = doc.elements[i].attribute("mix-blend-mode"), trim(b.value) == "plus-lighter" {
                diagnostics.append(Diagnostic(.ignore, "blendMode", at: b.at, "mix-blend-mode: plus-lighter is ignored"))
                doc.elements[i].attributes.removeAll { $0.name == "mix-blend-mode" }
            }
        }

        // SMIL (A1, A2, C, D).
        let reader = SmilReader(document: doc, elementWithID: { ids[$0] }, currentColor: options.currentColor,
                                eventBeginStartsAtZero: options.faults.eventBeginStartsAtZero)
        var smil: [SmilAnimation] = []
        var order = 0
        for i in doc.elements.indices {
            let e = doc.elements[i]
            if SmilReader.unsupportedElementNames.contains(e.name), e.name != "mpath" {
                diagnostics.append(Diagnostic(.reject, "unsupportedAttribute", at: e.at, "<\(e.name)> is outside the subset"))
                doc.elements[i].removed = true
                continue
            }
            guard SmilReader.elementNames.contains(e.name) else { continue }
            doc.elements[i].removed = true
            if order >= maxAnimations {
                diagnostics.append(Diagnostic(.reject, "limit", at: e.at, "more than \(maxAnimations) animations: this one and the rest are dropped"))
                continue
            }
            switch reader.read(i, order: order) {
            case .success(let a): smil.append(a)
            case .failure(let d): diagnostics.append(d)
            }
            order += 1
        }

        // CSS animations (E2–E7), per element.
        var css: [CssAnimation] = []
        var motions: [Int: FrameWriter.CssMotion] = [:]
        var origins: [Int: (x: Double, y: Double)] = [:]
        let viewport = Viewport(root: doc.elements[XMLDocument.root])
        for i in doc.elements.indices where !consumed[i].isEmpty {
            let winners = consumed[i]
            func declaration(_ name: String) -> (value: String, at: SvgLocation)? {
                winners.last { $0.property == name }.map { (trim($0.value), $0.at) }
            }
            let animationReader = CssAnimationReader(
                declaration: declaration,
                keyframes: { name in keyframes.last { $0.name == name } },
                underlying: { Underlying.value(of: $0, element: i, in: doc, currentColor: options.currentColor) },
                currentColor: options.currentColor, element: i,
                fillMissingEndFromOtherKeyframe: options.faults.missingEndFromOtherKeyframe,
                defaultEasing: options.faults.linearDefaultEasing ? .linear : .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
            css += animationReader.read(diagnostics: &diagnostics)
            if let box = declaration("transform-box"), box.value == "fill-box" {
                diagnostics.append(Diagnostic(.reject, "transformBox", at: box.at, "transform-box: fill-box is outside the subset"))
            } else if let o = declaration("transform-origin") {
                switch viewport.origin(o.value) {
                case .some(let point): if point.x != 0 || point.y != 0 { origins[i] = point }
                case .none: diagnostics.append(Diagnostic(.reject, "declaration", at: o.at, "transform-origin '\(o.value)' is invalid"))
                }
            }
            if let path = declaration("offset-path") {
                if let anchor = declaration("offset-anchor") ?? declaration("offset-position") {
                    diagnostics.append(Diagnostic(.reject, "motionAnchor", at: anchor.at, "offset-anchor and offset-position are outside the subset"))
                } else if origins[i] != nil, let o = declaration("transform-origin") {
                    diagnostics.append(Diagnostic(.reject, "motionAnchor", at: o.at, "a transform-origin with offset-path is outside the subset"))
                } else {
                    switch CssMotionReader.read(path: path, rotate: declaration("offset-rotate"), distance: declaration("offset-distance")) {
                    case .success(let m): motions[i] = m
                    case .failure(let d): diagnostics.append(d)
                    }
                }
            }
        }
        if options.faults.ignoresAnimation { smil = []; css = [] }

        // E6: a property animated by CSS refuses its SMIL animations.
        var cssProperties: [ElementAttribute] = []
        for a in css { for t in a.tracks { cssProperties.append(ElementAttribute(element: a.element, name: t.attribute.name)) } }
        smil.removeAll { a in
            guard cssProperties.contains(ElementAttribute(element: a.target, name: a.attribute.name)) else { return false }
            let at = doc.elements.indices.contains(a.target) ? (a.at) : a.at
            diagnostics.append(Diagnostic(.reject, "mixedSources", at: at, "\(a.attribute.name) is animated by CSS too; the CSS animation wins"))
            return true
        }

        // The slots: one per animated (element, attribute), sorted by element then A3 order.
        let slots = Slots.build(smil: smil, css: css, motions: &motions, origins: origins, doc: &doc, currentColor: options.currentColor)

        // I1, I2: the grid from the accepted animations.
        var periodic: [Int64] = []
        var settle: [Int64] = []
        for a in smil {
            if a.isPeriodic, let d = a.simpleNanoseconds { periodic.append(d) } else if let s = a.settleNanoseconds { settle.append(s) }
        }
        for a in css where !a.tracks.isEmpty {
            if a.isPeriodic { periodic.append(a.durationNanoseconds) } else if let s = a.settleNanoseconds { settle.append(s) }
        }
        let accepted = smil.count + css.filter { !$0.tracks.isEmpty }.count
        var grid = FrameGrid.make(periodicNanoseconds: periodic, settleNanoseconds: settle, fps: options.fps)
        if accepted == 0 { grid = FrameGrid(mode: .once, periodNanoseconds: 0, frameCount: 1, fps: options.fps) }
        if options.faults.doubleFrameTimes { grid = grid.withAccumulatedTimes() }

        // J3: images checked once; a bad one is removed with its copies, the rest renders.
        var imageDiagnostics: [Diagnostic] = []
        if !options.faults.badImageBlanksPicture {
            _ = EmbeddedImage.validateImages(&doc, diagnostics: &imageDiagnostics)
        }
        diagnostics += imageDiagnostics

        let writer = FrameWriter(base: doc, slots: slots, grid: grid, colorMap: options.colorMap, sourceAttributeCounts: sourceCounts,
                                 toStartsAtInitial: options.faults.toFromInitialValue)
        return LoadResult.compile(writer: writer, diagnostics: diagnostics, accepted: accepted, options: options)
    }
}

struct ElementAttribute: Hashable, Sendable {
    var element: Int
    var name: String
}
