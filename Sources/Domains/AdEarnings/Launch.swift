import LockstepCore
import Platform

extension AdEarnings {
    /// `Dashboard.init`: the cached week first ("instant first paint, even offline"), labelled with
    /// the currency it was reported in (D2); a file that does not decode is reported and ignored
    /// (the article's `try?`), and stays until a good report replaces it. Runs at start when the
    /// scenario gives an earlier run's cache or refresh token.
    static func launch(_ s: inout AdEarningsState, _ world: inout World<AdEarnings>) {
        var r = Record("launch")
        switch s.files.read(ReportCache.path, &world) {
        case .ok(let bytes):
            switch ReportCache.decode(bytes) {
            case .success(let c):
                // Fault D2: `Cached` has no currency, so the file's is never read.
                let stored = world.isOn(.cacheWithoutCurrency) ? nil : c.currencyCode
                s.days = c.days
                s.updatedAt = c.at
                s.daysCurrency = stored ?? s.preferredCurrency
                r = r.word("cache", "loaded").int("days", c.days.count).int("ageSeconds", ageSeconds(s, world) ?? -1)
                    .word("currency", s.daysCurrency)
                if stored == nil { r = r.word("currencyFrom", "preference") }
            case .failure(let f):
                r = r.word("cache", "corrupt").word("reason", f.reason).string("detail", f.detail)
            }
        case .missing: r = r.word("cache", "missing")
        case .corrupt(let reason): r = r.word("cache", "corrupt").string("detail", reason)
        case .denied: r = r.word("cache", "denied")
        }
        world.emit(r.bool("refreshToken", s.keychain.item(OAuthConfig.refreshKey) != nil))
        showDays(s, &world)
        showLive(s, &world)
    }
}
