/// The request methods the scripted transport knows; the raw value is the wire spelling, which
/// records, request keys and the audit use.
public enum HTTPMethod: String, Hashable, Sendable, CaseIterable {
    case get = "GET", head = "HEAD", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
}
