import LockstepCore

/// Which pass of `recognizeChunk` an attempt is: on-device (`requiresOnDeviceRecognition = true`)
/// or Apple's server recogniser.
public enum AttemptKind: String, CaseIterable, Sendable, Comparable {
    case local, server
    public static func < (a: AttemptKind, b: AttemptKind) -> Bool { a.rawValue < b.rawValue }
}

/// One call of the recognition task's result handler `(result, error)`.
public enum RecogniserCallback: Sendable, Equatable {
    /// `result.isFinal`: `formattedString` and the word segments (empty: a recogniser that gives
    /// text without word timings). An empty text is the "nothing recognised" answer.
    case final(text: String, words: [RecognisedWord])
    /// A non-final partial result (ignored: partial results are not requested, but may arrive).
    case partial
    /// `error != nil` without a final result.
    case error(String)

    public var word: String {
        switch self {
        case .final(let text, _): text.isEmpty ? "empty" : "final"
        case .partial: "partial"
        case .error: "error"
        }
    }
}

/// What the scenario scripts one attempt's recogniser to do.
public enum AnswerKind: String, CaseIterable, Sendable {
    /// A final result with text (and word timings if `times=` is given).
    case final
    /// A final result with no text.
    case empty
    /// An error callback.
    case error
    /// Never calls back.
    case stall
    /// A final result, then an error callback `second` seconds later (a late double callback).
    case double
}

/// A scripted answer: the callbacks the recogniser will make, each at a delay after the attempt starts.
public struct ScriptedAnswer: Sendable, Equatable {
    public var kind: AnswerKind
    public var callbacks: [(delayNanos: Int64, callback: RecogniserCallback)]

    public init(kind: AnswerKind, callbacks: [(delayNanos: Int64, callback: RecogniserCallback)]) {
        self.kind = kind
        self.callbacks = callbacks
    }

    public static func == (a: ScriptedAnswer, b: ScriptedAnswer) -> Bool {
        a.kind == b.kind && a.callbacks.count == b.callbacks.count
            && zip(a.callbacks, b.callbacks).allSatisfy { $0.delayNanos == $1.delayNanos && $0.callback == $1.callback }
    }
}

/// Where a scripted answer applies.
public struct ScriptKey: Hashable, Sendable, Comparable {
    public var chunk: Int
    public var attempt: AttemptKind
    public init(chunk: Int, attempt: AttemptKind) {
        self.chunk = chunk
        self.attempt = attempt
    }
    public static func < (a: ScriptKey, b: ScriptKey) -> Bool { (a.chunk, a.attempt) < (b.chunk, b.attempt) }
}

/// What the device knows about one locale: `SFSpeechRecognizer(locale:)` may be nil (`exists`),
/// `supportsOnDeviceRecognition`, and whether the on-device model is actually downloaded
/// (`installed`, which no API reports: "supported is not installed").
public struct LocaleCapability: Sendable, Equatable {
    public var exists: Bool
    public var supportsOnDevice: Bool
    public var installed: Bool
    public init(exists: Bool = true, supportsOnDevice: Bool = false, installed: Bool = false) {
        self.exists = exists
        self.supportsOnDevice = supportsOnDevice
        self.installed = installed
    }
}

/// `makeRecognizer`: the requested locale if it is non-empty (after trimming) and a recogniser
/// exists for it, else the device default, which may itself be missing. Never cached: the
/// capability table is read at every call.
public struct RecogniserResolution: Sendable, Equatable {
    /// The requested locale after trimming; nil for none or blank.
    public var requested: String?
    /// The locale actually used; nil when not even the default has a recogniser.
    public var resolved: String?
    /// The request was not honoured (blank, unknown, or no recogniser for it).
    public var fellBack: Bool

    public static func resolve(_ locale: String?, deviceLocale: String, capabilities: [String: LocaleCapability]) -> RecogniserResolution {
        let trimmed = locale.map { trim($0) }
        let requested = (trimmed?.isEmpty ?? true) ? nil : trimmed
        if let requested, capabilities[requested]?.exists == true {
            return RecogniserResolution(requested: requested, resolved: requested, fellBack: false)
        }
        let fallback = capabilities[deviceLocale]?.exists == true ? deviceLocale : nil
        return RecogniserResolution(requested: requested, resolved: fallback, fellBack: requested != nil)
    }

    static func trim(_ s: String) -> String {
        var chars = Substring(s)
        while let f = chars.first, f == " " || f == "\t" { chars.removeFirst() }
        while let l = chars.last, l == " " || l == "\t" { chars.removeLast() }
        return String(chars)
    }
}
