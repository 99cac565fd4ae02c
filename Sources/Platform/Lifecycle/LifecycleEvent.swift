/// Something that happens to a process. The scenario spelling is `lifecycle <word> key=value`
/// (see `LifecycleVocabulary`); the Swift cases carry the same information typed.
public enum LifecycleEvent: Hashable, Sendable {
    /// The system starts a process. `presentation` defaults to the reason's
    /// `defaultPresentation`.
    case launch(LaunchReason, LaunchPresentation)
    /// `lifecycle active`: the app is on screen and gets input (`didBecomeActive`, `scenePhase == .active`).
    case becomeActive
    /// `lifecycle inactive`: on screen without input (`willResignActive`).
    case resignActive
    /// `lifecycle background`: off screen (`didEnterBackground`).
    case enterBackground
    /// `lifecycle foreground`: back on screen, not yet active (`willEnterForeground`).
    case enterForeground
    /// `lifecycle suspend`: the system freezes a background process.
    case suspend
    /// `lifecycle wake reason=...`: the system wakes a suspended process in the background to handle
    /// a notification action or a background task. Memory is intact.
    case wake(LaunchReason)
    /// `lifecycle return`: the process finished the work it was started or woken for (the action
    /// handler's completion ran, the extension returned). An extension process is then ended
    /// (`end=true`, the default) or kept suspended (`end=false`); an app goes to `suspended`.
    case returned(end: Bool)
    /// `lifecycle terminate reason=...`: the process ends.
    case terminate(TerminationReason)
    /// `lifecycle memoryWarning`: the system asks a running process to release memory.
    case memoryWarning

    /// A launch at its reason's default presentation.
    public static func launch(_ reason: LaunchReason) -> LifecycleEvent { .launch(reason, reason.defaultPresentation) }

    /// The scenario word, also used in records: `launch`, `active`, `background`, ...
    public var word: String {
        switch self {
        case .launch: "launch"
        case .becomeActive: "active"
        case .resignActive: "inactive"
        case .enterBackground: "background"
        case .enterForeground: "foreground"
        case .suspend: "suspend"
        case .wake: "wake"
        case .returned: "return"
        case .terminate: "terminate"
        case .memoryWarning: "memoryWarning"
        }
    }
}
