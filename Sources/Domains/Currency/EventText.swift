import LockstepCore
import Platform

extension Currency {
    /// Each recorded event as the line that reads back to it (for `expand` and `shrink`).
    public static func text(of event: CurrencyEvent) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .text(let s): return line.text("input", s).line
        case .select(let side, let code): return line.choice("side", side).word("code", code).line
        case .swap, .look, .purgeCaches: return line.line
        case .network(.line(let l)): return NetVocabulary.text(of: l)
        case .network(.timer): return nil
        case .lifecycle(let l): return LifecycleVocabulary.text(of: l)
        case .bgtask(let l): return BackgroundTaskVocabulary.text(of: l)
        case .locale(let id): return LocaleVocabulary.text(of: id)
        }
    }
}
