import Foundation
@testable import ScanlineCLI

/// A fresh folder under the temporary directory, named with `prefix` and a UUID; it is removed
/// when the test process exits.
func makeTestFolder(_ prefix: String) -> URL {
    let u = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
    TestFolders.shared.add(u)
    return u
}

/// The folders tests made, removed at exit (a suite's instance has no deinit to do it in).
final class TestFolders: @unchecked Sendable {
    static let shared: TestFolders = {
        atexit { TestFolders.shared.removeAll() }
        return TestFolders()
    }()
    private let lock = NSLock()
    private var folders: [URL] = []
    func add(_ u: URL) { lock.withLock { folders.append(u) } }
    func removeAll() { for u in lock.withLock({ folders }) { try? FileManager.default.removeItem(at: u) } }
}

/// The CLI run in process: its exit code, standard output and standard error.
@MainActor func runCLI(_ args: [String]) async -> (code: Int32, out: String, err: String) {
    var o = Output()
    let code = await ScanlineCLI.run(args, output: &o)
    return (code, o.stdout, o.stderr)
}
