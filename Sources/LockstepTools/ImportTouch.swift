/// Touch and Pencil records (`Recorders/TouchRecorder.swift`) → chalk's `touch` lines.
///
/// A record is one `UITouch` sample: `{"t":…,"type":"touch","id":1,"phase":"moved","touchType":"pencil",
/// "x":…,"y":…,"force":…,"maxForce":…,"altitude":…,"azimuth":…,"coalesced":true}`. Coalesced samples
/// are what a drawing app draws from, so they become ordinary `touch phase=moved` lines; predicted
/// samples are UIKit's guess of samples to come and are dropped (the real ones follow); stationary
/// samples carry no new position and are dropped; indirect and pointer touches are not drawn by chalk.
enum ImportTouch {
    static let keys = ["id", "phase", "touchType", "x", "y", "force", "maxForce", "altitude", "azimuth", "coalesced", "predicted"]
    static let phases = ["began", "moved", "stationary", "ended", "cancelled"]
    static let touchTypes = ["direct", "pencil", "indirect", "indirectPointer"]

    static func convert(_ r: ImportRecord) throws(ImportProblem) -> ImportOutcome {
        try r.onlyKeys(keys)
        _ = try r.member("id")
        let id = try r.integer("id", in: 0...2_147_483_647)!
        let phase = try r.choice("phase", phases)
        let touchType = try r.choice("touchType", touchTypes)
        let x = try r.requiredNumber("x")
        let y = try r.requiredNumber("y")
        var optional: [String] = []
        for key in ["force", "maxForce", "altitude", "azimuth"] {
            if let v = try r.number(key) { optional.append("\(key)=\(v)") }
        }
        let coalesced = try r.bool("coalesced")
        if try r.bool("predicted") {
            return .dropped("predicted touches: UIKit's estimate of samples still to come; chalk draws recorded samples only")
        }
        if phase == "stationary" { return .dropped("stationary samples: no movement and no new position") }
        let type: String
        switch touchType {
        case "direct": type = "finger"
        case "pencil": type = "pencil"
        default: return .dropped("indirect and pointer touches: chalk draws with fingers and Pencil only")
        }
        let line = (["touch", "phase=\(phase)", "id=\(id)", "x=\(x)", "y=\(y)"] + optional + ["type=\(type)"]).joined(separator: " ")
        return .event(line, notes: coalesced ? ["coalesced samples, converted as touch samples (the app draws from them)"] : [])
    }
}
