/// One decoded `appgroup` line: the scheduler's side of the processes sharing a container.
public enum AppGroupLine: Hashable, Sendable {
    /// `appgroup step process=P`: that process's next step (its read, or its commit).
    case step(process: String)
    /// `appgroup run [order=seeded|serial]`: step until every queued operation has committed.
    case run(order: AppGroupRunOrder)
}

/// How `appgroup run` orders the steps (the same cases as `AppGroup.Order`, outside the generic).
public enum AppGroupRunOrder: String, Hashable, Sendable, CaseIterable {
    case seeded, serial
}
