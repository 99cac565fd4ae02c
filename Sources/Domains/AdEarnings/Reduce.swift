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
        case .refresh: requestReport(&s, &world)
        case .network(let e):
            guard let done = s.net.handle(e, &world, wake: wake) else { return }
            switch done.tag {
            case "token": tokenReply(&s, done, &world)
            default: reportReply(&s, done, &world)
            }
        }
    }

    /// PKCE and state from the seeded RNG, then the authorization URL (byte-exact in the golden).
    static func signIn(_ s: inout AdEarningsState, _ world: inout World<AdEarnings>) {
        if case .signedIn = s.auth { world.reject("signInTapped", "already-signed-in"); return }
        if case .exchanging = s.auth { world.reject("signInTapped", "exchange-in-flight"); return }
        s.signIns += 1
        var rng = world.rng("pkce", UInt64(s.signIns))
        let pkce = PKCE(verifier: PKCE.verifier(bytes: PKCE.randomBytes(&rng)))
        let state = world.uuid().description
        s.auth = .awaitingCallback(pkce, state: state)
        world.emit(Record("auth.url").string("url", OAuthConfig.authorizationURL(challenge: pkce.challenge, state: state,
            scope: world.isOn(.broadScope) ? OAuthConfig.readonlyScope : OAuthConfig.reportScope))
            .int("verifierChars", pkce.verifier.utf8.count))
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

    static func tokenReply(_ s: inout AdEarningsState, _ done: TransportCompletion, _ world: inout World<AdEarnings>) {
        s.auth = .signedOut
        guard let r = done.result.response else {
            if case .failure(let f) = done.result { world.emit(Record("auth.failed").word("kind", f.rawValue)) }
            return
        }
        let json = try? JSONDocument.parse(r.body)
        if r.status != 200, !world.isOn(.noStatusCheck) {
            let error = json?["error"]?.string ?? "none"
            world.emit(Record("auth.error").int("status", r.status).word("error", error)
                .bool("signInAgain", error == "invalid_grant"))
            return
        }
        guard let json else { world.emit(Record("auth.decodeFailed").word("reason", "notJSON")); return }
        guard let access = json["access_token"]?.string, !access.isEmpty else {
            world.emit(Record("auth.decodeFailed").word("reason", "missingAccessToken")); return
        }
        guard let text = json["expires_in"]?.numberText, let expires = Int(text), expires > 0, expires <= 86_400 * 30 else {
            world.emit(Record("auth.decodeFailed").word("reason", "badExpiresIn")); return
        }
        let scopes = (json["scope"]?.string ?? "").split(separator: " ").map(String.init)
        guard scopes.contains(OAuthConfig.reportScope) || world.isOn(.ignoreGrantedScope) else {
            world.emit(Record("auth.insufficientScope").string("missing", OAuthConfig.reportScope)
                .string("explain", "AdEarnings Pro needs \"See your AdMob data\" to show earnings; sign in again and allow it."))
            return
        }
        if let refresh = json["refresh_token"]?.string, !refresh.isEmpty {
            s.keychain.delete(OAuthConfig.refreshKey, &world)
            s.keychain.add(OAuthConfig.refreshKey, data: Array(refresh.utf8), accessibility: world.isOn(.refreshInBackups) ? .afterFirstUnlock : .afterFirstUnlockThisDeviceOnly, &world)
        }
        let expiresAt = world.now + .seconds(Int64(expires))
        s.auth = .signedIn(accessToken: access, expiresAt: expiresAt)
        world.emit(Record("auth.signedIn").int("accessTokenChars", access.utf8.count).instant("expiresAt", expiresAt))
    }
}
