import LockstepCore
import Platform
import Testing

// Expected values are worked out by hand from the model in SpeechRate / SpeechSynthesizer
// (bibleReader note A8), not taken from running the code.

private let genesis1 = "In the beginning God created the heaven and the earth."
private let genesis2 = "And the earth was without form, and void; and darkness was upon the face of the deep. And the Spirit of God moved upon the face of the waters."
private let genesis3 = "And God said, Let there be light: and there was light."

private func times(_ cs: [SpeechCallback], _ pick: (SpeechCallback) -> Int?) -> [Int: Int64] {
    var out: [Int: Int64] = [:]
    for c in cs { if let id = pick(c), let t = c.atMs { out[id] = t } }
    return out
}
private func starts(_ cs: [SpeechCallback]) -> [Int: Int64] { times(cs) { if case .didStart(let id, _) = $0 { id } else { nil } } }
private func finishes(_ cs: [SpeechCallback]) -> [Int: Int64] { times(cs) { if case .didFinish(let id, _) = $0 { id } else { nil } } }

private func queueGenesis(_ s: inout SpeechSynthesizer) -> [SpeechCallback] {
    var out: [SpeechCallback] = []
    for text in [genesis1, genesis2, genesis3] {
        guard case .success(let r) = s.speak(text, language: "en-US", nowMs: 0) else { Issue.record("speak refused"); return out }
        out += r.callbacks
    }
    return out
}

@Suite struct SpeechRateTests {
    @Test func msPerWordAtTheNamedRates() {
        // 60000/60, /120, /180 = 333.3, /360 = 166.7, /540 = 111.1
        #expect([0.0, 0.25, 0.5, 0.75, 1.0].map { SpeechRate($0)!.millisecondsPerWord } == [1000, 500, 333, 167, 111])
        #expect(SpeechRate.default.wordsPerMinuteMilli == 180_000)
    }
    @Test func clampsAndRefusesNonFinite() {
        #expect(SpeechRate(2.0) == .maximum)
        #expect(SpeechRate(-1) == .minimum)
        #expect(SpeechRate(.nan) == nil)
        #expect(SpeechRate(.infinity) == nil)
    }
}

@Suite struct SpeechWordsTests {
    @Test func wordsTrimPunctuationAndCountUTF16() {
        #expect(SpeechWords.ranges("name's —") == [SpeechRange(location: 0, length: 6)])
        #expect(SpeechWords.ranges("(Hello),  world!") == [SpeechRange(location: 1, length: 5), SpeechRange(location: 10, length: 5)])
        // "📖" is a symbol: no word. "été" after "l'" is one word "l'été" at 6.
        #expect(SpeechWords.ranges("Voilà l'été 📖!") == [SpeechRange(location: 0, length: 5), SpeechRange(location: 6, length: 5)])
        #expect(SpeechWords.ranges("📖 ok") == [SpeechRange(location: 3, length: 2)])
        #expect(SpeechWords.ranges(genesis2).count == 29)
        #expect(SpeechWords.ranges(genesis2)[4] == SpeechRange(location: 18, length: 7))
    }
}

@Suite struct SpeechSynthesizerTests {
    @Test func genesisScheduleAtTheDefaultRate() {
        var s = SpeechSynthesizer()
        var cs = queueGenesis(&s)
        cs += s.advance(to: 20_000)
        // 10×333 = 3330; +150 → 3480 + 29×333 = 13137; +150 → 13287 + 11×333 = 16950.
        #expect(starts(cs) == [1: 0, 2: 3480, 3: 13287])
        #expect(finishes(cs) == [1: 3330, 2: 13137, 3: 16950])
        #expect(cs.first == .session(active: true, atMs: 0))
        #expect(cs.last == .session(active: false, atMs: 16950))
        #expect(s.spokenWords == 50)
        #expect(!s.isSpeaking)
    }

    @Test func wordPauseWaitsForTheSlotEndAndResumeShifts() {
        var s = SpeechSynthesizer()
        var cs = queueGenesis(&s)
        guard case .success(let p) = s.pause(.word, nowMs: 5000) else { Issue.record("pause refused"); return }
        cs += p
        cs += s.advance(to: 7000)
        // Word 4 of utterance 2 ("without") occupies 4812..<5145.
        #expect(cs.contains(.willSpeakRange(id: 2, word: 4, range: SpeechRange(location: 18, length: 7), atMs: 4812)))
        #expect(cs.last == .didPause(id: 2, atMs: 5145))
        guard case .success(let r) = s.resume(nowMs: 8000) else { Issue.record("resume refused"); return }
        cs += r
        cs += s.advance(to: 30_000)
        // Shift 8000 − 5145 = 2855: 13137 + 2855 = 15992; 16142 + 3663 = 19805.
        #expect(cs.contains(.didContinue(id: 2, atMs: 8000)))
        #expect(cs.contains(.willSpeakRange(id: 2, word: 5, range: SpeechRange(location: 26, length: 4), atMs: 8000)))
        #expect(finishes(cs) == [1: 3330, 2: 15992, 3: 19805])
        #expect(starts(cs)[3] == 16142)
    }

    @Test func pauseInTheGapKeepsTheRestOfTheGap() {
        var s = SpeechSynthesizer()
        var cs = queueGenesis(&s)
        // Gap after utterance 1: 3330..<3480. Pause at 3400 leaves 80 ms.
        guard case .success(let p) = s.pause(.word, nowMs: 3400) else { Issue.record("pause refused"); return }
        cs += p
        #expect(cs.last == .didPause(id: 2, atMs: 3400))
        guard case .success(let r) = s.resume(nowMs: 4000) else { Issue.record("resume refused"); return }
        cs += r
        cs += s.advance(to: 4080)
        #expect(starts(cs)[2] == 4080)
    }

    @Test func interruptionPausesMidWordAndRespeaksIt() {
        var s = SpeechSynthesizer()
        guard case .success(let r) = s.speak("one two three", language: "en-US", nowMs: 0) else { Issue.record("refused"); return }
        var cs = r.callbacks
        cs += s.handle(.interruptionBegan(wasActive: true), nowMs: 500)
        #expect(cs.last == .didPause(id: 1, atMs: 500))
        #expect(s.pausedByInterruption)
        // Ending without shouldResume keeps it paused.
        #expect(s.handle(.interruptionEnded(shouldResume: false, wasActive: true), nowMs: 1000).isEmpty)
        #expect(s.isPaused)
        cs += s.handle(.interruptionEnded(shouldResume: true, wasActive: true), nowMs: 2000)
        cs += s.advance(to: 5000)
        // Word 1 ("two", 4..<7) again at 2000, word 2 at 2333, finish at 2666.
        #expect(cs.contains(.session(active: true, atMs: 2000)))
        #expect(cs.contains(.willSpeakRange(id: 1, word: 1, range: SpeechRange(location: 4, length: 3), atMs: 2000)))
        #expect(cs.contains(.willSpeakRange(id: 1, word: 2, range: SpeechRange(location: 8, length: 5), atMs: 2333)))
        #expect(finishes(cs) == [1: 2666])
        #expect(s.spokenWords == 3)
    }

    @Test func stopCancelsAndDropsTheQueue() {
        var s = SpeechSynthesizer()
        _ = queueGenesis(&s)
        guard case .success(let c) = s.stop(.immediate, nowMs: 1000) else { Issue.record("stop refused"); return }
        #expect(c.contains(.didCancel(id: 1, atMs: 1000, dropped: 2)))
        #expect(c.last == .session(active: false, atMs: 1000))
        #expect(!s.isSpeaking)
        #expect(s.advance(to: 50_000).isEmpty)
        #expect(s.stop(.immediate, nowMs: 50_001) == .failure(.notSpeaking))
    }

    @Test func wordStopWaitsForTheSlotEnd() {
        var s = SpeechSynthesizer()
        _ = queueGenesis(&s)
        // At 1000 word 3 (999..<1332) is playing.
        guard case .success(let c) = s.stop(.word, nowMs: 1000) else { Issue.record("stop refused"); return }
        // Words 1–3 fire on the way to 1000 ms; the cancel waits for the end of word 3.
        #expect(c.last == .willSpeakRange(id: 1, word: 3, range: SpeechRange(location: 17, length: 3), atMs: 999))
        #expect(!c.contains { if case .didCancel = $0 { true } else { false } })
        let later = s.advance(to: 2000)
        #expect(later == [.didCancel(id: 1, atMs: 1332, dropped: 2), .session(active: false, atMs: 1332)])
    }

    @Test func idsAreMonotonicAndVoicesFallBack() {
        var s = SpeechSynthesizer()
        s.voices.set("fr-FR", available: false)
        guard case .success(let a) = s.speak("Bonjour", language: "fr-FR", nowMs: 0) else { Issue.record("refused"); return }
        #expect(a.id == 1)
        #expect(a.callbacks.contains(.voiceFallback(id: 1, requested: "fr-FR", used: "en-US")))
        s.voices.set("en-US", available: false)
        guard case .success(let b) = s.speak("Hello", language: "fr-FR", nowMs: 10) else { Issue.record("refused"); return }
        #expect(b.id == 2)
        #expect(b.callbacks.contains(.voiceFallback(id: 2, requested: "fr-FR", used: nil)))
        s.voices.set("fr-FR", available: true)
        guard case .success(let c) = s.speak("Salut", language: "fr-FR", nowMs: 20) else { Issue.record("refused"); return }
        #expect(c.id == 3)
        #expect(!c.callbacks.contains { if case .voiceFallback = $0 { true } else { false } })
    }

    @Test func limitsAndMisuseAreRejections() {
        var s = SpeechSynthesizer()
        #expect(s.resume(nowMs: 0) == .failure(.notPaused))
        #expect(s.pause(.word, nowMs: 0) == .failure(.notSpeaking))
        if case .failure(let e) = s.speak("x", language: "en-US", rate: .nan, nowMs: 0) { #expect(e == .notFiniteRate) } else { Issue.record("accepted NaN") }
        let long = String(repeating: "a", count: SpeechSynthesizer.maxUtteranceUTF16 + 1)
        if case .failure(let e) = s.speak(long, language: "en-US", nowMs: 0) {
            #expect(e == .utteranceTooLong(utf16: SpeechSynthesizer.maxUtteranceUTF16 + 1, limit: SpeechSynthesizer.maxUtteranceUTF16))
        } else { Issue.record("accepted an over-long utterance") }
        _ = s.speak("a b", language: "en-US", nowMs: 100)
        if case .failure(let e) = s.speak("c", language: "en-US", nowMs: 50) { #expect(e == .timeWentBackwards(nowMs: 50, lastMs: 100)) } else { Issue.record("accepted time going back") }
        guard case .success = s.pause(.immediate, nowMs: 200) else { Issue.record("pause refused"); return }
        #expect(s.pause(.word, nowMs: 300) == .failure(.alreadyPaused))
    }

    @Test func zeroWordUtteranceStartsAndFinishesAtOnce() {
        var s = SpeechSynthesizer()
        guard case .success(let r) = s.speak(" — ", language: "en-US", nowMs: 40) else { Issue.record("refused"); return }
        #expect(r.callbacks == [.session(active: true, atMs: 40), .didStart(id: 1, atMs: 40), .didFinish(id: 1, atMs: 40), .session(active: false, atMs: 40)])
    }

    @Test func drivesTheAudioSessionInPlayback() {
        var world = World<Bare>(start: .defaultStart)
        var audio = AudioSession()
        var s = SpeechSynthesizer()
        guard case .success(let r) = s.speak("one two", language: "en-US", nowMs: 0) else { Issue.record("refused"); return }
        #expect(audio.applySpeech(r.callbacks, &world))
        #expect(audio.category == .playback)
        #expect(audio.mode == .spokenAudio)
        #expect(!audio.applySpeech(s.advance(to: 1000), &world))
    }
}
