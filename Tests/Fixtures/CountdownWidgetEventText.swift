import LockstepCore
import Platform

extension CountdownWidget {
    /// The scenario line of each event (`Domain.text(of:)`); nil for the platform's timers.
    public static func text(of event: Event) -> String? {
        let line = LineText(kind(of: event))
        switch event {
        case .add(let name, let lead): return line.word("name", name).duration("in", lead).line
        case .remove(let name), .follow(let name): return line.word("name", name).line
        case .lifecycle(let l): return LifecycleVocabulary.text(of: l)
        case .widget(.line(let l)): return WidgetVocabulary.text(of: l)
        case .activity(.line(let l)): return LiveActivityVocabulary.text(of: l)
        case .widget(.timer), .activity(.timer): return nil
        }
    }
}
