import LockstepCore

/// Invariants checked after every step, and a random explorer of sign-in and report lines.
extension AdEarnings {
    public static let invariants: [Invariant<AdEarnings>] = [
        Invariant("refreshTokenThisDeviceOnly", "a stored refresh token is never in backups") { s, _ in
            s.keychain.items.allSatisfy { $0.accessibility == .afterFirstUnlockThisDeviceOnly } ? nil : "refresh token not ThisDeviceOnly"
        },
        Invariant("uniqueDays", "the report lists each LA day once") { s, _ in
            Set(s.days.map(\.day)).count == s.days.count ? nil : "duplicate report day"
        },
        Invariant("validDays", "every kept day is a real YYYYMMDD date") { s, _ in
            s.days.allSatisfy { ReportParser.isReportDay($0.day) } ? nil : "invalid day kept"
        },
    ]

    public static let explorer: Explorer? = Explorer(header: { _ in [] }, next: { rng, _ in
        let gap = "+\(rng.int(in: 1...20))s"
        switch rng.int(below: 6) {
        case 0: return "\(gap) signInTapped"
        case 1: return "\(gap) authCallback url=\"com.googleusercontent.apps.1234-abc:/oauth2redirect?state=2C597FD3-067A-4688-91ED-E3749B71BBDA&code=4/0Ab+c\""
        case 2: return "\(gap) net respond id=latest tag=token status=200 body=\"{\\\"access_token\\\":\\\"a\\\",\\\"expires_in\\\":3599,\\\"refresh_token\\\":\\\"r\\\",\\\"scope\\\":\\\"https://www.googleapis.com/auth/admob.report\\\"}\""
        case 3: return "\(gap) refresh"
        case 4: return "\(gap) net respond id=latest tag=report status=\(rng.chance(0.7) ? 200 : 500) body=\"[{\\\"row\\\":{\\\"dimensionValues\\\":{\\\"DATE\\\":{\\\"value\\\":\\\"20260101\\\"}},\\\"metricValues\\\":{\\\"ESTIMATED_EARNINGS\\\":{\\\"microsValue\\\":5}}}}]\""
        default: return "\(gap) authCancelled"
        }
    })
}
