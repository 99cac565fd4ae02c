import LockstepCore
import Platform

/// Invariants checked after every step, and an explorer that writes small random documents
/// (valid and refused SMIL and CSS) and plays them with frames, the controller, view pauses and
/// reloads.
extension AnimatedSvg {
    public static let invariants: [Invariant<AnimatedSvg>] = [
        Invariant("reassembledExactly", "every frame rebuilt from prefix + tail equals its compiled bytes (J4)") { s, _ in
            guard let c = s.current, !c.result.reassemblyMatches else { return nil }
            return "a frame rebuilt from the shared prefix differs from the compiled frame"
        },
        Invariant("displayedFrameExists", "the frame on screen is one of the compiled frames") { s, _ in
            guard let c = s.current, let d = c.displayed else { return nil }
            return d >= 0 && d < c.result.frames.tails.count ? nil : "frame \(d) shown of \(c.result.frames.tails.count)"
        },
        Invariant("storedAtMostNaive", "the shared-prefix store never holds more than the frames (J4)") { s, _ in
            guard let f = s.current?.result.frames else { return nil }
            return f.storedBytes <= f.naiveBytes ? nil : "stored \(f.storedBytes) B > naive \(f.naiveBytes) B"
        },
        Invariant("tickerOnlyWhenAnimated", "a document without animation starts no ticker (rule 1, I4)") { s, _ in
            guard let c = s.current, c.tickerActive, !c.result.isAnimated else { return nil }
            return "the ticker runs for a static picture"
        },
        Invariant("decodesOncePerLoad", "embedded images decode once per load, not once per frame (J5, failure 4)") { s, _ in
            s.cache.decodes <= s.decodeBudget ? nil : "\(s.cache.decodes) decodes for \(s.decodeBudget) images loaded"
        },
        Invariant("frameCountBounded", "a load compiles 1 to 3601 frames (I2)") { s, _ in
            guard let c = s.current else { return nil }
            let n = c.result.frames.tails.count
            return n >= 1 && n <= FrameGrid.maxFrames + 1 ? nil : "\(n) frames"
        },
        Invariant("staticIsOneFrame", "a document that is not animated is one frame (I4)") { s, _ in
            guard let c = s.current, !c.result.isAnimated, c.result.frames.tails.count != 1 else { return nil }
            return "\(c.result.frames.tails.count) frames for a static picture"
        },
        Invariant("imagesInTheSharedPrefix", "the image table is in every frame's shared prefix (J2), unless frames failed") { s, _ in
            guard let c = s.current, c.result.failedFrames == 0, !c.result.images.isEmpty else { return nil }
            let header = c.result.images.reduce(7) { $0 + 7 + $1.byteCount }
            return c.result.frames.prefix.count >= header ? nil : "prefix \(c.result.frames.prefix.count) B < image table \(header) B"
        },
        Invariant("diagnosticsSorted", "diagnostics are sorted by line, column and code (K)") { s, _ in
            guard let d = s.current?.result.diagnostics else { return nil }
            return d == Diagnostic.sorted(d) ? nil : "diagnostics out of order"
        },
        Invariant("positionNeverNegative", "the controller's position is never negative (seek clamps, rule 9)") { s, _ in
            guard let c = s.current, c.positionNanoseconds < 0 else { return nil }
            return "position \(c.positionNanoseconds) ns"
        },
        Invariant("noBlankFrames", "a frame never fails to compile once <use> is expanded and images are checked (J6)") { s, _ in
            guard let c = s.current, c.result.failedFrames > 0 else { return nil }
            return "\(c.result.failedFrames) frames failed to compile"
        },
    ]

    /// Pieces of random documents: shapes with one animation each, drawn from the subset and from
    /// just outside it (so refusals are exercised), and stylesheets with keyframes.
    static let explorerShapes = [
        "<rect id='a' x='5' y='5' width='20' height='20' fill='#336699'>ANIM</rect>",
        "<circle id='b' cx='50' cy='50' r='10' fill='red'>ANIM</circle>",
        "<g id='c' transform='translate(10 0)'><rect width='5' height='5'/>ANIM</g>",
        "<image id='i' width='8' height='8' href='data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'/><g id='u'><use href='#i' x='10' y='10'/><use href='#i' x='30'/>ANIM</g>",
        "<image id='t' width='8' height='8' href='data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1Pe'/><use href='#t' x='1'/><rect id='d'>ANIM</rect>",
    ]
    static let explorerAnimations = [
        "<animate attributeName='opacity' from='0' to='1' dur='DURs' FILL/>",
        "<animate attributeName='x' values='0;10;5' keyTimes='0;0.25;1' dur='DURs' repeatCount='COUNT'/>",
        "<animate attributeName='fill' values='red;green;blue' calcMode='discrete' dur='DURs' repeatCount='indefinite'/>",
        "<animateTransform attributeName='transform' type='rotate' from='0 50 50' to='360 50 50' dur='DURs' repeatCount='COUNT'/>",
        "<animateTransform attributeName='transform' type='scale' by='1' dur='DURs' additive='sum' accumulate='sum' repeatCount='2'/>",
        "<animateMotion path='M0,0 L50,0 Q80,40 50,80 Z' dur='DURs' rotate='auto' repeatCount='COUNT'/>",
        "<set attributeName='visibility' to='hidden' begin='BEGs'/>",
        "<animate attributeName='width' to='40' begin='BEGs' dur='DURs' fill='freeze'/>",
        "<animate attributeName='x' values='0;1' begin='click' dur='1s'/>",
        "<animate attributeName='x' values='0;1;2' keyTimes='0;1' dur='1s'/>",
        "<animate attributeName='d' to='M0,0' dur='1s'/>",
        "<animate attributeName='x' values='0;1' calcMode='spline' keySplines='0.42 0 0.58 1' dur='DURs' repeatCount='indefinite'/>",
    ]
    static let explorerStyles = [
        "", "<style>@keyframes k { to { transform: rotate(360deg) } } #a { animation: k DURs linear infinite; transform-origin: 50% 50% }</style>",
        "<style>@keyframes f { 50% { opacity: 0 } } #b { animation: f DURs ease-in-out COUNT alternate both }</style>",
        "<style>@keyframes m { to { offset-distance: 100% } } #a { offset-path: path('M0,0 L90,90'); animation: m DURs steps(4) infinite }</style>",
        "<style>#a:hover { fill: red } @media print { rect { fill: blue } } #b { fill: #00ff00 }</style>",
    ]

    public static let explorer: Explorer? = Explorer(next: { rng, step in
        func pick(_ list: [String]) -> String { list[rng.int(below: list.count)] }
        func document() -> String {
            var body = pick(explorerStyles)
            for _ in 0 ..< rng.int(in: 1 ... 3) {
                var animation = pick(explorerAnimations)
                animation = animation.replacingAll("DUR", with: ["0.5", "1", "1.2", "2", "3"][rng.int(below: 5)])
                animation = animation.replacingAll("BEG", with: ["0", "0.5", "1", "-0.5"][rng.int(below: 4)])
                animation = animation.replacingAll("COUNT", with: ["1", "2.5", "indefinite"][rng.int(below: 3)])
                animation = animation.replacingAll("FILL", with: rng.chance(0.5) ? "fill='freeze'" : "")
                body += pick(explorerShapes).replacingAll("ANIM", with: animation)
            }
            body = body.replacingAll("DUR", with: ["0.5", "1", "2"][rng.int(below: 3)]).replacingAll("COUNT", with: ["2", "infinite"][rng.int(below: 2)])
            return "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100' viewBox='0 0 100 100'>" + body + "</svg>"
        }
        func load() -> String { "load text=\"\(document())\" fps=\([60, 30, 24, 120][rng.int(below: 4)])" }
        if step == 0 { return "0 " + load() }
        let gap = "+\(rng.int(in: 1 ... 400))ms"
        switch rng.int(below: 30) {
        case 0 ..< 10: return "\(gap) gen frames fps=\([60, 30, 120][rng.int(below: 3)]) until=\(rng.int(in: 1 ... 20) * 100)ms"
        case 10 ..< 13: return "\(gap) \(rng.chance(0.5) ? "play" : "pause")"
        case 13 ..< 16: return "\(gap) seek t=\(Double(rng.int(in: -20 ... 80)) / 10)"
        case 16 ..< 18: return "\(gap) view pause=\(rng.chance(0.5))"
        case 18 ..< 21: return "\(gap) inspect frame=\(rng.int(in: 0 ... 200)) svg=\(rng.chance(0.3))"
        case 21: return "\(gap) unload"
        case 22 ..< 24: return "\(gap) " + load()
        case 24: return "\(gap) stats"
        default: return "\(gap) frame"
        }
    })
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation here).
    func replacingAll(_ target: String, with replacement: String) -> String {
        let t = Array(target.unicodeScalars)
        guard !t.isEmpty else { return self }
        let s = Array(unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < s.count {
            if i + t.count <= s.count, Array(s[i ..< i + t.count]) == t {
                out.append(contentsOf: replacement.unicodeScalars)
                i += t.count
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return String(out)
    }
}
