import Scanline
#if canImport(Glibc)
import Glibc
#endif

/// Render options for splitting a render across machines (issue #20), and `scanline join`.
enum ShardOptions {
    static let options: [OptionSpec] = [
        OptionSpec(["--shard"], value: "I/N", help: "Render only part I of N (counted from 0) into OUT.shard-IofN; 'scanline join' makes the whole file. Without it, a job array's index is read from JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or AWS_BATCH_JOB_ARRAY_INDEX."),
        OptionSpec(["--shards"], value: "N", help: "How many copies a job array runs (with its index variable), or with --local how many to run here."),
        OptionSpec(["--local"], help: "With --shards N: run N shard processes on this machine, then join them (the byte-identical result of a single render)."),
        OptionSpec(["--gop"], value: "SECONDS", help: "Video: encode in closed segments of this length, the unit shards split at (default 2)."),
    ]

    /// The options that are not the render's parameters (a shard's name, where it goes, whether it
    /// shows progress): left out of the parameters shards compare.
    static let notParameters: Set<String> = ["--output", "-o", "--shard", "--shards", "--local", "--quiet", "-q"]

    /// The render's parameters, canonical: the parsed command line without the output, shard and
    /// progress options (`Arguments.canonicalWords`), as JSON.
    static func renderParameters(_ args: Arguments, command: String) -> String {
        let words = args.canonicalWords(dropping: notParameters)
        let data = (try? JSONSerialization.data(withJSONObject: [command] + words.options + ["--"] + words.positionals)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// True while `scanline batch` runs one of its jobs: a job renders whole, whatever job-array
    /// index the environment holds (the batch used it to pick its lines).
    @TaskLocal static var inBatchJob = false

    /// A digest of the contents of every file the command line names (its inputs: a transcript, a
    /// video, a cover, a sound track, a .metal file, a jobs file…): shards of one render read the
    /// same bytes. (A render's request names its inputs itself: `RenderRequest.inputFiles`.)
    static func inputDigest(_ args: Arguments) -> String {
        // Every value but the output's (not an input, and a copy may find an earlier one).
        digest(of: args.givenValues(dropping: ["--output"]).map { MetalEffect.split($0).path })   // FILE.metal:function
    }

    /// A digest of the contents of `files` (those that are regular files), with their paths.
    static func digest(of files: [String]) -> String {
        var h = StableHash()
        for path in files {
            var st = stat()
            guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, let data = FileManager.default.contents(atPath: path) else { continue }
            h.add(path)
            h.add(data)
        }
        return h.hex
    }

    /// The shard this copy renders (`--shard`, else a job array's variable with `--shards`), or nil.
    static func shard(_ args: Arguments, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (Shard, Shard.Source)? {
        try shard(args.string("--shard"), count: try args.int("--shards", in: 1...100_000), local: args.has("--local"), environment: environment)
    }

    /// The shard of `--shard text` (nil: not given), `--shards count` and `--local`, else a job
    /// array's variable, or nil.
    static func shard(_ text: String?, count: Int?, local: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (Shard, Shard.Source)? {
        if let text {
            do {
                let s = try Shard(parsing: text)
                if let count, count != s.count { throw UsageError("--shard \(text) and --shards \(count) disagree") }
                return (s, .option)
            } catch let e as ScanlineError { throw UsageError(e.description) }
        }
        if local { return nil }
        // A batch's job: the job array's index split the batch's lines, not this job's frames
        // (issue #32 point 4: every job of `batch --shards 2` under JOB_COMPLETION_INDEX failed).
        if inBatchJob || environment[BatchCommand.jobVariable] != nil { return nil }
        do {
            if let found = try Shard.fromEnvironment(environment, shards: count) { return found }
        } catch let e as ScanlineError { throw UsageError(e.description) }
        if count != nil { throw UsageError("--shards N needs --local, --shard I/N, or a job array's index (JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or AWS_BATCH_JOB_ARRAY_INDEX)") }
        return nil
    }

    /// What an export does with the shard options: nil when `--local` ran and joined the shards
    /// (nothing left to do), else where to write and which shard, if any. Prints the shard first,
    /// so that a job array's logs show which copy ran.
    @MainActor static func plan(_ args: Arguments, command: String, prefix: [String], output out: String, format: ExportFormat,
                                options: ExportOptions, _ output: inout Output) async throws -> (String, ShardRequest?)? {
        let shard = try shard(args)
        if args.has("--local") {
            try await runLocally(args, prefix: prefix, output: out, &output)
            return nil
        }
        guard let (s, source) = shard else { return (out, nil) }
        let target = shardPath(out, s)
        let range = s.frames(of: options.frameCount, segment: format.segmentLength(fps: options.fps, segmentSeconds: options.video.segmentSeconds))
        output.live("shard \(s) (from \(source.rawValue)): frames \(range.lowerBound)..<\(range.upperBound) of \(options.frameCount) → \(target)\n")
        return (target, ShardRequest(shard: s, render: renderParameters(args, command: command), inputs: inputDigest(args)))
    }

    /// `plan` for a render request: its shard options, its parameters and its input files.
    @MainActor static func plan(_ r: RenderRequest, output out: String, format: ExportFormat,
                                options: ExportOptions, _ output: inout Output) async throws -> (String, ShardRequest?)? {
        let shard = try shard(r.shard, count: r.shards, local: r.local)
        if r.local {
            try await runLocally(r, output: out, &output)
            return nil
        }
        guard let (s, source) = shard else { return (out, nil) }
        let target = shardPath(out, s)
        let range = s.frames(of: options.frameCount, segment: format.segmentLength(fps: options.fps, segmentSeconds: options.video.segmentSeconds))
        output.live("shard \(s) (from \(source.rawValue)): frames \(range.lowerBound)..<\(range.upperBound) of \(options.frameCount) → \(target)\n")
        return (target, ShardRequest(shard: s, render: r.parameters, inputs: digest(of: r.inputFiles)))
    }

    /// `--shards N --local` for a render request: N copies of this program, each given the
    /// request with its shard set (`--request`), then joined (see the other form).
    @MainActor static func runLocally(_ r: RenderRequest, output out: String, _ output: inout Output) async throws {
        guard let n = r.shards, n <= 256 else { throw UsageError("--local needs --shards N (1...256)") }
        // Scanline's binary takes `render --request`; a user's view's program takes `--request`.
        let prefix = r.scene == nil ? [] : ["render"]
        try await runLocally(n, output: out, &output) { i in
            var child = r
            child.local = false; child.shards = nil; child.shard = "\(i)/\(n)"; child.quiet = true; child.json = false
            return prefix + ["--request", child.encoded]
        }
    }

    /// The shard file's name for `output`: `OUT.shard-IofN` (a PNG pattern's `%04d` becomes `N`).
    static func shardPath(_ output: String, _ shard: Shard) -> String {
        let url = URL(fileURLWithPath: output)
        let name = url.lastPathComponent.replacingOccurrences(of: #"%0?\d*d"#, with: "N", options: .regularExpression)
        return url.deletingLastPathComponent().appendingPathComponent("\(name).shard-\(shard.index)of\(shard.count)").path
    }

    /// `--shards N --local`: runs this command N times at once, each with `--shard i/N`, then
    /// joins the shard files into the output and removes them. Ctrl-C stops the children (they
    /// remove their partial files) and leaves no output.
    @MainActor static func runLocally(_ args: Arguments, prefix: [String], output out: String, _ output: inout Output) async throws {
        guard let n = try args.int("--shards", in: 1...256) else { throw UsageError("--local needs --shards N (1...256)") }
        let words = args.canonicalWords(dropping: ["--local", "--shards", "--quiet"])
        try await runLocally(n, output: out, &output) { i in prefix + words.options + ["--shard", "\(i)/\(n)", "--quiet", "--"] + words.positionals }
    }

    /// Runs this program `n` times at once, child `i` with `arguments(i)`, then joins their shard
    /// files into `out` and removes them.
    @MainActor static func runLocally(_ n: Int, output out: String, _ output: inout Output, arguments: (Int) -> [String]) async throws {
        let exe = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
        let started = Date()
        let children = try (0..<n).map { i in
            try ChildProcess.start(exe, arguments(i), stdout: .discard, stderr: .keep, stop: .terminate)
        }
        var failures: [String] = []
        for (i, child) in children.enumerated() {
            let ended = child.wait()
            if ended.status != 0 {
                let text = String(decoding: ended.stderr, as: UTF8.self)
                failures.append("shard \(i)/\(n): " + (text.split(separator: "\n").last.map(String.init) ?? "exit \(ended.status)"))
            }
        }
        let shards = try (0..<n).map { URL(fileURLWithPath: shardPath(out, try Shard(index: $0, count: n))) }
        defer { for s in shards { try? FileManager.default.removeItem(at: s) } }
        guard failures.isEmpty else { throw ScanlineError.renderFailed(reason: failures.joined(separator: "; ")) }
        let rendered = Date().timeIntervalSince(started)
        let report = try joinShards(shards, to: out)
        output.report?.wrote(out, report)
        output.report?.timings["render"] = rendered
        output.warn(String(format: "wrote %@ from %d local shards (%d frames; shards %.2f s, join %.2f s)", out, n, report.frames, rendered, report.seconds))
    }
}

/// `scanline join SHARD… -o OUT`.
enum JoinCommand {
    static let command = Command(
        name: "join",
        summary: "Join the shard files of a render split with --shard I/N into the file a single render writes, byte for byte.",
        usage: "join <SHARD… | FOLDER> -o <OUT>",
        options: [
            OptionSpec(["--output", "-o"], value: "FILE", help: "The joined file: the same format as the render's -o (a %04d pattern for PNG frames)."),
            OptionSpec(["--quiet", "-q"], help: "Print nothing on success."),
            CommonOptions.json,
        ],
        examples: [
            "scanline join out/title.mp4.shard-* -o title.mp4",
            "scanline join out/ -o title.mp4",
        ],
        run: { args, output in try run(args, &output) })

    static func run(_ args: Arguments, _ output: inout Output) throws {
        guard let out = args.string("--output") else { throw UsageError("missing -o/--output: where the joined file goes") }
        guard !args.positionals.isEmpty else { throw UsageError("give the shard files, or the folder that holds them") }
        var files: [URL] = []
        for p in args.positionals {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: p, isDirectory: &isDir) else { throw ScanlineError.fileNotFound(path: p) }
            if isDir.boolValue {
                let names = try FileManager.default.contentsOfDirectory(atPath: p).filter { $0.range(of: #"\.shard-\d+of\d+$"#, options: .regularExpression) != nil }
                guard !names.isEmpty else { throw UsageError("no shard files (NAME.shard-IofN) in \(p)") }
                files += names.sorted().map { URL(fileURLWithPath: p).appendingPathComponent($0) }
            } else {
                files.append(URL(fileURLWithPath: p))
            }
        }
        let header = try ShardFile(contentsOf: files[0]).header
        let format = ExportFormat.from(path: out)
        guard format?.rawValue == header.format else {
            throw UsageError("the shards are a \(header.format == "pngSequence" ? "PNG sequence (give -o a %04d pattern)" : "." + header.extension) render; -o \(out) is not")
        }
        let report = try joinShards(files, to: out)
        output.report?.wrote(out, report)
        if !args.has("--quiet") {
            output.warn(String(format: "wrote %@ from %d shards (%d frames) in %.2f s", out, report.shards, report.frames, report.seconds))
        }
    }
}

/// `scanline version [--libraries]`.
enum VersionCommand {
    static let command = Command(
        name: "version",
        summary: "Print Scanline's version, and with --libraries the versions of the libraries that decide a render's bytes.",
        usage: "version [--libraries]",
        options: [OptionSpec(["--libraries"], help: "Also cairo, Pango, HarfBuzz, fontconfig, zlib, libpng, giflib, libwebp, ffmpeg, x264 and libvpx: what must be equal on every machine of a sharded render.")],
        examples: ["scanline version --libraries"],
        run: { args, output in
            guard args.has("--libraries") else { output.print("scanline \(LibraryVersions.scanline)"); return }
            for (name, version) in LibraryVersions.current {
                output.print(name.padding(toLength: 12, withPad: " ", startingAt: 0) + version)
            }
        })
}
