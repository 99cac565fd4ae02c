import LockstepCore
import Platform

/// A token endpoint's successful grant.
struct TokenGrant {
    var accessToken: String
    var expiresInSeconds: Int
    var refreshToken: String?
}

/// Why a token call gave no grant: the transport failed (not yet recorded), Google said
/// `invalid_grant` (the refresh token is dead: sign in again), or the reply was refused (recorded).
enum TokenFailure: Error {
    case transport(TransportFailure)
    case invalidGrant
    case other
}

/// The session after sign-in: the token reply checks shared by the exchange and the refresh, the
/// refresh-token grant (item 5), and sign-out with revocation (item 8).
extension AdEarnings {
    /// Refresh the access token this long before it expires (GAP: 60 s).
    static let expiryMargin = Duration.seconds(60)

    /// Checks a token reply (status, JSON, fields, scope) and records why it is refused (D11: the
    /// status first, so `invalid_grant` reads "sign in again", not a decode failure).
    static func tokenGrant(_ done: TransportCompletion, _ world: inout World<AdEarnings>) -> Result<TokenGrant, TokenFailure> {
        guard let r = done.result.response else {
            if case .failure(let f) = done.result { return .failure(.transport(f)) }
            return .failure(.other)
        }
        let json = try? JSONDocument.parse(r.body)
        if r.status != 200, !world.isOn(.noStatusCheck) {
            let error = json?["error"]?.string ?? "none"
            world.emit(Record("auth.error").int("status", r.status).word("error", error)
                .bool("signInAgain", error == "invalid_grant"))
            return .failure(error == "invalid_grant" ? .invalidGrant : .other)
        }
        guard let json else { world.emit(Record("auth.decodeFailed").word("reason", "notJSON")); return .failure(.other) }
        guard let access = json["access_token"]?.string, !access.isEmpty else {
            world.emit(Record("auth.decodeFailed").word("reason", "missingAccessToken")); return .failure(.other)
        }
        guard let text = json["expires_in"]?.numberText, let expires = Int(text), expires > 0, expires <= 86_400 * 30 else {
            world.emit(Record("auth.decodeFailed").word("reason", "badExpiresIn")); return .failure(.other)
        }
        let scopes = (json["scope"]?.string ?? "").split(separator: " ").map(String.init)
        guard scopes.contains(OAuthConfig.reportScope) || world.isOn(.ignoreGrantedScope) else {
            world.emit(Record("auth.insufficientScope").string("missing", OAuthConfig.reportScope)
                .string("explain", "AdEarnings Pro needs \"See your AdMob data\" to show earnings; sign in again and allow it."))
            return .failure(.other)
        }
        let refresh = json["refresh_token"]?.string
        return .success(TokenGrant(accessToken: access, expiresInSeconds: expires, refreshToken: refresh?.isEmpty == false ? refresh : nil))
    }

    /// `TokenVault.save`: delete, then add `afterFirstUnlockThisDeviceOnly` (readable by a background
    /// refresh after the first unlock, never in backups or on another device).
    static func storeRefreshToken(_ s: inout AdEarningsState, _ token: String, _ world: inout World<AdEarnings>) {
        s.keychain.delete(OAuthConfig.refreshKey, &world)
        s.keychain.add(OAuthConfig.refreshKey, data: Array(token.utf8),
                       accessibility: world.isOn(.refreshInBackups) ? .afterFirstUnlock : .afterFirstUnlockThisDeviceOnly, &world)
        s.refreshTokensIssued += 1
    }

    static func signedIn(_ s: inout AdEarningsState, _ grant: TokenGrant, _ world: inout World<AdEarnings>) {
        let expiresAt = world.now + .seconds(Int64(grant.expiresInSeconds))
        s.auth = .signedIn(accessToken: grant.accessToken, expiresAt: expiresAt)
        s.revokePending = false
        world.emit(Record("auth.signedIn").int("accessTokenChars", grant.accessToken.utf8.count).instant("expiresAt", expiresAt))
    }

    /// Appear or pull: the report with a live access token; else the stored refresh token first
    /// (failure 5: never the browser again while a refresh token works).
    static func refresh(_ s: inout AdEarningsState, _ trigger: RefreshTrigger, _ world: inout World<AdEarnings>) {
        switch s.auth {
        case .signedIn(let token, let expiresAt):
            if world.now < expiresAt - expiryMargin { requestReport(&s, trigger, token: token, &world); return }
            if world.isOn(.signInEachTime) {
                // Fault failure 5: an expired session sends the user back through the browser,
                // and each sign-in spends one of the client's refresh tokens.
                s.auth = .signedOut
                world.emit(Record("auth.signInRequired").word("reason", "accessExpired"))
                signIn(&s, &world)
                return
            }
            refreshAccess(&s, trigger, &world)
        case .refreshing:
            s.reportAfterRefresh = trigger
            world.emit(Record("refresh.joined").word("trigger", trigger.rawValue).word("waitingFor", "tokenRefresh"))
        case .signedOut:
            guard s.keychain.item(OAuthConfig.refreshKey) != nil else { world.reject("refresh", "signed-out"); return }
            refreshAccess(&s, trigger, &world)
        case .awaitingCallback, .exchanging:
            world.reject("refresh", "signing-in")
        }
    }

    /// The refresh-token grant: `client_id`, `grant_type=refresh_token`, `refresh_token`.
    static func refreshAccess(_ s: inout AdEarningsState, _ trigger: RefreshTrigger, _ world: inout World<AdEarnings>) {
        let (status, data) = s.keychain.read(OAuthConfig.refreshKey, &world)
        guard status == .success, let data, let token = String(validating: data, as: UTF8.self) else {
            s.auth = .signedOut
            let reason = status == .interactionNotAllowed ? "keychainLocked" : "noRefreshToken"
            world.emit(keptCache(s, world)(Record("refresh.failed").word("reason", reason).bool("signInAgain", status == .itemNotFound)))
            return
        }
        let fields = [("client_id", OAuthConfig.clientID), ("grant_type", "refresh_token"), ("refresh_token", token)]
        s.auth = .refreshing
        s.reportAfterRefresh = trigger
        switch s.net.send(HTTPRequest.form(OAuthConfig.tokenEndpoint, fields: fields, timeout: tokenTimeout), tag: "refresh", &world, wake: wake) {
        case .sent: break
        case .failedNow(let done): refreshReply(&s, done, &world)
        case .refused: s.auth = .signedOut; s.reportAfterRefresh = nil
        }
    }

    /// The refresh grant's reply: a new access token, the stored refresh token kept unless Google
    /// rotates it (GAP: never overwritten by a reply that omits it); `invalid_grant` deletes it.
    static func refreshReply(_ s: inout AdEarningsState, _ done: TransportCompletion, _ world: inout World<AdEarnings>) {
        let trigger = s.reportAfterRefresh
        s.reportAfterRefresh = nil
        s.auth = .signedOut
        switch tokenGrant(done, &world) {
        case .failure(.invalidGrant):
            s.keychain.delete(OAuthConfig.refreshKey, &world)
            world.emit(keptCache(s, world)(Record("refresh.failed").word("reason", "invalidGrant").bool("signInAgain", true)))
        case .failure(.transport(let f)):
            world.emit(keptCache(s, world)(Record("refresh.failed").word("kind", f.rawValue).word("step", "tokenRefresh")))
        case .failure(.other):
            world.emit(keptCache(s, world)(Record("refresh.failed").word("reason", "tokenRefused").word("step", "tokenRefresh")))
        case .success(let grant):
            if let rotated = grant.refreshToken {
                storeRefreshToken(&s, rotated, &world)
            } else if world.isOn(.refreshOverwritesToken) {
                // Fault: the vault saves the reply's missing refresh token, i.e. deletes it.
                s.keychain.delete(OAuthConfig.refreshKey, &world)
            }
            signedIn(&s, grant, &world)
            if let trigger, case .signedIn(let token, _) = s.auth { requestReport(&s, trigger, token: token, &world) }
        }
    }

    /// Sign-out: revoke the grant at Google (the refresh token, else the access token), then
    /// delete the Keychain item and the cache at once, online or not (GAP: an unreachable revoke
    /// is `signOut.revokePending`; the wipe never waits for the network).
    static func signOut(_ s: inout AdEarningsState, _ world: inout World<AdEarnings>) {
        var token: String?
        if s.keychain.item(OAuthConfig.refreshKey) != nil {
            let (status, data) = s.keychain.read(OAuthConfig.refreshKey, &world)
            if status == .success, let data { token = String(validating: data, as: UTF8.self) }
        }
        if token == nil, case .signedIn(let access, _) = s.auth { token = access }
        let hasData = !s.days.isEmpty || s.updatedAt != nil
        guard token != nil || hasData else { world.reject("signOut", "signed-out"); return }
        // Requests of the old session must not repopulate the screen.
        for r in s.net.inFlight where r.payload.tag != "revoke" { _ = s.net.cancel(r.id, &world) }
        s.reportAfterRefresh = nil
        world.emit(Record("signOut").bool("revokeSent", token != nil))
        if let token {
            let url = URLText.with(OAuthConfig.revokeEndpoint, query: [("token", token)])
            var headers = HTTPHeaders()
            headers.set("content-type", "application/x-www-form-urlencoded")
            switch s.net.send(HTTPRequest(.post, url, headers: headers, timeout: tokenTimeout), tag: "revoke", &world, wake: wake) {
            case .sent, .refused: break
            case .failedNow(let done): revokeReply(&s, done, &world)
            }
        }
        if !world.isOn(.signOutNeedsNetwork) { wipe(&s, &world) }
    }

    /// Deletes everything the session left: the refresh token, the cache, the days on screen.
    static func wipe(_ s: inout AdEarningsState, _ world: inout World<AdEarnings>) {
        if s.keychain.item(OAuthConfig.refreshKey) != nil { s.keychain.delete(OAuthConfig.refreshKey, &world) }
        _ = s.files.remove(ReportCache.path, &world)
        s.days = []
        s.updatedAt = nil
        s.auth = .signedOut
        s.alertedDay = nil
        world.emit(Record("signOut.wiped").bool("keychainEmpty", s.keychain.item(OAuthConfig.refreshKey) == nil))
    }

    static func revokeReply(_ s: inout AdEarningsState, _ done: TransportCompletion, _ world: inout World<AdEarnings>) {
        guard let r = done.result.response else {
            if case .failure(let f) = done.result {
                s.revokePending = true
                world.emit(Record("signOut.revokePending").word("kind", f.rawValue)
                    .string("explain", "Signed out on this device; remove AdEarnings Pro's access in your Google Account's security settings."))
            }
            return
        }
        // Google answers 400 invalid_token for a grant already gone: nothing left to revoke.
        let error = (try? JSONDocument.parse(r.body))?["error"]?.string
        if r.status == 200 || (r.status == 400 && error == "invalid_token") {
            s.revokePending = false
            world.emit(Record("signOut.revoked").int("status", r.status))
            if world.isOn(.signOutNeedsNetwork) { wipe(&s, &world) }
        } else {
            s.revokePending = true
            world.emit(Record("signOut.revokePending").int("status", r.status).word("error", error ?? "none"))
        }
    }
}
