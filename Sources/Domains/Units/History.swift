import LockstepCore

/// Conversion history: records keep IDs and the input and are recomputed on display; a record
/// whose category or unit is no longer in the registry is kept and shown as `unknownUnit`.
enum History {
    /// The most records kept (history and challenge log); a commit beyond it is refused.
    static let maxRecords = 1_000

    static func commit(_ state: inout UnitsState, _ world: inout World<Units>) {
        guard let v = state.value else { world.reject("commit", "no-value"); return }
        guard state.history.count < maxRecords else { world.reject("commit", "history-full") { $0.int("limit", maxRecords) }; return }
        let stored = world.isOn(.historyStoresOutput) ? row(state, category: state.categoryID, from: state.fromID, to: state.toID, input: v, mode: state.mode, world) : nil
        let record = HistoryRecord(id: world.uuid(), categoryID: state.categoryID, fromID: state.fromID, toID: state.toID,
                                   input: v, mode: state.categoryID == "temperature" ? state.mode : .point, date: world.now, storedValue: stored?.value, storedDisplay: stored?.display)
        state.history.append(record)
        world.emit(Record("history.saved").word("id", record.id.description).int("count", state.history.count))
    }

    static func restore(_ state: inout UnitsState, _ world: inout World<Units>, category: String, from: String, to: String, input: Double) {
        guard input.isFinite else { world.reject("historyRestore", "non-finite-input"); return }
        guard state.history.count < maxRecords else { world.reject("historyRestore", "history-full") { $0.int("limit", maxRecords) }; return }
        let record = HistoryRecord(id: world.uuid(), categoryID: category, fromID: from, toID: to, input: input, mode: .point, date: world.now, storedValue: nil, storedDisplay: nil)
        state.history.append(record)
        world.emit(Record("history.restored").word("id", record.id.description).int("count", state.history.count))
    }

    static func row(_ state: UnitsState, category: String, from: String, to: String, input: Double, mode: TemperatureMode, _ world: World<Units>) -> (value: Double?, display: String, status: String) {
        guard let c = state.category(category), let a = c.unit(from), let b = c.unit(to) else { return (nil, Display.none, "unknownUnit") }
        let r = Conversion.convert(input, from: a, to: b, mode: mode, world)
        guard r.value.isFinite || r.guardedInfinity else { return (nil, Display.none, "nonFinite") }
        return (r.value, Display.text(r.value, symbol: b.symbol, locale: state.locale, raw: world.isOn(.rawDoubleDisplay)), "ok")
    }

    static func open(_ state: UnitsState, _ world: inout World<Units>) {
        world.emit(Record("history.open").int("count", state.history.count))
        for r in state.history {
            let computed = row(state, category: r.categoryID, from: r.fromID, to: r.toID, input: r.input, mode: r.mode, world)
            world.emit(Record("history.row").word("id", r.id.description).instant("date", r.date).word("category", r.categoryID)
                .word("from", r.fromID).word("to", r.toID).word("input", DoubleText.word(r.input)).word("mode", r.mode.rawValue)
                .word("value", DoubleText.word(r.storedDisplay == nil ? computed.value : r.storedValue))
                .string("display", r.storedDisplay ?? computed.display).word("status", computed.status))
        }
    }
}

/// The round-trip report: 123.456 through every ordered pair of a category and back. It catches
/// arithmetic slips, not wrong factors (those need the known-value tests).
enum RoundTrip {
    static let probe = 123.456
    static let tolerance = 1e-9

    static func report(_ state: UnitsState, _ world: inout World<Units>) {
        for c in state.registry {
            var maxError = 0.0, failures = 0, pairs = 0
            for a in c.units {
                for b in c.units {
                    pairs += 1
                    let there = Conversion.convert(probe, from: a, to: b, mode: .point, world).value
                    let back = Conversion.convert(there, from: b, to: a, mode: .point, world).value
                    let err = abs(back - probe)
                    if !(err <= tolerance) {
                        failures += 1
                        world.emit(Record("roundtrip.failure").word("from", a.id).word("to", b.id).word("error", DoubleText.word(err)))
                    }
                    if err > maxError || err.isNaN { maxError = err }
                }
            }
            world.emit(Record("roundtrip").word("category", c.id).int("pairs", pairs).word("maxError", DoubleText.word(maxError)).int("failures", failures))
        }
    }
}
