import LockstepCore

/// What the app asks the network for: method, absolute URL, headers, body, its timeout (URLRequest's
/// `timeoutInterval`) and an optional byte range.
public struct HTTPRequest: Hashable, Sendable {
    /// URLs longer than this are refused at send (a runaway query string).
    public static let maxURLBytes = 8192
    /// Request bodies over this are refused at send.
    public static let maxBodyBytes = 1 << 20

    public var method: HTTPMethod
    public var url: String
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// URLSession's default is 60 s; the timer runs on the virtual clock.
    public var timeout: Duration
    /// Sets the `Range` header when given.
    public var range: ByteRange?

    public init(_ method: HTTPMethod, _ url: String, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
                timeout: Duration = .seconds(60), range: ByteRange? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.range = range
        if let r = range { self.headers.set("range", r.headerValue) }
    }

    /// A form post: `content-type: application/x-www-form-urlencoded` and the fields in canonical
    /// order (`FormURLEncoding`).
    public static func form(_ url: String, method: HTTPMethod = .post, fields: [(String, String)],
                            headers: HTTPHeaders = HTTPHeaders(), timeout: Duration = .seconds(60)) -> HTTPRequest {
        var h = headers
        h.set("content-type", "application/x-www-form-urlencoded")
        return HTTPRequest(method, url, headers: h, body: Array(FormURLEncoding.encode(fields).utf8), timeout: timeout)
    }

    /// `METHOD URL` plus, when there is a body, its length and FNV-1a 64 digest: what the audit
    /// counts and compares. Two requests with the same key asked for the same thing.
    public var key: String { key(redacting: []) }

    /// The key with secret query values hidden (`URLText.redacted`): what records and the audit show.
    public func key(redacting extra: Set<String>) -> String {
        let shown = URLText.redacted(url, extra)
        return body.isEmpty ? "\(method.rawValue) \(shown)"
            : "\(method.rawValue) \(shown) body=\(body.count):\(Hex.lower(FNV1a64.hash(body)))"
    }
}

/// What a scripted server answered.
public struct HTTPResponse: Hashable, Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body as text, or nil when it is not UTF-8 (a domain records that, never decodes it).
    public var bodyText: String? { UTF8Validation(body).string }

    /// 200...299.
    public var isSuccess: Bool { (200...299).contains(status) }
}
