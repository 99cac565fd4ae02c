/// The deterministic route resolver: which ports a session uses for a connected device, given its
/// category, mode, options and the app's speaker override. One pure function so that every audio
/// domain routes the same way and the table can be tested cell by cell.
///
/// Rules (from the seed articles, and Apple's documented behaviour of the options):
/// - Nothing connected: `.playAndRecord` plays through the **receiver** unless `.defaultToSpeaker`
///   is set or the output is overridden to the speaker (the "why is it so quiet?" bug); every other
///   output category uses the built-in speaker. `.record` has no output.
/// - Wired headphones and headsets, USB: always taken (the user plugged them in).
/// - A Bluetooth headset: playback-only categories use A2DP; `.playAndRecord` and `.record` use HFP
///   when `.allowBluetoothHFP` is set or the mode is `.voiceChat` (which implies the option),
///   otherwise A2DP output with the built-in mic when `.allowBluetoothA2DP` is set, otherwise the
///   built-in route.
/// - A Bluetooth speaker (A2DP only): output-only, so the input stays the built-in mic; for
///   `.playAndRecord` it needs `.allowBluetoothA2DP`.
/// - AirPlay: playback-only categories take it; `.playAndRecord` needs `.allowAirPlay`.
/// - A speaker override applies only to the built-in route and clears on the next route change
///   (`AudioSession` clears it).
public enum AudioRouteResolver {
    public static func resolve(category: AudioCategory, mode: AudioMode, options: [AudioCategoryOption],
                               overrideToSpeaker: Bool, device: AudioDevice) -> AudioRoute {
        let playAndRecord = category == .playAndRecord || category == .multiRoute
        let builtInMic: AudioInputPort = category.hasInput ? .builtInMic : .none
        let builtIn: AudioRoute = {
            guard category.hasOutput else { return AudioRoute(output: .none, input: builtInMic) }
            if playAndRecord && !options.contains(.defaultToSpeaker) && !overrideToSpeaker {
                return AudioRoute(output: .receiver, input: builtInMic)
            }
            return AudioRoute(output: .builtInSpeaker, input: builtInMic)
        }()
        let out: (AudioOutputPort) -> AudioOutputPort = { category.hasOutput ? $0 : .none }
        switch device {
        case .builtIn:
            return builtIn
        case .headphones:
            return AudioRoute(output: out(.headphones), input: builtInMic)
        case .headset:
            return AudioRoute(output: out(.headphones), input: category.hasInput ? .headsetMic : .none)
        case .usb:
            return AudioRoute(output: out(.usbAudio), input: category.hasInput ? .usbAudio : .none)
        case .bluetooth:
            if !category.hasInput { return AudioRoute(output: .bluetoothA2DP, input: .none) }
            if options.contains(.allowBluetoothHFP) || mode == .voiceChat {
                return AudioRoute(output: out(.bluetoothHFP), input: .bluetoothHFP)
            }
            if playAndRecord && options.contains(.allowBluetoothA2DP) {
                return AudioRoute(output: .bluetoothA2DP, input: .builtInMic)
            }
            return builtIn
        case .bluetoothSpeaker:
            if !category.hasOutput { return builtIn }
            if !category.hasInput || options.contains(.allowBluetoothA2DP) {
                return AudioRoute(output: .bluetoothA2DP, input: builtInMic)
            }
            return builtIn
        case .airPlay:
            if !category.hasOutput { return builtIn }
            if !category.hasInput || options.contains(.allowAirPlay) {
                return AudioRoute(output: .airPlay, input: builtInMic)
            }
            return builtIn
        }
    }
}
