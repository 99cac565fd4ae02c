import LockstepCore
import Platform

/// Generators for long runs: a take with evenly spaced phone calls, and a recogniser script for
/// every chunk of a file (words at a fixed spacing in global time, so the overlap repeats words and
/// the de-duplication has work to do).
public enum TranscriptionGenerators {
    static func nanos(_ seconds: Double) -> Int64 { Int64((seconds * 1e9).rounded()) }

    /// Vocabulary for generated words; the word at global slot `n` is always the same, so a word
    /// heard by two overlapping chunks is the same word.
    static let vocabulary = ["the", "quick", "brown", "fox", "jumps", "over", "a", "lazy", "dog", "while",
                             "seven", "voices", "record", "notes", "about", "rain", "and", "light", "in", "spring"]

    public static var all: [Generator<TranscriptionEvent>] {
        [
            Generator("takeWithCalls", "record start, N calls of callSeconds each evenly spread over the recorded duration (ended shouldResume=true), record stop",
                      fields: [FieldSpec("name", .word), FieldSpec("duration", .number, "recorded seconds, excluding calls"),
                               .optional("calls", .integer, "default 50"), .optional("callSeconds", .number, "default 30"),
                               .optional("sampleRate", .integer, "default 44100")]) {
                line, context throws(ScenarioError) in
                let name = try line.word("name")
                let recorded = nanos(try line.double("duration", in: 1...86_400))
                let calls = Int(try line.int("calls", in: 0...10_000, default: 50))
                let call = nanos(try line.double("callSeconds", in: 0...3600, default: 30))
                let rate = try line.int("sampleRate", in: 0...1_000_000, default: 44_100)
                guard [22_050, 44_100, 48_000].contains(rate) else { throw line.error("sampleRate must be 22050, 44100 or 48000", at: "sampleRate") }
                guard 2 * calls + 2 <= context.maxEvents else { throw line.error("too many calls for the event budget", at: "calls") }
                var out: [Generated<TranscriptionEvent>] = [Generated(.zero, "record", .recordStart(name: name, sampleRateHz: Int(rate), quality: .high))]
                // Call k begins after (k+1)/(calls+1) of the recorded time; calls already taken add to the wall clock.
                for k in 0..<calls {
                    let recordedBefore = recorded / Int64(calls + 1) * Int64(k + 1)
                    let began = recordedBefore + Int64(k) * call
                    out.append(Generated(.nanoseconds(began), "audio", .audio(.interruption(typeRaw: 1, optionsRaw: nil))))
                    out.append(Generated(.nanoseconds(began + call), "audio", .audio(.interruption(typeRaw: 0, optionsRaw: 1))))
                }
                out.append(Generated(.nanoseconds(recorded + Int64(calls) * call), "record", .recordStop))
                return out
            },
            Generator("chunkScript", "answer lines for every chunk of a file: timed words every `spacing` s; every Nth chunk's local pass is empty and the server answers",
                      fields: [FieldSpec("duration", .number, "the file's seconds"), .optional("spacing", .number, "seconds between word starts, default 2.5"),
                               .optional("after", .number, "answer latency, default 1.5"), .optional("fallbackEvery", .integer, "default 0 (never)"),
                               .optional("stallEvery", .integer, "every Nth chunk's server pass stalls (with fallbackEvery), default 0")]) {
                line, context throws(ScenarioError) in
                let total = nanos(try line.double("duration", in: 0.001...86_400))
                let spacing = nanos(try line.double("spacing", in: 0.2...50, default: 2.5))
                let after = nanos(try line.double("after", in: 0...3600, default: 1.5))
                let fallbackEvery = Int(try line.int("fallbackEvery", in: 0...100_000, default: 0))
                let stallEvery = Int(try line.int("stallEvery", in: 0...100_000, default: 0))
                let plan = ChunkPlan(totalNanos: total)
                guard 2 * plan.count <= context.maxEvents else { throw line.error("too many chunks for the event budget", at: "duration") }
                let wordNanos = spacing * 4 / 5
                var out: [Generated<TranscriptionEvent>] = []
                for c in 0..<plan.count {
                    let w = plan.window(c)
                    var words: [RecognisedWord] = []
                    var texts: [String] = []
                    // Slots whose whole word lies inside the window.
                    var slot = (w.startNanos + spacing - 1) / spacing
                    var guardCount = 0
                    while slot * spacing + wordNanos <= w.endNanos, guardCount < 10_000 {
                        guardCount += 1
                        let text = vocabulary[Int(slot % Int64(vocabulary.count))]
                        texts.append(text)
                        words.append(RecognisedWord(text, timestampNanos: slot * spacing - w.startNanos, durationNanos: wordNanos))
                        slot += 1
                    }
                    let final = RecogniserCallback.final(text: texts.joined(separator: " "), words: words)
                    if fallbackEvery > 0 && (c + 1) % fallbackEvery == 0 {
                        out.append(Generated(.zero, "answer", .answer(ScriptKey(chunk: c, attempt: .local),
                                                                       ScriptedAnswer(kind: .empty, callbacks: [(after, .final(text: "", words: []))]))))
                        let stall = stallEvery > 0 && (c + 1) % stallEvery == 0
                        out.append(Generated(.zero, "answer", .answer(ScriptKey(chunk: c, attempt: .server),
                                                                       ScriptedAnswer(kind: stall ? .stall : .final, callbacks: stall ? [] : [(after, final)]))))
                    } else {
                        out.append(Generated(.zero, "answer", .answer(ScriptKey(chunk: c, attempt: .local), ScriptedAnswer(kind: .final, callbacks: [(after, final)]))))
                    }
                }
                return out
            },
        ]
    }
}
