#if canImport(Glibc)
import Glibc
#endif

/// Stopping renders from outside: Ctrl-C, `kill`, a dropped SSH session, or a call of one's own.
///
/// `stopAll()` stops every render's `RenderContext`: it removes every output file still being
/// written (their temporary names; finished files are untouched) and stops every child process a
/// render started (ffmpeg's encoders and decoders, shard and batch children, builds and their
/// jobs). `installSignalHandlers()` makes SIGINT,
/// SIGTERM and SIGHUP do that and then exit with 128 + the signal's number, as a shell expects.
/// The clean-up runs on a dispatch queue, never inside a signal handler, because it takes locks
/// and frees memory, which are not async-signal-safe.
public enum Interruption {
    /// The signals `installSignalHandlers` handles.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    nonisolated(unsafe) private static var lastWords: (@Sendable () -> String)?
    private static let lock = NSLock()

    /// A line to print on standard error when a signal stops the process (for example how many
    /// frames of a sequence were complete); nil for none.
    public static func setMessageOnStop(_ message: (@Sendable () -> String)?) {
        lock.withLock { lastWords = message }
    }

    /// Stops every render of the process: `RenderContext.stop()` for each live context, so every
    /// partial output file is removed and every child process that renders started is stopped.
    /// Safe to call from any thread; a render still running then fails with a write error.
    public static func stopAll() {
        for context in RenderContext.live { context.stop() }
    }

    /// A child process of the current render (`RenderContext.current`) that stopping it (and so
    /// Ctrl-C) stops with `signal`: SIGTERM (the default) so that it cleans up after itself (a
    /// shard process removes its partial shard file), SIGKILL for one with nothing to clean up
    /// that should stop at once (an ffmpeg encoder or decoder, whose partial output Scanline
    /// removes itself).
    public static func stopsWithUs(_ p: Process, signal: Int32 = SIGTERM) { RenderContext.current.add(child: p.processIdentifier, signal: signal) }
    /// No longer stopped with us (it ended).
    public static func forget(_ p: Process) {
        for context in RenderContext.live { context.forget(child: p.processIdentifier) }
    }

    /// A child of the current render that stopping it kills with every process under it (a
    /// compiler driver's jobs), as it has nothing of its own to clean up.
    public static func stopsWithUsWithItsChildren(_ p: Process) { RenderContext.current.add(tree: p.processIdentifier) }

    /// `pid` and every process under it (through /proc's parent links), parents first; each is
    /// stopped (SIGSTOP) as it is found, so none can start another or escape to init meanwhile.
    static func descendants(of pid: pid_t) -> [pid_t] {
        var found = [pid], i = 0
        kill(pid, SIGSTOP)
        while i < found.count {
            let parent = found[i]
            i += 1
            for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let child = pid_t(name), !found.contains(child),
                      let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")") else { continue }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                if fields.count > 2, pid_t(fields[1]) == parent { kill(child, SIGSTOP); found.append(child) }
            }
        }
        return found
    }

    /// Makes a write to a pipe whose reader has gone (an ffmpeg child that died or was stopped)
    /// fail with an error instead of killing the process with SIGPIPE, unless the program has a
    /// SIGPIPE handler of its own, which is left alone. Video encoders call it before they start.
    public static func ignoreBrokenPipes() {
        lock.withLock {
            var current = sigaction()
            guard sigaction(SIGPIPE, nil, &current) == 0 else { return }
            if current.__sigaction_handler.sa_handler == nil { signal(SIGPIPE, SIG_IGN) }   // SIG_DFL is nil
        }
    }

    /// Handles SIGINT, SIGTERM and SIGHUP: `stopAll()`, then `_exit(128 + signal)`. The signals'
    /// default action is turned off and a dispatch source receives them instead; calling it again
    /// does nothing.
    public static func installSignalHandlers() {
        lock.lock(); defer { lock.unlock() }
        guard sources.isEmpty else { return }
        let queue = DispatchQueue(label: "scanline.interruption")
        var mask = sigset_t()
        sigemptyset(&mask)
        for sig in signals {
            signal(sig, SIG_IGN)
            sigaddset(&mask, sig)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler {
                stopAll()
                if let words = lock.withLock({ lastWords }) {
                    FileHandle.standardError.write(Data((words() + "\n").utf8))
                }
                _exit(128 + sig)
            }
            source.resume()
            sources.append(source)
        }
        // A parent may have blocked these (test runners do); they must still reach us.
        sigprocmask(SIG_UNBLOCK, &mask, nil)
    }
}
