import LockstepCore
import LockstepRunner
import LockstepTools

/// A private temporary folder, removed with everything in it when the value goes away.
final class TempDirectory {
    let path: String

    init() throws {
        path = try BisectFiles.makeTemporaryDirectory(prefix: "lockstep-test-", in: "/tmp")
    }

    deinit { BisectFiles.removeTree(path) }

    func write(_ relative: String, _ text: String) throws {
        try FileIO.writeAtomically(Array(text.utf8), to: path + "/" + relative)
    }

    func read(_ relative: String) throws -> String {
        String(decoding: try FileIO.read(path + "/" + relative), as: UTF8.self)
    }
}
