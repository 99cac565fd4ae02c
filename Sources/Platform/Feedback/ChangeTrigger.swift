/// SwiftUI's `.sensoryFeedback(_:trigger:)`: feedback plays only when the trigger value CHANGES,
/// which is why two `true` Save results in a row give one `.success` and then nothing.

/// What one assignment to the trigger did.
public enum ChangeTriggerOutcome<Value> {
    /// Same value as before: SwiftUI does not re-run the feedback.
    case unchanged(value: Value, atMicroseconds: Int64)
    /// The value changed but the closure form returned nil ("no feedback for this change").
    case changedWithoutFeedback(old: Value, new: Value, atMicroseconds: Int64)
    case fired(old: Value, new: Value, feedback: SensoryFeedback, atMicroseconds: Int64)

    /// The feedback played, or nil; handy for comparing against a list like [success, none, error].
    public var feedback: SensoryFeedback? {
        if case .fired(_, _, let feedback, _) = self { return feedback }
        return nil
    }
}

extension ChangeTriggerOutcome: Equatable where Value: Equatable {}
extension ChangeTriggerOutcome: Hashable where Value: Hashable {}
extension ChangeTriggerOutcome: Sendable where Value: Sendable {}

/// One `.sensoryFeedback` modifier bound to one trigger value. The initial value is what the
/// view's state starts with; the first assignment counts as a change only if it differs.
public struct ChangeTrigger<Value: Equatable> {
    /// The two spellings of the modifier: a fixed token, or `(old, new) -> SensoryFeedback?`.
    public enum Rule {
        case always(SensoryFeedback)
        case closure(@Sendable (Value, Value) -> SensoryFeedback?)
    }

    public let rule: Rule
    public private(set) var value: Value

    /// `.sensoryFeedback(feedback, trigger: value)`.
    public init(initial: Value, feedback: SensoryFeedback) {
        self.value = initial
        self.rule = .always(feedback)
    }

    /// `.sensoryFeedback(trigger: value) { old, new in … }`.
    public init(initial: Value, feedback: @escaping @Sendable (Value, Value) -> SensoryFeedback?) {
        self.value = initial
        self.rule = .closure(feedback)
    }

    /// Assigns the trigger's new value (the state write) and reports whether feedback played.
    public mutating func set(_ newValue: Value, at t: Int64) -> ChangeTriggerOutcome<Value> {
        let old = value
        guard old != newValue else { return .unchanged(value: newValue, atMicroseconds: t) }
        value = newValue
        let chosen: SensoryFeedback?
        switch rule {
        case .always(let feedback): chosen = feedback
        case .closure(let body): chosen = body(old, newValue)
        }
        guard let feedback = chosen else { return .changedWithoutFeedback(old: old, new: newValue, atMicroseconds: t) }
        return .fired(old: old, new: newValue, feedback: feedback, atMicroseconds: t)
    }
}

extension ChangeTrigger.Rule: Sendable where Value: Sendable {}
extension ChangeTrigger: Sendable where Value: Sendable {}

extension ChangeTrigger where Value == Bool? {
    /// The article's Save button: `guard let newValue else { return nil }; newValue ? .success : .error`.
    public static func saveResult(initial: Bool? = nil) -> ChangeTrigger<Bool?> {
        ChangeTrigger(initial: initial) { _, new in
            guard let new else { return nil }
            return new ? .success : .error
        }
    }
}

extension ChangeTrigger where Value == Bool {
    /// The article's Favorite button: every toggle plays `.impact(weight: .medium, intensity: 0.8)`.
    public static func favorite(initial: Bool = false) -> ChangeTrigger<Bool> {
        ChangeTrigger(initial: initial, feedback: .impact(weight: .medium, intensity: 0.8))
    }
}
