import LockstepCore
import Platform

/// Filling the jar: `fill(count:)` with the article's RNG draw order, the recorded `layout`
/// fixture, and removing marbles with their actions.
extension Marbles {
    /// The most marbles a `layout` line may place (the table's own maximum is 80 per fill).
    public static let maxLayoutMarbles = 200

    /// `fill(count: config.marbleCount)`. Per marble, in this order: the colour (uniform over the
    /// palette), then x (uniform in 40…w−40), then the power-up roll u ∈ [0, 1) and, when
    /// `u < powerUpChance`, the kind (uniform over lightning, heart, bomb). `y = h + 8i`: they drop
    /// in from above the jar.
    static func fill(_ s: inout MarblesState, reason: String, _ world: inout World<Marbles>) {
        let palette = Array(MarbleColor.allCases.prefix(s.config.colorCount))
        let count = s.config.marbleCount
        world.emit(Record("fill").word("reason", reason).int("level", s.level).int("count", count)
            .word("palette", palette.map(\.rawValue).joined(separator: ",")))
        for i in 0..<count {
            let color = palette[s.rng.int(below: palette.count)]
            let x = 40 + s.rng.double() * (s.width - 80)
            let roll = s.rng.double()
            let power: PowerUp? = roll < s.config.powerUpChance ? PowerUp.allCases[s.rng.int(below: PowerUp.allCases.count)] : nil
            add(&s, color: color, powerUp: power, x: x, y: s.height + Double(i) * 8, &world)
        }
    }

    /// Replaces the jar with a recorded layout (marbles and their actions go; emitters stay).
    static func layout(_ s: inout MarblesState, _ marbles: [LayoutMarble], _ world: inout World<Marbles>) {
        let removed = removeAllMarbles(&s)
        world.emit(Record("fill").word("reason", "layout").int("level", s.level).int("count", marbles.count).int("replaced", removed))
        for m in marbles { add(&s, color: m.color, powerUp: m.powerUp, x: m.x, y: m.y, &world) }
    }

    static func add(_ s: inout MarblesState, color: MarbleColor, powerUp: PowerUp?, x: Double, y: Double, _ world: inout World<Marbles>) {
        let marble = Marble(id: s.nextNodeID, color: color, powerUp: powerUp, x: x, y: y)
        s.nextNodeID += 1
        s.marbles.append(marble)
        world.emit(Record("marble").int("id", marble.id).word("color", color.rawValue)
            .fixed("x", x, 3).fixed("y", y, 3).word("powerUp", powerUp?.rawValue ?? "none"))
    }

    /// `enumerateChildNodes(withName: "marble") { removeFromParent }`: every marble, popping or not,
    /// and their pending actions. Returns how many.
    static func removeAllMarbles(_ s: inout MarblesState) -> Int {
        for m in s.marbles { s.actions.removeActions(ofNode: m.id) }
        defer { s.marbles.removeAll() }
        return s.marbles.count
    }

    /// Parses `red@200,200 blue+bomb@246,200.5`; the error names the token.
    static func parseLayout(_ text: String) -> Result<[LayoutMarble], LayoutError> {
        var out: [LayoutMarble] = []
        for token in text.split(separator: " ", omittingEmptySubsequences: true) {
            guard out.count < maxLayoutMarbles else { return .failure(LayoutError("more than \(maxLayoutMarbles) marbles (the limit)")) }
            let parts = token.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2 else { return .failure(LayoutError("'\(token)' is not COLOR[+POWER]@X,Y")) }
            let kind = parts[0].split(separator: "+", omittingEmptySubsequences: false)
            guard let color = MarbleColor(rawValue: String(kind[0])) else {
                return .failure(LayoutError("'\(kind[0])' in '\(token)' is not a colour (\(MarbleColor.allCases.map(\.rawValue).joined(separator: ", ")))"))
            }
            var power: PowerUp?
            if kind.count == 2 {
                guard let p = PowerUp(rawValue: String(kind[1])) else {
                    return .failure(LayoutError("'\(kind[1])' in '\(token)' is not a power-up (\(PowerUp.allCases.map(\.rawValue).joined(separator: ", ")))"))
                }
                power = p
            } else if kind.count > 2 {
                return .failure(LayoutError("'\(token)' has more than one power-up"))
            }
            guard let point = parsePoint(parts[1]) else { return .failure(LayoutError("'\(parts[1])' in '\(token)' is not X,Y in finite points")) }
            out.append(LayoutMarble(color: color, powerUp: power, x: point.x, y: point.y))
        }
        return .success(out)
    }

    /// Parses `7:200,309.9 8:246,200`. Non-finite coordinates parse (the reducer refuses them with a
    /// record, as a recording from a broken solver would be); malformed text is an error.
    static func parseSettle(_ text: String) -> Result<[SettledPosition], LayoutError> {
        var out: [SettledPosition] = []
        for token in text.split(separator: " ", omittingEmptySubsequences: true) {
            guard out.count < maxLayoutMarbles else { return .failure(LayoutError("more than \(maxLayoutMarbles) positions (the limit)")) }
            let parts = token.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let id = Int(parts[0]), id > 0 else { return .failure(LayoutError("'\(token)' is not ID:X,Y with a positive marble id")) }
            guard let point = parsePoint(parts[1], finite: false) else { return .failure(LayoutError("'\(parts[1])' in '\(token)' is not X,Y")) }
            out.append(SettledPosition(id: id, x: point.x, y: point.y))
        }
        return .success(out)
    }

    static func parsePoint(_ text: Substring, finite: Bool = true) -> ViewPoint? {
        let xy = text.split(separator: ",", omittingEmptySubsequences: false)
        guard xy.count == 2, let x = Double(String(xy[0])), let y = Double(String(xy[1])) else { return nil }
        if finite, !(x.isFinite && y.isFinite) { return nil }
        return ViewPoint(x: x, y: y)
    }
}

/// A `layout` or `settle` value that does not parse.
struct LayoutError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
