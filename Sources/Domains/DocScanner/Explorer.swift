import LockstepCore

/// Random walks through a scanning session: both capture paths on several OS releases and devices,
/// permission answers and Settings changes, thermal receipts and low-contrast photos, Vision answers
/// that are right, wrong, late or duplicated, corner drags, mode switches, saves, locks, restores,
/// shares without a source view and prints without a printer. Pages stay tiny so walks are fast.
extension DocScanner {
    /// What a walk has written so far: how many Vision requests it may have caused.
    struct Walk: Sendable {
        var requests = 0
    }

    public static let explorer: Explorer? = Explorer(memory: Walk(), header: { rng, _ in
        var lines = ["set os \(["12.0", "12.5", "13.0", "17.0", "17.4"][rng.int(below: 5)])"]
        if rng.chance(0.3) { lines.append("set idiom pad") }
        if rng.chance(0.3) { lines.append("set docCameraSupported false") }
        if rng.chance(0.3) { lines.append("set printingAvailable false") }
        lines.append("set camera \(["notDetermined", "authorized", "authorized", "denied", "restricted"][rng.int(below: 5)])")
        return lines
    }, next: { rng, walk, step in
        let gap = "+\(rng.int(in: 1 ... 20))00ms"
        func fraction() -> String { FixedDecimal.format(rng.double(), places: 2) }
        func requestID() -> Int { rng.int(in: 1 ... max(1, walk.requests + 1)) }
        switch rng.int(below: 32) {
        case 0, 1, 2: return "\(gap) tapScan"
        case 3: return "\(gap) camera permission answer=\(rng.chance(0.6) ? "allow" : "deny")"
        case 4: return "\(gap) camera permission settings=\(["authorized", "denied", "restricted", "notDetermined"][rng.int(below: 4)])"
        case 5:
            let ink = rng.chance(0.4) ? "0.80" : "0.2"
            return "\(gap) scanContent paper=0.95 ink=\(ink) seed=\(rng.int(in: 1 ... 99)) lines=\(rng.int(in: 4 ... 20))\(rng.chance(0.15) ? " pngEncodable=false" : "")"
        case 6, 7: return "\(gap) documentCamera finish pages=\(rng.int(in: 1 ... 3)) width=\(rng.int(in: 16 ... 48)) height=\(rng.int(in: 16 ... 48))"
        case 8: return "\(gap) documentCamera \(rng.chance(0.5) ? "cancel" : "fail error=\"camera busy\"")"
        case 9, 10:
            walk.requests += 1
            let orientation = ["up", "down", "left", "right", "upMirrored", "downMirrored", "leftMirrored", "rightMirrored"][rng.int(below: 8)]
            let background = rng.chance(0.3) ? "0.93" : "0.35"
            let ink = rng.chance(0.4) ? "0.80" : "0.2"
            return "\(gap) photoPicked width=\(rng.int(in: 16 ... 48)) height=\(rng.int(in: 16 ... 48)) orientation=\(orientation) background=\(background) ink=\(ink) seed=\(rng.int(in: 1 ... 99))\(rng.chance(0.1) ? " hasCGImage=false" : "")\(rng.chance(0.1) ? " pngEncodable=false" : "")"
        case 11: return "\(gap) pickerCancelled"
        case 12, 13: return "\(gap) detector id=\(requestID())"
        case 14:
            let id = requestID()
            switch rng.int(below: 4) {
            case 0: return "\(gap) vision result id=\(id) rectangles=none"
            case 1: return "\(gap) vision result id=\(id) error=\"perform failed\""
            case 2: return "\(gap) vision result id=\(id) text=\"TOTAL 9.99\""
            default:
                let x0 = rng.double() * 0.3, x1 = 0.7 + rng.double() * 0.3, y0 = rng.double() * 0.3, y1 = 0.7 + rng.double() * 0.3
                let f = { (v: Double) in FixedDecimal.format(v, places: 3) }
                return "\(gap) vision result id=\(id) rectangles=\(f(x0)),\(f(y1)),\(f(x1)),\(f(y1)),\(f(x0)),\(f(y0)),\(f(x1)),\(f(y0)),\(fraction())"
            }
        case 15, 16:
            let phase = ["down", "move", "move", "up", "cancel"][rng.int(below: 5)]
            return phase == "up" || phase == "cancel" ? "\(gap) touch phase=\(phase)" : "\(gap) touch phase=\(phase) x=\(fraction()) y=\(fraction())"
        case 17, 18: return "\(gap) confirmCrop"
        case 19, 20:
            let mode = ["original", "enhanced", "bw"][rng.int(below: 3)]
            return rng.chance(0.5) ? "\(gap) setMode mode=\(mode)" : "\(gap) setMode page=\(rng.int(in: 1 ... 3)) mode=\(mode)"
        case 21:
            walk.requests += 1
            return "\(gap) ocr page=\(rng.int(in: 1 ... 3))"
        case 22, 23: return "\(gap) save title=\"\(rng.chance(0.2) ? " " : "Scan \(step)")\""
        case 24: return "\(gap) share anchor=\(rng.chance(0.5))"
        case 25: return "\(gap) print output=\(rng.chance(0.7) ? "grayscale" : "photo")"
        case 26: return "\(gap) printer available=\(rng.chance(0.5))"
        case 27: return "\(gap) device lock state=\(rng.chance(0.5) ? "locked" : "unlocked")"
        case 28: return "\(gap) \(rng.chance(0.5) ? "device restore" : "setExcludeFromBackup on=\(rng.chance(0.5))")"
        case 29: return "\(gap) readFile scan=\(rng.int(in: 1 ... 3)) name=\(rng.chance(0.5) ? "record.json" : "page-1-original.png")"
        case 30: return "\(gap) exportPDF"
        default: return "\(gap) env os=\(rng.chance(0.5) ? "12.5" : "17.0")"
        }
    })
}
