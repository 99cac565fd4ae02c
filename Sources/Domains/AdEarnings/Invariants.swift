import LockstepCore
import Platform

/// Invariants checked after every step, and a random explorer of sign-in, refresh, report and
/// sign-out lines.
extension AdEarnings {
    /// Failure 13 and the listing's promise: every request goes to Google, nowhere else.
    static let googleHosts = ["https://accounts.google.com/", "https://oauth2.googleapis.com/", "https://admob.googleapis.com/"]

    public static let invariants: [Invariant<AdEarnings>] = [
        Invariant("refreshTokenThisDeviceOnly", "a stored refresh token is never in backups") { s, _ in
            s.keychain.items.allSatisfy { $0.accessibility == .afterFirstUnlockThisDeviceOnly } ? nil : "refresh token not ThisDeviceOnly"
        },
        Invariant("onlyGoogleEndpoints", "every request made goes to a Google endpoint (no analytics, no server of ours)") { s, _ in
            for key in s.net.audit.keys {  // lint:allow unordered-iteration — NetworkAudit.keys is an array, in send order
                let url = key.split(separator: " ").dropFirst().first.map(String.init) ?? key
                if !googleHosts.contains(where: { url.hasPrefix($0) }) { return "request to \(url)" }
            }
            return nil
        },
        Invariant("uniqueDays", "the report lists each LA day once") { s, _ in
            Set(s.days.map(\.day)).count == s.days.count ? nil : "duplicate report day"
        },
        Invariant("validDays", "every kept day is a real YYYYMMDD date with exact, canonical decimal earnings") { s, _ in
            for d in s.days {
                if !ReportParser.isReportDay(d.day) { return "invalid day \(d.day) kept" }
                // A Double's text ("5e-06", "12.0") is not what exact micros / 10^6 give.
                guard let e = try? DecimalNumber(parsing: d.earnings), e.canonicalText == d.earnings else {
                    return "day \(d.day) earnings \(d.earnings) are not a canonical decimal"
                }
            }
            return nil
        },
        Invariant("sessionKeepsRefreshToken", "a session resumed with the stored refresh token still has it afterwards") { s, _ in
            guard case .signedIn = s.auth, s.signIns == 0, s.keychain.counts.lost == 0 else { return nil }
            return s.keychain.item(OAuthConfig.refreshKey) == nil ? "signed in by refresh, but the refresh token is gone" : nil
        },
        Invariant("cacheMatchesScreen", "a cache the app wrote holds the days on screen, their currency and the same instant (D8)") { s, _ in
            guard let entry = s.files.peek(ReportCache.path), case .success(let c) = ReportCache.decode(entry.bytes),
                  c.currencyCode != nil || s.updatedAt != nil else { return nil }
            guard let at = s.updatedAt else { return "a cache is stored but nothing is on screen" }
            if c.at != at { return "cache at \(c.at) but the screen's updatedAt is \(at)" }
            if c.days != s.days { return "cache holds \(c.days.count) days, the screen \(s.days.count)" }
            if let code = c.currencyCode, code != s.daysCurrency { return "cache in \(code), screen in \(s.daysCurrency)" }
            return nil
        },
    ]

    static let tokenBodyNoRefresh = "{\\\"access_token\\\":\\\"b\\\",\\\"expires_in\\\":3599,\\\"scope\\\":\\\"https://www.googleapis.com/auth/admob.report\\\"}"
    static let tokenBody = "{\\\"access_token\\\":\\\"a\\\",\\\"expires_in\\\":3599,\\\"refresh_token\\\":\\\"r\\\",\\\"scope\\\":\\\"https://www.googleapis.com/auth/admob.report\\\"}"

    /// Walks start with a stored refresh token (a browser callback's state cannot be known ahead of
    /// the walk's seed), so refreshes, rotations, reports, the cache and sign-out are all reached.
    public static let explorer: Explorer? = Explorer(header: { _ in ["set refreshToken \"1//explore-refresh\""] }, next: { rng, _ in
        // Mostly inside the 30 s timeouts, sometimes past them or past the hour's expiry.
        let gap = rng.chance(0.85) ? "+\(rng.int(in: 1...20))s" : "+\(rng.int(in: 60...3600))s"
        let roll = rng.int(below: 40)
        switch roll {
        case 0..<8: return "\(gap) refresh\(rng.chance(0.5) ? " trigger=appear" : "")"
        case 8..<14: return "\(gap) net respond id=latest tag=refresh status=\(rng.chance(0.9) ? 200 : 400) body=\"\(rng.chance(0.5) ? tokenBody : tokenBodyNoRefresh)\""
        case 14..<22:
            let micros = ["5", "\\\"1234567\\\"", "6500000", "\\\"12abc\\\""][rng.int(below: 4)]
            return "\(gap) net respond id=latest tag=report status=\(rng.chance(0.8) ? 200 : 500) body=\"[{\\\"row\\\":{\\\"dimensionValues\\\":{\\\"DATE\\\":{\\\"value\\\":\\\"2026010\(rng.int(in: 1...9))\\\"}},\\\"metricValues\\\":{\\\"ESTIMATED_EARNINGS\\\":{\\\"microsValue\\\":\(micros)}}}}]\""
        case 22..<25: return "\(gap) net offline on=\(rng.chance(0.5))"
        case 25..<27: return "\(gap) currency code=\(["USD", "INR", "EUR", "JPY"][rng.int(below: 4)])"
        case 27..<31: return "\(gap) tick"
        case 31: return "\(gap) signOut"
        case 32: return "\(gap) net respond id=latest tag=revoke status=200 body=\"{}\""
        case 33: return "\(gap) device lock state=\(["locked", "unlocked", "beforeFirstUnlock"][rng.int(below: 3)])"
        case 34: return "\(gap) threshold amount=\"\(rng.int(in: 1...20))\""
        case 35: return "\(gap) signInTapped"
        case 36: return "\(gap) authCancelled"
        default: return "\(gap) net respond id=latest tag=token status=200 body=\"\(tokenBody)\""
        }
    })
}
