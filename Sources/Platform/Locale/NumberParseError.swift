/// Why `LocaleNumberParser` refused a text, and where: the offset of the offending scalar from
/// the start of the text, in Unicode scalars and in UTF-8 bytes, so a caller that knows where
/// the text starts can report line:column (column = start column + scalarOffset).
public struct NumberParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public let scalarOffset: Int
    public let byteOffset: Int
    public let message: String

    public init(scalarOffset: Int, byteOffset: Int, message: String) {
        self.scalarOffset = scalarOffset
        self.byteOffset = byteOffset
        self.message = message
    }

    public var description: String { "at scalar \(scalarOffset) (byte \(byteOffset)): \(message)" }
}

import LockstepCore

extension NumberParseError {
    /// The error as a scenario error at the offending byte, given where the parsed text starts
    /// (for a quoted value, the column after the quote; exact while the text has no escapes).
    public func scenarioError(textStart: ScenarioLocation) -> ScenarioError {
        ScenarioLocation(path: textStart.path, line: textStart.line, column: textStart.column + byteOffset).error(message)
    }
}
