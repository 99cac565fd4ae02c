/// The CSV form of a joint series, for pose data exported from a notebook or another tool:
///
/// ```
/// # {"format":"lockstep-recording","version":1,"kind":"pose","device":"iPhone15,2",...}
/// t,nose.x,nose.y,nose.c,leftShoulder.x,leftShoulder.y,leftShoulder.c,...
/// 0.000000000,0.5,0.68,0.9,0.586,0.583,0.9,...
/// ```
///
/// The optional first line is `# ` and the same header object as in JSON Lines; other `#` lines
/// are comments. The first row names the columns: `t` (decimal seconds) or `tNs` (integer
/// nanoseconds) first, then `JOINT.x`, `JOINT.y`, `JOINT.c` for any of the domain's joints, all
/// three per joint. Three empty cells mean the joint is absent in that frame. No quoting: every
/// cell is a number.
extension ImportReader {
    mutating func readPoseCSV(_ bytes: [UInt8]) {
        var columns: [String]? = nil
        var joints: [(name: String, x: Int, y: Int, c: Int)] = []
        var first = true
        Self.lines(bytes) { number, line in
            defer { first = false }
            if Self.isBlank(line) { return true }
            guard checkLength(number, line) else { return true }
            if line.first == UInt8(ascii: "#") {
                if first {
                    var rest = line.dropFirst()
                    while rest.first == 0x20 { rest = rest.dropFirst() }
                    if rest.first == UInt8(ascii: "{") {
                        let offset = line.count - rest.count
                        do throws(ImportProblem) { readHeader(try ImportJSONParser.parse(Array(rest)), line: number) } catch {
                            log.error(path, line: number, ImportProblem(column: error.column + offset, message: error.message))
                        }
                    }
                }
                return true
            }
            let cells = Self.cells(line)
            guard let names = columns else {
                columns = cells.map(\.text)
                joints = headerRow(cells, line: number)
                return true
            }
            guard cells.count == names.count else {
                log.error(path, line: number, ImportProblem(column: cells.last.map { $0.column } ?? 1,
                    message: "row has \(cells.count) cells; the header row names \(names.count) columns"))
                return true
            }
            return row(cells, timeColumn: names[0], joints: joints, line: number)
        }
        if columns == nil { log.error(path, line: 1, ImportProblem(column: 1, message: "empty CSV: no header row (t, then JOINT.x, JOINT.y, JOINT.c columns)")) }
    }

    /// Cells of one row with their 1-based columns.
    static func cells(_ line: ArraySlice<UInt8>) -> [(text: String, column: Int)] {
        var out: [(String, Int)] = []
        var start = line.startIndex
        var i = line.startIndex
        while true {
            if i == line.endIndex || line[i] == UInt8(ascii: ",") {
                out.append((String(decoding: line[start..<i], as: UTF8.self), start - line.startIndex + 1))
                if i == line.endIndex { break }
                start = i + 1
            }
            i += 1
        }
        return out
    }

    mutating func headerRow(_ cells: [(text: String, column: Int)], line: Int) -> [(name: String, x: Int, y: Int, c: Int)] {
        guard let t = cells.first, t.text == "t" || t.text == "tNs" else {
            log.error(path, line: line, ImportProblem(column: 1, message: "the first column must be t (decimal seconds) or tNs (integer nanoseconds)"))
            return []
        }
        var found: [String: [String: Int]] = [:]
        var order: [String] = []
        for (index, cell) in cells.enumerated().dropFirst() {
            let parts = cell.text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, ["x", "y", "c"].contains(String(parts[1])) else {
                log.error(path, line: line, ImportProblem(column: cell.column, message: "column '\(cell.text)' is not JOINT.x, JOINT.y or JOINT.c"))
                continue
            }
            let name = String(parts[0])
            guard jointNames.contains(name) else {
                log.error(path, line: line, ImportProblem(column: cell.column, message: "unknown joint '\(name)'; the 19 joints are \(jointNames.joined(separator: ", "))"))
                continue
            }
            if found[name]?[String(parts[1])] != nil {
                log.error(path, line: line, ImportProblem(column: cell.column, message: "duplicate column '\(cell.text)'"))
                continue
            }
            if found[name] == nil { order.append(name) }
            found[name, default: [:]][String(parts[1])] = index
        }
        var joints: [(name: String, x: Int, y: Int, c: Int)] = []
        for name in order {
            let axes = found[name]!
            guard let x = axes["x"], let y = axes["y"], let c = axes["c"] else {
                let missing = ["x", "y", "c"].filter { axes[$0] == nil }.map { "\(name).\($0)" }
                log.error(path, line: line, ImportProblem(column: cells[axes.values.min()!].column,
                    message: "joint '\(name)' needs all three columns; missing \(missing.joined(separator: ", "))"))
                continue
            }
            joints.append((name, x, y, c))
        }
        return joints
    }

    mutating func row(_ cells: [(text: String, column: Int)], timeColumn: String, joints: [(name: String, x: Int, y: Int, c: Int)], line: Int) -> Bool {
        var members: [(String, ImportJSON)] = [(timeColumn, ImportJSON(value: .number(cells[0].text), column: cells[0].column))]
        do throws(ImportProblem) {
            guard (try? ImportJSONParser.parse(Array(cells[0].text.utf8)))?.isNumber == true else {
                throw ImportProblem(column: cells[0].column, message: "time '\(cells[0].text)' is not a number")
            }
            var found: [ImportPose.Joint] = []
            for j in joints {
                let three = [cells[j.x], cells[j.y], cells[j.c]]
                if three.allSatisfy({ $0.text.isEmpty }) { continue }
                var values: [String] = []
                for cell in three {
                    guard !cell.text.isEmpty else {
                        throw ImportProblem(column: cell.column, message: "joint '\(j.name)' has an empty cell; leave all three empty for an absent joint")
                    }
                    guard (try? ImportJSONParser.parse(Array(cell.text.utf8)))?.isNumber == true else {
                        throw ImportProblem(column: cell.column, message: "joint '\(j.name)': '\(cell.text)' is not a number")
                    }
                    values.append(cell.text)
                }
                found.append(ImportPose.Joint(name: j.name, values: values))
            }
            members.append(("type", ImportJSON(value: .string("pose"), column: 1)))
            let json = ImportJSON(value: .object(members.map { ImportJSON.Member(key: $0.0, keyColumn: $0.1.column, value: $0.1) }), column: 1)
            let r = try ImportRecord(json)
            accept(ImportPose.frame(found, jointNames: jointNames), ns: r.ns, line: line, column: cells[0].column)
        } catch {
            log.error(path, line: line, error)
        }
        return true
    }
}

extension ImportJSON {
    var isNumber: Bool { if case .number = value { true } else { false } }
}
