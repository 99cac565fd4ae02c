import LockstepCore

extension LifecycleVocabulary {
    /// The `lifecycle ...` line that `decode` reads back as `line`, for a domain's
    /// `Domain.text(of:)`; nil for the values no line gives: a `wake` for a reason other than
    /// `notificationAction` or `backgroundTask`, and a process name that is not a word.
    ///
    /// Defaults are left out when `decode` gives them back (`process=app`, a launch's presentation
    /// when it is its reason's default, `return`'s `end=true`), so common lines read as people write them.
    public static func text(of line: LifecycleLine) -> String? {
        var out = LineText(kind).word(line.event.word)
        switch line.event {
        case .launch(let reason, let presentation):
            if reason != .user { out = out.word("reason", reason.rawValue) }
            if presentation != reason.defaultPresentation { out = out.bool("foreground", presentation == .foreground) }
        case .wake(let reason):
            guard reason == .notificationAction || reason == .backgroundTask else { return nil }
            out = out.word("reason", reason.rawValue)
        case .returned(let end):
            if !end { out = out.bool("end", false) }
        case .terminate(let reason):
            out = out.word("reason", reason.rawValue)
        case .becomeActive, .resignActive, .enterBackground, .enterForeground, .suspend, .memoryWarning:
            break
        }
        if line.process != "app" { out = out.word("process", line.process) }
        return out.line
    }
}
