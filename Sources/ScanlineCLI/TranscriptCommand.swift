import Scanline
import ScanlineBlocks

/// `scanline transcript`: an audiogram, a video of a podcast clip with its cover art and words.
enum TranscriptCommand {
    static let command = Command(
        name: "transcript",
        summary: "Make a video of a transcript (WebVTT or SRT) over its cover art, in step with the cues, with the audio.",
        usage: "transcript <talk.vtt|talk.srt> -o clip.mp4 [--cover art.jpg] [--audio talk.mp3] [--from T --to T] [options]",
        options: [
            CommonOptions.json,
            OptionSpec(["--output", "-o"], value: "FILE", help: "The video (.mp4, .webm, .mov, .mkv) or a .gif/.webp/.apng."),
            OptionSpec(["--cover"], value: "IMAGE", help: "Cover art (PNG or JPEG). Default: a generated gradient."),
            OptionSpec(["--audio"], value: "FILE", help: "The recording, muxed and cut to the clip."),
            OptionSpec(["--from"], value: "TIME", help: "Clip start: seconds or [hh:]mm:ss. Default 0."),
            OptionSpec(["--to"], value: "TIME", help: "Clip end. Default: the end of the last cue."),
            OptionSpec(["--size"], value: "WxH", help: "Canvas in points. Default 540x960 (with --scale 2: 1080x1920 for phones)."),
            OptionSpec(["--scale"], value: "N", help: "Pixels per point, 1...3. Default 2."),
            CommonOptions.device,
            OptionSpec(["--fps"], value: "N", help: "Frames per second. Default 30."),
            OptionSpec(["--reduce-motion"], help: "Keep the background still and make the scrolling jump."),
            OptionSpec(["--crf"], value: "N", help: "Video quality, 0...51 (0 is best). Default 20."),
            OptionSpec(["--preset"], value: "NAME", help: "x264 preset, ultrafast … veryslow. Default: superfast, with its mb-tree kept on."),
            OptionSpec(["--quiet", "-q"], help: "No progress bar."),
        ] + ShardOptions.options,
        examples: [
            "scanline transcript talk.vtt --cover art.jpg --audio talk.mp3 --from 1:00 --to 1:45 -o clip.mp4",
            "scanline transcript talk.srt --size 540x540 -o square.mp4",
        ],
        run: { args, output in try await run(args, &output) })

    /// The transcript's encoding when no `--preset` is given: x264's superfast with its macroblock
    /// tree (and our 5-frame lookahead) kept on. Superfast alone turns the tree off, and at the
    /// same CRF then spends almost four times the bytes on a slowly moving background; veryfast
    /// costs x264 about 30 % more CPU, which kept a 1080×1920 render at about real time on two
    /// cores. On 10 s of the 1080×1920 transcript at CRF 20 the file is ~22 % bigger than
    /// veryfast's, with less error both on flat backgrounds and on text (README, "Speed").
    static func defaultEncoding(_ video: VideoEncoder.Options) -> VideoEncoder.Options {
        var v = video
        v.preset = "superfast"
        v.x264Params = ["mbtree=1"]
        return v
    }

    /// Seconds from "75", "75.5", "1:15" or "0:01:15".
    static func parseTime(_ text: String, _ name: String) throws -> Double {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), let last = DecimalText.double(parts.last!), last >= 0 else {
            throw UsageError("\(name) expects seconds or [hh:]mm:ss, got '\(text)'")
        }
        var total = last, mult = 60.0
        for p in parts.dropLast().reversed() {
            guard let v = Int(p), v >= 0 else { throw UsageError("\(name) expects seconds or [hh:]mm:ss, got '\(text)'") }
            total += Double(v) * mult; mult *= 60
        }
        return total
    }

    @MainActor static func run(_ args: Arguments, _ output: inout Output) async throws {
        guard args.positionals.count == 1 else { throw UsageError("expected one transcript file (.vtt or .srt)") }
        let previousDevice = try CommonOptions.useDevice(args)
        defer { ShaderDevice.current = previousDevice }
        guard let out = args.string("--output") else { throw UsageError("missing -o/--output") }
        guard let format = ExportFormat.from(path: out), format.isAnimated, format != .pngSequence else {
            throw UsageError("the output must be a video (.mp4, .webm, .mov, .mkv), .gif, .webp or .apng")
        }
        try CommonOptions.refuseOverwriting([args.positionals[0], args.string("--cover"), args.string("--audio")], output: out)
        let parsed = try SubtitleParser.parse(contentsOf: URL(fileURLWithPath: args.positionals[0]))
        for w in parsed.warnings { output.warn("warning: \(w)") }
        let from = try args.string("--from").map { try parseTime($0, "--from") } ?? 0
        let to = try args.string("--to").map { try parseTime($0, "--to") } ?? parsed.transcript.duration
        guard to > from else {
            if args.string("--to") == nil {
                throw UsageError("--from (\(from) s) is past the end of the transcript (its last cue ends at \(parsed.transcript.duration) s)")
            }
            throw UsageError("--to (\(to) s) must come after --from (\(from) s)")
        }
        guard to - from <= 3600 else { throw UsageError("the clip is longer than an hour") }
        let cover: Image
        if let c = args.string("--cover") { cover = try Image(contentsOf: URL(fileURLWithPath: c)) } else { cover = GeneratedCover.image() }
        let size = try args.string("--size").map(RenderCommand.parseSize) ?? CGSize(width: 540, height: 960)
        let scale = try args.double("--scale", in: 1...3) ?? 2
        let fps = try args.double("--fps", in: 1...60) ?? 30
        var env = EnvironmentValues()
        env.colorScheme = .dark
        env.accessibilityReduceMotion = args.has("--reduce-motion")
        var options = ExportOptions()
        options.duration = to - from
        options.fps = fps
        options.video.crf = try args.int("--crf", in: 0...51) ?? 20
        if let preset = try RenderCommand.presetOption(args) {
            options.video.preset = preset
        } else {
            options.video = TranscriptCommand.defaultEncoding(options.video)
        }
        if let audio = args.string("--audio") {
            guard format.isVideo else { throw UsageError("--audio goes with a video output") }
            options.video.audio = URL(fileURLWithPath: audio)
            options.video.audioStart = from
        }
        if args.string("--gop") != nil && !format.isVideo { throw UsageError("--gop applies to video (.mp4, .webm, .mov, .mkv)") }
        options.video.segmentSeconds = try args.double("--gop", in: 0.01...3600) ?? 2
        guard let (target, request) = try await ShardOptions.plan(args, command: "transcript", prefix: ["transcript"], output: out,
                                                                  format: format, options: options, &output) else { return }
        let transcript = parsed.transcript
        var bar = ProgressBar(enabled: !args.has("--quiet") && output.isTerminal, output: output)
        let report = try await exportAnimation(to: target, format: format, options: options, shard: request, makeRenderer: {
            try SceneRenderer(TranscriptPlayerView(transcript: transcript, cover: cover, clipStart: from), size: size, scale: scale, fps: fps, environment: env)
        }, progress: { bar.update($0, $1) })
        bar.finish()
        for w in report.warnings { output.warn("warning: \(w)") }
        output.warn(String(format: "wrote %@ (%d frames, %.1f s of transcript from %.1f s; render %.1f s, encode %.1f s)",
                           target, report.frames, to - from, from, report.renderSeconds, report.encodeSeconds))
        let pixels = try PixelBuffer.pixelSize(for: size, scale: scale)
        output.report?.wrote(target, format: request == nil ? format.rawValue : "shard", width: pixels.width, height: pixels.height,
                             frames: report.frames, fps: fps, duration: Double(report.frames) / fps)
        output.report?.timings["render"] = report.renderSeconds
        output.report?.timings["encode"] = report.encodeSeconds
    }
}
