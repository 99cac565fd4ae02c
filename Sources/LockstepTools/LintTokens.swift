import LockstepCore
import LockstepRunner

/// A token of code (comments and strings already blanked by `LintLexer`): an identifier or keyword,
/// a number, or one punctuation byte. Enough structure for the lint rules, no more.
public struct LintToken: Sendable {
    public enum Kind: Sendable { case identifier, number, punctuation }
    public var kind: Kind
    public var text: String
    /// 1-based line and UTF-8 column.
    public var line: Int
    public var column: Int

    public func isPunctuation(_ p: String) -> Bool { kind == .punctuation && text == p }
    public func isIdentifier(_ name: String) -> Bool { kind == .identifier && text == name }
}

public enum LintTokenizer {
    static func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b == 95 || b == 36 || b >= 0x80
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

    /// Splits blanked code into tokens; whitespace and backticks separate tokens and are dropped.
    public static func tokens(_ code: [UInt8]) -> [LintToken] {
        var result: [LintToken] = []
        var i = 0, line = 1, lineStart = 0
        let n = code.count
        while i < n {  // each round consumes at least one byte
            let b = code[i]
            if b == 10 { line += 1; i += 1; lineStart = i; continue }
            if b == 32 || b == 9 || b == 13 || b == 96 { i += 1; continue }
            let start = i
            let kind: LintToken.Kind
            if isDigit(b) {
                kind = .number
                i += 1
                while i < n && (isIdentifierByte(code[i]) || (code[i] == 46 && i + 1 < n && isDigit(code[i + 1]))) { i += 1 }
            } else if isIdentifierByte(b) {
                kind = .identifier
                i += 1
                while i < n && isIdentifierByte(code[i]) { i += 1 }
            } else {
                kind = .punctuation
                i += 1
            }
            result.append(LintToken(kind: kind, text: String(decoding: code[start..<i], as: UTF8.self),
                                    line: line, column: start - lineStart + 1))
        }
        return result
    }
}
