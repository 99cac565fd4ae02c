import LockstepCore
import Platform

/// The `board` fixture: a recorded board for hand-made situations (a chain to build, dots of
/// known ages). Its dots are born now, in game time, and take ids after the spawned ones.
extension SpeckMatch {
    /// At most this many dots in a fixture (the largest board holds 40).
    public static let maxBoardDots = 40

    struct BoardError: Error { let text: String }

    static func parseBoard(_ text: String) -> Result<[BoardDot], BoardError> {
        var dots: [BoardDot] = []
        for token in text.split(separator: " ", omittingEmptySubsequences: true) {
            guard dots.count < maxBoardDots else { return .failure(BoardError(text: "more than \(maxBoardDots) dots (the limit)")) }
            let parts = token.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, let color = SpeckColor(rawValue: String(parts[0])) else {
                return .failure(BoardError(text: "'\(token)' is not COLOR@X,Y with COLOR one of \(SpeckColor.allCases.map(\.rawValue).joined(separator: ", "))"))
            }
            let xy = parts[1].split(separator: ",", omittingEmptySubsequences: false)
            guard xy.count == 2, let x = Double(String(xy[0])), let y = Double(String(xy[1])), x.isFinite, y.isFinite else {
                return .failure(BoardError(text: "'\(parts[1])' in '\(token)' is not X,Y in finite points"))
            }
            dots.append(BoardDot(color: color, x: x, y: y))
        }
        return .success(dots)
    }

    static func board(_ s: inout SpeckMatchState, _ dots: [BoardDot], _ world: inout World<SpeckMatch>) {
        world.emit(Record("board").int("dots", dots.count).int("replaced", s.specks.count).duration("bornAt", s.elapsed))
        s.specks = []
        for d in dots {
            s.specks.append(Speck(id: s.nextID, color: d.color, x: d.x, y: d.y, bornAt: s.elapsed))
            s.nextID += 1
        }
        s.chain = []
        for d in s.specks { world.emit(Record("speck").int("id", d.id).word("color", d.color.rawValue).fixed("x", d.x, 3).fixed("y", d.y, 3)) }
    }
}
