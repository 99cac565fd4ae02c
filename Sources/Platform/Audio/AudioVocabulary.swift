import LockstepCore

/// The standard scenario spelling of what the system does to an audio session, shared by every
/// audio domain:
///
/// ```
/// 0  audio grant sampleRate=48000 ioBuffer=0.005     the system grants this (now if active, else at activation)
/// 0  audio grant                                      back to the default resolver (AudioGrant.resolve)
/// 1  audio interruption began                         a phone call
/// 2  audio interruption ended shouldResume=true       shouldResume defaults to false
/// 2  audio interruption raw=7 options=1               raw userInfo values; unknown types are ignored with a record
/// 3  audio route reason=newDeviceAvailable output=headphones
/// 3  audio route raw=5 output=headphones              raw reason; an unknown one is ignored with a record
/// 4  audio mediaServicesReset
/// 5  audio silentSwitch on=true
/// 6  audio activation allowed=false                   setActive(true) fails until allowed=true
/// 7  audio permission answer=granted                  the user's tap on the record-permission prompt
/// 7  audio permission settings=denied                 changed in the Settings app
/// 8  audio input sampleRate=0 channels=0              what the input node reports (0/0: no input)
/// 8  audio input                                      back to the route-derived input format
/// 9  audio engineConfigurationChange sampleRate=44100 the hardware format changed; engines stopped
/// 9  audio echoCancelledInput available=true          the device offers echo-cancelled input
/// ```
///
/// A domain adds `AudioVocabulary.eventKind { .audio($0) }` to its `events`, which decodes with
/// `AudioVocabulary.decode(line)`, and hands the event to
/// `AudioSession.handle`.
public enum AudioVocabulary {
    public static let kind = "audio"

    public static let eventWords = ["grant", "interruption", "route", "mediaServicesReset", "silentSwitch", "activation",
                                    "permission", "input", "engineConfigurationChange", "echoCancelledInput"]
    public static let reasonWords = AudioRouteChangeReason.allCases.map(\.word)

    /// The declaration `eventKind` wraps (shown by `lockstep list`).
    public static let spec = EventSpec(
        kind, "Audio session (Platform), what the system does: grant, interruption, route, mediaServicesReset, silentSwitch, activation, permission, input, engineConfigurationChange, echoCancelledInput",
        positional: [FieldSpec("event", .word(choices: eventWords), "what happened"),
                     FieldSpec("phase", .word(choices: ["began", "ended"]), required: false, "interruption: began|ended")],
        fields: [
            .optional("sampleRate", .number, "grant, input, engineConfigurationChange: Hz"),
            .optional("ioBuffer", .number, "grant: seconds"),
            .optional("shouldResume", .bool, "interruption ended: the system's resume hint (default false)"),
            .optional("raw", .integer, "interruption: type raw value (began 1, ended 0); route: reason raw value"),
            .optional("options", .integer, "interruption with raw=: option bits (shouldResume 1)"),
            .optional("reason", .word(choices: reasonWords), "route: the SDK reason"),
            .optional("output", .word(choices: AudioDevice.words), "route: what is connected afterwards"),
            .optional("on", .bool, "silentSwitch"),
            .optional("allowed", .bool, "activation"),
            .optional("answer", .word(choices: ["granted", "denied"]), "permission: the user's answer to the prompt"),
            .optional("settings", .word(choices: RecordPermissionState.allCases.map(\.rawValue)), "permission: set in the Settings app"),
            .optional("channels", .integer, "input, engineConfigurationChange: channel count"),
            .optional("available", .bool, "echoCancelledInput"),
        ])

    /// Decodes an `audio` line. Fields that do not apply to the event, a missing or doubled
    /// phase/raw/reason, and raw values outside 0…2^32−1 are errors at their column.
    public static func decode(_ line: EventLine) throws(ScenarioError) -> AudioSystemEvent {
        let positions = line.positionalIndices
        guard let first = positions.first else {
            throw line.error("expected 'audio EVENT' with EVENT one of: \(eventWords.joined(separator: ", "))")
        }
        let word = try line.word(at: first)
        let phaseIndex = positions.count > 1 ? positions[1] : nil

        let applicable: [String: [String]] = [
            "grant": ["sampleRate", "ioBuffer"],
            "interruption": ["shouldResume", "raw", "options"],
            "route": ["raw", "reason", "output"],
            "mediaServicesReset": [],
            "silentSwitch": ["on"],
            "activation": ["allowed"],
            "permission": ["answer", "settings"],
            "input": ["sampleRate", "channels"],
            "engineConfigurationChange": ["sampleRate", "channels"],
            "echoCancelledInput": ["available"],
        ]
        let allowed = applicable[word] ?? []
        for (key, index) in line.keyedArguments where !allowed.contains(key) {
            throw line.location(ofArg: index).error("'\(key)' does not apply to 'audio \(word)'")
        }
        if word != "interruption", let phaseIndex {
            throw line.location(ofArg: phaseIndex).error("'\(line.rawText(phaseIndex))' does not apply to 'audio \(word)'")
        }
        func raw() throws(ScenarioError) -> UInt {
            UInt(try line.int("raw", in: 0...Int64(UInt32.max)))
        }

        switch word {
        case "grant":
            switch (line.has("sampleRate"), line.has("ioBuffer")) {
            case (false, false): return .grant(nil)
            case (true, true):
                return .grant(AudioGrant(sampleRateHz: try line.double("sampleRate"), ioBufferSeconds: try line.double("ioBuffer")))
            default: throw line.error("'audio grant' needs both sampleRate= and ioBuffer=, or neither (default resolver)")
            }
        case "interruption":
            if line.has("raw") {
                if let phaseIndex { throw line.location(ofArg: phaseIndex).error("write either a phase (began|ended) or raw=, not both") }
                if line.has("shouldResume") { throw line.error("with raw=, write the option bits as options=N (shouldResume is 1)", at: "shouldResume") }
                let options = line.has("options") ? UInt(try line.int("options", in: 0...Int64(UInt32.max))) : nil
                return .interruption(typeRaw: try raw(), optionsRaw: options)
            }
            if line.has("options") { throw line.error("options= goes with raw=; with a phase write shouldResume=true", at: "options") }
            guard let phaseIndex else { throw line.error("expected 'audio interruption began|ended' or 'audio interruption raw=N'") }
            let phase = try line.word(at: phaseIndex)
            if phase == "began" {
                if line.has("shouldResume") { throw line.error("shouldResume applies to 'ended' only", at: "shouldResume") }
                return .interruption(typeRaw: AudioInterruptionType.began.rawValue, optionsRaw: nil)
            }
            let resume = try line.bool("shouldResume", default: false)
            return .interruption(typeRaw: AudioInterruptionType.ended.rawValue, optionsRaw: resume ? audioInterruptionShouldResumeRaw : 0)
        case "route":
            let device: AudioDevice? = line.has("output") ? AudioDevice.parse(try line.word("output")) : nil
            switch (line.has("reason"), line.has("raw")) {
            case (true, false):
                let w = try line.word("reason")
                guard let r = AudioRouteChangeReason.parse(w) else { throw line.error("unknown route reason '\(w)'", at: "reason") }
                return .routeChange(reasonRaw: r.rawValue, device: device)
            case (false, true): return .routeChange(reasonRaw: try raw(), device: device)
            default: throw line.error("'audio route' needs exactly one of reason=WORD or raw=N")
            }
        case "mediaServicesReset": return .mediaServicesReset
        case "silentSwitch": return .silentSwitch(on: try line.bool("on"))
        case "activation": return .activationPolicy(allowed: try line.bool("allowed"))
        case "permission":
            switch (line.has("answer"), line.has("settings")) {
            case (true, false): return .permissionAnswer(try line.choice("answer"))
            case (false, true): return .permissionSettings(try line.choice("settings"))
            default: throw line.error("'audio permission' needs exactly one of answer=granted|denied or settings=granted|denied|undetermined")
            }
        case "input":
            switch (line.has("sampleRate"), line.has("channels")) {
            case (false, false): return .inputFormat(nil)
            case (true, true):
                return .inputFormat(AudioFormat(sampleRateHz: try line.double("sampleRate"), channels: Int(try line.int("channels", in: 0...Int64(AudioFormat.maxChannels)))))
            default: throw line.error("'audio input' needs both sampleRate= and channels= (0 and 0 for no input), or neither (the route's format)")
            }
        case "engineConfigurationChange":
            let rate = line.has("sampleRate") ? try line.double("sampleRate") : nil
            let channels = line.has("channels") ? Int(try line.int("channels", in: 1...Int64(AudioFormat.maxChannels))) : nil
            return .engineConfigurationChange(sampleRateHz: rate, channels: channels)
        case "echoCancelledInput": return .echoCancelledInputAvailability(try line.bool("available"))
        default:
            throw line.location(ofArg: first).error("unknown audio event '\(word)'; expected one of: \(eventWords.joined(separator: ", "))")
        }
    }

    /// The `audio` kind for a domain's `events`: `wrap` puts the decoded line into the domain's event.
    public static func eventKind<Event>(_ wrap: @escaping @Sendable (AudioSystemEvent) -> Event) -> EventKind<Event> {
        EventKind(spec.kind, spec.summary) { f throws(ScenarioError) in
            let line = f.custom(positional: spec.positional, spec.fields)
            return wrap(f.isDeclaring ? .mediaServicesReset : try decode(line))
        }
    }
}
