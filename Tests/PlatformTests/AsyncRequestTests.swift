import LockstepCore
import LockstepRunner
import Platform
import Testing

@Suite struct AsyncRequestTests {
    @Test func idsAreAssignedInOrderAndNeverReused() throws {
        var sim = try Simulation<AsyncHarness>()
        var ids: [RequestID?] = []
        sim.run { s, w in
            ids.append(s.requests.send("run", "a", &w))
            ids.append(s.requests.send("run", "b", &w))
            _ = s.requests.complete(RequestID(1), .result("ok"), &w)
            ids.append(s.requests.send("run", "c", &w))
        }
        #expect(ids == [RequestID(1), RequestID(2), RequestID(3)])
        #expect(sim.state.requests.inFlight.map(\.id) == [RequestID(2), RequestID(3)])
        #expect(sim.lines.first == "request.sent table=runner id=1 kind=run inFlight=1")
    }

    @Test func firstReplyCompletesExactlyOnceAndLaterRepliesAreRecorded() throws {
        var sim = try Simulation<AsyncHarness>()
        var outcomes: [ReplyOutcome<String>] = []
        sim.run { s, w in _ = s.requests.send("run", "print(1)", &w) }
        sim.advance(by: .milliseconds(1500))
        sim.run { s, w in
            outcomes.append(s.requests.complete(RequestID(1), .result("ok"), &w))
            outcomes.append(s.requests.complete(RequestID(1), .result("ok"), &w))
            outcomes.append(s.requests.complete(RequestID(9), .error("boom"), &w))
            outcomes.append(s.requests.complete(RequestID(0), .result("ok"), &w))
        }
        #expect(outcomes[0].request?.payload == "print(1)")
        #expect(outcomes[1] == .duplicate)
        #expect(outcomes[2] == .unknown)
        #expect(outcomes[3] == .unknown)
        let lines = sim.lines
        #expect(lines.contains("request.completed table=runner id=1 kind=run result=ok after=1.500000000s inFlight=0"))
        #expect(lines.contains("rejected input=reply reason=duplicate table=runner id=1 result=ok"))
        #expect(lines.contains("rejected input=reply reason=unknown table=runner id=9 error=\"boom\" nextId=2"))
        #expect(sim.world.rejectionCount == 3)
        #expect(sim.state.requests.counts.completed == 1)
        #expect(sim.state.requests.counts.duplicates == 1)
        #expect(sim.state.requests.counts.unknown == 2)
    }

    @Test func replyAfterCancelIsLate() throws {
        var sim = try Simulation<AsyncHarness>()
        var outcome: ReplyOutcome<String>?
        sim.run { s, w in
            let id = s.requests.send("vision", "img1", &w)!
            s.requests.cancel(id, &w)
            s.requests.cancel(id, &w)
            outcome = s.requests.complete(id, .result("ok"), &w)
        }
        #expect(outcome == .late(.cancelled))
        #expect(sim.lines.contains("request.cancelled table=runner id=1 kind=vision inFlight=0"))
        #expect(sim.lines.contains("rejected input=cancel reason=notInFlight table=runner id=1"))
        #expect(sim.lines.contains("rejected input=reply reason=late table=runner id=1 result=ok ended=cancelled"))
    }

    /// A 10 s client timeout (algoPlayer's proposed run timeout) fires on the virtual clock as a
    /// `timer:request-timeout` step; a reply after it is late. A reply before it cancels the timer.
    @Test func timeoutOnTheVirtualClockThenLateReply() throws {
        var sim = try Simulation<AsyncHarness>()
        sim.run { s, w in
            s.requests.send("run", "slow", timeout: .seconds(10), &w) { .timeout($0) }
            s.requests.send("run", "fast", timeout: .seconds(10), &w) { .timeout($0) }
        }
        #expect(sim.world.pendingTimerCount == 2)
        sim.advance(by: .seconds(2))
        sim.run { s, w in _ = s.requests.complete(RequestID(2), .result("ok"), &w) }
        #expect(sim.world.pendingTimerCount == 1, "the completed request's timer is cancelled")
        sim.advance(by: .seconds(9))
        #expect(sim.state.timedOut == [RequestID(1)])
        let timeoutStep = sim.steps.first { $0.outputs.contains { $0.name == "request.timeout" } }
        if case .timer(let k)? = timeoutStep?.kind { #expect(k == "request-timeout") } else { Issue.record("not a timer step") }
        #expect(sim.lines.contains("request.timeout table=runner id=1 kind=run sentAt=2026-01-01T00:00:00Z after=10.000000000s inFlight=0"))
        var outcome: ReplyOutcome<String>?
        sim.run { s, w in outcome = s.requests.complete(RequestID(1), .result("ok"), &w) }
        #expect(outcome == .late(.timedOut))
        #expect(sim.lines.last == "rejected input=reply reason=late table=runner id=1 result=ok ended=timedOut")
        #expect(sim.state.requests.counts.timedOut == 1)
    }

    @Test func capacityRefusalNamesTheLimit() throws {
        var sim = try Simulation<AsyncHarness>()
        var ids: [RequestID?] = []
        sim.run { s, w in for i in 0..<5 { ids.append(s.requests.send("run", "r\(i)", &w)) } }
        #expect(ids.compactMap { $0 }.count == 4)
        #expect(ids.last == .some(nil))
        #expect(sim.lines.last == "rejected input=request reason=inFlightLimit table=runner kind=run limit=inFlight value=4")
        // A refused send takes no id: the next accepted one is 5.
        sim.run { s, w in
            s.requests.complete(RequestID(1), .result("ok"), &w)
            ids.append(s.requests.send("run", "again", &w))
        }
        #expect(ids.last == RequestID(5))
        #expect(PendingRequests<String>("x").capacity == 1024)
    }

    @Test func stateLinesAreSortedById() throws {
        var sim = try Simulation<AsyncHarness>()
        sim.run { s, w in
            s.requests.send("b", "1", &w)
            s.requests.send("a", "2", timeout: .seconds(5), &w) { .timeout($0) }
        }
        var out = CanonicalWriter()
        sim.state.requests.write(to: &out)
        let lines = String(decoding: out.bytes, as: UTF8.self).split(separator: "\n").map { $0.drop { $0 == " " } }
        let first = lines.firstIndex { $0 == "request id=1 kind=b sentAt=2026-01-01T00:00:00Z deadline=none" }
        let second = lines.firstIndex { $0 == "request id=2 kind=a sentAt=2026-01-01T00:00:00Z deadline=2026-01-01T00:00:05Z" }
        #expect(first != nil && second != nil)
        if let first, let second { #expect(first < second) }
        #expect(lines.contains { $0.hasPrefix("nextId") && $0.hasSuffix("3") })
    }

    @Test func forgottenIdsNameTheMemoryLimit() throws {
        var table = PendingRequests<Int>("big", capacity: 2)
        var world = World<Bare>(start: .defaultStart)
        for i in 0...PendingRequests<Int>.endedMemory {
            let id = table.send("k", i, &world)!
            table.complete(id, .result("ok"), &world)
        }
        let outcome = table.complete(RequestID(1), .result("ok"), &world)
        #expect(outcome == .forgotten)
        #expect(world.outputs.last?.description == "rejected input=reply reason=forgotten table=big id=1 result=ok limit=endedMemory value=1024")
        #expect(table.complete(RequestID(2), .result("ok"), &world) == .duplicate)
    }

    // MARK: Generations

    @Test func staleGenerationIsDroppedWithARecord() {
        var task = TaskGeneration("search")
        var world = World<Bare>(start: .defaultStart)
        let first = task.restart()
        let second = task.restart()
        #expect(!task.isCurrent(first))
        #expect(task.isCurrent(second))
        #expect(!task.isCurrent(GenerationToken(rawValue: 0)))
        #expect(task.accept(second, &world))
        #expect(!task.accept(first, &world))
        #expect(world.outputs.map(\.description) == ["rejected input=result reason=stale task=search generation=1 current=2"])
        #expect(task.staleDrops == 1)
        task.invalidate()
        #expect(!task.isCurrent(second))
    }

    /// Quiet 300 ms, pokes at 0, 100 and 250 ms: one fire at 550 ms carrying generation 3.
    @Test func debounceFiresOnceAfterTheQuietInterval() throws {
        var sim = try Simulation<AsyncHarness>()
        sim.run { s, w in s.search.poke(&w) { .debounce($0) } }
        sim.advance(by: .milliseconds(100))
        sim.run { s, w in s.search.poke(&w) { .debounce($0) } }
        sim.advance(by: .milliseconds(150))
        sim.run { s, w in s.search.poke(&w) { .debounce($0) } }
        #expect(sim.world.pendingTimerCount == 1, "each poke cancels the previous fire")
        sim.advance(by: .milliseconds(299))
        #expect(sim.state.fired.isEmpty)
        sim.advance(by: .milliseconds(1))
        #expect(sim.state.fired.map(\.0) == [GenerationToken(rawValue: 3)])
        #expect(sim.state.fired.first?.1 == Instant.defaultStart.adding(.milliseconds(550)))
        #expect(sim.lines.last == "debounce.fire name=search generation=3 pokes=3")
        if case .timer(let k)? = sim.steps.last?.kind { #expect(k == "debounce") } else { Issue.record("not a timer step") }
        #expect(sim.lines.filter { $0.hasPrefix("debounce.poke") }.last
            == "debounce.poke name=search generation=3 fireAt=2026-01-01T00:00:00.55Z")
        // A second fire for the same generation, or an old one, is stale.
        sim.send(.debounce(GenerationToken(rawValue: 3)))
        sim.send(.debounce(GenerationToken(rawValue: 1)))
        #expect(sim.lines.suffix(2) == ["rejected input=debounce reason=stale name=search generation=3 current=3",
                                        "rejected input=debounce reason=stale name=search generation=1 current=3"])
    }

    @Test func debounceCancelDropsTheFire() throws {
        var sim = try Simulation<AsyncHarness>()
        sim.run { s, w in s.search.poke(&w) { .debounce($0) } }
        sim.run { s, w in s.search.cancel(&w) }
        sim.advance(by: .seconds(1))
        #expect(sim.state.fired.isEmpty)
        #expect(sim.world.pendingTimerCount == 0)
        #expect(sim.lines.last == "debounce.cancel name=search pokes=1")
    }
}
