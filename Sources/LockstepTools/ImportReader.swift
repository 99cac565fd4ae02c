import LockstepCore

/// Reads a whole recording (JSON Lines, or the CSV form of a joint series) into an `ImportLog`:
/// every line is checked, every malformed record becomes a located error (up to
/// `ImportLog.maxErrors`), and reading goes on after an error so one run shows them all.
struct ImportReader {
    /// A record may be earlier than the event before it by at most this much (10 ms, the limit
    /// maxReorderNanoseconds): recorders that write from several queues (notifications and audio)
    /// can interleave by a few milliseconds. Such a record is written at the previous time and
    /// counted as clamped; a larger step back is an error.
    static let maxReorderNanoseconds: Int64 = 10_000_000
    /// Records read at most (the scenario's own event limit, ScenarioLimits.standard.maxEvents).
    static let maxRecords = ScenarioLimits.standard.maxEvents

    let path: String
    let target: ImportTarget
    let jointNames: [String]
    var log = ImportLog()
    var header: ImportHeader?
    private var records = 0
    private var previousEventLine = 0

    init(path: String, target: ImportTarget, jointNames: [String]) {
        self.path = path
        self.target = target
        self.jointNames = jointNames
    }

    /// Splits on LF (a CR before it is dropped), numbering lines from 1; lines over the limit are errors.
    static func lines(_ bytes: [UInt8], _ body: (Int, ArraySlice<UInt8>) -> Bool) {
        var start = 0
        var number = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            number += 1
            var line = bytes[start..<end]
            if line.last == 0x0D { line = line.dropLast() }
            if !body(number, line) { return }
            start = end + 1
        }
    }

    static func isBlank(_ line: ArraySlice<UInt8>) -> Bool { line.allSatisfy { $0 == 0x20 || $0 == 0x09 } }

    mutating func readJSONLines(_ bytes: [UInt8]) {
        var sawHeader = false
        Self.lines(bytes) { number, line in
            if Self.isBlank(line) { return true }
            guard checkLength(number, line) else { return true }
            let json: ImportJSON
            do throws(ImportProblem) { json = try ImportJSONParser.parse(Array(line)) } catch {
                log.error(path, line: number, error)
                if !sawHeader { sawHeader = true }
                return true
            }
            if !sawHeader {
                sawHeader = true
                readHeader(json, line: number)
                return true
            }
            return record(json, line: number)
        }
        if !sawHeader { log.error(path, line: 1, ImportProblem(column: 1, message: "empty recording: no header line")) }
    }

    mutating func checkLength(_ number: Int, _ line: ArraySlice<UInt8>) -> Bool {
        let max = ScenarioLimits.standard.maxLineBytes
        guard line.count <= max else {
            log.error(path, line: number, ImportProblem(column: max + 1, message: "line is longer than \(max) bytes (the limit)"))
            return false
        }
        return true
    }

    mutating func readHeader(_ json: ImportJSON, line: Int) {
        var problems: [ImportProblem] = []
        header = ImportHeader.read(json, problems: &problems)
        for p in problems { log.error(path, line: line, p) }
        if let h = header, h.kind != target.kind {
            log.error(path, line: line, ImportProblem(column: json["kind"]?.column ?? json.column,
                message: "a \(h.kind.rawValue) recording cannot be imported into \(target.domain); \(target.domain) takes \(target.kind.rawValue) recordings"))
        }
    }

    /// One record; false stops reading (the record limit).
    mutating func record(_ json: ImportJSON, line: Int) -> Bool {
        records += 1
        guard records <= Self.maxRecords else {
            log.error(path, line: line, ImportProblem(column: 1, message: "recording exceeds \(Self.maxRecords) records (the limit maxRecords)"))
            return false
        }
        do throws(ImportProblem) {
            let r = try ImportRecord(json)
            let types = ImportTarget.recordTypes(of: target.kind)
            guard types.contains(r.type) else {
                throw ImportProblem(column: json["type"]!.column,
                                    message: "unknown record type \"\(r.type)\" in a \(target.kind.rawValue) recording; known: \(types.joined(separator: ", "))")
            }
            guard target.recordTypes.contains(r.type) else {
                _ = try ImportSession.convert(r)  // still checked, so a damaged record is never dropped unseen
                log.drop("\(r.type) records: \(target.domain) has no event for them", line: line)
                return true
            }
            accept(try target.convert(r, jointNames: jointNames), ns: r.ns, line: line, column: (json["t"] ?? json["tNs"])!.column)
        } catch {
            log.error(path, line: line, error)
        }
        return true
    }

    /// Places one outcome on the timeline: drops are counted; events must not go back in time
    /// by more than `maxReorderNanoseconds`.
    mutating func accept(_ outcome: ImportOutcome, ns: Int64, line: Int, column: Int) {
        switch outcome {
        case .dropped(let reason):
            log.drop(reason, line: line)
        case .event(let text, let clamps, let notes):
            var at = ns
            if log.converted > 0, ns < log.lastNs {
                let back = log.lastNs - ns
                guard back <= Self.maxReorderNanoseconds else {
                    log.error(path, line: line, ImportProblem(column: column, message:
                        "time goes backwards: \(ImportTime.text(ns)) s is \(ImportTime.text(back)) s before the event on line \(previousEventLine), "
                        + "more than \(ImportTime.text(Self.maxReorderNanoseconds)) s (the limit maxReorderNanoseconds)"))
                    return
                }
                at = log.lastNs
                log.clamp("records up to \(ImportTime.text(Self.maxReorderNanoseconds)) s earlier than the event before, written at its time", line: line)
            }
            for c in clamps { log.clamp(c, line: line) }
            for n in notes { log.note(n, line: line) }
            log.emit(at, text)
            previousEventLine = line
        }
    }
}
