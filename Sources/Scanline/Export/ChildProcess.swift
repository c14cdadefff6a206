#if canImport(Glibc)
import Glibc
#endif

/// The one way Scanline runs a tool to its end: ffprobe and ffmpeg's one-shot jobs, clang on
/// `.metal` files, `swift package dump-package`, the tool-version probes, and the shard and batch
/// children of the command line. Its standard output and error are each read at once on a thread
/// of their own (`PipeDrain`), so a child that fills one pipe never hangs while the other is
/// waited on; `stop` says what Ctrl-C (`Interruption.stopAll()`) does to it while it runs.
///
/// Children that stream (ffmpeg's encoder and decoder fed frame by frame, the preview's render
/// child, a user's view's program with its output passed through) keep their own `Process`.
package enum ChildProcess {
    /// Where one of the child's output streams goes.
    package enum Stream: Sendable {
        /// To /dev/null.
        case discard
        /// Every byte is kept.
        case keep
        /// Only the last bytes are kept (for an error message).
        case keepTail(Int)
    }

    /// What `Interruption.stopAll()` (Ctrl-C, SIGTERM) does to the child while it runs.
    package enum Stop: Sendable {
        /// Nothing: it ends by itself soon (a probe, a compile of one file).
        case nothing
        /// SIGTERM, so that it cleans up after itself (a shard removes its partial file).
        case terminate
        /// SIGKILL to it and every process under it (a compiler driver's jobs).
        case killTree
    }

    /// A child that ended.
    package struct Ended: Sendable {
        /// Its exit status, or the signal that ended it when `crashed`.
        package var status: Int32
        /// Whether a signal ended it.
        package var crashed: Bool
        /// What it wrote on its standard output (empty when discarded).
        package var stdout: Data
        /// What it wrote on its standard error (its end only, with `keepTail`).
        package var stderr: Data
        /// The last non-empty line of its standard error.
        package var lastErrorLine: String? {
            String(decoding: stderr.suffix(4096), as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init)
        }
    }

    /// A child that runs.
    package final class Running: @unchecked Sendable {
        let process: Process
        let stdout: PipeDrain?, stderr: PipeDrain?
        init(_ process: Process, stdout: PipeDrain?, stderr: PipeDrain?) {
            self.process = process; self.stdout = stdout; self.stderr = stderr
        }

        /// Waits for its end and for the end of both its streams.
        package func wait() -> Ended {
            let out = stdout?.wait() ?? Data()
            process.waitUntilExit()
            Interruption.forget(process)
            return Ended(status: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal,
                         stdout: out, stderr: stderr?.wait() ?? Data())
        }
    }

    /// Starts `tool` with `arguments` (and `environment`, or ours).
    package static func start(_ tool: URL, _ arguments: [String], environment: [String: String]? = nil,
                              stdout: Stream = .keep, stderr: Stream = .keepTail(65536), stop: Stop = .nothing) throws -> Running {
        let p = Process()
        p.executableURL = tool
        p.arguments = arguments
        if let environment { p.environment = environment }
        func pipe(_ stream: Stream) -> Pipe? {
            if case .discard = stream { return nil }
            return Pipe()
        }
        let outPipe = pipe(stdout), errPipe = pipe(stderr)
        p.standardOutput = outPipe ?? FileHandle.nullDevice
        p.standardError = errPipe ?? FileHandle.nullDevice
        try p.run()
        switch stop {
        case .nothing: break
        case .terminate: Interruption.stopsWithUs(p)
        case .killTree: Interruption.stopsWithUsWithItsChildren(p)
        }
        func drain(_ pipe: Pipe?, _ stream: Stream) -> PipeDrain? {
            guard let pipe else { return nil }
            if case .keepTail(let n) = stream { return PipeDrain(pipe, tail: n) }
            return PipeDrain(pipe)
        }
        return Running(p, stdout: drain(outPipe, stdout), stderr: drain(errPipe, stderr))
    }

    /// Runs `tool` with `arguments` to its end.
    package static func run(_ tool: URL, _ arguments: [String], environment: [String: String]? = nil,
                            stdout: Stream = .keep, stderr: Stream = .keepTail(65536), stop: Stop = .nothing) throws -> Ended {
        try start(tool, arguments, environment: environment, stdout: stdout, stderr: stderr, stop: stop).wait()
    }
}
