import LockstepCore
import Platform

extension Darshan {
    public static func reduce(_ s: inout DarshanState, _ event: DarshanEvent, _ world: inout World<Darshan>) {
        switch event {
        case .lifecycle(let line):
            guard line.process == "app" else {
                world.reject(LifecycleVocabulary.kind, "unknown-process") { $0.word("process", line.process) }
                return
            }
            lifecycle(line.event, &s, &world)
        case .addTemple(let input): Catalog.addTemple(input, &s, &world)
        case .addAarti(let temple, let key, let name, let hour, let minute):
            Catalog.addAarti(temple, key: key, name: name, hour: hour, minute: minute, &s, &world)
        case .removeTemple(let id): Catalog.removeTemple(id, &s, &world)
        case .show(let id): Catalog.show(id, s, &world)
        case .open(let id):
            guard requireApp("open", s, &world) else { return }
            guard let t = s.temple(id) else {
                world.reject("open", "unknown-temple") { $0.word("temple", id) }
                return
            }
            openTemple(t, &s, &world)
        case .itemStatus(let token, let status): Player.status(token, status, &s, &world)
        case .pip(let button):
            switch button {
            case .restore:
                // iOS brings the app forward, then asks it to restore its interface.
                if s.pip.active { bringToForeground(&s, &world) }
                PictureInPicture.restore(&s, &world, reason: "restoreButton")
            case .close: PictureInPicture.close(&s, &world)
            }
        case .navigate(let push):
            guard requireApp("navigate", s, &world) else { return }
            if let push { PictureInPicture.push(push, &s, &world) } else { PictureInPicture.pop(&s, &world) }
        case .setSpeed(let rate): Player.setSpeed(rate, &s, &world)
        case .setReminder(let temple, let aarti, let lead, let timeSensitive):
            Reminders.set(temple, aarti, lead: lead, timeSensitive: timeSensitive, &s, &world)
        case .cancelReminder(let temple, let aarti):
            guard requireApp("cancelReminder", s, &world) else { return }
            Reminders.cancel(temple, aarti, &s, &world)
        case .respond(let id, let action): Responses.respond(id, action, &s, &world)
        case .widgetRequest: WidgetReload.reload(&s, &world, reason: "request")
        case .widgetReload:
            s.widget.reloadTimer = nil
            WidgetReload.reload(&s, &world, reason: "policy")
        case .openInMaps(let id):
            guard requireApp("maps", s, &world) else { return }
            guard let t = s.temple(id) else {
                world.reject("maps", "unknown-temple") { $0.word("temple", id) }
                return
            }
            Maps.open(t, s, &world)
        case .osUpdate(let major, let minor):
            s.device.os = OSRelease(major, minor)
            world.emit(Record("os").word("version", s.device.os.description))
        case .settings(let status):
            s.centre.setAuthorization(status, &world)
            if status == .denied { Reminders.permissionHint(&world) }
        case .audit:
            world.emit(Record("audit").string("text", "Pending: \(s.centre.pending.count) / \(NotificationCentre.pendingLimit)")
                .int("reminders", s.reminders.count).int("budget", DarshanConstants.reminderBudget))
            s.centre.audit(&world)
        case .notificationDue:
            let deliveries = s.centre.deliverDue(&world, appIsActive: s.life.isActive, wake: .notificationDue)
            for d in deliveries where d.presentation == .foreground {
                // willPresent: show reminders even while the app is open (reading the Gita).
                world.emit(Record("presented").string("id", d.identifier).word("options", "banner,sound"))
            }
        }
    }

    public static func zoneChanged(_ s: inout DarshanState, _ world: inout World<Darshan>) {
        s.centre.zoneChanged(&world, wake: .notificationDue)
    }

    /// Whether the app's process exists; if not, `input` (an event kind) is refused.
    static func requireApp(_ input: String, _ s: DarshanState, _ world: inout World<Darshan>) -> Bool {
        guard s.life.phase.processExists else {
            world.reject(input, "app-not-running")
            return false
        }
        return true
    }

    /// Deep link or tap: the temple's darshan screen on top of the stack, then `start(temple)`.
    static func openTemple(_ t: Temple, _ s: inout DarshanState, _ world: inout World<Darshan>) {
        let target = PictureInPicture.screen(t.id)
        if s.pip.active {
            // A new temple takes over the one player: the floating window closes first.
            s.pip.active = false
            world.emit(Record("pip.stopped").word("reason", "newTemple"))
        }
        if let top = s.navigation.last, top.hasPrefix("darshan."), top != target { s.navigation.removeLast() }
        if s.navigation.last != target { PictureInPicture.show(target, &s, &world) }
        world.emit(Record("darshan.open").word("temple", t.id).with("nav", PictureInPicture.navValue(s)))
        Player.start(t, &s, &world)
    }

    static func bringToForeground(_ s: inout DarshanState, _ world: inout World<Darshan>) {
        if s.life.phase == .background || s.life.phase == .suspended {
            perform(s.life.handle(.enterForeground, &world).actions, &s, &world)
        }
        if !s.life.isActive && s.life.phase.isForeground { perform(s.life.handle(.becomeActive, &world).actions, &s, &world) }
    }

    static func lifecycle(_ event: LifecycleEvent, _ s: inout DarshanState, _ world: inout World<Darshan>) {
        let before = s.life.phase
        let t = s.life.handle(event, &world)
        perform(t.actions, &s, &world)
        guard s.life.phase != before else { return }
        // Opening the app from its icon leaves a PiP window floating; only its restore button
        // brings the video back into the app.
        if case .enterBackground = event { PictureInPicture.enteredBackground(&s, &world) }
    }

    static func perform(_ actions: [LifecycleAction], _ s: inout DarshanState, _ world: inout World<Darshan>) {
        for action in actions {
            switch action {
            case .loadFromDisk:
                // In the app delegate, before launch finishes: categories, then the delegate, so
                // the response that launched the app reaches it.
                s.centre.setCategories([Reminders.category], &world)
                s.delegateSet = !world.isOn(.delegateSetLate)
                s.navigation = ["home"]
                world.emit(Record("launch").bool("delegateSet", s.delegateSet))
            case .refresh:
                if !s.delegateSet {
                    s.delegateSet = true
                    world.emit(Record("delegate.set").word("when", "afterLaunch"))
                }
            case .discardMemory:
                // The process ended: the app-level player and the screens go with it.
                if s.player.item != nil || s.pip.active {
                    world.emit(Record("player.ended").int("token", s.player.item?.token ?? 0).word("reason", "processEnded"))
                }
                let tokens = s.player.nextToken
                s.player = PlayerSession()
                s.player.nextToken = tokens
                s.pip.active = false
                s.audio = AudioSessionState()
                s.navigation = []
                s.delegateSet = false
            case .pause, .saveState, .releaseMemory: break
            }
        }
    }
}
