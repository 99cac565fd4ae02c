/// What a `load` produced: diagnostics, the grid, and the compiled frames stored as one shared
/// prefix plus tails (J4). Playback reads only this.
struct LoadResult: Sendable {
    /// Sorted per section K.
    var diagnostics: [Diagnostic]
    /// `nil` when the load failed (`xmlMalformed`): no frames.
    var grid: FrameGrid?
    /// Accepted animations (SMIL elements plus CSS animations with a track).
    var accepted: Int
    var frames: SharedFrames
    /// Frame 0's image table (the same in every frame, J2).
    var images: [ImageTableEntry]
    /// Frames the stand-in compiler refused (J6): blank pictures.
    var failedFrames: Int
    var firstFailure: CompileError?
    /// Every frame rebuilt from prefix + tail equalled its compiled bytes (checked at load).
    var reassemblyMatches: Bool
    /// Kept to write a frame's SVG text for `inspect` and to rasterise a snapshot.
    var writer: FrameWriter?
    var expandUses: Bool

    /// I4: animated only with an accepted animation and at least two frames.
    var isAnimated: Bool { accepted > 0 && (grid?.frameCount ?? 0) >= 2 }

    static func failed(_ diagnostic: Diagnostic) -> LoadResult {
        LoadResult(diagnostics: [diagnostic], grid: nil, accepted: 0, frames: SharedFrames(frames: []), images: [],
                   failedFrames: 0, firstFailure: nil, reassemblyMatches: true, writer: nil, expandUses: true)
    }

    /// Frame `i`'s document after write-back and (unless the regression is on) expansion.
    func document(frame i: Int, diagnostics: inout [Diagnostic]) -> XMLDocument? {
        guard let writer else { return nil }
        var doc = writer.document(frame: i)
        if expandUses { UseExpansion.expand(&doc, diagnostics: &diagnostics) }
        return doc
    }

    static func compile(writer: FrameWriter, diagnostics: [Diagnostic], accepted: Int, options: Loader.Options) -> LoadResult {
        var all = diagnostics
        let n = accepted == 0 ? 1 : writer.grid.frameCount
        var compiled: [[UInt8]] = []
        compiled.reserveCapacity(n)
        var images: [ImageTableEntry] = []
        var failed = 0
        var firstFailure: CompileError?
        var result = LoadResult(diagnostics: [], grid: writer.grid, accepted: accepted, frames: SharedFrames(frames: []),
                                images: [], failedFrames: 0, firstFailure: nil, reassemblyMatches: true, writer: writer,
                                expandUses: !options.faults.noUseExpansion)
        for i in 0..<n {
            var frameDiagnostics: [Diagnostic] = []
            guard let doc = result.document(frame: i, diagnostics: &frameDiagnostics) else { break }
            // Expansion finds the same problems in every frame; frame 0's are the document's.
            if i == 0 { all += frameDiagnostics }
            switch FrameCompiler.compile(doc, body: XMLSerializer.body) {
            case .success(let frame):
                if i == 0 { images = frame.images }
                compiled.append(frame.bytes)
            case .failure(let e):
                failed += 1
                if firstFailure == nil { firstFailure = e }
                compiled.append([])
            }
        }
        var frames = SharedFrames(frames: compiled)
        if options.faults.noSharedPrefix {
            frames = SharedFrames(prefix: [], tails: compiled, storedBytes: compiled.reduce(0) { $0 + $1.count }, naiveBytes: frames.naiveBytes)
        }
        var matches = true
        for i in compiled.indices where frames.frame(i) != compiled[i] { matches = false }
        result.diagnostics = Diagnostic.sorted(all)
        result.frames = frames
        result.images = images
        result.failedFrames = failed
        result.firstFailure = firstFailure
        result.reassemblyMatches = matches
        return result
    }
}
