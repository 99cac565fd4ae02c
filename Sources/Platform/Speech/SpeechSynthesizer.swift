/// `AVSpeechSynthesizer` as a deterministic value: an utterance queue whose callbacks fire at times
/// the `SpeechRate` model fixes, so a domain's goldens pin exactly which word is spoken when.
///
/// Schedule (times in ms, m = the utterance's ms per word, n = its `SpeechWords` count):
/// - an utterance starting at S fires `didStart` at S, `willSpeakRange(word k)` at S + k·m and
///   `didFinish` at S + n·m (a zero-word utterance starts and finishes at the same instant);
/// - the next one starts `postUtteranceDelayMs` (150) after `didFinish`; after the last one the
///   session is released at once (`session(active: false)`), with no trailing delay;
/// - at equal times callbacks fire before the input that arrives then (every call first advances).
///
/// Pause and stop:
/// - `.word` inside word k's slot takes effect at the slot's end; in the gap between utterances a
///   pause is immediate and keeps the rest of the gap;
/// - `.immediate` (and an audio interruption) pauses mid-word; on resume that word is spoken again
///   from its start (GAP: the real synthesizer resumes mid-word; a word boundary is what a listener
///   can follow, and it keeps the model integer);
/// - `resume` fires `didContinue` and shifts everything still scheduled by the paused time;
/// - `stop` cancels the current utterance (`didCancel`, no `didFinish`) and drops the queue.
public struct SpeechSynthesizer: Hashable, Sendable {
    public static let postUtteranceDelayMs: Int64 = 150
    public static let maxQueuedUtterances = 512
    public static let maxUtteranceUTF16 = 200_000

    struct Utterance: Hashable, Sendable {
        let id: Int
        let words: [SpeechRange]
        let msPerWord: Int64
        let voice: String?
    }

    enum Head: Hashable, Sendable {
        /// Not started; starts at the time.
        case waiting(startMs: Int64)
        /// Started; `step` < n is the next word, `step` == n the finish, due at `dueMs`.
        case speaking(step: Int, dueMs: Int64)
    }

    enum Paused: Hashable, Sendable {
        /// Paused at a word boundary at `atMs`; resume shifts the pending step.
        case boundary(atMs: Int64)
        /// Paused mid-word; resume speaks the interrupted word again.
        case midWord(atMs: Int64)
        /// Paused in the gap before the head starts, with this much gap left.
        case gap(atMs: Int64, remainingMs: Int64)
    }

    public var voices = SpeechVoices()
    var queue: [Utterance] = []
    var head: Head?
    var paused: Paused?
    /// A `.word` pause or stop waiting for the current slot to end.
    var pendingPause: Int64?
    var pendingStop: Int64?
    public private(set) var nextID = 1
    public private(set) var lastMs: Int64 = 0
    public private(set) var sessionWanted = false
    public private(set) var spokenWords = 0
    /// The current pause came from an audio interruption (only then does its end resume).
    public internal(set) var pausedByInterruption = false

    public init() {}

    // MARK: Queries

    public var isSpeaking: Bool { head != nil }
    public var isPaused: Bool { paused != nil }
    public var queuedCount: Int { queue.count }
    /// The utterance being spoken (or waiting to start), if any.
    public var currentID: Int? { queue.first?.id }

    /// How long an utterance of `text` lasts at `rate`: words × ms per word.
    public static func durationMs(_ text: String, rate: SpeechRate = .default) -> Int64 {
        Int64(SpeechWords.ranges(text).count) * rate.millisecondsPerWord
    }

    /// When the next callback is due (nil while paused or idle): the time to wake the synthesizer
    /// with `advance(to:)`.
    public var nextDueMs: Int64? {
        guard paused == nil, let h = head else { return nil }
        switch h {
        case .waiting(let start): return start
        case .speaking(_, let due):
            if let at = pendingStop ?? pendingPause { return min(at, due) }
            return due
        }
    }

    // MARK: Calls

    /// `speak(_:)`: queues an utterance and returns its id with the callbacks due up to `nowMs`.
    public mutating func speak(_ text: String, language: String, rate: Double = 0.5, nowMs: Int64)
        -> Result<(id: Int, callbacks: [SpeechCallback]), SpeechRejection> {
        guard nowMs >= lastMs else { return .failure(.timeWentBackwards(nowMs: nowMs, lastMs: lastMs)) }
        guard let r = SpeechRate(rate) else { return .failure(.notFiniteRate) }
        let units = text.utf16.count
        guard units <= Self.maxUtteranceUTF16 else { return .failure(.utteranceTooLong(utf16: units, limit: Self.maxUtteranceUTF16)) }
        guard queue.count < Self.maxQueuedUtterances else { return .failure(.queueFull(limit: Self.maxQueuedUtterances)) }
        var out = advance(to: nowMs)
        let voice = voices.resolve(language)
        let id = nextID
        nextID += 1
        if voice != language { out.append(.voiceFallback(id: id, requested: language, used: voice)) }
        queue.append(Utterance(id: id, words: SpeechWords.ranges(text), msPerWord: r.millisecondsPerWord, voice: voice))
        if head == nil {
            head = .waiting(startMs: nowMs)
            if !sessionWanted { sessionWanted = true; out.append(.session(active: true, atMs: nowMs)) }
            out += advance(to: nowMs)
        }
        return .success((id, out))
    }

    /// Fires every callback due at or before `nowMs`, in time order. Time never goes backwards:
    /// an earlier `nowMs` fires nothing.
    public mutating func advance(to nowMs: Int64) -> [SpeechCallback] {
        guard nowMs >= lastMs else { return [] }
        lastMs = nowMs
        var out: [SpeechCallback] = []
        // Each pass fires one callback or stops; a queue of n utterances has at most 2 + words steps each.
        while paused == nil, let u = queue.first, let h = head {
            switch h {
            case .waiting(let start):
                guard start <= nowMs else { return out }
                out.append(.didStart(id: u.id, atMs: start))
                head = .speaking(step: 0, dueMs: start)
            case .speaking(let step, let due):
                if let at = pendingStop ?? pendingPause, at <= due, at <= nowMs {
                    let stop = pendingStop != nil
                    pendingPause = nil
                    pendingStop = nil
                    if stop { out += cancel(atMs: at) } else { paused = .boundary(atMs: at); out.append(.didPause(id: u.id, atMs: at)) }
                    continue
                }
                guard due <= nowMs else { return out }
                if step < u.words.count {
                    out.append(.willSpeakRange(id: u.id, word: step, range: u.words[step], atMs: due))
                    spokenWords += 1
                    head = .speaking(step: step + 1, dueMs: due + u.msPerWord)
                } else {
                    out.append(.didFinish(id: u.id, atMs: due))
                    queue.removeFirst()
                    if queue.isEmpty {
                        head = nil
                        sessionWanted = false
                        out.append(.session(active: false, atMs: due))
                    } else {
                        head = .waiting(startMs: due + Self.postUtteranceDelayMs)
                    }
                }
            }
        }
        return out
    }

    /// `pauseSpeaking(at:)`.
    public mutating func pause(_ boundary: SpeechBoundary, nowMs: Int64) -> Result<[SpeechCallback], SpeechRejection> {
        guard nowMs >= lastMs else { return .failure(.timeWentBackwards(nowMs: nowMs, lastMs: lastMs)) }
        var out = advance(to: nowMs)
        guard let u = queue.first, let h = head else { return .failure(.notSpeaking) }
        guard paused == nil, pendingPause == nil else { return .failure(.alreadyPaused) }
        switch h {
        case .waiting(let start):
            paused = .gap(atMs: nowMs, remainingMs: start - nowMs)
            out.append(.didPause(id: u.id, atMs: nowMs))
        case .speaking(let step, let due):
            if boundary == .word {
                pendingPause = due
                out += advance(to: nowMs)
            } else {
                // Back to the interrupted word (step − 1 ≥ 0: step 0 fires at didStart's instant).
                head = .speaking(step: max(step - 1, 0), dueMs: due)
                paused = .midWord(atMs: nowMs)
                out.append(.didPause(id: u.id, atMs: nowMs))
            }
        }
        return .success(out)
    }

    /// `continueSpeaking()`. Before a pending word-boundary pause took effect it just cancels it.
    public mutating func resume(nowMs: Int64) -> Result<[SpeechCallback], SpeechRejection> {
        guard nowMs >= lastMs else { return .failure(.timeWentBackwards(nowMs: nowMs, lastMs: lastMs)) }
        var out = advance(to: nowMs)
        if pendingPause != nil, paused == nil {
            pendingPause = nil
            return .success(out)
        }
        guard let p = paused, let u = queue.first, let h = head else { return .failure(.notPaused) }
        paused = nil
        pausedByInterruption = false
        switch (p, h) {
        case (.boundary(let at), .speaking(let step, let due)):
            head = .speaking(step: step, dueMs: due + (nowMs - at))
        case (.midWord, .speaking(let step, _)):
            if step < u.words.count { spokenWords -= 1 }
            head = .speaking(step: step, dueMs: nowMs)
        case (.gap(_, let remaining), _):
            head = .waiting(startMs: nowMs + remaining)
        default:
            break
        }
        out.append(.didContinue(id: u.id, atMs: nowMs))
        out += advance(to: nowMs)
        return .success(out)
    }

    /// `stopSpeaking(at:)`: cancels the current utterance and drops the queue (at once, or at the
    /// end of the word being spoken).
    public mutating func stop(_ boundary: SpeechBoundary, nowMs: Int64) -> Result<[SpeechCallback], SpeechRejection> {
        guard nowMs >= lastMs else { return .failure(.timeWentBackwards(nowMs: nowMs, lastMs: lastMs)) }
        var out = advance(to: nowMs)
        guard queue.first != nil, let h = head else { return .failure(.notSpeaking) }
        if boundary == .word, paused == nil, case .speaking(_, let due) = h {
            pendingPause = nil
            pendingStop = due
            out += advance(to: nowMs)
        } else {
            out += cancel(atMs: nowMs)
        }
        return .success(out)
    }

    private mutating func cancel(atMs: Int64) -> [SpeechCallback] {
        guard let u = queue.first else { return [] }
        let dropped = queue.count - 1
        queue.removeAll()
        head = nil
        paused = nil
        pausedByInterruption = false
        pendingPause = nil
        pendingStop = nil
        sessionWanted = false
        return [.didCancel(id: u.id, atMs: atMs, dropped: dropped), .session(active: false, atMs: atMs)]
    }
}
