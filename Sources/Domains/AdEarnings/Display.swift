import LockstepCore
import Platform

/// What the dashboard shows, as records: the rows newest first, the weekly averages, today
/// against yesterday, the live rates and the "Updated … ago" age (pinned as whole seconds, not
/// the localised relative text), and the threshold alert.
extension AdEarnings {
    /// The caption that makes "today" a Pacific day (checklist 6, failure 9).
    static let todayLabel = "Today (Pacific time)"

    /// `amount` in the days' currency and the display locale (D1: the currency the report was
    /// requested in, never a fixed USD; failure 12: the locale's formatter, never "$" + "%.2f").
    static func shown(_ amount: DecimalNumber, _ s: AdEarningsState, _ world: World<AdEarnings>, precision: NumberPrecision? = nil) -> String {
        if world.isOn(.handRolledCurrency) { return "$" + amount.text(places: 2, mode: .bankers) }
        guard let n = NumberText(amount.canonicalText) else { return amount.canonicalText }
        return LocaleNumberFormat.currency(n, code: world.isOn(.displayUSD) ? "USD" : s.daysCurrency, s.locale, precision: precision)
    }

    /// The report day the dashboard calls today: LA's (fault `todayInDeviceZone`: the device's).
    static func today(_ world: World<AdEarnings>, daysBack: Int64 = 0) -> String {
        world.isOn(.todayInDeviceZone) ? ReportCalendar.day(world.now, in: world.zone, daysBack: daysBack)
            : ReportCalendar.reportDay(world.now, daysBack: daysBack)
    }

    /// The list (newest first), the weekly averages and the comparison with yesterday.
    static func showDays(_ s: AdEarningsState, _ world: inout World<AdEarnings>) {
        for d in s.days.reversed() {
            let value = (try? DecimalNumber(parsing: d.earnings)) ?? .zero
            world.emit(Record("report.row").word("day", d.day).word("earnings", d.earnings).string("shown", shown(value, s, world)).int("clicks", d.clicks))
        }
        guard !s.days.isEmpty else { return }
        do {
            let week = try Dashboard.weeklyAverages(s.days)
            world.emit(Record("dashboard.weekly").int("days", s.days.count).decimal("earnings", week.earnings)
                .string("shown", shown(week.earnings, s, world)).decimal("clicks", week.clicks))
            let today = Dashboard.earnings(on: self.today(world), s.days)
            let yesterday = Dashboard.earnings(on: self.today(world, daysBack: 1), s.days)
            let c = try Dashboard.comparison(today: today, yesterday: yesterday)
            var r = Record("dashboard.compare").decimal("today", today).decimal("yesterday", yesterday).decimal("delta", c.delta)
                .string("deltaShown", shown(c.delta, s, world))
            r = c.percent.map { r.decimal("percent", $0).word("percentShown", $0.text(places: 1, mode: .bankers) + "%") } ?? r.word("percent", "none")
            world.emit(r)
        } catch {
            world.emit(Record("dashboard.overflow").string("detail", "\(error)"))
        }
    }

    /// Today, the live average rates ("estimated, average so far today") and the data's age.
    static func showLive(_ s: AdEarningsState, _ world: inout World<AdEarnings>) {
        guard s.updatedAt != nil else { return }
        let day = today(world)
        let earned = Dashboard.earnings(on: day, s.days)
        let seconds = world.isOn(.todayInDeviceZone) ? ReportCalendar.secondsIntoDay(world.now, in: world.zone) : ReportCalendar.secondsIntoDay(world.now)
        world.emit(Record("dashboard.today").word("day", day).string("label", world.isOn(.todayInDeviceZone) ? "Today" : todayLabel)
            .decimal("earnings", earned).string("shown", shown(earned, s, world)))
        do {
            let r = try Dashboard.rates(today: earned, secondsIntoDay: seconds, floor: !world.isOn(.noRateFloor),
                                        fromPerSecond: world.isOn(.perHourFromPerSecond))
            // GAP: per second and per minute to 3 significant digits, per hour in the currency's digits.
            world.emit(Record("dashboard.rates").int("seconds", Int(r.seconds)).decimal("perSecond", r.perSecond)
                .decimal("perMinute", r.perMinute).decimal("perHour", r.perHour)
                .string("shown", "\(shown(r.perSecond, s, world, precision: .significantDigits(3)))/s \(shown(r.perMinute, s, world, precision: .significantDigits(3)))/min \(shown(r.perHour, s, world))/h")
                .string("caption", "Estimated, average so far today"))
        } catch {
            world.emit(Record("dashboard.overflow").string("detail", "\(error)"))
        }
        if let age = ageSeconds(s, world) { world.emit(Record("dashboard.updated").int("ageSeconds", age)) }
    }

    /// "View earnings in your preferred currency": an ISO code the locale table formats; a signed-in
    /// dashboard refetches the week in it (GAP), the rows keep their own currency until then (D1).
    static func setCurrency(_ s: inout AdEarningsState, _ code: String, _ world: inout World<AdEarnings>) {
        guard Currency.named(code) != nil else {
            world.reject("setCurrency", "unknownCurrency") { $0.word("code", code).string("known", Currency.all.map(\.code).joined(separator: " ")) }
            return
        }
        let was = s.preferredCurrency
        s.preferredCurrency = code
        world.emit(Record("currency.preferred").word("code", code).word("was", was))
        guard code != was else { return }
        switch s.auth {
        case .signedIn, .refreshing: refresh(&s, .appear, &world)
        case .signedOut where s.keychain.item(OAuthConfig.refreshKey) != nil: refresh(&s, .appear, &world)
        default: break
        }
    }

    /// The threshold alert; the first `threshold` line asks for notification permission.
    static func setThreshold(_ s: inout AdEarningsState, _ amount: String?, _ world: inout World<AdEarnings>) {
        guard let amount else {
            s.threshold = nil
            world.emit(Record("threshold").word("amount", "off"))
            return
        }
        guard let value = try? DecimalNumber(parsing: amount), !value.isNegative, !value.isZero else {
            world.reject("threshold", "notPositiveDecimal") { $0.string("amount", amount) }
            return
        }
        s.threshold = value.canonicalText
        world.emit(Record("threshold").decimal("amount", value).word("currency", s.preferredCurrency))
        if s.centre.authorization == .notDetermined { s.centre.requestAuthorization(answer: s.notificationAnswer, &world) }
        checkThreshold(&s, &world)
    }

    /// Posts "today passed …" once per LA day when today's earnings reach the threshold, only
    /// when the days are in the threshold's currency (a USD threshold says nothing about INR).
    static func checkThreshold(_ s: inout AdEarningsState, _ world: inout World<AdEarnings>) {
        guard let t = s.threshold, let limit = try? DecimalNumber(parsing: t), s.updatedAt != nil else { return }
        let day = today(world)
        guard s.alertedDay != day else { return }
        guard s.daysCurrency == s.preferredCurrency else {
            world.emit(Record("threshold.skipped").word("reason", "currencyMismatch").word("days", s.daysCurrency).word("threshold", s.preferredCurrency))
            return
        }
        let earned = Dashboard.earnings(on: day, s.days)
        guard !(earned < limit) else { return }
        s.alertedDay = day
        let content = NotificationContent(title: "Today passed \(shown(limit, s, world))",
                                          body: "Estimated so far today (Pacific time): \(shown(earned, s, world))")
        world.emit(Record("threshold.alert").word("day", day).string("title", content.title).string("body", content.body))
        s.centre.add(NotificationRequest(identifier: "threshold.\(day)", content: content, trigger: .timeInterval(.seconds(1), repeats: false)),
                     &world, wake: .notificationDue)
    }
}
