import LockstepCore
import Platform

extension PillTracker {
    /// The scenario line of a recorded event, which `events` reads back as the same event. The
    /// import line is written with the path as the scenario wrote it. Nil for a form whose values
    /// no line holds (a non-finite number).
    public static func text(of event: PillTrackerEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .launch, .scan, .reimport: return line.line
        case .container(let a): return line.bool("available", a).line
        case .capture(let e): return CaptureVocabulary.text(of: e)
        case .confirm(let f):
            return line.string("name", f.name).word("form", f.form).optional(f.strength) { $0.string("strength", $1) }
                .optional(f.barcode) { $0.string("barcode", $1) }.optional(f.photoBytes) { $0.int("photoBytes", $1) }
                .number("quantity", f.quantity).number("dose", f.dose, default: 1).string("times", f.times, default: "")
                .optional(f.start) { $0.instant("start", $1) }.optional(f.end) { $0.instant("end", $1) }.line
        case .logIntake(let med, let at, let status, let loggedAt):
            return line.int("med", med).instant("at", at).word("status", status).optional(loggedAt) { $0.instant("loggedAt", $1) }.line
        case .delete(let med): return line.int("med", med).line
        case .stats(let from, let to): return line.instant("from", from).instant("to", to).line
        case .daily(let days): return line.int("days", days).line
        case .widget(let r): return line.choice("request", r).line
        case .report(let title, let from, let to, let label):
            return line.string("title", title).instant("from", from).instant("to", to).string("label", label).line
        case .export(let f): return line.choice("format", f).line
        case .importFile(_, let type, let label): return line.raw("file", label).choice("type", type, default: .json).line
        case .importConfirm(let r): return line.bool("replace", r).line
        }
    }
}
