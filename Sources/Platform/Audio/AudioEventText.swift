import LockstepCore

extension AudioVocabulary {
    /// The `audio ...` line that `decode` reads back as `event`, for a domain's `Domain.text(of:)`;
    /// nil for the few values no line gives: a raw interruption type or reason above 2^32−1, the
    /// prompt answered `undetermined`, channel counts outside what `decode` accepts.
    ///
    /// The named spellings are preferred where they decode to the same raw values
    /// (`interruption began`, `interruption ended shouldResume=true`, `route reason=WORD`); anything
    /// else is written raw (`interruption raw=N options=N`, `route raw=N`).
    public static func text(of event: AudioSystemEvent) -> String? {
        let line = LineText(kind)
        let maxRaw = UInt(UInt32.max)
        switch event {
        case .grant(nil): return line.word("grant").line
        case .grant(let g?): return line.word("grant").number("sampleRate", g.sampleRateHz).number("ioBuffer", g.ioBufferSeconds).line
        case .interruption(let type, let options):
            switch (type, options) {
            case (AudioInterruptionType.began.rawValue, nil): return line.word("interruption").word("began").line
            case (AudioInterruptionType.ended.rawValue, 0?): return line.word("interruption").word("ended").line
            case (AudioInterruptionType.ended.rawValue, audioInterruptionShouldResumeRaw?):
                return line.word("interruption").word("ended").bool("shouldResume", true).line
            default:
                guard type <= maxRaw, (options ?? 0) <= maxRaw else { return nil }
                return line.word("interruption").int("raw", type).optional(options) { $0.int("options", $1) }.line
            }
        case .routeChange(let reason, let device):
            var out = line.word("route")
            if let named = AudioRouteChangeReason(rawValue: reason) {
                out = out.word("reason", named.word)
            } else {
                guard reason <= maxRaw else { return nil }
                out = out.int("raw", reason)
            }
            return out.optional(device) { $0.word("output", $1.rawValue) }.line
        case .mediaServicesReset: return line.word("mediaServicesReset").line
        case .silentSwitch(let on): return line.word("silentSwitch").bool("on", on).line
        case .activationPolicy(let allowed): return line.word("activation").bool("allowed", allowed).line
        case .permissionAnswer(let answer):
            guard answer != .undetermined else { return nil }  // the prompt answers granted or denied
            return line.word("permission").word("answer", answer.rawValue).line
        case .permissionSettings(let state): return line.word("permission").word("settings", state.rawValue).line
        case .inputFormat(nil): return line.word("input").line
        case .inputFormat(let f?):
            guard (0...AudioFormat.maxChannels).contains(f.channels) else { return nil }
            return line.word("input").number("sampleRate", f.sampleRateHz).int("channels", f.channels).line
        case .engineConfigurationChange(let rate, let channels):
            if let channels, !(1...AudioFormat.maxChannels).contains(channels) { return nil }
            return line.word("engineConfigurationChange").optional(rate) { $0.number("sampleRate", $1) }
                .optional(channels) { $0.int("channels", $1) }.line
        case .echoCancelledInputAvailability(let available): return line.word("echoCancelledInput").bool("available", available).line
        }
    }
}
