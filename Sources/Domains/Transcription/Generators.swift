import LockstepCore
import Platform

/// Generators for long runs: a take with evenly spaced phone calls, and a recogniser script for
/// every chunk of a file (words at a fixed spacing in global time, so the overlap repeats words and
/// the de-duplication has work to do).
public enum TranscriptionGenerators {
    static func nanos(_ seconds: Double) -> Int64 { Transcription.nanos(seconds) }

    /// Vocabulary for generated words; the word at global slot `n` is always the same, so a word
    /// heard by two overlapping chunks is the same word.
    static let vocabulary = ["the", "quick", "brown", "fox", "jumps", "over", "a", "lazy", "dog", "while",
                             "seven", "voices", "record", "notes", "about", "rain", "and", "light", "in", "spring"]

    public static var all: [Generator<TranscriptionEvent>] {
        [
            Generator("takeWithCalls", "record start, N calls of callSeconds each evenly spread over the recorded duration (ended shouldResume=true), record stop",
                      parameters: { f throws(ScenarioError) in
                          let p = (name: try f("name", .word, "the take (NAME.m4a)"),
                                   recorded: nanos(try f("duration", .number, in: 1...86_400, "recorded seconds, excluding calls")),
                                   calls: try f("calls", .int, default: 50, in: 0...10_000, "phone calls"),
                                   call: nanos(try f("callSeconds", .number, default: 30, in: 0...3600, "seconds per call")),
                                   rate: try f("sampleRate", .int, default: 44_100, in: 0...1_000_000, "22050, 44100 or 48000"))
                          guard [22_050, 44_100, 48_000].contains(p.rate) else {
                              throw f.error("sampleRate must be 22050, 44100 or 48000", at: "sampleRate")
                          }
                          return p
                      },
                      expand: { p, context throws(ScenarioError) in
                          // The budget is the context's, so this error is at the gen line (it was at calls=).
                          guard 2 * p.calls + 2 <= context.maxEvents else { throw context.error("too many calls for the event budget") }
                          var out: [Generated<TranscriptionEvent>] = [Generated(.zero, .recordStart(name: p.name, sampleRateHz: p.rate, quality: .high))]
                          // Call k begins after (k+1)/(calls+1) of the recorded time; calls already taken add to the wall clock.
                          for k in 0..<p.calls {
                              let recordedBefore = p.recorded / Int64(p.calls + 1) * Int64(k + 1)
                              let began = recordedBefore + Int64(k) * p.call
                              out.append(Generated(.nanoseconds(began), .audio(.interruption(typeRaw: 1, optionsRaw: nil))))
                              out.append(Generated(.nanoseconds(began + p.call), .audio(.interruption(typeRaw: 0, optionsRaw: 1))))
                          }
                          out.append(Generated(.nanoseconds(p.recorded + Int64(p.calls) * p.call), .recordStop))
                          return out
                      }),
            Generator("chunkScript", "answer lines for every chunk of a file: timed words every `spacing` s; every Nth chunk's local pass is empty and the server answers",
                      parameters: { f throws(ScenarioError) in
                          (total: nanos(try f("duration", .number, in: 0.001...86_400, "the file's seconds")),
                           spacing: nanos(try f("spacing", .number, default: 2.5, in: 0.2...50, "seconds between word starts")),
                           after: nanos(try f("after", .number, default: 1.5, in: 0...3600, "answer latency, seconds")),
                           fallbackEvery: try f("fallbackEvery", .int, default: 0, in: 0...100_000, "every Nth chunk's local pass is empty (0: never)"),
                           stallEvery: try f("stallEvery", .int, default: 0, in: 0...100_000, "every Nth chunk's server pass stalls (with fallbackEvery)"))
                      },
                      expand: { p, context throws(ScenarioError) in
                          let plan = ChunkPlan(totalNanos: p.total)
                          // At the gen line (it was at duration=): the budget is the context's.
                          guard 2 * plan.count <= context.maxEvents else { throw context.error("too many chunks for the event budget") }
                          let spacing = p.spacing
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
                              if p.fallbackEvery > 0 && (c + 1) % p.fallbackEvery == 0 {
                                  out.append(Generated(.zero, .answer(ScriptKey(chunk: c, attempt: .local),
                                                                      ScriptedAnswer(kind: .empty, callbacks: [(p.after, .final(text: "", words: []))]))))
                                  let stall = p.stallEvery > 0 && (c + 1) % p.stallEvery == 0
                                  out.append(Generated(.zero, .answer(ScriptKey(chunk: c, attempt: .server),
                                                                      ScriptedAnswer(kind: stall ? .stall : .final, callbacks: stall ? [] : [(p.after, final)]))))
                              } else {
                                  out.append(Generated(.zero, .answer(ScriptKey(chunk: c, attempt: .local), ScriptedAnswer(kind: .final, callbacks: [(p.after, final)]))))
                              }
                          }
                          return out
                      }),
        ]
    }
}
