import Foundation
@testable import ScanlineCLI

/// A fresh folder under the temporary directory, named with `prefix` and a UUID.
func makeTestFolder(_ prefix: String) -> URL {
    let u = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
    return u
}

/// The CLI run in process: its exit code, standard output and standard error.
@MainActor func runCLI(_ args: [String]) async -> (code: Int32, out: String, err: String) {
    var o = Output()
    let code = await ScanlineCLI.run(args, output: &o)
    return (code, o.stdout, o.stderr)
}
