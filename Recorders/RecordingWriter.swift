// Lockstep recorder support: the JSON Lines writer every recorder in this folder uses.
// Copy this file and the recorders you need into your app target (docs/recording-on-a-device.md).
// Plain files, not a package target: they compile only where the frameworks exist (iOS, iPadOS),
// so the Lockstep repository still builds on Linux. Not for release builds: wrap the call sites in
// #if DEBUG, as the page shows.
#if canImport(UIKit) && canImport(Foundation)
import Foundation
import UIKit

/// Writes one recording: a header object, then one JSON object per event, each on its own line.
///
/// Times are written once, on the device, as decimal seconds with nine digits since `start`
/// (`"t":12.345678901`) or as integer nanoseconds (`"tNs":12345678901`); `lockstep import` reads
/// them exactly and never rounds again. Numbers are written with Swift's shortest round-trip text
/// (`"\(double)"`), so what the device measured is what the scenario holds. Writes go through a
/// serial queue, so recorders on several threads keep one file in order of their calls.
public final class RecordingWriter: @unchecked Sendable {
    public enum Kind: String { case touch, pose, session }

    private let handle: FileHandle
    private let queue = DispatchQueue(label: "lockstep.recording")
    /// `ProcessInfo.systemUptime` at the start: UITouch timestamps and the writer share this clock.
    public let startUptime: TimeInterval
    public let url: URL

    /// Creates `Documents/recordings/NAME-<date>.jsonl` and writes the header. On the main actor:
    /// it reads `UIDevice.current`.
    @MainActor public init(kind: Kind, name: String, title: String? = nil) throws {
        let folder = try FileManager.default.url(for: .documentDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
            .appendingPathComponent("recordings", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let now = Date()
        let stamp = ISO8601DateFormatter()
        stamp.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        stamp.timeZone = TimeZone(identifier: "UTC")
        url = folder.appendingPathComponent("\(name)-\(Int(now.timeIntervalSince1970)).jsonl")
        FileManager.default.createFile(atPath: url.path, contents: nil)
        handle = try FileHandle(forWritingTo: url)
        startUptime = ProcessInfo.processInfo.systemUptime
        let info = Bundle.main.infoDictionary ?? [:]
        let version = (info["CFBundleShortVersionString"] as? String ?? "?") + " (" + (info["CFBundleVersion"] as? String ?? "?") + ")"
        var header: [(String, String)] = [
            ("format", Self.quoted("lockstep-recording")), ("version", "1"), ("kind", Self.quoted(kind.rawValue)),
            ("device", Self.quoted(Self.modelIdentifier())),
            ("os", Self.quoted(UIDevice.current.systemName + " " + UIDevice.current.systemVersion)),
            ("zone", Self.quoted(TimeZone.current.identifier)), ("app", Self.quoted(version)),
            ("start", Self.quoted(stamp.string(from: now))),
        ]
        if let title { header.append(("title", Self.quoted(title))) }
        writeObject(header)
    }

    /// Seconds since the start as `S.nnnnnnnnn`, from an uptime (UITouch.timestamp, a CMTime's seconds).
    public func time(uptime: TimeInterval) -> String {
        let ns = max(0, Int64(((uptime - startUptime) * 1e9).rounded()))
        return Self.seconds(nanoseconds: ns)
    }

    public func now() -> String { time(uptime: ProcessInfo.processInfo.systemUptime) }

    public static func seconds(nanoseconds ns: Int64) -> String {
        let fraction = String(ns % 1_000_000_000)
        return "\(ns / 1_000_000_000)." + String(repeating: "0", count: 9 - fraction.count) + fraction
    }

    /// One record; values are JSON text already (`quoted(_:)`, `number(_:)`, "true").
    public func writeObject(_ members: [(String, String)]) {
        let line = "{" + members.map { Self.quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}\n"
        queue.async { [handle] in handle.write(Data(line.utf8)) }
    }

    public func close() { queue.sync { try? handle.close() } }

    public static func number(_ value: Double) -> String { value.isFinite ? "\(value)" : "null" }

    public static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    /// `iPad13,4` rather than the marketing name: the identifier tells the hardware apart.
    static func modelIdentifier() -> String {
        var info = utsname()
        uname(&info)
        return withUnsafeBytes(of: &info.machine) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
#endif
