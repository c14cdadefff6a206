import Scanline
import ScanlineBlocks

/// `scanline batch jobs.jsonl`: many renders, one per line, in this process (issue #20).
///
/// Each line is a JSON object with the command line's options: `command` (render, transcript,
/// apply, text…), `input` (the positional: a scene, a file, or an array of them; `scene` works
/// too), `output` (`-o`), and any other option by its long name without dashes, a string, number
/// or `true` for a flag (`false` leaves it out). Relative paths are relative to the current
/// folder, as on the command line.
///
/// - A copy of a job array (`--shard I/N`, or an engine's index variable with `--shards N`) takes
///   lines I, I + N, I + 2N … (line numbers counted from 0, blank lines included), so copies with
///   different indices never take the same job.
/// - A job whose output exists and whose `OUTPUT.scanline-job` beside it holds the job's hash is
///   skipped: a re-run after a failure redoes only what failed or changed.
/// - A bad line, a missing input or an unwritable output fails that job alone, with its line
///   number; the batch goes on, and exits 1 at the end if any job failed.
/// - It prints a summary and writes a report, one JSON line per job: line, command, output,
///   status (done, skipped, failed), seconds and error.
enum BatchCommand {
    static let command = Command(
        name: "batch",
        summary: "Run many renders from a JSON Lines file, one job per line; skip finished ones, fail bad lines alone, and write a report.",
        usage: "batch <jobs.jsonl> [--report FILE] [--shard I/N | --shards N] [--quiet]   (a line: {\"command\":\"render\",\"input\":\"glitch-text\",\"duration\":1,\"output\":\"a.gif\"})",
        options: [
            OptionSpec(["--report"], value: "FILE", help: "The JSON Lines report (default: JOBS.report.jsonl, or JOBS.report-IofN.jsonl for a shard)."),
            OptionSpec(["--shard"], value: "I/N", help: "Take lines I, I+N, I+2N … (counted from 0). Without it, a job array's index is read from JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or AWS_BATCH_JOB_ARRAY_INDEX."),
            OptionSpec(["--shards"], value: "N", help: "How many copies the job array runs."),
            OptionSpec(["--quiet", "-q"], help: "Only the summary."),
            CommonOptions.json,
        ],
        examples: [
            "scanline batch episodes.jsonl",
            "scanline batch titles.jsonl --report out/titles.report.jsonl",
            "scanline batch jobs.jsonl --shard 3/8",
        ],
        run: { args, output in try await run(args, &output) })

    /// A JSON value as a job line holds it (numbers and true/false kept apart, unlike
    /// JSONSerialization's NSNumber).
    enum Value: Decodable {
        case string(String), number(Double), bool(Bool), list([Value]), other
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let b = try? c.decode(Bool.self) { self = .bool(b) }
            else if let n = try? c.decode(Double.self) { self = .number(n) }
            else if let s = try? c.decode(String.self) { self = .string(s) }
            else if let l = try? c.decode([Value].self) { self = .list(l) }
            else { self = .other }
        }
    }
    struct JobFailed: Error, CustomStringConvertible { let description: String }

    struct Outcome { var line: Int; var command: String; var output: String; var status: String; var seconds: Double; var error: String? }

    /// A job's command line from its JSON object, or an error naming what is wrong.
    static func argv(_ job: [String: Value]) throws -> (argv: [String], output: String) {
        guard case .string(let command)? = job["command"], !command.isEmpty else { throw JobFailed(description: "no \"command\" (render, transcript, apply, text…)") }
        guard command != "batch" else { throw JobFailed(description: "a batch job cannot be a batch") }
        guard ScanlineCLI.commands.contains(where: { $0.name == command }) else {
            throw JobFailed(description: "unknown command '\(command)'; commands: \(ScanlineCLI.commands.map(\.name).joined(separator: ", "))")
        }
        guard case .string(let output)? = job["output"], !output.isEmpty else { throw JobFailed(description: "no \"output\"") }
        // Options as `--name=value` and the inputs after `--`, so that a value starting with '-'
        // (`"output": "--help"`) is a value, never an option (issue #32 point 8).
        var argv = [command], inputs: [String] = []
        for key in ["input", "scene"] {
            switch job[key] {
            case nil: break
            case .string(let s)?: inputs.append(s)
            case .list(let list)?:
                for item in list {
                    guard case .string(let s) = item else { throw JobFailed(description: "\"\(key)\" must be a string or an array of strings") }
                    inputs.append(s)
                }
            default: throw JobFailed(description: "\"\(key)\" must be a string or an array of strings")
            }
        }
        for (key, value) in job.sorted(by: { $0.key < $1.key }) where !["command", "input", "scene", "output"].contains(key) {
            guard key.range(of: #"^[a-z][a-z0-9-]*$"#, options: .regularExpression) != nil else { throw JobFailed(description: "\"\(key)\" is not an option name") }
            guard !["shard", "shards", "local", "report"].contains(key) else { throw JobFailed(description: "\"\(key)\" cannot be given to a job") }
            switch value {
            case .bool(true): argv.append("--" + key)
            case .bool(false): break
            case .number(let n): argv.append("--\(key)=" + (n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)))
            case .string(let s): argv.append("--\(key)=" + s)
            default: throw JobFailed(description: "\"\(key)\" must be a string, a number or true/false")
            }
        }
        // Quiet where the command has --quiet (text, for one, prints nothing but its result).
        let quiet = ScanlineCLI.commands.first { $0.name == command }?.options.contains { $0.names.contains("--quiet") } == true
        return (argv + ["--output=" + output] + (quiet ? ["--quiet"] : []) + (inputs.isEmpty ? [] : ["--"] + inputs), output)
    }

    /// A job that renders one of Scanline's scenes, as the request its child is given
    /// (`render --request`): read and checked here, once, by the parser `scanline render` uses,
    /// so a bad value fails its line before any child starts. Nil for every other job (other
    /// commands, the user's own files, which their own program renders), which keeps its
    /// command line; an option render does not know is left for the child to refuse.
    static func request(_ argv: [String], reports: Bool) throws -> RenderRequest? {
        guard argv.first == "render", let args = try? Arguments(Array(argv.dropFirst()), specs: RenderCommand.command.options),
              args.positionals.count == 1, let scene = SceneRegistry.named(args.positionals[0]) else { return nil }
        var request = try RenderRequest(args)
        request.scene = scene.name
        request.json = reports
        return request
    }

    /// The job's hash: FNV-1a (64 bits) of Scanline's version and the line's JSON with sorted
    /// keys. Not cryptographic: it tells a finished job from a changed one.
    static func hash(_ line: String) -> String {
        let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) ?? [:]
        let canonical = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(line.utf8)
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in Data(LibraryVersions.scanline.utf8) + [0] + canonical { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return String(h, radix: 16)
    }

    /// Set in a job's environment when it runs as a child process of the batch.
    static let jobVariable = "SCANLINE_BATCH_JOB"

    /// Runs one job. In the `scanline` binary it runs as a child process of the same binary, so
    /// a job that crashes fails alone and the rest of the batch and its report go on (issue #32
    /// point 5); elsewhere (the CLI inside tests) in this process. Returns its exit status, with
    /// what it printed in `o` (standard output whole, standard error's last 64 KiB).
    @MainActor static func runJob(_ argv: [String], _ o: inout Output) async -> Int32 {
        guard ScanlineCLI.isCommandLine else {
            let (code, said) = await ShardOptions.$inBatchJob.withValue(true) {
                var jobOutput = o
                let code = await ScanlineCLI.run(argv, output: &jobOutput)
                return (code, jobOutput)
            }
            o = said
            return code
        }
        var env = ProcessInfo.processInfo.environment
        env[jobVariable] = "1"
        let child: ChildProcess.Running
        do {
            child = try ChildProcess.start(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(), argv, environment: env,
                                           stdout: .keep, stderr: .keepTail(65536))
        } catch {
            o.warn("cannot start the job: \(error)")
            return 1
        }
        let ended: ChildProcess.Ended = await withCheckedContinuation { done in
            Thread.detachNewThread { done.resume(returning: child.wait()) }
        }
        o.stdout += String(decoding: ended.stdout, as: UTF8.self)
        o.stderr += String(decoding: ended.stderr, as: UTF8.self)
        if ended.crashed {
            let signal = ended.status
            o.warn("the job crashed (signal \(signal)\(signal == SIGILL || signal == SIGTRAP ? ": a Scanline bug; please report the job's line" : ""))")
            return 128 + signal
        }
        return ended.status
    }

    static func marker(_ output: String) -> URL { URL(fileURLWithPath: output + ".scanline-job") }

    /// What a finished job leaves in its marker (`OUT.scanline-job`), after the job's hash: a line
    /// `in|out SIZE MTIME PATH` for each file the job read (every string of the job that names an
    /// existing file) and each it wrote (the output, or a PNG sequence's frames). A job counts as
    /// finished only while every line still holds (issue #32 point 3: an edited input, an output
    /// cut to 100 bytes or a deleted PNG sequence counted as "skipped").
    static func fileLines(_ job: [String: Value], output: String) -> [String] {
        func line(_ kind: String, _ path: String) -> String? {
            var st = stat()
            guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
            return "\(kind) \(st.st_size) \(Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)) \(path)"
        }
        var inputs: [String] = []
        for (key, value) in job.sorted(by: { $0.key < $1.key }) where key != "output" {
            switch value {
            case .string(let s): inputs.append(s)
            case .list(let l): for case .string(let s) in l { inputs.append(s) }
            default: break
            }
        }
        var outputs = [output]
        if FramePattern.looksNumbered(output), let pattern = try? FramePattern(output) {
            let prefix = URL(fileURLWithPath: pattern.prefix)
            let folder = pattern.prefix.hasSuffix("/") ? prefix : prefix.deletingLastPathComponent()
            let start = pattern.prefix.hasSuffix("/") ? "" : prefix.lastPathComponent
            outputs = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { name in
                guard name.hasPrefix(start), name.hasSuffix(pattern.suffix), name.count > start.count + pattern.suffix.count else { return false }
                return name.dropFirst(start.count).dropLast(pattern.suffix.count).allSatisfy(\.isNumber)
            }.sorted().map { folder.appendingPathComponent($0).path }
        }
        return inputs.compactMap { line("in", $0) } + outputs.compactMap { line("out", $0) }
    }

    /// Whether the marker beside `output` says this very job finished and nothing has changed since.
    static func finished(_ job: [String: Value], hash: String, output: String) -> Bool {
        guard let text = try? String(contentsOf: marker(output), encoding: .utf8) else { return false }
        let lines = text.split(separator: "\n").map(String.init)
        guard lines.first == hash, lines.dropFirst().contains(where: { $0.hasPrefix("out ") }) else { return false }
        return Array(lines.dropFirst()) == fileLines(job, output: output)
    }

    @MainActor static func run(_ args: Arguments, _ output: inout Output) async throws {
        guard args.positionals.count == 1 else { throw UsageError("give one jobs file (JSON Lines: one JSON object per line)") }
        let jobsPath = args.positionals[0]
        guard FileManager.default.fileExists(atPath: jobsPath) else { throw ScanlineError.fileNotFound(path: jobsPath) }
        guard let text = try? String(contentsOfFile: jobsPath, encoding: .utf8) else { throw ScanlineError.unreadableFile(path: jobsPath, reason: "not UTF-8 text") }
        let shard = try ShardOptions.shard(args)
        if args.has("--local") { throw UsageError("--local is for render and transcript; run the copies of a batch with --shard I/N") }
        if let (s, source) = shard { output.live("batch shard \(s) (from \(source.rawValue)): lines \(s.index), \(s.index + s.count), …\n") }
        let reportPath = args.string("--report") ?? jobsPath.replacingOccurrences(of: #"\.jsonl?$"#, with: "", options: .regularExpression)
            + (shard.map { ".report-\($0.0.index)of\($0.0.count).jsonl" } ?? ".report.jsonl")
        try CommonOptions.refuseOverwriting([jobsPath], output: reportPath)
        // The report goes where it is asked for: check that before any job runs.
        try AtomicFile(destination: URL(fileURLWithPath: reportPath)).abort()

        // Lines end in LF or CRLF (issue #32 point 6: Swift reads "\r\n" as one character, so
        // splitting at "\n" kept a CRLF file as one line); a lone CR ends one too.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        var outcomes: [Outcome] = []
        let quiet = args.has("--quiet")
        for (number, line) in lines.enumerated() {
            if let (s, _) = shard, number % s.count != s.index { continue }
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            let started = Date()
            var outcome = Outcome(line: number + 1, command: "", output: "", status: "failed", seconds: 0, error: nil)
            do {
                guard let job = try? JSONDecoder().decode([String: Value].self, from: Data(trimmed.utf8)) else {
                    throw JobFailed(description: "not a JSON object: \(trimmed.prefix(60))")
                }
                let (argv, out) = try argv(job)
                outcome.command = argv[0]; outcome.output = out
                let hash = hash(trimmed)
                if finished(job, hash: hash, output: out) {
                    outcome.status = "skipped"
                } else {
                    try? FileManager.default.removeItem(at: marker(out))
                    var o = Output()
                    o.isTerminal = false
                    // With --json, each job reports too, and its outputs and warnings join the batch's.
                    let reports = output.report != nil && ScanlineCLI.commands.first { $0.name == argv[0] }?.options.contains { $0.names.contains("--json") } == true
                    // A scene's render goes as one checked request; other jobs as their command
                    // line (--json before the options: the inputs come last, after `--`).
                    let jobArgv = try request(argv, reports: reports).map { ["render", "--request", $0.encoded] }
                        ?? (reports ? [argv[0], "--json"] + argv.dropFirst() : argv)
                    let code = await runJob(jobArgv, &o)
                    if reports, let job = try? JSONDecoder().decode(JSONReport.self, from: Data(o.stdout.utf8)) {
                        output.report?.outputs += job.outputs
                        output.report?.warnings += job.warnings.map { "line \(number + 1): \($0)" }
                        for (k, v) in job.timings where k != "total" { output.report?.timings[k, default: 0] += v }
                    }
                    guard code == 0 else {
                        throw JobFailed(description: o.stderr.split(separator: "\n").last.map(String.init) ?? "exit \(code)")
                    }
                    try AtomicFile.write(Data(([hash] + fileLines(job, output: out)).map { $0 + "\n" }.joined().utf8), to: marker(out))
                    outcome.status = "done"
                }
            } catch {
                outcome.error = "\(error)"
                output.report?.errors.append(JSONReport.Failure(code: "job", message: "\(error)", file: jobsPath, line: number + 1))
            }
            outcome.seconds = Date().timeIntervalSince(started)
            if !quiet {
                output.live("line \(outcome.line): \(outcome.status)" + (outcome.output.isEmpty ? "" : " \(outcome.output)")
                            + String(format: " (%.2f s)", outcome.seconds) + (outcome.error.map { ": \($0)" } ?? "") + "\n")
            }
            outcomes.append(outcome)
        }
        var report = ""
        for o in outcomes {
            var object: [String: Any] = ["line": o.line, "command": o.command, "output": o.output, "status": o.status, "seconds": (o.seconds * 1000).rounded() / 1000]
            if let e = o.error { object["error"] = e }
            report += String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self) + "\n"
        }
        try AtomicFile.write(Data(report.utf8), to: URL(fileURLWithPath: reportPath))
        let count = { (s: String) in outcomes.filter { $0.status == s }.count }
        let total = outcomes.reduce(0) { $0 + $1.seconds }
        output.warn(String(format: "batch: %d jobs: %d done, %d skipped, %d failed in %.1f s; report %@", outcomes.count, count("done"), count("skipped"), count("failed"), total, reportPath))
        if count("failed") > 0 { throw ExitCode(1) }
    }
}
