import LockstepCore

/// Random, valid `transcription` walks (the mix is documented with the invariants in `Invariants.swift`).
extension Transcription {
    public static let explorer: Explorer? = Explorer(header: { rng in
        var lines: [String] = []
        if rng.chance(0.3) { lines.append("set deviceLocale \(["ja-JP", "de-DE", "fr-FR"][rng.int(below: 3)])") }
        if rng.chance(0.2) { lines.append("set online false") }
        if rng.chance(0.2) { lines.append("set mic \(["denied", "undetermined"][rng.int(below: 2)])") }
        if rng.chance(0.4) { lines.append("set unscripted \(["empty", "error", "stall"][rng.int(below: 3)])") }
        if rng.chance(0.3) { lines.append("set latency \(rng.int(in: 0...20))") }
        return lines
    }, next: { rng, step in
        "\(TranscriptionExplore.gap(&rng)) \(TranscriptionExplore.line(&rng, step))"
    })
}

enum TranscriptionExplore {
    static let names = ["memo", "call", "talk", "idea"]
    static let locales = ["en-US", "de-DE", "ja-JP", "cy-GB", "zh-Hans-CN", "fr-FR"]
    /// Chunk-local word times: the start of a chunk (the previous chunk's overlap), its middle and
    /// its last 4 s (the next chunk's overlap); gaps of at least 0.5 s, so 0.5 s words never touch.
    static let wordTimes = [0.5, 1.0, 2.0, 3.0, 3.6, 10.0, 20.0, 30.0, 46.5, 47.0, 48.0, 49.0]
    static let words = ["hello", "world", "good", "morning", "see", "you", "soon"]

    static func gap(_ rng: inout SeededRNG) -> String {
        switch rng.int(below: 20) {
        case 0..<8: "+\(rng.int(in: 50...999))ms"
        case 8..<16: "+\(rng.int(in: 1...15))s"
        case 16..<19: "+\(rng.int(in: 16...120))s"
        default: "+\(rng.int(in: 70...600))s"
        }
    }

    static func answerText(_ rng: inout SeededRNG) -> String {
        var times: [Double] = []
        for t in wordTimes where rng.chance(0.3) { times.append(t) }
        if times.isEmpty { times = [wordTimes[rng.int(below: wordTimes.count)]] }
        let text = times.map { _ in words[rng.int(below: words.count)] }.joined(separator: " ")
        if rng.chance(0.15) { return "text=\"\(text)\"" }  // no word timings: the untimed branch
        let pairs = times.map { "\($0),\(rng.chance(0.5) ? "0.5" : "0.3")" }.joined(separator: ",")
        return "text=\"\(text)\" times=\(pairs)"
    }

    static func line(_ rng: inout SeededRNG, _ step: Int) -> String {
        let name = names[rng.int(below: names.count)] + "\(rng.int(below: 3))"
        let chunk = rng.chance(0.9) ? rng.int(below: 4) : rng.int(in: 4...8)
        let attempt = rng.chance(0.6) ? "local" : "server"
        switch rng.int(below: 100) {
        case 0..<13:
            var l = "record start name=\(name)"
            if rng.chance(0.3) { l += " sampleRate=\([22_050, 44_100, 48_000][rng.int(below: 3)])" }
            if rng.chance(0.3) { l += " quality=\(["min", "low", "medium", "high", "max"][rng.int(below: 5)])" }
            return l
        case 13..<22: return "record stop"
        case 22..<34:
            var l = "transcribe id=\(name)"
            if rng.chance(0.6) {
                let durations = ["0.03", "0", "-1", "nan", "inf", "20", "50", "50.04", "96.04", "120", "200", "300"]
                l += " duration=\(durations[rng.int(below: durations.count)])"
            }
            if rng.chance(0.3) { l += " locale=\"\(rng.chance(0.1) ? " " : locales[rng.int(below: locales.count)])\"" }
            if rng.chance(0.2) { l += " onDevice=false" }
            return l
        case 34..<58:
            let after = [0, 1, 2, 5, 30, 59, 60, 61, 70][rng.int(below: 9)]
            switch rng.int(below: 10) {
            case 0..<5: return "answer final chunk=\(chunk) attempt=\(attempt) \(answerText(&rng)) after=\(after)"
            case 5..<7: return "answer empty chunk=\(chunk) attempt=\(attempt) after=\(after)"
            case 7: return "answer error chunk=\(chunk) attempt=\(attempt) message=\"no speech\" after=\(after)"
            case 8: return "answer stall chunk=\(chunk) attempt=\(attempt)"
            default: return "answer double chunk=\(chunk) attempt=\(attempt) \(answerText(&rng)) after=\(after) second=\(rng.int(in: 0...3))"
            }
        case 58..<63:
            switch rng.int(below: 3) {
            case 0: return "callback final chunk=\(chunk) attempt=\(attempt) \(answerText(&rng))"
            case 1: return "callback partial chunk=\(chunk) attempt=\(attempt)"
            default: return "callback error chunk=\(chunk) attempt=\(attempt)"
            }
        case 63..<65: return "exportFails chunk=\(chunk)"
        case 65..<69:
            let locale = locales[rng.int(below: locales.count)]
            return "capability locale=\(locale) exists=\(rng.chance(0.9)) onDevice=\(rng.chance(0.6)) installed=\(rng.chance(0.5))"
        case 69..<71: return rng.chance(0.5) ? "probe" : "probe locale=\(locales[rng.int(below: locales.count)])"
        case 71..<79: return "network \(rng.chance(0.5) ? "offline" : "online")"
        case 79..<89:
            switch rng.int(below: 6) {
            case 0, 1: return "audio interruption began"
            case 2: return "audio interruption ended shouldResume=true"
            case 3: return "audio interruption ended"
            case 4: return "audio interruption raw=1"
            default: return "audio interruption raw=7 options=1"
            }
        case 89..<96:
            switch rng.int(below: 6) {
            case 0: return "audio route reason=newDeviceAvailable output=headphones"
            case 1: return "audio route reason=oldDeviceUnavailable"
            case 2: return "audio mediaServicesReset"
            case 3: return "audio activation allowed=\(rng.chance(0.5))"
            case 4: return "audio permission settings=\(["granted", "denied"][rng.int(below: 2)])"
            default: return "audio route raw=5 output=headset"
            }
        case 96..<98:
            return "mic state=\(["granted", "denied", "undetermined"][rng.int(below: 3)]) answer=\(rng.chance(0.7) ? "granted" : "denied")"
        default:
            return "probe"
        }
    }
}
