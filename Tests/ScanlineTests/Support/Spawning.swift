import Foundation
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

extension Trait where Self == ConditionTrait {
    /// For a test that runs the `scanline` binary, `make`, or builds a package: its work happens in
    /// child processes that are not built with the sanitizer, so under `make sanitize` (which sets
    /// `SCANLINE_SANITIZER`) it would only repeat `make test`'s run and see nothing. It is
    /// skipped there, with this reason in the output; `make test` runs it.
    static var spawnsProcesses: Self {
        .disabled(if: underSanitizer,
                  "its work runs in unsanitized child processes; make test runs it")
    }
}

/// Whether this run is under `make sanitize` (AddressSanitizer or ThreadSanitizer), where code runs
/// several times slower: a test whose input is large only to be large takes a smaller one there,
/// through the same code.
let underSanitizer = ProcessInfo.processInfo.environment["SCANLINE_SANITIZER"] != nil

/// A child process that did not end within its deadline: it was killed, with every process it
/// started, and the test fails saying what it waited for.
struct ChildTimedOut: Error, CustomStringConvertible {
    var what: String
    var seconds: Double
    var output: String = ""
    var description: String {
        "waited \(Int(seconds)) s for \(what), which did not end; killed it" + (output.isEmpty ? "" : ". Its last output:\n" + output.suffix(2000))
    }
}

/// Waits for `p` to exit, at most `seconds`. Past that, `p` and every process under it are
/// killed (SIGKILL) and this throws `ChildTimedOut` naming `what`. Every test that waits on a
/// child waits through this, so a child that hangs fails its test within its deadline instead of
/// holding the suite.
func waitForExit(_ p: Process, within seconds: Double, _ what: @autoclosure () -> String, output: () -> String = { "" }) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while p.isRunning {
        if Date() >= deadline {
            killTree(p.processIdentifier)
            p.waitUntilExit()
            throw ChildTimedOut(what: what(), seconds: seconds, output: output())
        }
        usleep(5_000)
    }
    p.waitUntilExit()
}

/// SIGKILLs `pid` and its descendants (Scanline's own walk of /proc, which stops each as found).
func killTree(_ pid: Int32) {
    for p in Interruption.descendants(of: pid).reversed() { kill(p, SIGKILL) }
}

/// Reads a pipe to its end on a thread of its own; `text` is what has come so far, `wait` waits
/// (at most `seconds`) for the end. A grandchild that keeps the pipe open cannot block a test.
final class PipeReader: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)
    init(_ pipe: Pipe) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                lock.withLock { data.append(chunk) }
            }
            done.signal()
        }
    }
    var bytes: Data { lock.withLock { data } }
    var text: String { String(decoding: bytes, as: UTF8.self) }
    /// The whole output, once the pipe has closed or `seconds` have passed.
    func wait(_ seconds: Double = 10) -> Data { _ = done.wait(timeout: .now() + seconds); return bytes }
}

/// Runs `tool` with `arguments` (in `folder`, with `environment`, when given) and waits, at most
/// `timeout` seconds (then it is killed and this throws, naming it): its exit status, and its
/// stdout and stderr together.
func runTool(_ tool: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil,
             timeout: Double = 300) throws -> (code: Int32, output: String) {
    let p = Process()
    p.executableURL = tool
    p.arguments = arguments
    if let folder { p.currentDirectoryURL = folder }
    if let environment { p.environment = environment }
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = pipe
    try p.run()
    let reader = PipeReader(pipe)
    try waitForExit(p, within: timeout, "`\(tool.lastPathComponent) \(arguments.prefix(4).joined(separator: " "))`", output: { reader.text })
    return (p.terminationStatus, String(decoding: reader.wait(), as: UTF8.self))
}

/// One build of Scanline for the packages the suite makes that depend on it by path: the
/// dependent package (DependentPackageTests' fixture), built from scratch so that every Scanline
/// file is compiled and any warning shows, and the tutorial's package, which reuses it instead of
/// compiling Scanline a second time. Both name Scanline by the same path (`source`, a link to this
/// checkout, where `make install` would put the sources) and build into the same scratch folder
/// (`--scratch-path`, the same path string: the compiler's module cache is keyed by it), so
/// SwiftPM finds Scanline's objects up to date. The two suites run side by side (make test runs
/// them in one process): the dependent's build is one task per process (`dependent`), which the
/// tutorial awaits before it builds, whichever starts first; run alone, the tutorial starts it.
enum SharedPackageBuild {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// A folder of this checkout's own in the temporary folder, reused by every run.
    static let root: URL = {
        var h: UInt64 = 14695981039346656037
        for b in checkout.path.utf8 { h = (h ^ UInt64(b)) &* 1099511628211 }
        return FileManager.default.temporaryDirectory.appendingPathComponent("scanline-package-build-" + String(h, radix: 16))
    }()
    /// `ROOT/share/scanline/source`: a link to the checkout, the path both packages depend on.
    static var source: URL { root.appendingPathComponent("share/scanline/source") }
    /// The scratch folder both build into.
    static var scratch: URL { root.appendingPathComponent("build") }
    /// `ROOT/Dependent`: the dependent package, copied from the fixture with its manifest filled in.
    static var package: URL { root.appendingPathComponent("Dependent") }

    /// What building the dependent package from scratch gave: `swift build`'s status and output.
    struct Build: Sendable { let status: Int32; let output: String }

    /// The dependent package's build from scratch, once per process.
    static let dependent = Task<Build, any Error> { try await buildDependent() }

    /// Makes the link (once), empties the scratch folder, copies the fixture to `package` with the
    /// path of Scanline in its manifest, and builds it with its tests.
    static func buildDependent() async throws -> Build {
        let fm = FileManager.default
        try? fm.removeItem(at: scratch)
        try fm.createDirectory(at: scratch, withIntermediateDirectories: true)
        if (try? fm.destinationOfSymbolicLink(atPath: source.path)) != checkout.path {
            try? fm.removeItem(at: source)
            try fm.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fm.createSymbolicLink(at: source, withDestinationURL: checkout)
        }
        let fixture = checkout.appendingPathComponent("Tests/ScanlineTests/Fixtures/DependentPackage")
        try? fm.removeItem(at: package)
        try fm.copyItem(at: fixture, to: package)
        let template = package.appendingPathComponent("Package.swift.template")
        let manifest = try String(contentsOf: template, encoding: .utf8)
            .replacingOccurrences(of: "@SCANLINE@", with: source.path)
            .replacingOccurrences(of: "@SCANLINE_ID@", with: source.lastPathComponent)
        try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try fm.removeItem(at: template)
        let (status, output) = try await DependentPackageTests.swift(["build", "--build-tests", "--package-path", package.path, "--scratch-path", scratch.path])
        return Build(status: status, output: output)
    }
}
