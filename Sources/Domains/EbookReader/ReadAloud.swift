import LockstepCore
import Platform

extension EbookReader {
    /// Paragraphs queued by one `speak`, at most.
    static let maxUtterances = 64

    /// Read-aloud from the saved place: the rest of its paragraph, then whole paragraphs.
    static func speak(_ s: inout EbookReaderState, rate: Double, _ world: inout World<EbookReader>) {
        guard let r = s.reader, let book = s.books[r.bookID] else { return world.reject("speak", "no-reader") }
        guard rate.isFinite else { return world.reject("speak", "not-finite-rate") }
        let now = nowMs(world)
        if s.speech.isSpeaking, case .success(let cs) = s.speech.stop(.immediate, nowMs: now) { processSpeech(&s, cs, &world) }
        var pieces: [(start: Int, end: Int)] = []
        var a = min(book.progressOffset, r.units.count)
        var truncated = false
        while a < r.units.count {
            var b = a
            while b < r.units.count && r.units[b] != 0x0A { b += 1 }
            if b > a {
                if pieces.count == maxUtterances { truncated = true; break }
                pieces.append((a, b))
            }
            a = b + 1
        }
        guard !pieces.isEmpty else { return world.reject("speak", "nothing-to-read") { $0.int("offset", book.progressOffset) } }
        let speed = SpeechRate(rate) ?? .default
        world.emit(Record("readAloud.start").int("from", pieces[0].start).int("utterances", pieces.count).fixed("rate", rate, 3)
            .int64("msPerWord", speed.millisecondsPerWord).string("language", book.language))
        if truncated { world.emit(Record("readAloud.limit").int("maxUtterances", maxUtterances).string("why", "one speak queues at most this many paragraphs")) }
        var all: [SpeechCallback] = []
        for p in pieces {
            let text = String(decoding: r.units[p.start..<p.end], as: UTF16.self)
            switch s.speech.speak(text, language: book.language, rate: rate, nowMs: now) {
            case .success(let ok):
                s.utteranceBase[ok.id] = p.start
                s.utteranceEnd[ok.id] = p.end
                all += ok.callbacks
            case .failure(let e):
                world.reject("speak", e.word) { $0.string("why", e.why) }
            }
        }
        processSpeech(&s, all, &world)
    }

    static func speechCall(_ s: inout EbookReaderState, _ input: String, _ result: Result<[SpeechCallback], SpeechRejection>,
                           _ world: inout World<EbookReader>) {
        switch result {
        case .success(let cs):
            if cs.isEmpty, let due = s.speech.nextDueMs {
                // A word-boundary pause or stop waits for the end of the word being spoken.
                world.emit(Record("readAloud.pending").word("input", input).int64("effectiveAtMs", due))
            }
            processSpeech(&s, cs, &world)
        case .failure(let e): world.reject(input, e.word) { $0.string("why", e.why) }
        }
    }

    /// Emits the callbacks, moves progress with the voice, drives the audio session and re-arms the
    /// synthesizer's wake-up timer.
    static func processSpeech(_ s: inout EbookReaderState, _ callbacks: [SpeechCallback], _ world: inout World<EbookReader>) {
        for c in callbacks {
            switch c {
            case .willSpeakRange(let id, let k, let range, let at):
                let global = (s.utteranceBase[id] ?? 0) + range.location
                s.lastSpokenOffset = global
                let word = s.reader.map { snippet($0.units, global, range.length) } ?? ""
                world.emit(Record("readAloud.word").int("id", id).int("word", k).int("offset", global).int("length", range.length)
                    .string("text", word).int64("atMs", at))
            case .didFinish(let id, _):
                world.emit(c.record)
                // A paragraph spoken to its end leaves the place at its end.
                if let end = s.utteranceEnd[id] { s.lastSpokenOffset = end }
                followVoice(&s, &world)
            case .didCancel:
                world.emit(c.record)
                followVoice(&s, &world)
            case .didPause:
                world.emit(c.record)
                followVoice(&s, &world)
            case .session:
                world.emit(c.record)
            default:
                world.emit(c.record)
            }
        }
        if !s.speech.isSpeaking {
            s.utteranceBase = [:]
            s.utteranceEnd = [:]
        }
        s.audio.applySpeech(callbacks, &world)
        if let t = s.speechTimer { _ = world.cancel(t) }
        s.speechTimer = nil
        if let due = s.speech.nextDueMs {
            let at = world.start + .milliseconds(due)
            s.speechTimer = world.schedule(at: at < world.now ? world.now : at, .speechWake)
        }
    }

    /// GAP: the saved place follows the voice: the last word spoken (or the end of a paragraph
    /// spoken to its end), saved when an utterance finishes, pauses or is cancelled.
    static func followVoice(_ s: inout EbookReaderState, _ world: inout World<EbookReader>) {
        guard let offset = s.lastSpokenOffset, let r = s.reader, s.books[r.bookID]?.progressOffset != offset else { return }
        setProgress(&s, r.bookID, offset, reason: "readAloud", kept: false, &world)
        restore(&s, reason: "readAloud", &world)
    }
}
