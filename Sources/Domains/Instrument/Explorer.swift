import LockstepCore

/// The instrument's explorer: weights and choices are listed in `Invariants.swift`'s header.
extension Instrument {
    public static let explorer: Explorer? = Explorer(header: { rng in
        var h: [String] = []
        if rng.int(below: 5) == 0 { h.append("set samplerVoices \(rng.int(in: 4...16))") }
        if rng.int(below: 5) == 0 { h.append("set voicesPerPad \(rng.int(in: 1...6))") }
        if rng.int(below: 4) == 0 { h.append("set releaseMs \(rng.int(in: 0...1000))") }
        if rng.int(below: 6) == 0 { h.append("set instrument xylophone") }
        return h
    }, next: { rng, step in
        var e = Episode(base: step * 40 + 1)
        e.gap = "+\(rng.int(in: 2...200) * 10)ms"
        let roll = rng.int(below: 100)
        switch roll {
        case 0..<20: e.tap(&rng)
        case 20..<32: e.chord(&rng, hostile: false)
        case 32..<42: e.glissando(&rng)
        case 42..<48: e.slideOff(&rng)
        case 48..<54: e.twoFingersOneKey(&rng)
        case 54..<64: e.chord(&rng, hostile: true)
        case 64..<72: e.drums(&rng)
        case 72..<76: e.rightEdge(&rng)
        case 76..<80: e.keyboardRange(&rng)
        case 80..<83: e.add("labels naming=\(rng.int(below: 2) == 0 ? "letters" : "solfege") showSharps=\(rng.int(below: 2) == 0)")
        case 83..<88: e.session(&rng)
        case 88..<94: e.badInput(&rng)
        case 94..<96: e.add("touches keyboard began \(e.id(0))=\(rng.int(in: 0...699)),\(rng.int(in: 0...199))")  // left down
        case 96..<98: e.add("check")
        default:
            if rng.int(below: 2) == 0 {
                e.add("zone \(["Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC"][rng.int(below: 4)])")
            } else {
                e.gap = "+\(rng.int(in: 1...36))h"  // a clock jump, then a tap
                e.tap(&rng)
            }
        }
        return e.lines.joined(separator: "\n")
    })

    /// One explorer step's lines, timed relative to each other.
    struct Episode {
        var lines: [String] = []
        /// The gap before the next line (the first: since the previous episode).
        var gap = "+0"
        /// The episode's first touch id: ids are unique per step.
        let base: Int

        init(base: Int) { self.base = base }

        func id(_ k: Int) -> String { "t\(base + k)" }

        mutating func add(_ line: String) {
            lines.append(gap + " " + line)
            gap = "+0"
        }

        mutating func wait(_ rng: inout SeededRNG, _ ms: ClosedRange<Int> = 10...300) { gap = "+\(rng.int(in: ms))ms" }

        /// A point on the default 700 × 200 keyboard: a white key's lower half, or anywhere.
        static func point(_ rng: inout SeededRNG) -> String {
            rng.int(below: 2) == 0 ? "\(rng.int(below: 14) * 50 + 25),\(rng.int(in: 125...195))" : "\(rng.int(in: 0...699)),\(rng.int(in: 0...199))"
        }

        mutating func tap(_ rng: inout SeededRNG) {
            add("touches keyboard began \(id(0))=\(Self.point(&rng))")
            if rng.int(below: 3) == 0 {
                wait(&rng)
                add("touches keyboard moved \(id(0))=\(Self.point(&rng))")
            }
            wait(&rng, 30...900)
            add("touches keyboard ended \(id(0))=\(Self.point(&rng))")
        }

        mutating func chord(_ rng: inout SeededRNG, hostile: Bool) {
            let n = rng.int(in: 2...6)
            let fingers = (0..<n).map { "\(id($0))=\(Self.point(&rng))" }
            add("touches keyboard began " + fingers.joined(separator: " "))
            if rng.int(below: 2) == 0 {
                wait(&rng)
                add("touches keyboard moved \(id(rng.int(below: n)))=\(Self.point(&rng))")
            }
            wait(&rng, 50...800)
            if hostile {
                switch rng.int(below: 7) {
                case 0:
                    add("audio interruption began")
                    wait(&rng, 200...3000)
                    add("audio interruption ended" + (rng.int(below: 2) == 0 ? " shouldResume=true" : ""))
                case 1: add("systemGesture \(["controlCenter", "notificationCenter", "appSwitcher"][rng.int(below: 3)])")
                case 2:
                    add("lifecycle inactive")
                    wait(&rng)
                    add("lifecycle background")
                    wait(&rng, 300...5000)
                    add("lifecycle foreground")
                    wait(&rng)
                    add("lifecycle active")
                case 3: add("audio mediaServicesReset")
                case 4:
                    add("instrument \(rng.int(below: 2) == 0 ? "xylophone" : "drums")")
                    wait(&rng)
                    add("instrument piano")
                case 5:
                    add("lifecycle inactive")
                    wait(&rng)
                    add("lifecycle active")
                default: add("audio route reason=\(rng.int(below: 2) == 0 ? "newDeviceAvailable output=headphones" : "oldDeviceUnavailable")")
                }
                wait(&rng)
            }
            // Lift together or one by one (after a cancel these are unknown touches: warnings).
            if rng.int(below: 2) == 0 {
                add("touches keyboard ended " + fingers.joined(separator: " "))
            } else {
                for f in fingers {
                    add("touches keyboard ended " + f)
                    wait(&rng, 10...120)
                }
            }
        }

        mutating func glissando(_ rng: inout SeededRNG) {
            var x = rng.int(in: 0...699)
            let y = rng.int(in: 10...190)
            let dx = (rng.int(below: 2) == 0 ? 1 : -1) * rng.int(in: 10...60)
            add("touches keyboard began \(id(0))=\(x),\(y)")
            for _ in 0..<rng.int(in: 3...10) {
                x = min(max(x + dx, 0), 699)
                wait(&rng, 8...40)
                add("touches keyboard moved \(id(0))=\(x),\(y)")
            }
            wait(&rng, 8...200)
            add("touches keyboard ended \(id(0))=\(x),\(y)")
        }

        mutating func slideOff(_ rng: inout SeededRNG) {
            add("touches keyboard began \(id(0))=\(Self.point(&rng))")
            wait(&rng)
            let off = ["\(rng.int(in: 0...699)),\(rng.int(in: 200...260))", "-\(rng.int(in: 1...40)),\(rng.int(in: 0...199))",
                       "\(rng.int(in: 700...760)),\(rng.int(in: 0...199))"][rng.int(below: 3)]
            add("touches keyboard moved \(id(0))=\(off)")
            wait(&rng)
            if rng.int(below: 3) == 0 {
                add("touches keyboard moved \(id(0))=\(Self.point(&rng))")  // and back on
                wait(&rng)
            }
            add("touches keyboard ended \(id(0))=\(off)")
        }

        mutating func twoFingersOneKey(_ rng: inout SeededRNG) {
            let x = rng.int(below: 14) * 50
            let a = "\(x + rng.int(in: 5...20)),\(rng.int(in: 130...190))", b = "\(x + rng.int(in: 30...45)),\(rng.int(in: 130...190))"
            add("touches keyboard began \(id(0))=\(a)")
            wait(&rng)
            add("touches keyboard began \(id(1))=\(b)")
            wait(&rng)
            let first = rng.int(below: 2)
            add("touches keyboard ended \(id(first))=\(first == 0 ? a : b)")
            wait(&rng, 100...600)
            add("touches keyboard ended \(id(1 - first))=\(first == 0 ? b : a)")
        }

        mutating func drums(_ rng: inout SeededRNG) {
            add("instrument drums")
            for k in 0..<rng.int(in: 1...3) {
                wait(&rng, 20...400)
                let pad = PadGrid.pads[rng.int(below: PadGrid.pads.count)]
                switch rng.int(below: 4) {
                case 0: add("gen roll pad=\(pad) hits=\(rng.int(in: 2...8)) interval=0.0\(rng.int(in: 2...9)) id=\(base + 10 + k * 8)")
                case 1:
                    let t = id(k)
                    let at = "\(rng.int(in: 0...399)),\(rng.int(in: 0...199))"
                    add("touches pads began \(t)=\(at)")
                    wait(&rng, 10...200)
                    add("touches pads ended \(t)=\(at)")
                case 2: add("hit pad=\(pad) velocity=0.\(rng.int(in: 1...9))")
                default: add("hit pad=\(pad) velocity=\(rng.int(below: 3) == 0 ? "1.5" : "1")")
                }
            }
            wait(&rng, 100...900)
            add("instrument \(rng.int(below: 4) == 0 ? "xylophone" : "piano")")
        }

        mutating func rightEdge(_ rng: inout SeededRNG) {
            let width = [114, 700, 128, 1000][rng.int(below: 4)]
            add("layout view=keyboard width=\(width) height=200")
            wait(&rng)
            add("touches keyboard began \(id(0))=\(Double(width).nextDown),150")
            wait(&rng)
            add("touches keyboard ended \(id(0))=\(Double(width).nextDown),150")
            wait(&rng)
            add("layout view=keyboard width=700 height=200")
        }

        mutating func keyboardRange(_ rng: inout SeededRNG) {
            switch rng.int(below: 4) {
            case 0: add("keyboard firstMidi=\([48, 36, 72][rng.int(below: 3)]) octaves=\(rng.int(in: 1...3))")
            case 1: add("keyboard firstMidi=\([61, -12, 120][rng.int(below: 3)]) octaves=2")  // refused
            case 2: add("keyboard firstMidi=60 octaves=\([0, 11, 6][rng.int(below: 3)])")  // 0 and 11 refused; 6 is above 127
            default:
                add("touches keyboard began \(id(0))=\(Self.point(&rng))")
                wait(&rng)
                add("keyboard firstMidi=48 octaves=2")  // cancels the finger first
                wait(&rng)
                add("touches keyboard ended \(id(0))=10,150")
            }
            wait(&rng)
            add("keyboard firstMidi=60 octaves=2")
        }

        mutating func session(_ rng: inout SeededRNG) {
            switch rng.int(below: 5) {
            case 0: add("audio silentSwitch on=\(rng.int(below: 2) == 0)")
            case 1: add("audio route reason=newDeviceAvailable output=\(["headphones", "bluetooth", "usb", "airPlay"][rng.int(below: 4)])")
            case 2: add("audio route reason=oldDeviceUnavailable")
            case 3: add(rng.int(below: 2) == 0 ? "audio grant" : "audio grant sampleRate=44100 ioBuffer=0.011609977324263039")
            default: add("lifecycle memoryWarning")
            }
        }

        mutating func badInput(_ rng: inout SeededRNG) {
            switch rng.int(below: 9) {
            case 0: add("touches keyboard began \(id(0))=nan,100 \(id(1))=50,150")
            case 1:
                add("touches keyboard began \(id(0))=25,150")
                wait(&rng)
                add("touches keyboard began \(id(0))=75,150")  // already down
                wait(&rng)
                add("touches keyboard ended \(id(0))=75,150")
            case 2: add("touches keyboard moved \(id(0))=\(Self.point(&rng))")  // unknown: a press, left down
            case 3: add("touches keyboard \(rng.int(below: 2) == 0 ? "ended" : "cancelled") \(id(0))=100,100")  // unknown
            case 4: add("touches pads began \(id(0))=50,50")  // the pads are not shown
            case 5: add("hit pad=cowbell")
            case 6: add("layout view=\(rng.int(below: 2) == 0 ? "keyboard" : "pads") width=\(["0", "-5", "inf", "nan"][rng.int(below: 4)]) height=200")
            case 7: add("lifecycle launch process=keyboard reason=extension")
            default: add("touches keyboard began \(id(0))=1e300,5")
            }
        }
    }
}
