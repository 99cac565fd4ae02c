// Lockstep recorder: notification-centre, audio-session, app-lifecycle and protected-data events →
// JSON Lines for `lockstep import --domain pillReminders|liveMic|transcription`.
// Needs RecordingWriter.swift. Schema: docs/recording-on-a-device.md, "Session records".
#if canImport(UIKit) && canImport(UserNotifications) && canImport(AVFAudio)
import AVFAudio
import UIKit
import UserNotifications

/// Observes what the system tells the app and writes it with raw values, as delivered:
/// `AVAudioSession` interruptions (type and option raw values) and route changes (reason raw value
/// and the output port's type), media-services loss and reset, UIApplication lifecycle
/// notifications, protected data becoming (un)available (lock, unlock), notification deliveries
/// and responses, and the notification authorization status when the app becomes active.
///
/// Forward your `UNUserNotificationCenterDelegate` calls to `willPresent(_:)` and `didReceive(_:)`.
public final class SessionRecorder: @unchecked Sendable {
    public let writer: RecordingWriter
    private var tokens: [NSObjectProtocol] = []
    private var lastAuthorization: UNAuthorizationStatus?

    @MainActor public init(name: String = "session") throws {
        writer = try RecordingWriter(kind: .session, name: name)
        let centre = NotificationCenter.default
        let session: AVAudioSession = .sharedInstance()
        observe(centre, AVAudioSession.interruptionNotification, session) { [weak self] n in
            guard let self, let raw = n.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt else { return }
            var members = [("t", self.writer.now()), ("type", "\"audio\""), ("event", "\"interruption\""), ("raw", String(raw))]
            if let options = n.userInfo?[AVAudioSessionInterruptionOptionKey] as? UInt { members.append(("options", String(options))) }
            self.writer.writeObject(members)
        }
        observe(centre, AVAudioSession.routeChangeNotification, session) { [weak self] n in
            guard let self, let raw = n.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt else { return }
            var members = [("t", self.writer.now()), ("type", "\"audio\""), ("event", "\"routeChange\""), ("raw", String(raw))]
            if let port = AVAudioSession.sharedInstance().currentRoute.outputs.first?.portType { members.append(("output", RecordingWriter.quoted(port.rawValue))) }
            self.writer.writeObject(members)
        }
        for (name, event) in [(AVAudioSession.mediaServicesWereLostNotification, "mediaServicesLost"),
                              (AVAudioSession.mediaServicesWereResetNotification, "mediaServicesReset"),
                              (AVAudioSession.silenceSecondaryAudioHintNotification, "silenceSecondaryAudioHint")] {
            observe(centre, name, session) { [weak self] _ in self?.simple("audio", event) }
        }
        for (name, event) in [(UIApplication.didFinishLaunchingNotification, "launch"),
                              (UIApplication.didBecomeActiveNotification, "active"),
                              (UIApplication.willResignActiveNotification, "inactive"),
                              (UIApplication.didEnterBackgroundNotification, "background"),
                              (UIApplication.willEnterForegroundNotification, "foreground"),
                              (UIApplication.willTerminateNotification, "terminate"),
                              (UIApplication.didReceiveMemoryWarningNotification, "memoryWarning")] {
            observe(centre, name, nil) { [weak self] _ in
                self?.simple("lifecycle", event)
                if event == "active" { self?.authorization() }
            }
        }
        observe(centre, UIApplication.protectedDataWillBecomeUnavailableNotification, nil) { [weak self] _ in self?.simple("device", "lock") }
        observe(centre, UIApplication.protectedDataDidBecomeAvailableNotification, nil) { [weak self] _ in self?.simple("device", "unlock") }
    }

    deinit {
        for token in tokens { NotificationCenter.default.removeObserver(token) }
    }

    private func observe(_ centre: NotificationCenter, _ name: Notification.Name, _ object: Any?, _ body: @escaping @Sendable (Notification) -> Void) {
        tokens.append(centre.addObserver(forName: name, object: object, queue: nil, using: body))
    }

    private func simple(_ type: String, _ event: String) {
        writer.writeObject([("t", writer.now()), ("type", RecordingWriter.quoted(type)), ("event", RecordingWriter.quoted(event))])
    }

    /// From `userNotificationCenter(_:willPresent:withCompletionHandler:)`.
    public func willPresent(_ notification: UNNotification) {
        writer.writeObject([("t", writer.now()), ("type", "\"notification\""), ("event", "\"willPresent\""),
                            ("id", RecordingWriter.quoted(notification.request.identifier))])
    }

    /// From `userNotificationCenter(_:didReceive:withCompletionHandler:)`: the action as its raw
    /// identifier (`com.apple.UNNotificationDefaultActionIdentifier` for a tap on the banner).
    public func didReceive(_ response: UNNotificationResponse) {
        writer.writeObject([("t", writer.now()), ("type", "\"notification\""), ("event", "\"response\""),
                            ("id", RecordingWriter.quoted(response.notification.request.identifier)),
                            ("action", RecordingWriter.quoted(response.actionIdentifier))])
    }

    /// Writes the authorization status when it differs from the last one written.
    private func authorization() {
        UNUserNotificationCenter.current().getNotificationSettings { [weak self] settings in
            guard let self, settings.authorizationStatus != self.lastAuthorization else { return }
            self.lastAuthorization = settings.authorizationStatus
            let status: String
            switch settings.authorizationStatus {
            case .notDetermined: status = "notDetermined"
            case .denied: status = "denied"
            case .authorized: status = "authorized"
            case .provisional: status = "provisional"
            case .ephemeral: status = "ephemeral"
            @unknown default: status = "notDetermined"
            }
            self.writer.writeObject([("t", self.writer.now()), ("type", "\"notification\""), ("event", "\"authorization\""),
                                     ("status", RecordingWriter.quoted(status))])
        }
    }
}
#endif
