import LockstepCore
import Platform

extension AdEarnings {
    static func wake(_ t: NetTimer) -> AdEarningsEvent { .network(.timer(t)) }
    /// The report request's timeout (URLRequest's default would be 60 s; GAP: 30 s).
    static let reportTimeout = Duration.seconds(30)
    static let tokenTimeout = Duration.seconds(30)

    public static func reduce(_ s: inout AdEarningsState, _ event: AdEarningsEvent, _ world: inout World<AdEarnings>) {
        switch event {
        case .signInTapped: signIn(&s, &world)
        case .authCallback(let url): callback(&s, url, &world)
        case .authCancelled:
            guard case .awaitingCallback = s.auth else { world.reject("authCancelled", "not-awaiting-callback"); return }
            s.auth = .signedOut
            world.emit(Record("auth.cancelled"))
        case .refresh(let trigger): refresh(&s, trigger, &world)
        case .signOut: signOut(&s, &world)
        case .setCurrency(let code): setCurrency(&s, code, &world)
        case .setThreshold(let amount): setThreshold(&s, amount, &world)
        case .tick: showLive(s, &world)
        case .notificationDue:
            // The dashboard is on screen when a refresh posts the alert (background refresh is
            // not modelled): iOS asks willPresent, which answers banner.
            _ = s.centre.deliverDue(&world, appIsActive: true, wake: .notificationDue)
        case .device(let line):
            s.keychain.apply(line, &world)
            if case .lock(let state) = line { s.files.setLock(state, &world) }
        case .locale(let id):
            s.locale = id
            world.emit(Record("locale").word("id", id.rawValue))
            showDays(s, &world)
            showLive(s, &world)
        case .network(let e):
            guard let done = s.net.handle(e, &world, wake: wake) else { return }
            switch done.tag {
            case "token": tokenReply(&s, done, &world)
            case "refresh": refreshReply(&s, done, &world)
            case "revoke": revokeReply(&s, done, &world)
            default: reportReply(&s, done, &world)
            }
        }
    }

    /// PKCE and state from the seeded RNG, then the authorization URL (byte-exact in the golden).
    /// D5: when `SecRandomCopyBytes` fails the sign-in fails; it never goes on with zero bytes.
    /// Failure 1: the session is `ASWebAuthenticationSession` (the system browser, sharing the
    /// user's Google session); an embedded web view is refused by Google with `disallowed_useragent`.
    static func signIn(_ s: inout AdEarningsState, _ world: inout World<AdEarnings>) {
        switch s.auth {
        case .signedIn: world.reject("signInTapped", "already-signed-in"); return
        case .exchanging, .refreshing: world.reject("signInTapped", "token-request-in-flight"); return
        case .signedOut, .awaitingCallback: break
        }
        s.signIns += 1
        var bytes = [UInt8](repeating: 0, count: PKCE.verifierByteCount)
        if s.randomFails {
            guard world.isOn(.ignoreRandomStatus) else {
                s.auth = .signedOut
                world.emit(Record("auth.failed").word("reason", "randomUnavailable").word("status", "errSecAllocate"))
                return
            }
            // Fault D5: the status is ignored and the zeroed buffer becomes the verifier.
        } else {
            var rng = world.rng("pkce", UInt64(s.signIns))
            bytes = PKCE.randomBytes(&rng)
        }
        let pkce = PKCE(verifier: PKCE.verifier(bytes: bytes))
        let state = world.uuid().description
        let url = OAuthConfig.authorizationURL(challenge: pkce.challenge, state: state,
                                               scope: world.isOn(.broadScope) ? OAuthConfig.readonlyScope : OAuthConfig.reportScope)
        world.emit(Record("auth.url").string("url", url).int("verifierChars", pkce.verifier.utf8.count))
        if world.isOn(.embeddedWebView) {
            // Fault failure 1: the page loads in a WKWebView and Google refuses the agent (403).
            s.auth = .signedOut
            world.emit(Record("auth.failed").word("reason", "disallowed_useragent").int("status", 403))
            return
        }
        s.auth = .awaitingCallback(pkce, state: state)
    }

    /// The query items of a callback URL, split at `&` and the first `=` (values are used as sent:
    /// GAP, Google's code and our state need no percent-decoding).
    static func queryItems(_ url: String) -> [(String, String)]? {
        guard let q = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first, !q.isEmpty else { return nil }
        return q.split(separator: "&").map { part in
            let kv = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(kv[0]), kv.count > 1 ? String(kv[1]) : "")
        }
    }

    static func callback(_ s: inout AdEarningsState, _ url: String, _ world: inout World<AdEarnings>) {
        guard case .awaitingCallback(let pkce, let expected) = s.auth else { world.reject("authCallback", "not-awaiting-callback"); return }
        guard url.hasPrefix(OAuthConfig.redirectURI) else { s.auth = .signedOut; world.reject("authCallback", "wrong-redirect"); return }
        guard let items = queryItems(url) else { s.auth = .signedOut; world.reject("authCallback", "no-query"); return }
        func item(_ n: String) -> String? { items.first { $0.0 == n }?.1 }
        if let e = item("error") { s.auth = .signedOut; world.reject("authCallback", "auth-error") { $0.string("error", e) }; return }
        if !world.isOn(.noStateCheck), item("state") != expected {
            s.auth = .signedOut
            world.reject("authCallback", "state-mismatch")
            return
        }
        guard let code = item("code"), !code.isEmpty else { s.auth = .signedOut; world.reject("authCallback", "missing-code"); return }
        let fields = [
            ("client_id", OAuthConfig.clientID), ("code", code), ("code_verifier", pkce.verifier),
            ("grant_type", "authorization_code"), ("redirect_uri", OAuthConfig.redirectURI),
        ]
        var request = HTTPRequest.form(OAuthConfig.tokenEndpoint, fields: fields, timeout: tokenTimeout)
        if world.isOn(.plusUnescaped) {
            // Fault D10: URLComponents-style query text, `+` and `/` left raw.
            request.body = Array(fields.map { "\($0.0)=\($0.1)" }.joined(separator: "&").utf8)
        }
        s.auth = .exchanging
        switch s.net.send(request, tag: "token", &world, wake: wake) {
        case .sent: break
        case .failedNow(let done): tokenReply(&s, done, &world)
        case .refused: s.auth = .signedOut
        }
    }

    /// The authorization-code exchange's reply.
    static func tokenReply(_ s: inout AdEarningsState, _ done: TransportCompletion, _ world: inout World<AdEarnings>) {
        s.auth = .signedOut
        let token: TokenGrant
        switch tokenGrant(done, &world) {
        case .success(let t): token = t
        case .failure(.transport(let f)): world.emit(Record("auth.failed").word("kind", f.rawValue)); return
        case .failure: return
        }
        guard let refresh = token.refreshToken else {
            // GAP: an exchange without a refresh token signs in for this hour only.
            world.emit(Record("auth.noRefreshToken"))
            signedIn(&s, token, &world)
            return
        }
        storeRefreshToken(&s, refresh, &world)
        signedIn(&s, token, &world)
    }
}
