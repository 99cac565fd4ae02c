/// An output port as `currentRoute.outputs[0].portType` reports it.
public enum AudioOutputPort: String, Hashable, Sendable, CaseIterable {
    /// The earpiece: what `.playAndRecord` uses when nothing is connected and `.defaultToSpeaker` is off.
    case receiver
    case builtInSpeaker
    /// Wired headphones or a wired headset.
    case headphones
    case usbAudio
    /// Bluetooth, output-only high-quality profile.
    case bluetoothA2DP
    /// Bluetooth "phone call" profile: headset microphone and output, lower quality.
    case bluetoothHFP
    case airPlay
    /// No output (a `.record` session).
    case none

    /// Extra output latency the route adds on top of the IO buffer, in nanoseconds.
    ///
    /// GAP: Apple publishes no numbers ("the only honest number is the one you measure"); these are
    /// injected constants so that scenarios can show that Bluetooth and AirPlay are slower than wired.
    public var addedLatencyNanoseconds: Int64 {
        switch self {
        case .receiver, .builtInSpeaker, .headphones, .usbAudio, .none: 0
        case .bluetoothHFP: 60_000_000
        case .bluetoothA2DP: 150_000_000
        case .airPlay: 2_000_000_000
        }
    }
}

/// An input port (`currentRoute.inputs[0].portType`).
public enum AudioInputPort: String, Hashable, Sendable, CaseIterable {
    case builtInMic, headsetMic, usbAudio, bluetoothHFP, none
}

/// An external device the scenario says is connected. The route resolver decides which port of it,
/// if any, the current category uses.
public enum AudioDevice: String, Hashable, Sendable, CaseIterable {
    /// Nothing connected: built-in receiver, speaker and microphone.
    case builtIn
    /// Wired headphones without a microphone.
    case headphones
    /// A wired headset (headphones and a microphone).
    case headset
    case usb
    /// A Bluetooth headset offering both profiles (A2DP output, HFP output and microphone).
    case bluetooth
    /// A Bluetooth speaker offering A2DP only.
    case bluetoothSpeaker
    case airPlay

    /// The scenario also accepts the port words of `AudioOutputPort` for devices:
    /// `output=speaker`, `output=headphones`, `output=bluetoothA2DP`, ...
    public static func parse(_ word: String) -> AudioDevice? {
        if let d = AudioDevice(rawValue: word) { return d }
        switch word {
        case "speaker", "builtInSpeaker", "receiver", "none": return .builtIn
        case "usbAudio": return .usb
        case "bluetoothA2DP": return .bluetoothSpeaker
        case "bluetoothHFP": return .bluetooth
        default: return nil
        }
    }

    /// Every word `parse` accepts, for specs and error messages.
    public static let words: [String] = AudioDevice.allCases.map(\.rawValue) +
        ["speaker", "builtInSpeaker", "receiver", "none", "usbAudio", "bluetoothA2DP", "bluetoothHFP"]
}

/// The resolved route: one output port and one input port.
public struct AudioRoute: Hashable, Sendable {
    public var output: AudioOutputPort
    public var input: AudioInputPort

    public init(output: AudioOutputPort, input: AudioInputPort) {
        self.output = output
        self.input = input
    }
}
