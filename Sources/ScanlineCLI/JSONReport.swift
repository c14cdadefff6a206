import Scanline

/// What `--json` prints on stdout: one object, for programs and agents that run `scanline` and
/// read what it did. docs/JSON.md describes every field; `schema` grows only by new fields.
public struct JSONReport: Codable, Sendable, Equatable {
    /// One file written.
    public struct File: Codable, Sendable, Equatable {
        /// Its path as given (`-` for standard output).
        public var path: String
        /// `png`, `png-sequence`, `gif`, `webp`, `apng`, `mp4`, `webm`, `mov` or `mkv`.
        public var format: String
        /// Pixels.
        public var width: Int
        public var height: Int
        /// Frames in it (1 for a still).
        public var frames: Int
        /// Frames per second (nil for a still).
        public var fps: Double?
        /// Seconds of animation (nil for a still).
        public var duration: Double?
        /// Bytes written (all the files of a PNG sequence together).
        public var bytes: Int
    }

    /// Why the command failed.
    public struct Failure: Codable, Sendable, Equatable {
        /// A stable word: `usage` (exit 2), `compile` (a user's files did not compile), or the
        /// library error's case (`fileNotFound`, `unreadableFile`, `cannotWrite`, `renderFailed`,
        /// `invalidArgument`), else `failed`.
        public var code: String
        /// The message the command prints on stderr, without "scanline COMMAND: ".
        public var message: String
        /// Where, when the error is in a file: its path, 1-based line and column.
        public var file: String?
        public var line: Int?
        public var column: Int?
    }

    /// The version of this layout: 1.
    public var schema = 1
    /// The command run, as `render`.
    public var command: String
    /// True when it exited 0.
    public var ok = false
    /// Its exit status: 0, 1 (it failed), 2 (a usage error), 130 and up (a signal).
    public var exitCode: Int32 = 0
    /// The files written, in order.
    public var outputs: [File] = []
    /// The warnings, as printed on stderr without "warning: ".
    public var warnings: [String] = []
    /// Seconds spent: `build` (compiling a user's files), `render`, `encode`, and `total`.
    public var timings: [String: Double] = [:]
    /// Every error, first the one that ended the command; empty on success.
    public var errors: [Failure] = []

    public init(command: String) { self.command = command }

    /// One line of JSON, keys sorted.
    public var encoded: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? #"{"schema":1,"ok":false}"#
    }

    /// Records the file at `path` (its byte count read from disk, or `bytes`; for a PNG sequence
    /// the frames 0 ..< `frames` its pattern names, added up).
    mutating func wrote(_ path: String, format: String, width: Int, height: Int, frames: Int = 1, fps: Double? = nil,
                        duration: Double? = nil, bytes: Int? = nil) {
        func size(_ p: String) -> Int { (try? FileManager.default.attributesOfItem(atPath: p)[.size] as? Int) ?? 0 }
        var total = bytes ?? size(path)
        if bytes == nil, format == "png-sequence", let names = try? FramePattern(path) {
            total = (0..<frames).reduce(0) { $0 + size(names.name($1)) }
        }
        outputs.append(File(path: path, format: format, width: width, height: height, frames: frames, fps: fps, duration: duration, bytes: total))
    }

    /// `format`'s name in a report: its raw value, `png-sequence` for numbered PNG frames.
    static func name(_ format: ExportFormat) -> String { format == .pngSequence ? "png-sequence" : format.rawValue }

    /// Records the file a join (or `--local` run) wrote.
    mutating func wrote(_ path: String, _ join: JoinReport) {
        let fps = join.fps
        wrote(path, format: JSONReport.name(join.format), width: join.width ?? 0, height: join.height ?? 0, frames: join.frames,
              fps: fps, duration: fps.map { Double(join.frames) / $0 })
        timings["join"] = join.seconds
    }

    /// The first `path:line:column: error: message` of compiler output, as a failure.
    static func compileFailure(_ lines: [String]) -> Failure? {
        for line in lines {
            guard let m = line.firstMatch(of: #/^(.+?):(\d+):(?:(\d+):)?\s*error:\s*(.*)$/#) else { continue }
            return Failure(code: "compile", message: String(m.output.4), file: String(m.output.1), line: Int(m.output.2), column: m.output.3.flatMap { Int($0) })
        }
        return nil
    }

    /// The failure for an error the command threw, with the message it prints.
    static func failure(_ error: Error, message: String) -> Failure {
        switch error {
        case is UsageError: return Failure(code: "usage", message: message)
        case let e as ScanlineError: return Failure(code: Mirror(reflecting: e).children.first?.label ?? "failed", message: message)
        default: return Failure(code: "failed", message: message)
        }
    }

    /// Completes the report for exit status `code` from what `output` holds (its warnings), and
    /// puts it on stdout in place of anything printed there.
    static func finish(_ output: inout Output, code: Int32, started: Date) {
        guard var report = output.report else { return }
        report.exitCode = code
        report.ok = code == 0
        report.timings["total"] = Date().timeIntervalSince(started)
        for line in output.stderr.split(separator: "\n") where line.hasPrefix("warning: ") {
            report.warnings.append(String(line.dropFirst("warning: ".count)))
        }
        if !report.ok && report.errors.isEmpty {
            let last = output.stderr.split(separator: "\n").last.map(String.init) ?? "exit \(code)"
            report.errors.append(Failure(code: code >= 128 ? "interrupted" : "failed", message: last))
        }
        output.stdout = report.encoded + "\n"
    }
}
