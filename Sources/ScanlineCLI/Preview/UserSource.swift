import Scanline
#if canImport(Glibc)
import Glibc
#endif

/// A user's view, previewed from their files: built as `scanline render FILE.swift` builds it,
/// rendered by a preview child (PreviewChild), and rebuilt when a watched file is saved.
/// - A saved `.swift` file rebuilds the package (only the user's module), then starts a new child.
/// - A saved `.metal` file only starts a new child from the same binary: shaders are compiled
///   when the child starts.
/// The new child replaces the served one only when it built and started; until then, and when
/// it does not, the last good render stays served and the page shows the errors (`status()`).
final class UserSource: PreviewSource, @unchecked Sendable {
    let files: UserView.Files
    let view: String?, preview: String?
    let cache: URL
    /// The prebuilt Scanline the files are compiled against (nil: the source build).
    let kit: PrebuiltScanline?
    /// What the child is started with: --size, --scale, --fps, --duration, --resources.
    let childArguments: [String]
    /// Lines for the terminal.
    let log: @Sendable (String) -> Void
    let name: String

    private let lock = NSLock()
    private var child: PreviewChildProcess?
    /// The binary the served child runs: a copy of the build's, so that a rebuild never writes
    /// over a running executable.
    private var servedBinary: URL?
    private var generation = 0
    private var building = false
    private var swiftErrors: [String] = []
    private var startErrors: [String] = []
    private var infoText: String?
    private var warnings: [String] = []
    private var watcher: FileWatcher?
    /// Reloads run one at a time, in order, on this queue.
    private let queue = DispatchQueue(label: "scanline.preview.reload")

    init(files: UserView.Files, view: String?, preview: String?, cache: URL, kit: PrebuiltScanline?, childArguments: [String], log: @escaping @Sendable (String) -> Void) {
        self.files = files; self.view = view; self.preview = preview; self.cache = cache; self.kit = kit
        self.childArguments = childArguments; self.log = log
        name = URL(fileURLWithPath: files.swift[0]).deletingPathExtension().lastPathComponent
    }

    /// Watches the files, then builds and starts the first child (in the background).
    func start() throws {
        removeStaleCopies()
        watcher = try FileWatcher(files.swift + files.metal) { [self] changed in
            let swift = changed.contains { $0.hasSuffix(".swift") }
            log("saved: " + changed.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", "))
            queue.async { self.reload(rebuild: swift || self.servedBinary == nil) }
        }
        queue.async { self.reload(rebuild: true) }
    }

    /// Waits until the reloads asked for so far are done (for tests and the benchmark).
    func settle() { queue.sync {} }

    // MARK: PreviewSource

    func info() throws -> String {
        try lock.withLock {
            guard let infoText else { throw PreviewUnavailable(message: building ? "building your view…" : "your view did not build yet; see the errors") }
            return infoText
        }
    }

    func status() -> String {
        let s: [String: Any] = lock.withLock {
            let errors = swiftErrors + startErrors
            let state = building ? "building" : !errors.isEmpty ? "error" : child == nil ? "building" : "ready"
            let message = building ? (servedBinary == nil ? "building your view (the first build compiles Scanline: minutes)…" : "rebuilding…")
                : !swiftErrors.isEmpty ? "your files did not compile (\(max(1, UserView.errorCount(swiftErrors))) error\(UserView.errorCount(swiftErrors) == 1 ? "" : "s"))"
                : !startErrors.isEmpty ? "your view could not start" : ""
            return ["generation": generation, "state": state, "message": message, "errors": errors, "warnings": warnings]
        }
        return String(decoding: (try? JSONSerialization.data(withJSONObject: s, options: [.sortedKeys])) ?? Data("{}".utf8), as: UTF8.self)
    }

    func served() throws -> PreviewChildProcess {
        try lock.withLock {
            guard let child else { throw PreviewUnavailable(message: building ? "building your view…" : "your view did not build yet; see the errors") }
            return child
        }
    }

    func frame(_ n: Int, _ s: PreviewSettings) throws -> Data {
        let c = try served()
        let data = try c.request("frame \(n) \(s.wire)")
        refreshWarnings(c)
        return data
    }

    func export(_ format: String, frame n: Int, _ s: PreviewSettings) throws -> (Data, String) {
        try exportFile(format, frame: n, s) { _, path in _ = try served().request("export \(format) \(s.wire) \(path)") }
    }

    private func refreshWarnings(_ c: PreviewChildProcess) {
        guard let data = try? c.request("warnings"), let list = try? JSONSerialization.jsonObject(with: data) as? [String] else { return }
        lock.withLock { if child === c { warnings = list } }
    }

    // MARK: Reloading

    /// Rebuilds (when `rebuild`) and starts a new child; it replaces the served one when both
    /// worked. Runs on `queue`.
    private func reload(rebuild: Bool) {
        lock.withLock { building = true }
        defer { lock.withLock { building = false } }
        let started = Date()
        var binary = lock.withLock { servedBinary }
        if rebuild {
            let first = binary == nil
            log(!first ? "rebuilding…" : kit != nil ? "building your view against the prebuilt Scanline…"
                : "building your view (the first build compiles Scanline in release mode: a few minutes)…")
            do {
                // The package is held from writing to the copy below: another render or preview
                // of the same cache waits instead of writing over it.
                let held = try UserView.lockPackage(UserView.packageFolder(files, view: view, preview: preview, cache: cache, kit: kit)) {
                    log("waiting for another render that uses \(cache.path) to finish…")
                }
                defer { held.unlock() }
                let prepared = try UserView.prepare(files, view: view, preview: preview, cache: cache, kit: kit)
                let errors = try UserView.build(prepared)
                lock.withLock { swiftErrors = errors }
                guard errors.isEmpty else {
                    let count = UserView.errorCount(errors)
                    log("your files did not compile (\(count) error\(count == 1 ? "" : "s")); the last good render stays in the page:\n" + errors.prefix(20).joined(separator: "\n"))
                    return
                }
                // A copy per build, so that the next build never writes over a running binary.
                let copies = cache.appendingPathComponent("user-view/preview")
                try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
                let copy = copies.appendingPathComponent("UserView-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
                try FileManager.default.copyItem(at: prepared.binary, to: copy)
                try kit?.placeResources(in: copies)
                binary = copy
            } catch {
                lock.withLock { swiftErrors = ["\(error)"] }
                log("\(error)")
                return
            }
        }
        guard let binary else { return }
        do {
            // The `.metal` files go by name; the child's default shader library reads them.
            let next = try PreviewChildProcess(binary, arguments: childArguments + files.metal.flatMap { ["--metal", $0] },
                                               environment: ProcessInfo.processInfo.environment)
            let info: String
            do { info = String(decoding: try next.request("info"), as: UTF8.self) } catch {
                next.stop()
                throw error
            }
            let (old, oldBinary) = lock.withLock { () -> (PreviewChildProcess?, URL?) in
                defer {
                    child = next; servedBinary = binary; infoText = info; generation += 1; startErrors = []; warnings = []
                }
                return (child, servedBinary)
            }
            old?.stop()
            if let oldBinary, oldBinary != binary { try? FileManager.default.removeItem(at: oldBinary) }
            refreshWarnings(next)
            log(String(format: "serving the new render (%.1f s)", Date().timeIntervalSince(started)))
        } catch {
            if rebuild { try? FileManager.default.removeItem(at: binary) }
            lock.withLock { startErrors = ["\(error)"] }
            log("your view could not start; the last good render stays in the page: \(error)")
        }
    }

    /// Removes binary copies left by previews that are no longer running (killed, say).
    private func removeStaleCopies() {
        let copies = cache.appendingPathComponent("user-view/preview")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: copies.path)) ?? [] {
            let parts = name.split(separator: "-")
            guard parts.count == 3, parts[0] == "UserView", let pid = Int32(parts[1]) else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { try? FileManager.default.removeItem(at: copies.appendingPathComponent(name)) }
        }
    }

    /// Stops watching and stops the child; removes the binary copy.
    func stop() {
        watcher?.stop()
        let (c, b) = lock.withLock { (child, servedBinary) }
        c?.stop()
        if let b { try? FileManager.default.removeItem(at: b) }
    }
}
