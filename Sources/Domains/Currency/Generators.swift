import LockstepCore

/// `gen keystrokes text="12,50" gap=…`: the amount typed one key at a time; each keystroke sends
/// the field's whole value so far (no debounce), one `text` event per Unicode scalar.
extension Currency {
    /// At most this many keystrokes in one line (the parser refuses over 256 scalars anyway).
    public static let maxKeystrokes = 300

    public static let generators: [Generator<CurrencyEvent>] = [
        Generator("keystrokes", "the amount field typed one scalar at a time, gap apart", parameters: { f throws(ScenarioError) in
            let text = try f("text", .text, "what the user types")
            let gap = try f("gap", .duration, default: .milliseconds(200), in: .milliseconds(1) ... .seconds(60), "between keystrokes")
            if !f.isDeclaring, text.unicodeScalars.isEmpty { throw f.error("text must not be empty", at: "text") }
            if !f.isDeclaring, text.unicodeScalars.count > maxKeystrokes {
                throw f.error("text is \(text.unicodeScalars.count) keystrokes; the limit is \(maxKeystrokes)", at: "text")
            }
            return (text: text, gap: gap)
        }, expand: { p, _ throws(ScenarioError) in
            var value = String.UnicodeScalarView()
            var out: [Generated<CurrencyEvent>] = []
            for (i, x) in p.text.unicodeScalars.enumerated() {
                value.append(x)
                out.append(Generated(p.gap * Int64(i), .text(String(value))))
            }
            return out
        }),
    ]
}
