import LockstepCore

/// Virtual Mic's explorer: weights and choices are listed in `Invariants.swift`'s header.
extension LiveMic {
    public static let explorer: Explorer? = Explorer(header: { rng in
        var h: [String] = []
        h.append("set os \(["16.6", "17.0", "17.0", "18.2", "18.2"][rng.int(below: 5)])")
        let p = rng.int(below: 10)
        if p < 6 { h.append("set permission granted") } else if p == 9 { h.append("set permission denied") }
        if rng.int(below: 7) == 0 { h.append("set backgroundAudio false") }
        if rng.int(below: 5) == 0 { h.append("set allowBluetoothMic true") }
        if rng.int(below: 7) == 0 { h.append("set preferEchoCancellation false") }
        if rng.int(below: 50) == 0 { h.append("set purposeString false") }
        return h
    }, next: { rng, _ in
        var e = Lines()
        e.gap = "+\(rng.int(in: 2...200) * 10)ms"
        let roll = rng.int(below: 100)
        switch roll {
        case 0..<16:
            e.add("tap")
            if rng.int(below: 2) == 0 {
                e.wait(&rng, 100...3000)
                e.add("audio permission answer=\(rng.int(below: 4) == 0 ? "denied" : "granted")")
            }
        case 16..<34: e.mic(&rng)
        case 34..<46:
            let name = ControlName.allCases[rng.int(below: ControlName.allCases.count)]
            let r = Controls.range(name)
            let value: String
            switch rng.int(below: 10) {
            case 0: value = ["nan", "inf", "-inf"][rng.int(below: 3)]
            case 1, 2: value = "\(Int(r.upperBound) + rng.int(in: 1...50))"
            case 3: value = "\(Int(r.lowerBound) - rng.int(in: 1...50))"
            default:
                let lo = Int(r.lowerBound * 10), hi = Int(r.upperBound * 10)
                value = "\(Double(rng.int(in: lo...hi)) / 10)"
            }
            e.add("control \(name.rawValue) \(value)")
        case 46..<56:
            switch rng.int(below: 5) {
            case 0: e.add("audio interruption raw=\([7, 1, 0][rng.int(below: 3)])" + (rng.int(below: 2) == 0 ? " options=\(rng.int(below: 4))" : ""))
            case 1:
                e.add("audio interruption began")
                e.wait(&rng, 100...2000)
                e.add("audio interruption began")  // nested: Apple promises no pairs
                e.wait(&rng, 100...2000)
                e.add("audio interruption ended shouldResume=true")
            default:
                e.add("audio interruption began")
                if rng.int(below: 5) > 0 {
                    e.wait(&rng, 200...8000)
                    e.add("audio interruption ended" + (rng.int(below: 3) > 0 ? " shouldResume=true" : ""))
                }
            }
        case 56..<66:
            switch rng.int(below: 6) {
            case 0, 1: e.add("audio route reason=newDeviceAvailable output=\(["headphones", "headset", "bluetooth", "bluetoothSpeaker", "usb", "airPlay"][rng.int(below: 6)])")
            case 2, 3: e.add("audio route reason=oldDeviceUnavailable")
            case 4: e.add("audio route reason=\(["categoryChange", "override", "routeConfigurationChange", "wakeFromSleep"][rng.int(below: 4)])")
            default: e.add("audio route raw=\([5, 9, 99][rng.int(below: 3)])")
            }
        case 66..<70:
            e.add("audio mediaServicesReset")
            if rng.int(below: 2) == 0 {
                e.wait(&rng, 100...1000)
                e.add("tap")
            }
        case 70..<75:
            e.add("audio engineConfigurationChange" + ["", " sampleRate=44100", " sampleRate=48000 channels=2", " sampleRate=16000 channels=1"][rng.int(below: 4)])
        case 75..<80: e.add("voiceProcessing on=\(rng.int(below: 2) == 0)")
        case 80..<84: e.add("speaker on=\(rng.int(below: 2) == 0)")
        case 84..<87: e.add("bluetoothMic on=\(rng.int(below: 2) == 0)")
        case 87..<90: e.add("openSettings")
        case 90..<96:
            if rng.int(below: 3) == 0 {
                e.add("audio permission settings=\(["granted", "denied", "denied", "undetermined"][rng.int(below: 4)])")
            } else {
                e.add("lifecycle inactive")
                e.wait(&rng)
                e.add("lifecycle background")
                e.wait(&rng, 500...20000)
                if rng.int(below: 2) == 0 { e.mic(&rng); e.wait(&rng) }
                e.add("lifecycle foreground")
                e.wait(&rng)
                e.add("lifecycle active")
            }
        case 96..<98:
            switch rng.int(below: 6) {
            case 0: e.add("audio input sampleRate=0 channels=0")
            case 1: e.add("audio input" + (rng.int(below: 2) == 0 ? "" : " sampleRate=16000 channels=1"))
            case 2: e.add("audio echoCancelledInput available=\(rng.int(below: 2) == 0)")
            case 3: e.add(rng.int(below: 2) == 0 ? "audio grant" : "audio grant sampleRate=44100 ioBuffer=0.011609977324263039")
            case 4: e.add("audio silentSwitch on=\(rng.int(below: 2) == 0)")
            default: e.add("audio activation allowed=\(rng.int(below: 3) > 0)")
            }
        default:
            if rng.int(below: 2) == 0 {
                e.add("zone \(["Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC"][rng.int(below: 4)])")
            } else {
                e.gap = "+\(rng.int(in: 1...36))h"  // a clock jump, then audio
                e.mic(&rng)
            }
        }
        return e.lines.joined(separator: "\n")
    })

    /// One explorer step's lines, timed relative to each other.
    struct Lines {
        var lines: [String] = []
        var gap = "+0"

        mutating func add(_ line: String) {
            lines.append(gap + " " + line)
            gap = "+0"
        }

        mutating func wait(_ rng: inout SeededRNG, _ ms: ClosedRange<Int> = 10...500) { gap = "+\(rng.int(in: ms))ms" }

        /// Microphone audio: mostly well-formed batches, some the graph must refuse.
        mutating func mic(_ rng: inout SeededRNG) {
            let hz = [100, 440, 1000, 3000, 8000][rng.int(below: 5)]
            switch rng.int(below: 10) {
            case 0..<5: add("mic sine=\(hz) frames=\(rng.int(in: 16...480) * 2) amplitude=0.\(rng.int(in: 1...9))")
            case 5, 6: add("gen tone hz=\(hz) seconds=0.\(rng.int(in: 1...5)) buffer=0.1")
            case 7: add("mic samples=0.5,-0.5,0.25,-0.25,1,-1,0,0.125")
            case 8: add(["mic samples=0.1,nan,0.2,0.3", "mic samples=0.1,inf", "mic sine=440 frames=160 sampleRate=16000"][rng.int(below: 3)])
            default: add(["mic sine=440 frames=240 channels=2", "mic samples=0.1,0.2,0.3", "mic sine=440 frames=240 sampleRate=44100"][rng.int(below: 3)])
            }
        }
    }
}
