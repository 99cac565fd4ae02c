import LockstepCore

/// Named limits and what has been spent against them, for the budgets apps must respect: tags per
/// post, pending notifications, recents, one in-flight run per editor, a daily quota.
///
/// - Limits are declared in order (`BudgetLimit`), looked up by name in that order (no dictionary,
///   so state and records never depend on hash order), and written in that order.
/// - `spend(name, amount)` succeeds while `used + amount <= limit`
///   (`budget.spend name=instagramTags amount=1 used=3 limit=5`) and otherwise refuses, changing
///   nothing: `rejected input=budget reason=limit name=instagramTags limit=5 used=5 amount=1`.
///   `release` gives back (a notification removed, a tag unpicked). Every change is a record.
/// - Overrides: `BudgetLedger.overrides(&settings, for: limits)` in a domain's `SettingsReader`
///   declares one optional integer setting `limit.NAME` per limit (0...`maxLimitValue`), so
///   `set limit.recents 3` is read and `set limit.bogus 3` is refused by the scenario reader as an
///   unknown setting at its line and column, listing the known ones. The domain passes the
///   overrides to `init(_:overrides:_:)` in `start`, which records each (`budget.limit ... by=scenario`).
/// - A limit lowered below what is already used refuses further spending until enough is released;
///   nothing already spent is taken back (the domain decides, e.g. truncating picks, and says so).
public struct BudgetLedger: Hashable, Sendable, CanonicallyWritable {
    /// No limit, declared or overridden, is above this: a scenario cannot set one that overflows a
    /// sum, and a typo of extra zeros is an error at its column.
    public static var maxLimitValue: Int { 1_000_000 }
    /// The settings prefix: `limit.NAME`.
    public static var settingPrefix: String { "limit." }

    /// One limit and its counter.
    public struct Budget: Hashable, Sendable {
        public var name: String
        public var limit: Int
        /// The declared limit (what `limit` was before any override).
        public var declared: Int
        public var used = 0
        /// Spends refused so far.
        public var refusals = 0
        public var remaining: Int { max(limit - used, 0) }
    }

    /// In declaration order.
    public private(set) var budgets: [Budget]

    /// A ledger of `limits` (a later duplicate of a name is ignored; a value is clamped to
    /// 0...`maxLimitValue`), without overrides and without records.
    public init(_ limits: [BudgetLimit]) {
        var list: [Budget] = []
        for l in limits where !list.contains(where: { $0.name == l.name }) {
            let v = BudgetLedger.clamp(l.value)
            list.append(Budget(name: l.name, limit: v, declared: v))
        }
        budgets = list
    }

    /// A ledger of `limits` with a scenario's `overrides` applied, each with a
    /// `budget.limit name=… from=… to=… by=scenario` record.
    public init<D: Domain>(_ limits: [BudgetLimit], overrides: BudgetOverrides, _ world: inout World<D>) {
        self.init(limits)
        for o in overrides.entries { setLimit(o.name, o.value, &world, by: "scenario") }
    }

    public func budget(_ name: String) -> Budget? { budgets.first { $0.name == name } }
    public func limit(_ name: String) -> Int? { budget(name)?.limit }
    public func used(_ name: String) -> Int? { budget(name)?.used }
    public func remaining(_ name: String) -> Int? { budget(name)?.remaining }
    /// Whether `amount` more would fit (false for an unknown name).
    public func canSpend(_ name: String, _ amount: Int = 1) -> Bool {
        guard let b = budget(name) else { return false }
        return amount >= 0 && amount <= b.limit - b.used
    }

    // MARK: Changes

    /// Spends `amount` (≥ 0) of `name`. Refused with a record naming the limit and its value when it
    /// would go past the limit; an unknown name or a negative amount is refused too.
    @discardableResult
    public mutating func spend<D: Domain>(_ name: String, _ amount: Int = 1, _ world: inout World<D>) -> Bool {
        guard let i = index(name, &world) else { return false }
        guard amount >= 0 else {
            world.reject("budget", "negativeAmount") { $0.word("name", name).int("amount", amount) }
            return false
        }
        let b = budgets[i]
        guard amount <= b.limit - b.used else {
            budgets[i].refusals += 1
            world.reject("budget", "limit") { $0.word("name", name).int("limit", b.limit).int("used", b.used).int("amount", amount) }
            return false
        }
        budgets[i].used += amount
        world.emit(Record("budget.spend").word("name", name).int("amount", amount).int("used", budgets[i].used).int("limit", b.limit))
        return true
    }

    /// Gives back `amount` of `name` (never below 0: releasing more than was used is refused).
    @discardableResult
    public mutating func release<D: Domain>(_ name: String, _ amount: Int = 1, _ world: inout World<D>) -> Bool {
        guard let i = index(name, &world) else { return false }
        let b = budgets[i]
        guard amount >= 0, amount <= b.used else {
            world.reject("budget", "overRelease") { $0.word("name", name).int("used", b.used).int("amount", amount) }
            return false
        }
        budgets[i].used -= amount
        world.emit(Record("budget.release").word("name", name).int("amount", amount).int("used", budgets[i].used).int("limit", b.limit))
        return true
    }

    /// Sets `name`'s counter back to 0 (a new day of a daily quota).
    public mutating func reset<D: Domain>(_ name: String, _ world: inout World<D>) {
        guard let i = index(name, &world) else { return }
        let was = budgets[i].used
        budgets[i].used = 0
        world.emit(Record("budget.reset").word("name", name).int("was", was).int("limit", budgets[i].limit))
    }

    /// Changes a limit (a remote config, a scenario override): `budget.limit name from to by`, plus
    /// `overLimit=` when more is already used than the new limit allows.
    public mutating func setLimit<D: Domain>(_ name: String, _ value: Int, _ world: inout World<D>, by: String) {
        guard let i = index(name, &world) else { return }
        let v = BudgetLedger.clamp(value)
        let from = budgets[i].limit
        budgets[i].limit = v
        var r = Record("budget.limit").word("name", name).int("from", from).int("to", v).word("by", by)
        if v != value { r = r.int("requested", value).int("max", BudgetLedger.maxLimitValue) }
        if budgets[i].used > v { r = r.int("overLimit", budgets[i].used - v) }
        world.emit(r)
    }

    /// `budget.audit name=… used=… limit=… declared=… refusals=…`, one per budget in order.
    public func audit<D: Domain>(_ world: inout World<D>) {
        for b in budgets { world.emit(BudgetLedger.stateRecord(b, name: "budget.audit")) }
    }

    // MARK: Settings

    /// Declares and reads `limit.NAME` for each of `limits`, in a domain's `SettingsReader`:
    ///
    /// ```swift
    /// static let settings = SettingsReader<Settings> { s throws(ScenarioError) in
    ///     Settings(limits: try BudgetLedger.overrides(&s, for: Limits.all))
    /// }
    /// ```
    ///
    /// Only declared names are settings, so an unknown `limit.NAME` is the scenario reader's
    /// located "unknown setting" error; a value outside 0...`maxLimitValue` is an error at its column.
    public static func overrides(_ settings: inout Fields, for limits: [BudgetLimit]) throws(ScenarioError) -> BudgetOverrides {
        var out = BudgetOverrides()
        var seen: [String] = []
        for l in limits where !seen.contains(l.name) {
            seen.append(l.name)
            let help = l.summary.isEmpty ? "override of the \(l.name) limit (default \(l.value))" : "\(l.summary) (default \(l.value))"
            if let v = try settings.optional(named: settingPrefix + l.name, .int, in: 0...maxLimitValue, help) {
                out.entries.append((l.name, v))
            }
        }
        return out
    }

    // MARK: Internals

    private func index<D: Domain>(_ name: String, _ world: inout World<D>) -> Int? {
        if let i = budgets.firstIndex(where: { $0.name == name }) { return i }
        world.reject("budget", "unknownBudget") { $0.word("name", name).int("declared", self.budgets.count) }
        return nil
    }

    private static func clamp(_ v: Int) -> Int { min(max(v, 0), maxLimitValue) }

    private static func stateRecord(_ b: Budget, name: String) -> Record {
        Record(name).word("name", b.name).int("used", b.used).int("limit", b.limit).int("declared", b.declared)
            .int("refusals", b.refusals)
    }

    /// `budgets { budget name=… used=… limit=… declared=… refusals=… }` in declaration order.
    public func write(to out: inout CanonicalWriter) {
        out.section("budgets") { w in
            for b in budgets { w.record(BudgetLedger.stateRecord(b, name: "budget")) }
        }
    }
}
