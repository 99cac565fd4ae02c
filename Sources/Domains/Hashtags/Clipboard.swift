import LockstepCore
import Platform

/// `Clipboard.copy` (the article's §4) on the shared `Platform` `Pasteboard`, and Instagram as
/// the destination that reads it.
extension Hashtags {
    static func copy(expiresAfter: Duration?, localOnly: Bool, _ s: inout HashtagsState, _ world: inout World<Hashtags>) {
        guard !s.picked.isEmpty else {
            world.reject("copy", "nothing-picked")
            return
        }
        if let d = expiresAfter, d <= .zero {
            world.reject("copy", "bad-expiry") { $0.duration("expiresAfter", d) }
            return
        }
        let text = s.picked.joined(separator: " ")
        let expiresAt = expiresAfter.map { world.now + $0 }
        guard s.pasteboard.write([PasteboardItem(type: PasteboardItem.plainTextType, text: text)], by: .thisApp,
                                 localOnly: localOnly, expiresAt: expiresAt, &world) else { return }
        if let at = expiresAt { _ = world.schedule(at: at, .pasteboardExpiry) }
        world.emit(Record("copied").int("tags", s.picked.count).string("text", text))
        if world.isOn(.silentCopy) { return }
        s.successHaptics += 1
        world.emit(Record("haptic").word("kind", "success"))
        let n = s.picked.count
        let banner = n == 1 ? "Copied 1 tag" : "Copied \(n) tags"
        if let t = s.bannerTimer { world.cancel(t) }
        s.bannerSerial += 1
        s.banner = banner
        s.bannerTimer = world.schedule(after: bannerLifetime, .bannerHide(s.bannerSerial))
        world.emit(Record("banner").string("text", banner).instant("until", world.now + bannerLifetime))
    }

    /// Instagram reads what was copied and posts the caption, or refuses it past its rule of 5.
    static func pasteIntoInstagram(_ s: inout HashtagsState, _ world: inout World<Hashtags>) {
        s.pasteboard.expire(&world)
        guard let text = s.pasteboard.peekString, !text.isEmpty else {
            world.emit(Record("instagram.post").int("tags", 0).bool("posted", false).string("reason", "nothing to paste"))
            return
        }
        let count = text.unicodeScalars.split { Hashtag.isWhitespaceOrNewline($0.value) }.filter { $0.first == "#" }.count
        if count > instagramTagLimit {
            s.postsRefused += 1
            world.emit(Record("instagram.post").int("tags", count).int("limit", instagramTagLimit).bool("posted", false)
                .string("reason", "more than \(instagramTagLimit) tags: your comment won't post"))
        } else {
            s.postsAccepted += 1
            world.emit(Record("instagram.post").int("tags", count).int("limit", instagramTagLimit).bool("posted", true))
        }
    }
}
