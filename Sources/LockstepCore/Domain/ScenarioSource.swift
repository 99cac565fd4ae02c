/// Where the runner's lines come from.
///
/// The core never opens a file: `LockstepRunner`'s `ScenarioReader` reads scenarios, includes and
/// attached files from disk and conforms to this; a test or a tool may feed lines from memory. The
/// source has already lexed each line and checked that times do not go backwards.
public protocol ScenarioSource: AnyObject {
    /// Fills `line` with the next event line; false at the end of the scenario.
    func next(into line: inout EventLine) throws(ScenarioError) -> Bool
    /// Events read so far (recorded and generated), for the event limit.
    var eventCount: Int { get }
    /// The scenario's `until`, if it has one.
    var until: Instant? { get }
    /// Accounts for `count` generated events ending at `last` (limits and time order).
    func noteGenerated(count: Int, last: Instant, at location: ScenarioLocation) throws(ScenarioError)
    /// The bytes of the file a `file` field names, relative to the scenario file `path`.
    func attachment(_ relative: String, from path: String, maxBytes: Int) throws(AttachmentError) -> [UInt8]
}

/// Why an attached file could not be read (the runner adds the line and column).
public struct AttachmentError: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
