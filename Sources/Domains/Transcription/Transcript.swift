import LockstepCore

/// One recognised word with chunk-local timing, as `SFTranscriptionSegment` gives it.
public struct RecognisedWord: Sendable, Equatable {
    public var text: String
    /// Offset from the start of the chunk's audio.
    public var timestampNanos: Int64
    public var durationNanos: Int64

    public init(_ text: String, timestampNanos: Int64, durationNanos: Int64) {
        self.text = text
        self.timestampNanos = timestampNanos
        self.durationNanos = durationNanos
    }
}

/// One accepted piece of the transcript, in global file time.
public struct AcceptedSegment: Sendable, Equatable {
    public var text: String
    public var startNanos: Int64
    public var durationNanos: Int64
}

/// What the accumulator did with one word (or one untimed piece): the dedupe trace.
public struct DedupeDecision: Sendable, Equatable {
    public var text: String
    public var globalStartNanos: Int64
    public var globalEndNanos: Int64
    /// `acceptedUntil` before this word.
    public var acceptedUntilBeforeNanos: Int64
    /// The word is kept when its start is at or after this (`acceptedUntil − 0.15 s`).
    public var thresholdNanos: Int64
    public var accepted: Bool
    /// The piece had no word timings (the whole chunk's text as one piece).
    public var untimed: Bool
}

/// The transcript being built chunk by chunk: the article's accumulator, with de-duplication of
/// the overlap by global **end** time and a 0.15 s tolerance.
///
/// - Timed words: `gStart = chunkStart + timestamp`, `gEnd = gStart + duration`; kept iff
///   `gStart ≥ acceptedUntil − 0.15 s`, then `acceptedUntil = max(acceptedUntil, gEnd)`.
/// - Untimed text (a recogniser that gives no segments): kept iff non-empty and the chunk's end is
///   past `acceptedUntil`, timestamped at `max(chunkStart, acceptedUntil)` (or `chunkStart` before
///   anything was accepted) with duration 0; then `acceptedUntil = chunk end`.
/// - `acceptedUntil` starts at −1 s, so the first chunk's words are all kept.
public struct Transcript: Sendable, Equatable {
    public static let toleranceNanos: Int64 = 150_000_000
    public static let initialAcceptedUntilNanos: Int64 = -1_000_000_000
    /// The most segments a transcript keeps (GAP): about 40 hours of speech. Beyond it, words are
    /// counted as dropped with a record, never silently.
    public static let maxSegments = 200_000

    public private(set) var acceptedUntilNanos: Int64 = Transcript.initialAcceptedUntilNanos
    public private(set) var segments: [AcceptedSegment] = []
    /// `joinSegments`: the segments' texts joined by `separator`, trimmed at both ends.
    public private(set) var joined: String = ""
    /// Words refused because `maxSegments` was reached.
    public private(set) var overLimit = 0
    /// `" "`, or `""` for scripts written without spaces between words (GAP: `zh`, `ja`).
    public let separator: String
    /// The historical bug: `acceptedUntil` follows word starts instead of ends.
    public let dedupByStartTime: Bool

    public init(separator: String = " ", dedupByStartTime: Bool = false) {
        self.separator = separator
        self.dedupByStartTime = dedupByStartTime
    }

    /// The separator for a resolved locale: none for Chinese and Japanese, a space otherwise.
    public static func separator(forLocale id: String) -> String {
        let lang = id.split(separator: "-").first.map(String.init) ?? id
        return lang == "zh" || lang == "ja" ? "" : " "
    }

    /// Adds one chunk's recognition result and returns the decision for every word (or for the
    /// untimed piece; nothing for an empty untimed result).
    public mutating func add(chunkStartNanos: Int64, chunkEndNanos: Int64, text: String,
                             words: [RecognisedWord]) -> [DedupeDecision] {
        var decisions: [DedupeDecision] = []
        if words.isEmpty {
            guard !text.isEmpty else { return decisions }
            let before = acceptedUntilNanos
            let keep = chunkEndNanos > acceptedUntilNanos
            let t = max(chunkStartNanos, acceptedUntilNanos < 0 ? chunkStartNanos : acceptedUntilNanos)
            decisions.append(DedupeDecision(text: text, globalStartNanos: t, globalEndNanos: chunkEndNanos,
                                            acceptedUntilBeforeNanos: before, thresholdNanos: before,
                                            accepted: keep, untimed: true))
            if keep, append(AcceptedSegment(text: text, startNanos: t, durationNanos: 0)) { acceptedUntilNanos = chunkEndNanos }
            return decisions
        }
        decisions.reserveCapacity(words.count)
        for w in words {
            let gStart = chunkStartNanos + w.timestampNanos
            let gEnd = gStart + w.durationNanos
            let before = acceptedUntilNanos
            let threshold = before - Transcript.toleranceNanos
            let keep = gStart >= threshold
            decisions.append(DedupeDecision(text: w.text, globalStartNanos: gStart, globalEndNanos: gEnd,
                                            acceptedUntilBeforeNanos: before, thresholdNanos: threshold,
                                            accepted: keep, untimed: false))
            if keep, append(AcceptedSegment(text: w.text, startNanos: gStart, durationNanos: w.durationNanos)) {
                acceptedUntilNanos = max(acceptedUntilNanos, dedupByStartTime ? gStart : gEnd)
            }
        }
        return decisions
    }

    private mutating func append(_ s: AcceptedSegment) -> Bool {
        guard segments.count < Transcript.maxSegments else {
            overLimit += 1
            return false
        }
        segments.append(s)
        // Joining then trimming equals appending with the separator between non-empty parts,
        // except for pieces made only of spaces; the scenario never produces those (texts are
        // split on spaces), and untimed pieces are trimmed on the way in.
        if joined.isEmpty { joined = s.text } else if !s.text.isEmpty { joined += separator + s.text }
        return true
    }
}
