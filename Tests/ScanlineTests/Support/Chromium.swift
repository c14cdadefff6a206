import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium (Debian's `chromium`, installed by `make setup-test`), driven over the
/// DevTools protocol on a pipe: with `--remote-debugging-pipe` the browser reads commands from
/// its fd 3 and writes answers and events to its fd 4, each a JSON object ended by a NUL byte.
/// No WebSocket and no outside package is needed.
final class Chromium {
    static let candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    static var executable: String? { candidates.first { FileManager.default.isExecutableFile(atPath: $0) } }

    struct Failure: Error, CustomStringConvertible { let description: String }

    private var pid: pid_t = 0
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private var pending = [UInt8]()
    private var nextID = 1
    private var session: String?
    let log: URL

    /// Starts the browser with a fresh profile in `profile`; its own output goes to `log`.
    init(profile: URL) throws {
        guard let exe = Chromium.executable else { throw Failure(description: "no Chromium at \(Chromium.candidates); make setup-test installs Debian's") }
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        log = profile.appendingPathComponent("chromium.log")
        var commands: [Int32] = [0, 0], answers: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&answers) == 0 else { throw Failure(description: "pipe failed") }
        // Our ends must not stay open in the browser (dup2 clears the flag on its copies).
        for fd in commands + answers { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, commands[0], 3)
        posix_spawn_file_actions_adddup2(&actions, answers[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let args = [exe, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                    "--no-default-browser-check", "--disable-extensions", "--remote-debugging-pipe",
                    "--user-data-dir=\(profile.path)", "about:blank"]
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        let spawned = posix_spawn(&pid, exe, &actions, nil, &argv, environ)
        close(commands[0]); close(answers[1])
        toBrowser = commands[1]; fromBrowser = answers[0]
        guard spawned == 0 else { throw Failure(description: "could not start \(exe): \(String(cString: strerror(spawned)))") }
    }

    /// Sends a command and waits (at most `timeout` seconds) for its answer; events are skipped.
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:], timeout: Double = 30) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session, !method.hasPrefix("Target.") && !method.hasPrefix("Browser.") { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(toBrowser, $0.baseAddress!, $0.count) }
            guard n > 0 else { throw Failure(description: "the browser stopped reading (see \(log.path))") }
            sent += n
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let answer = try nextMessage(until: deadline, waitingFor: method)
            guard answer["id"] as? Int == id else { continue }
            if let error = answer["error"] as? [String: Any] { throw Failure(description: "\(method): \(error["message"] ?? error)") }
            return answer["result"] as? [String: Any] ?? [:]
        }
    }

    private func nextMessage(until deadline: Date, waitingFor method: String) throws -> [String: Any] {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let end = pending.firstIndex(of: 0) {
                let data = Data(pending[..<end])
                pending.removeSubrange(...end)
                return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure(description: "no answer to \(method) in time") }
            var p = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, Int32(min(left, 1) * 1000)) <= 0 { continue }
            let n = read(fromBrowser, &chunk, chunk.count)
            guard n > 0 else { throw Failure(description: "the browser closed its pipe (see \(log.path))") }
            pending += chunk[..<n]
        }
    }

    /// Opens `url` in a new tab and attaches to it; later page commands go to that tab.
    func open(_ url: String) throws {
        let target = try send("Target.createTarget", ["url": url])
        guard let id = target["targetId"] as? String else { throw Failure(description: "no target for \(url)") }
        let attached = try send("Target.attachToTarget", ["targetId": id, "flatten": true])
        session = attached["sessionId"] as? String
        try send("Runtime.enable")
    }

    /// Evaluates `expression` in the tab (awaiting a promise) and returns its value.
    @discardableResult
    func evaluate(_ expression: String) throws -> Any? {
        let r = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true])
        if let e = r["exceptionDetails"] as? [String: Any] {
            let text = (e["exception"] as? [String: Any])?["description"] ?? e["text"] ?? e
            throw Failure(description: "\(expression.prefix(80)): \(text)")
        }
        return (r["result"] as? [String: Any])?["value"]
    }

    /// Evaluates `expression` every 100 ms until it is truthy (not false, 0, "", null); returns
    /// that value, or throws after `timeout` seconds with the last value seen and `describe`. A
    /// TypeError or ReferenceError (the page has not loaded yet) counts as not yet.
    @discardableResult
    func wait(for expression: String, timeout: Double, describe: String = "") throws -> Any {
        let deadline = Date().addingTimeInterval(timeout)
        var last: Any? = nil
        while Date() < deadline {
            // A page still loading (no such element yet) is not an answer: try again.
            do { last = try evaluate(expression) } catch let e as Failure where e.description.contains("TypeError") || e.description.contains("ReferenceError") {
                last = e.description
                usleep(100_000)
                continue
            }
            switch last {
            case let b as Bool where b: return b
            case let s as String where !s.isEmpty: return s
            case let n as NSNumber where n.doubleValue != 0 && !(n is Bool): return n
            case let d as [String: Any]: return d
            default: break
            }
            usleep(100_000)
        }
        let state = (try? evaluate("document.getElementById('state')?.textContent + ' | ' + document.getElementById('errors')?.textContent")) ?? nil
        throw Failure(description: "waited \(timeout) s for \(expression.prefix(120)); last value \(String(describing: last)); page: \(String(describing: state)) \(describe)")
    }

    /// Closes the browser and waits for it.
    func quit() {
        _ = try? send("Browser.close", timeout: 5)
        close(toBrowser); close(fromBrowser)
        var status: Int32 = 0
        for _ in 0..<50 { if waitpid(pid, &status, WNOHANG) != 0 { return }; usleep(100_000) }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
    }
}
