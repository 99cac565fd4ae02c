/// Notification, audio-session, lifecycle and device records (`Recorders/SessionRecorder.swift`) →
/// the Platform vocabularies the domains share: `respond`, `settings notifications=`, `device`
/// (pillReminders), `audio` (liveMic, transcription) and `lifecycle` (pillReminders, liveMic).
///
/// Raw values stay raw: an interruption is `audio interruption raw=TYPE options=OPTIONS`, a route
/// change `audio route raw=REASON output=PORT`, exactly the numbers `AVAudioSession` put in the
/// notification's userInfo; the domain's Platform model decodes them as the SDK does.
enum ImportSession {
    static let recordTypes = ["notification", "audio", "lifecycle", "device"]

    static let defaultAction = "com.apple.UNNotificationDefaultActionIdentifier"
    static let dismissAction = "com.apple.UNNotificationDismissActionIdentifier"

    /// `AVAudioSession.Port` raw values → the audio model's output words; ports with no word
    /// (CarAudio, HDMIOutput, LineOut, …) are written without `output=` and counted as clamped.
    static let outputWords: [(port: String, word: String)] = [
        ("Speaker", "builtInSpeaker"), ("Receiver", "receiver"), ("Headphones", "headphones"),
        ("BluetoothA2DPOutput", "bluetoothA2DP"), ("BluetoothHFP", "bluetoothHFP"), ("BluetoothLE", "bluetooth"),
        ("USBAudio", "usbAudio"), ("AirPlay", "airPlay"),
    ]

    static let lifecycleEvents = ["launch", "active", "inactive", "background", "foreground", "terminate", "memoryWarning"]

    static func convert(_ r: ImportRecord) throws(ImportProblem) -> ImportOutcome {
        switch r.type {
        case "notification": return try notification(r)
        case "audio": return try audio(r)
        case "lifecycle":
            try r.onlyKeys(["event"])
            return .event("lifecycle " + (try r.choice("event", lifecycleEvents)))
        default:
            try r.onlyKeys(["event"])
            return .event("device " + (try r.choice("event", ["lock", "unlock"])))
        }
    }

    static func notification(_ r: ImportRecord) throws(ImportProblem) -> ImportOutcome {
        let event = try r.choice("event", ["willPresent", "response", "authorization"])
        switch event {
        case "willPresent":
            try r.onlyKeys(["event", "id"])
            _ = try r.requiredString("id")
            return .dropped("notification deliveries: the simulated notification centre makes them, and the trace shows them")
        case "response":
            try r.onlyKeys(["event", "id", "action"])
            let id = try r.word("id")
            let raw = try r.requiredString("action")
            let action: String
            switch raw {
            case defaultAction: action = "default"
            case dismissAction: action = "dismiss"
            default: action = try r.word("action")
            }
            return .event("respond id=\(id) action=\(action)")
        default:
            try r.onlyKeys(["event", "status"])
            let status = try r.choice("status", ["notDetermined", "denied", "authorized", "provisional", "ephemeral"])
            switch status {
            case "authorized": return .event("settings notifications=granted")
            case "denied", "provisional": return .event("settings notifications=\(status)")
            default: return .dropped("authorization \(status): the domain's settings are granted, denied or provisional")
            }
        }
    }

    static func audio(_ r: ImportRecord) throws(ImportProblem) -> ImportOutcome {
        let event = try r.choice("event", ["interruption", "routeChange", "mediaServicesReset", "mediaServicesLost", "silenceSecondaryAudioHint"])
        switch event {
        case "interruption":
            try r.onlyKeys(["event", "raw", "options"])
            _ = try r.member("raw")
            let raw = try r.integer("raw", in: 0...4_294_967_295)!
            let options = try r.integer("options", in: 0...4_294_967_295)
            return .event("audio interruption raw=\(raw)" + (options.map { " options=\($0)" } ?? ""))
        case "routeChange":
            try r.onlyKeys(["event", "raw", "output"])
            _ = try r.member("raw")
            let raw = try r.integer("raw", in: 0...4_294_967_295)!
            guard let port = try r.string("output") else { return .event("audio route raw=\(raw)") }
            guard let word = outputWords.first(where: { $0.port == port })?.word else {
                return .event("audio route raw=\(raw)", clamps: ["route outputs with no word in the audio vocabulary, written without output="])
            }
            return .event("audio route raw=\(raw) output=\(word)")
        case "mediaServicesReset":
            try r.onlyKeys(["event"])
            return .event("audio mediaServicesReset")
        default:
            try r.onlyKeys(["event"])
            return .dropped("\(event) notifications: the audio model has no event for them (a reset follows a loss)")
        }
    }
}
