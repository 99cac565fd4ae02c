/// Vision body-pose records (`Recorders/PoseRecorder.swift`) → repCounter's `frame` lines.
///
/// A record is one camera frame: `{"t":…,"type":"pose","joints":{"nose":[x,y,confidence],…}}` with
/// Vision's normalised coordinates (origin bottom-left) and the frame's presentation time. Joint
/// names are the domain's own `frame` fields (its 19 joints), checked against its declaration;
/// a frame with no person has no joints and becomes a bare `frame` line. Joints are written in the
/// domain's declared order, whatever order the recorder used.
enum ImportPose {
    static let keys = ["joints", "observations"]

    /// One joint's three numbers as recorded, verbatim.
    struct Joint {
        var name: String
        var values: [String]
    }

    static func convert(_ r: ImportRecord, jointNames: [String]) throws(ImportProblem) -> ImportOutcome {
        try r.onlyKeys(keys)
        let observations = try r.integer("observations", in: 0...1_000)
        let joints = try r.member("joints")
        guard case .object(let members) = joints.value else {
            throw ImportProblem(column: joints.column, message: "\"joints\" must be an object of name: [x, y, confidence], found \(joints.typeName)")
        }
        var found: [Joint] = []
        for m in members {
            guard jointNames.contains(m.key) else {
                throw ImportProblem(column: m.keyColumn, message: "unknown joint \"\(m.key)\"; the 19 joints are \(jointNames.joined(separator: ", "))")
            }
            guard case .array(let items) = m.value.value, items.count == 3 else {
                throw ImportProblem(column: m.value.column, message: "joint \"\(m.key)\" must be [x, y, confidence], three numbers")
            }
            var values: [String] = []
            for item in items {
                guard case .number(let text) = item.value else {
                    throw ImportProblem(column: item.column, message: "joint \"\(m.key)\": expected a number, found \(item.typeName)")
                }
                values.append(text)
            }
            found.append(Joint(name: m.key, values: values))
        }
        var notes: [String] = []
        if let observations, Int(observations)! > 1 { notes.append("frames with more than one person (the recorder kept the most confident)") }
        return frame(found, jointNames: jointNames, notes: notes)
    }

    /// The `frame` line for these joints, in the domain's order.
    static func frame(_ joints: [Joint], jointNames: [String], notes: [String] = []) -> ImportOutcome {
        var notes = notes
        if joints.isEmpty { notes.append("frames without a person, written as a bare frame") }
        var parts = ["frame"]
        for name in jointNames {
            if let j = joints.first(where: { $0.name == name }) { parts.append("\(name)=" + j.values.joined(separator: ",")) }
        }
        return .event(parts.joined(separator: " "), notes: notes)
    }
}
