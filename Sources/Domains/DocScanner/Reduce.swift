import LockstepCore
import Platform

/// The reducer: one switch that hands each event to the file owning its concept.
extension DocScanner {
    public static func reduce(_ s: inout DocScannerState, _ event: DocScannerEvent, _ world: inout World<DocScanner>) {
        switch event {
        case .env(let change):
            s.device.apply(change, &world)
            s.documentCamera.isSupported = s.docCameraHardware && s.device.os.major >= 13
        case .printer(let available):
            s.printingAvailable = available
            world.emit(Record("printer").bool("available", available))
        case .tapScan: tapScan(&s, &world)
        case .capture(let e): capture(&s, e, &world)
        case .scanContent(let content):
            guard s.queuedContent.count < DocumentCamera.maxPages else {
                world.reject("scanContent", "queueFull") { $0.word("limit", "maxPages").int("value", DocumentCamera.maxPages) }
                return
            }
            s.queuedContent.append(content)
            world.emit(Record("scanContent.queued").int("page", s.queuedContent.count).bool("pngEncodable", content.pngEncodable))
        case .photoPicked(let photo): photoPicked(&s, photo, &world)
        case .pickerCancelled: pickerCancelled(&s, &world)
        case .detector(let id): detector(&s, requestID: id, &world)
        case .touch(let line): touch(&s, line, &world)
        case .confirmCrop: confirmCrop(&s, &world)
        case .setMode(let page, let mode): setMode(&s, page: page, mode: mode, &world)
        case .ocr(let page): ocr(&s, page: page, &world)
        case .save(let title): save(&s, title: title, &world)
        case .share(let anchor): share(&s, anchor: anchor, &world)
        case .print(let job, let output): printPages(&s, jobName: job, output: output, &world)
        case .exportPDF: exportPDF(&s, &world)
        case .device(let line): device(&s, line, &world)
        case .readFile(let scan, let name): readFile(&s, scan: scan, name: name, &world)
        case .setExcludeFromBackup(let on): setExcludeFromBackup(&s, on, &world)
        }
    }

    /// "Three modes, not ten sliders": only `page.mode` changes; the original stays as it was.
    static func setMode(_ s: inout DocScannerState, page: Int?, mode: ScanMode, _ world: inout World<DocScanner>) {
        guard !s.pages.isEmpty else { world.reject("setMode", "noPages"); return }
        if let page, page > s.pages.count {
            world.reject("setMode", "noSuchPage") { $0.int("page", page).int("pages", s.pages.count) }
            return
        }
        let targets = page.map { [$0 - 1] } ?? Array(s.pages.indices)
        for i in targets {
            let from = s.pages[i].mode
            if world.isOn(.bakedEnhancement), from != .original {
                // The enhanced pixels replace the original: nothing left to undo to.
                s.pages[i].original = enhance(s.pages[i].original, mode: from, os: s.device.os, &world).image
            }
            s.pages[i].mode = mode
            world.emit(Record("page.mode").int("page", i + 1).word("from", from.rawValue).word("to", mode.rawValue))
            render(&s, page: i, purpose: "display", record: true, &world)
        }
    }
}
