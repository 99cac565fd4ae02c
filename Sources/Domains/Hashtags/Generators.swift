import LockstepCore

/// `gen typing text="…" gap=…`: the user typing into the tag field one key at a time. Autocorrect
/// and autocapitalisation are off (the article's field), so each keystroke delivers the field's
/// value so far, unchanged: one `textInput` per Unicode scalar, `gap` apart.
extension Hashtags {
    /// At most this many keystrokes in one `gen typing` line.
    public static let maxKeystrokes = 2_000

    public static let generators: [Generator<HashtagsEvent>] = [
        Generator("typing", "the tag field typed one scalar at a time, gap apart (one textInput per keystroke)", parameters: { f throws(ScenarioError) in
            let text = try f("text", .text, "what the user types")
            let gap = try f("gap", .duration, default: .milliseconds(150), in: .milliseconds(1) ... .seconds(60), "between keystrokes")
            if !f.isDeclaring, text.unicodeScalars.isEmpty { throw f.error("text must not be empty", at: "text") }
            if !f.isDeclaring, text.unicodeScalars.count > maxKeystrokes {
                throw f.error("text is \(text.unicodeScalars.count) keystrokes; one typing line makes at most \(maxKeystrokes)", at: "text")
            }
            return (text: text, gap: gap)
        }, expand: { p, _ throws(ScenarioError) in
            var value = String.UnicodeScalarView()
            var out: [Generated<HashtagsEvent>] = []
            for (i, x) in p.text.unicodeScalars.enumerated() {
                value.append(x)
                out.append(Generated(p.gap * Int64(i), .textInput(String(value))))
            }
            return out
        }),
    ]
}
