import Testing
@testable import Platform

@Suite struct ChangeTriggerTests {
    @Test func saveSequenceFromNilGivesSuccessNoneError() {
        var save = ChangeTrigger<Bool?>.saveResult()
        let results: [Bool?] = [true, true, false]
        let feedback = results.enumerated().map { save.set($1, at: Int64($0) * 1_000_000).feedback }
        #expect(feedback == [.success, nil, .error])
    }

    @Test func repeatedValueIsUnchangedOutcome() {
        var save = ChangeTrigger<Bool?>.saveResult(initial: true)
        #expect(save.set(true, at: 5) == .unchanged(value: true, atMicroseconds: 5))
    }

    @Test func closureReturningNilIsChangeWithoutFeedback() {
        var save = ChangeTrigger<Bool?>.saveResult(initial: true)
        #expect(save.set(nil, at: 9) == .changedWithoutFeedback(old: true, new: nil, atMicroseconds: 9))
        #expect(save.value == nil)
    }

    @Test func firstAssignmentEqualToInitialDoesNotFire() {
        var t = ChangeTrigger(initial: 3, feedback: .selection)
        #expect(t.set(3, at: 0) == .unchanged(value: 3, atMicroseconds: 0))
        #expect(t.set(4, at: 1) == .fired(old: 3, new: 4, feedback: .selection, atMicroseconds: 1))
    }

    @Test func favoriteToggleFiresEveryTap() {
        var fav = ChangeTrigger<Bool>.favorite()
        var value = false
        var fired: [SensoryFeedback?] = []
        for i in 0..<3 {
            value.toggle()
            fired.append(fav.set(value, at: Int64(i)).feedback)
        }
        #expect(fired == Array(repeating: .impact(weight: .medium, intensity: 0.8), count: 3))
    }

    @Test func closureSeesOldAndNew() {
        var level = ChangeTrigger(initial: 5) { old, new in new > old ? .increase : .decrease }
        #expect(level.set(7, at: 0).feedback == .increase)
        #expect(level.set(2, at: 1).feedback == .decrease)
        #expect(level.set(2, at: 2).feedback == nil)
    }

    @Test func impactTokensAreDistinct() {
        #expect(SensoryFeedback.impact(weight: .light, intensity: 0.5) != .impact(flexibility: .soft, intensity: 0.5))
        #expect(SensoryFeedback.impact() == .impact(weight: .medium, intensity: 1.0))
        #expect(SensoryFeedback.Flexibility.allCases == [.rigid, .solid, .soft])
    }
}
