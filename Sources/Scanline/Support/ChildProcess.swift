#if canImport(Glibc)
import Glibc
#endif

/// The one way Scanline runs a tool to its end: ffprobe and ffmpeg's one-shot jobs, clang on
/// `.metal` files, `swift package dump-package`, the tool-version probes, and the shard and batch
/// children of the command line. Its standard output and error are each read at once on a thread
/// of their own (`PipeDrain`), so a child that fills one pipe never hangs while the other is
/// waited on; `stop` says what Ctrl-C (`Interruption.stopAll()`) does to it while it runs.
///
/// A build's output read line by line as it comes is `runLines`; a user's view's program, whose
/// output the user reads as it comes, `.inherit`s ours. Children that stream frames (ffmpeg's
/// encoder and decoder, the preview's render child) keep their own `Process`.
package enum ChildProcess {
    /// Where one of the child's output streams goes.
    package enum Stream: Sendable {
        /// To /dev/null.
        case discard
        /// Every byte is kept.
        case keep
        /// Only the last bytes are kept (for an error message).
        case keepTail(Int)
        /// Straight to ours (a child whose output the user reads as it comes).
        case inherit
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
        let p = process(tool, arguments, environment)
        func pipe(_ stream: Stream) -> Pipe? {
            switch stream {
            case .discard, .inherit: return nil
            case .keep, .keepTail: return Pipe()
            }
        }
        func handle(_ stream: Stream, _ pipe: Pipe?, ours: FileHandle) -> Any {
            if case .inherit = stream { return ours }
            return pipe ?? FileHandle.nullDevice
        }
        let outPipe = pipe(stdout), errPipe = pipe(stderr)
        p.standardOutput = handle(stdout, outPipe, ours: .standardOutput)
        p.standardError = handle(stderr, errPipe, ours: .standardError)
        try p.run()
        register(p, stop)
        func drain(_ pipe: Pipe?, _ stream: Stream) -> PipeDrain? {
            guard let pipe else { return nil }
            if case .keepTail(let n) = stream { return PipeDrain(pipe, tail: n) }
            return PipeDrain(pipe)
        }
        return Running(p, stdout: drain(outPipe, stdout), stderr: drain(errPipe, stderr))
    }

    /// Runs `tool` with `arguments` to its end, its standard output and error together passed to
    /// `line` a line at a time as they come (a build's progress), on the calling thread; returns
    /// its exit status.
    package static func runLines(_ tool: URL, _ arguments: [String], environment: [String: String]? = nil,
                                 stop: Stop = .nothing, line: (String) -> Void) throws -> Int32 {
        let p = process(tool, arguments, environment)
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        register(p, stop)
        defer { Interruption.forget(p) }
        var pending = Data()
        let handle = pipe.fileHandleForReading
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            pending += chunk
            while let nl = pending.firstIndex(of: 0x0A) {
                line(String(decoding: pending[pending.startIndex..<nl], as: UTF8.self))
                pending = Data(pending[(nl + 1)...])
            }
        }
        if !pending.isEmpty { line(String(decoding: pending, as: UTF8.self)) }
        p.waitUntilExit()
        return p.terminationStatus
    }

    private static func process(_ tool: URL, _ arguments: [String], _ environment: [String: String]?) -> Process {
        let p = Process()
        p.executableURL = tool
        p.arguments = arguments
        if let environment { p.environment = environment }
        return p
    }

    /// Puts a started child in `Interruption`'s registry as `stop` says.
    private static func register(_ p: Process, _ stop: Stop) {
        switch stop {
        case .nothing: break
        case .terminate: Interruption.stopsWithUs(p)
        case .killTree: Interruption.stopsWithUsWithItsChildren(p)
        }
    }

    /// Runs `tool` with `arguments` to its end.
    package static func run(_ tool: URL, _ arguments: [String], environment: [String: String]? = nil,
                            stdout: Stream = .keep, stderr: Stream = .keepTail(65536), stop: Stop = .nothing) throws -> Ended {
        try start(tool, arguments, environment: environment, stdout: stdout, stderr: stderr, stop: stop).wait()
    }
}
