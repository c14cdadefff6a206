import Scanline
import ScanlineBlocks

/// `scanline apply`: runs an effect over a PNG or JPEG, or over every frame of a video.
enum ApplyCommand {
    static let videoExtensions: Set<String> = ["mp4", "mov", "mkv", "webm", "m4v", "avi"]
    static let audioExtensions: Set<String> = ["mp3", "wav", "m4a", "aac", "ogg", "opus", "flac"]

    static let command = Command(
        name: "apply",
        summary: "Apply an effect or a .metal shader to an image (PNG, JPEG) or to every frame of a video.",
        usage: "apply <effect | file.metal[:function]> <input> -o <output> [options]",
        options: [
            CommonOptions.json,
            OptionSpec(["--output", "-o"], value: "FILE", help: "Where to write: .png for images; " + VideoProcessor.supportedExtensions.map { "." + $0 }.joined(separator: ", ") + " for video."),
            OptionSpec(["--amount"], value: "VALUE", help: "The effect's strength, 0...1, or keyframes seconds:value,… (e.g. 0:0,1:1,3:0). Default 1."),
            OptionSpec(["--time"], value: "SECONDS", help: "The moment to render, for images (video follows its timestamps). Default 0."),
            OptionSpec(["--scale"], value: "N", help: "Pixels per point of the input (a 2x screenshot is 2), or keyframes seconds:scale. Default 1."),
            OptionSpec(["--reduce-motion"], help: "Reduce Motion: the effect's clock stands still (see each effect)."),
            OptionSpec(["--arg"], value: "NAME=VALUE", help: "A .metal function's argument (repeatable): 1.5, keyframes 0:0,2:1, x,y, #rrggbb[aa], bounds, or an image path. 'time' follows the clock; a float2 'size' or 'bounds' is the input's size."),
            OptionSpec(["--max-sample-offset"], value: "W,H", help: "A .metal layer or distortion effect's reach in points (the layer's padding). Default 0,0."),
            OptionSpec(["--threads"], value: "N", help: "Threads to use (default: every core); output is identical for any count."),
            CommonOptions.device,
            OptionSpec(["--quiet", "-q"], help: "No progress bar."),
        ] + ShardOptions.options,
        examples: [
            "scanline apply chromatic-glitch screenshot.png -o glitched.png --amount 0.8 --time 3.2",
            "scanline apply chromatic-glitch shot@2x.png --scale 2 -o glitched.png",
            "scanline apply chromatic-glitch talk.mp4 -o talk-glitched.mp4 --amount 0:0,1:1,3:1,4:0",
            "scanline apply Glitch.metal:ChromaticGlitchShaderSplit shot.png -o out.png --arg amount=1 --arg split=7 --arg shift=26 --max-sample-offset 33,0",
        ],
        run: run)

    @Sendable static func run(_ args: Arguments, _ output: inout Output) throws {
        guard args.positionals.count == 2 else {
            throw UsageError(args.positionals.isEmpty ? "missing the effect name and the input file"
                             : args.positionals.count == 1 ? "missing the input file" : "expected an effect and one input, got \(args.positionals.count) arguments")
        }
        let input = URL(fileURLWithPath: args.positionals[1])
        let outputURL = try CommonOptions.outputURL(args)
        try CommonOptions.refuseOverwriting([input.path, MetalEffect.split(args.positionals[0]).path], output: outputURL.path)
        let time = try args.double("--time", in: 0...86_400) ?? 0
        let scale: ValueKeyframes
        do { scale = try args.string("--scale").map { try ValueKeyframes.parse($0, name: "--scale", range: 0.25...8) } ?? ValueKeyframes(constant: 1) }
        catch let e as ScanlineError { throw UsageError(e.description) }
        let threads = try args.int("--threads", in: 1...256)
        let previousDevice = try CommonOptions.useDevice(args)
        defer { ShaderDevice.current = previousDevice }
        let reduceMotion = args.has("--reduce-motion")
        // The effect: a registered one, or a .metal function.
        let apply: (PixelBuffer, Double) throws -> PixelBuffer
        if MetalEffect.isMetal(args.positionals[0]) {
            for option in ["--amount", "--reduce-motion"] where args.string(option) != nil || args.has(option) {
                throw UsageError("\(option) is for built-in effects; give a .metal function's arguments with --arg")
            }
            let effect = try MetalEffect(args.positionals[0], args)
            apply = { image, t in try effect.apply(image, time: t, threads: threads) }
        } else {
            guard let effect = EffectRegistry.named(args.positionals[0]) else {
                throw UsageError("unknown effect '\(args.positionals[0])'; effects: \(EffectRegistry.all.map(\.name).joined(separator: ", ")), or a FILE.metal:function")
            }
            for option in ["--arg", "--max-sample-offset"] where args.string(option) != nil {
                throw UsageError("\(option) is for .metal functions; '\(effect.name)' takes \(effect.parameters.map { "--\($0.name)" }.joined(separator: ", "))")
            }
            var tracks: [String: ValueKeyframes] = [:]
            for p in effect.parameters {
                if let text = args.string("--\(p.name)") {
                    do { tracks[p.name] = try ValueKeyframes.parse(text, name: "--\(p.name)", range: p.range) }
                    catch let e as ScanlineError { throw UsageError(e.description) }
                } else {
                    tracks[p.name] = ValueKeyframes(constant: p.defaultValue)
                }
            }
            apply = { image, t in
                try effect.apply(image, EffectContext(time: t, reduceMotion: reduceMotion, values: tracks.mapValues { $0.value(at: t) }, threads: threads))
            }
        }

        guard FileManager.default.fileExists(atPath: input.path) else { throw ScanlineError.fileNotFound(path: input.path) }
        if videoExtensions.contains(input.pathExtension.lowercased()) {
            guard VideoProcessor.supportedExtensions.contains(outputURL.pathExtension.lowercased()) else {
                throw UsageError("a video input needs a video output (" + VideoProcessor.supportedExtensions.map { "." + $0 }.joined(separator: ", ") + ")")
            }
            var processor = VideoProcessor(input: input, output: outputURL)
            processor.options.segmentSeconds = try args.double("--gop", in: 0.01...3600) ?? 2
            if args.has("--local") { throw UsageError("--local is for render and transcript; split apply with --shard I/N and scanline join") }
            if let (s, source) = try ShardOptions.shard(args) {
                processor.output = URL(fileURLWithPath: ShardOptions.shardPath(outputURL.path, s))
                processor.shard = ShardRequest(shard: s, render: ShardOptions.renderParameters(args, command: "apply"), inputs: ShardOptions.inputDigest(args))
                let (range, total, _) = processor.frames(of: try FFmpeg.probe(input))
                output.live("shard \(s) (from \(source.rawValue)): frames \(range.lowerBound)..<\(range.upperBound) of \(total) → \(processor.output.path)\n")
            }
            var bar = ProgressBar(enabled: !args.has("--quiet") && output.isTerminal, output: output)
            try processor.run({ frame, t in
                var f = frame
                f.scale = CGFloat(scale.value(at: t))
                return try apply(f, t)
            }, progress: { done, total in bar.update(done, total) })
            bar.finish()
            if let info = try? FFmpeg.probe(input), let padded = VideoEncoder.paddingWarning(width: info.width, height: info.height) {
                output.warn("warning: \(padded)")
            }
            output.warn("wrote \(processor.output.path)")
            if output.report != nil {
                if processor.shard == nil, let info = try? FFmpeg.probe(processor.output) {
                    output.report?.wrote(processor.output.path, format: processor.container, width: info.width, height: info.height,
                                         frames: info.frameTimes.count, fps: info.fps, duration: Double(info.frameTimes.count) / info.fps)
                } else {
                    // A shard file is Scanline's own container, not a video ffprobe reads.
                    output.report?.wrote(processor.output.path, format: "shard", width: 0, height: 0, frames: 0)
                }
            }
            return
        }
        for o in ["--shard", "--shards", "--local", "--gop"] where args.string(o) != nil || args.has(o) {
            throw UsageError("\(o) applies to a video input")
        }
        guard !audioExtensions.contains(input.pathExtension.lowercased()) else {
            throw UsageError("'\(input.lastPathComponent)' is sound; apply takes an image (PNG, JPEG) or a video ("
                             + videoExtensions.sorted().map { "." + $0 }.joined(separator: ", ") + ")")
        }
        guard outputURL.pathExtension.lowercased() == "png" else {
            throw UsageError("an image input is written as .png (got '\(outputURL.lastPathComponent)')")
        }
        var image = try PixelBuffer(contentsOf: input)
        image.scale = CGFloat(scale.value(at: time))
        let result = try apply(image, time)
        try result.writePNG(to: outputURL)
        output.warn("wrote \(outputURL.path) (\(result.width)x\(result.height) px)")
        output.report?.wrote(outputURL.path, format: "png", width: result.width, height: result.height)
    }
}
