/// What a converter makes of one record: an event line (its text after the time, plus any clamp
/// reasons), or a drop with its reason. Converters never drop or change anything silently.
enum ImportOutcome {
    case event(String, clamps: [String] = [], notes: [String] = [])
    case dropped(String)
}
