import LockstepCore

/// A PDF as the list of what it draws (pillTracker: "pin the layout command list, not the PDF
/// bytes"): pages, text at points and text in boxes, in order.
///
/// `records` is the golden's view (each command, then `pdf.pages count=`); `drawList` is the same
/// document as a Render draw list (a `page` per page, a `textBox` per text at the font's size), so
/// a domain can present it through `RenderRecorder` and snapshot a page.
///
/// Limits: `maxPages`, `maxCommands`, and `DrawList.maxTextScalars` per text; past them `append`
/// refuses (false) and counts the refusal, which `records` reports (`pdf.limit`), as `DrawList`
/// does. `drawList` is bounded by `DrawList`'s own limits (its header says what it dropped).
public struct PDFLayout: Hashable, Sendable {
    public static var maxPages: Int { 1_000 }
    /// Commands at most (a 5,000-row report of 4 columns is about 21,000).
    public static var maxCommands: Int { 100_000 }

    public private(set) var commands: [PDFCommand] = []
    public private(set) var pageCount = 0
    public private(set) var droppedCount = 0
    public private(set) var firstRefusal: String?

    public init() {}

    /// Appends `command` unless a limit refuses it.
    @discardableResult
    public mutating func append(_ command: PDFCommand) -> Bool {
        if let refusal = check(command) {
            droppedCount += 1
            if firstRefusal == nil { firstRefusal = refusal }
            return false
        }
        if case .beginPage = command { pageCount += 1 }
        commands.append(command)
        return true
    }

    /// The limit `command` would break, as a word (`maxPages`, `maxCommands`, `maxTextScalars`), or nil.
    public func check(_ command: PDFCommand) -> String? {
        if commands.count >= PDFLayout.maxCommands { return "maxCommands" }
        switch command {
        case .beginPage: return pageCount >= PDFLayout.maxPages ? "maxPages" : nil
        case .text(let s, _, _, _), .textBox(let s, _, _, _, _, _):
            return s.unicodeScalars.count > DrawList.maxTextScalars ? "maxTextScalars" : nil
        case .info: return nil
        }
    }

    /// Each command's record, then `pdf.pages count=N` (and `pdf.limit` if anything was refused).
    public var records: [Record] {
        var out = commands.map(\.record)
        out.append(Record("pdf.pages").int("count", pageCount).int("commands", commands.count))
        if let firstRefusal { out.append(Record("pdf.limit").word("name", firstRefusal).int("dropped", droppedCount)) }
        return out
    }

    /// The texts drawn on page `number` (from 1), in order.
    public func texts(onPage number: Int) -> [PDFCommand] {
        var page = 0
        var out: [PDFCommand] = []
        for c in commands {
            switch c {
            case .beginPage: page += 1
            case .text, .textBox: if page == number { out.append(c) }
            case .info: break
            }
        }
        return out
    }

    /// The document as a Render draw list: a white `page` per page, a black `textBox` per text
    /// (a box's text at its top-left; the box size is in `records`).
    public var drawList: DrawList {
        var list = DrawList()
        for c in commands {
            switch c {
            case .info: break
            case .beginPage(_, let w, let h): list.append(.page(widthPoints: w, heightPoints: h, background: .white))
            case .text(let s, let x, let y, let font): list.append(.textBox(x: x, y: y, text: s, sizePoints: font.sizePoints, color: .black))
            case .textBox(let s, let x, let y, _, _, let font):
                list.append(.textBox(x: x, y: y, text: s, sizePoints: font.sizePoints, color: .black))
            }
        }
        return list
    }
}
