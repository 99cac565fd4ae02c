import LockstepCore

/// The article's failure modes and the note's derived hazards, each re-enabled by `set fault NAME`
/// and each caught by a golden under `Golden/algoPlayer/` by what the user sees or hears.
public enum AlgoPlayerFault: String, DomainFault {
    case sleepInsideAlgorithm
    case identityByValue
    case diffSteps
    case restartLoopOnSpeed
    case noReplay
    case animateUnrelatedState
    case voiceOverFullSpeed
    case ignoreReduceMotion
    case uncappedInput
    case noRunnerTimeout
    case tinyInputNoDone
    case mergeDuplicateIds
    case showLateOutput

    public var summary: String {
        switch self {
        case .sleepInsideAlgorithm:
            "the algorithm animates itself (Task.sleep in the loop): the state is gone once the loop moves on, so stepping or seeking backwards does nothing"
        case .identityByValue:
            "bars are identified by value: two 5s are one id, the ForEach cannot tell them apart and the swap animation glitches"
        case .diffSteps:
            "steps are diffs applied forwards: a backwards seek shows the new caption over the old bars"
        case .restartLoopOnSpeed:
            "a speed change starts a second play loop without cancelling the first: the speed slider fights the animation and indices are skipped"
        case .noReplay:
            "play at the end does not restart from step 0: the button does nothing"
        case .animateUnrelatedState:
            "the animation is bound to every state change, not to the step index: a speed or accessibility change animates the bars"
        case .voiceOverFullSpeed:
            "the default speed stays 1× with VoiceOver running, so each announcement is cut off by the next step"
        case .ignoreReduceMotion:
            "Reduce Motion is ignored: bars still spring instead of cross-fading"
        case .uncappedInput:
            "inputs are not capped at 40 elements"
        case .noRunnerTimeout:
            "the playground waits for the remote runner for ever: a lost reply leaves 'Running…' on screen"
        case .tinyInputNoDone:
            "n ≤ 1 returns only the start step (the article's early return): no .done step, nothing shown as sorted"
        case .mergeDuplicateIds:
            "merge sort copies back from its buffer one bar at a time: a snapshot holds the same id twice"
        case .showLateOutput:
            "a runner reply that arrives after its timeout (or after a newer run) is still printed in the console"
        }
    }
}
