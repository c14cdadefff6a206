import Scanline
import ScanlineBlocks

/// `scanline render`: renders a registered scene to a still PNG or a numbered PNG sequence.
enum RenderCommand {
    /// A user's view's canvas without `--size` (set in a user's view's program); a scene's is its own size.
    nonisolated(unsafe) static var userCanvas: UserViewCanvas? = nil

    /// The canvas in points: `--size`, else a user's view's `userCanvas` (its ideal size in the
    /// environment it is rendered in, as `ImageRenderer` measures it), else the scene's size.
    @MainActor static func canvasSize(_ args: Arguments, scene: SceneDescriptor, view: @autoclosure () throws -> AnyView,
                                      environment: EnvironmentValues, scale: CGFloat) throws -> CGSize {
        try canvasSize(try args.string("--size").map(parseSize), scene: scene, view: try view(), environment: environment, scale: scale)
    }
    /// The canvas for a `--size` of `size` (nil: not given); see the other form.
    @MainActor static func canvasSize(_ size: CGSize?, scene: SceneDescriptor, view: @autoclosure () throws -> AnyView,
                                      environment: EnvironmentValues, scale: CGFloat) throws -> CGSize {
        if let size { return size }
        switch userCanvas {
        case nil: return scene.size
        case let .fixed(width, height)?: return CGSize(width: width, height: height)
        case .idealSize?:
            let renderer = ImageRenderer(content: try view())
            renderer.environment = environment
            renderer.scale = scale
            let size = renderer.size
            // A view with no size of its own (a Color, a shape) measures 10 × 10, as in SwiftUI.
            return CGSize(width: min(16384, size.width), height: min(16384, size.height))
        }
    }
    /// `--device NAME` (with `landscape` after the name to turn it), or nil when not given;
    /// refused with `--size`, which it replaces.
    static func deviceOption(_ args: Arguments) throws -> DeviceConfiguration? {
        guard let name = args.strings("--device").last(where: { ShaderDevice(rawValue: $0.lowercased()) == nil }) else {
            if args.has("--no-status-bar") { throw UsageError("--no-status-bar goes with --device") }
            return nil
        }
        guard let device = DeviceConfiguration.named(name) else {
            throw UsageError("unknown device '\(name)'; devices: \(DeviceConfiguration.all.map(\.name).joined(separator: ", ")) (add 'landscape' to turn one), or cpu, cuda, auto for where shaders run")
        }
        if args.string("--size") != nil { throw UsageError("give --device or --size, not both: a device sets the canvas") }
        return device
    }
    /// `--start-date DATE` (ISO 8601, with a time zone), or nil when not given.
    static func startDateOption(_ args: Arguments) throws -> Date? {
        guard let text = args.string("--start-date") else { return nil }
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds]] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        throw UsageError("--start-date expects an ISO 8601 date and time with a zone, such as 2026-12-05T09:41:00Z, got '\(text)'")
    }
    /// x264's presets, fastest first.
    static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow"]
    /// `--preset NAME`, checked against `presets` (nil when not given).
    static func presetOption(_ args: Arguments) throws -> String? { try args.choice("--preset", presets.map { ($0, $0) }) }
    static var command: Command {
        Command(
            name: "render",
            summary: "Render a scene, or your own SwiftUI view from its .swift files (and .metal shaders) or from a package's #Previews, to a PNG still, a PNG sequence, GIF, WebP, APNG, MP4, WebM, MOV or MKV.",
            usage: "render <scene | FILE.swift [MORE.swift …] [SHADERS.metal …] | PACKAGE-FOLDER> -o <file.png|.gif|.webp|.apng|.mp4|.webm|pattern-%04d.png> [options]",
            options: [
                OptionSpec(["--output", "-o"], value: "FILE", help: "The format follows the extension: png (a still at --time), gif, webp, apng, mp4, webm, mov, mkv; a %04d pattern or a folder for PNGs; - writes a still PNG to stdout."),
                OptionSpec(["--duration"], value: "SECONDS", help: "Length of an animation, 0<d≤3600 (default: the scene's loop)."),
                OptionSpec(["--loop"], value: "N", help: "GIF/WebP/APNG: play N times; 0 (default) forever."),
                OptionSpec(["--background"], value: "COLOR", help: "Paint the canvas first (default: the scene's own)."),
                OptionSpec(["--crf"], value: "N", help: "Video quality (0 is best): 0...51 for MP4, MOV and MKV (x264), 0...63 for WebM (VP9). Default 18."),
                OptionSpec(["--preset"], value: "NAME", help: "x264 preset, ultrafast … veryslow. Default veryfast."),
                OptionSpec(["--audio"], value: "FILE", help: "MP4/WebM: a sound track to mux in."),
                OptionSpec(["--lossless"], help: "WebP: lossless instead of lossy."),
                OptionSpec(["--quality"], value: "N", help: "WebP lossy quality, 0...100. Default 80."),
                OptionSpec(["--time"], value: "SECONDS", help: "The moment of a still. Default 0."),
                OptionSpec(["--start-date"], value: "DATE", help: "The date and time the render starts at, ISO 8601 (2026-12-05T09:41:00Z, or with an offset: +01:00). Every clock the view reads (Date.now, TimelineView's date, ContinuousClock, timers) reads this plus the render's time. Default 2001-01-01T00:00:00Z, the same every run."),
                OptionSpec(["--frames"], value: "A..B", help: "Frames A through B (inclusive) at --fps, one PNG each. Ctrl-C keeps the frames already written (each complete) and says how many."),
                OptionSpec(["--fps"], value: "N", help: "Frames per second, 1...240. Default 30."),
                OptionSpec(["--size"], value: "WxH", help: "Canvas in points. Default: a scene's own size; your view's ideal size (as ImageRenderer measures it: a fixed .frame is kept, a Color alone is 10x10), or what its #Preview's traits say (.fixedLayout(width:height:) that size, .sizeThatFitsLayout the ideal size, .portrait/.landscapeLeft an iPhone 16 Pro, 402x874)."),
                OptionSpec(["--scale"], value: "N", help: "Pixels per point, 1...3. Default 2 (a --device's own scale with --device)."),
                OptionSpec(["--device"], value: "NAME", help: "Render full screen on a device: its size, scale, safe area and Dynamic Type, with its status bar and home indicator. iPhone SE, iPhone 13 (12, 14), iPhone 15 (14 Pro, 15 Pro, 16), iPhone 16 Pro, iPhone 13 Pro Max (14 Plus), iPhone 15 Pro Max (16 Plus), iPhone 16 Pro Max, iPad, iPad Air, iPad Pro 11-inch, iPad Pro 13-inch; add 'landscape' to turn it (\"iPhone 16 Pro landscape\"). Or where .metal functions run: cpu, cuda (an NVIDIA GPU, the same bytes) or auto; give --device twice for both."),
                OptionSpec(["--no-status-bar"], help: "With --device: leave out the status bar and home indicator (as snapshot tests do)."),
                OptionSpec(["--reduce-motion"], help: "Reduce Motion on."),
                OptionSpec(["--reduce-transparency"], help: "Reduce Transparency on: Liquid Glass is frostier and more opaque."),
                OptionSpec(["--dynamic-type"], value: "SIZE", help: "xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1 to accessibility5. Default large."),
                OptionSpec(["--rtl"], help: "Right-to-left layout direction."),
                OptionSpec(["--color-scheme"], value: "SCHEME", help: "light or dark. Default: the scene's own (the seed demos are designed dark; see 'scanline list')."),
                OptionSpec(["--accessibility"], help: "Print what a screen reader would read, instead of rendering."),
                OptionSpec(["--layout"], help: "Print every view's frame, instead of rendering."),
                OptionSpec(["--quiet", "-q"], help: "No progress bar."),
                CommonOptions.json,
                OptionSpec(["--request"], value: "JSON", help: "The whole render as one JSON object, given alone: what scanline passes its own child processes (a user's view's program, --local shards)."),
                OptionSpec(["--view"], value: "TYPE", help: "Your files: render TYPE() (default: the first #Preview's body, else the only View type)."),
                OptionSpec(["--preview"], value: "NAME", help: "Your files or package: render #Preview(\"NAME\"). A package's library and app targets are built as SwiftPM builds them (resources and Bundle.module included)."),
                OptionSpec(["--list-previews"], help: "Your files or package: print each #Preview's name, place and canvas, and render nothing."),
                OptionSpec(["--resources"], value: "DIR", help: "Your files: where Image(\"name\") looks (default: the first file's folder)."),
                OptionSpec(["--cache"], value: "DIR", help: "Your files: where they are built (default: $SCANLINE_CACHE, else ~/.cache/scanline)."),
                OptionSpec(["--from-source"], help: "Your files: build Scanline from its sources in the cache (minutes, once) instead of compiling only your files against the prebuilt Scanline beside this binary (about a second). In release mode; SCANLINE_SOURCE_CONFIGURATION=debug builds in about 40 % of the time and renders slower."),
            ] + ShardOptions.options + sceneOptions,
            examples: [
                "scanline render chromatic-glitch-demo --time 1.25 -o frame.png",
                "scanline render chromatic-glitch-demo --frames 0..120 -o 'out/frame-%04d.png'",
                "scanline render glitch-text --duration 2.5 --fps 30 -o glitch.gif",
                "scanline render glitch-text --text \"ON AIR\" --first-color red --second-color blue -o title.mp4",
                "scanline render chromatic-glitch-demo --accessibility",
                "scanline render Glow.swift Glow.metal --duration 2 -o glow.gif",
                "scanline render Cards.swift --view CardStack --size 390x300 -o cards.png",
                "scanline render Settings.swift --device \"iPhone 16 Pro\" --color-scheme dark -o settings.png",
                "scanline render podcast-transcript --duration 20 --shard 0/4 -o ep.mp4     # then: scanline join ep.mp4.shard-* -o ep.mp4",
                "scanline render glitch-text --duration 4 --shards 2 --local -o glitch.gif",
            ],
            run: { args, output in try await run(args, &output) })
    }

    /// Every scene's parameters, as options (each scene reads its own).
    static var sceneOptions: [OptionSpec] {
        var seen = Set<String>()
        return SceneRegistry.all.flatMap(\.parameters).compactMap { p in
            guard seen.insert(p.name).inserted else { return nil }
            return OptionSpec(["--\(p.name)"], value: p.kind.rawValue.uppercased(), help: "\(p.help) (scenes that take it).")
        }
    }

    static func parseSize(_ text: String) throws -> CGSize {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = DecimalText.double(parts[0]), let h = DecimalText.double(parts[1]) else {
            throw UsageError("--size expects WIDTHxHEIGHT in points, e.g. 390x520; got '\(text)'")
        }
        guard w > 0, h > 0, w <= 16384, h <= 16384 else { throw UsageError("--size sides must be in 1...16384 points; got '\(text)'") }
        return CGSize(width: w, height: h)
    }

    /// "A..B" → A...B; both whole numbers ≥ 0, A ≤ B.
    /// `--frames A..B` at `fps`: whole numbers, in order, at most a million frames, and none
    /// later than 3600 s (where `--time` and `--duration` stop too).
    static func parseFrames(_ text: String, fps: Double) throws -> ClosedRange<Int> {
        let range = try parseFrames(text)
        let end = Double(range.upperBound) / fps
        guard end <= 3600 else {
            throw UsageError("--frames \(text) ends at \(Arguments.format(end.rounded())) s at \(Arguments.format(fps)) fps; renders stop at 3600 s (frame \(Int(3600 * fps)))")
        }
        return range
    }

    static func parseFrames(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0 else {
            throw UsageError("--frames expects A..B with whole numbers ≥ 0, e.g. 0..120; got '\(text)'")
        }
        guard a <= b else { throw UsageError("--frames \(text) is reversed: the first frame must not come after the last") }
        guard b - a < 1_000_000 else { throw UsageError("--frames \(text) is more than a million frames") }
        return a...b
    }

    /// Encoder options that the output's format does not use are refused, as `--audio` with a GIF
    /// always was: `--lossless` with an MP4 would otherwise be silently ignored.
    static func refuseInapplicable(_ r: RenderRequest, output: String) throws {
        let format = ExportFormat.from(path: output)
        let still = r.frames == nil && (format == .png || format == nil || (format == .pngSequence && r.time != nil))
        let kind = r.frames != nil ? "a PNG sequence" : still ? "a still" : format.map { "." + ($0 == .pngSequence ? "png sequence" : $0.rawValue) } ?? "this output"
        let animation = !still && r.frames == nil
        let rules: [(option: String, given: Bool, applies: Bool, where: String)] = [
            ("--lossless", r.lossless, format == .webp, ".webp"),
            ("--quality", r.quality != nil, format == .webp, ".webp"),
            ("--crf", r.crf != nil, format?.isVideo == true, "video (.mp4, .webm, .mov, .mkv)"),
            ("--preset", r.preset != nil, format?.isVideo == true, "video (.mp4, .webm, .mov, .mkv)"),
            ("--audio", r.audio != nil, format?.isVideo == true, "video (.mp4, .webm, .mov, .mkv)"),
            ("--loop", r.loop != nil, [.gif, .webp, .apng].contains(format), ".gif, .webp and .apng"),
            ("--duration", r.duration != nil, animation, "animations"),
            ("--gop", r.gop != nil, format?.isVideo == true, "video (.mp4, .webm, .mov, .mkv)"),
            ("--shard", r.shard != nil, animation, "animations (a PNG sequence: a %04d pattern)"),
            ("--shards", r.shards != nil, animation, "animations (a PNG sequence: a %04d pattern)"),
            ("--local", r.local, animation, "animations (a PNG sequence: a %04d pattern)"),
        ]
        for rule in rules where rule.given && !rule.applies {
            throw UsageError("\(rule.option) applies to \(rule.where), not to \(kind)")
        }
    }

    /// The environment a render of `scene` runs in: the request's scheme (else the scene's),
    /// accessibility settings, direction and Dynamic Type.
    static func environment(_ r: RenderRequest, scene: SceneDescriptor) throws -> EnvironmentValues {
        var env = EnvironmentValues()
        env.colorScheme = r.colorScheme.map { $0 == "dark" ? ColorScheme.dark : .light } ?? scene.colorScheme
        env.accessibilityReduceMotion = r.reduceMotion
        env.accessibilityReduceTransparency = r.reduceTransparency
        if r.rightToLeft { env.layoutDirection = .rightToLeft }
        if let d = r.dynamicType {
            do { env.dynamicTypeSize = try DynamicTypeSize.parse(d) } catch let e as ScanlineError { throw UsageError(e.description) }
        }
        return env
    }

    @MainActor static func run(_ args: Arguments, _ output: inout Output) async throws {
        let previousDevice = try CommonOptions.useDevice(args, screens: true)
        defer { ShaderDevice.current = previousDevice }
        if let first = args.positionals.first, first.lowercased().hasSuffix(".swift") || first.lowercased().hasSuffix(".metal") || UserPackage.isFolder(first) {
            let code = try await UserView.render(args, &output)
            if code != 0 { throw ExitCode(code) }
            return
        }
        if let json = args.string("--request") {
            guard args.raw.count == 2 else { throw UsageError("--request holds the whole render; give it alone") }
            let request = try RenderRequest(json: json)
            guard let name = request.scene, let scene = SceneRegistry.named(name) else {
                throw UsageError("--request names no scene Scanline has (\(request.scene ?? "none")); a user's view's request goes to its own program")
            }
            // What the command line would have set: the JSON report, and where shaders run.
            if request.json && output.report == nil { output.report = JSONReport(command: "render") }
            let previous = try request.useShaderDevice()
            defer { ShaderDevice.current = previous }
            try await render(scene, request, &output)
            return
        }
        guard args.positionals.count == 1 else {
            throw UsageError(args.positionals.isEmpty ? "missing the scene name (or your .swift files); scenes: \(SceneRegistry.all.map(\.name).joined(separator: ", "))" : "expected one scene name, or .swift and .metal files")
        }
        guard let scene = SceneRegistry.named(args.positionals[0]) else {
            throw UsageError("unknown scene '\(args.positionals[0])'; scenes: \(SceneRegistry.all.map(\.name).joined(separator: ", ")) (see 'scanline list')")
        }
        for option in ["--view", "--preview", "--cache", "--from-source", "--list-previews"] where args.string(option) != nil || args.has(option) {
            throw UsageError("\(option) goes with your own .swift files, not a scene")
        }
        var request = try RenderRequest(args)
        request.scene = scene.name
        try await render(scene, request, &output)
    }

    /// Renders `scene` as `request` asks (a scene of Scanline's, or a user's view in its own
    /// program, whose scene is the view).
    @MainActor static func render(_ scene: SceneDescriptor, _ request: RenderRequest, _ output: inout Output) async throws {
        let r = request
        // Another scene's options are a mistake, not something to ignore.
        for name in r.sceneValues.keys.sorted() where !scene.parameters.contains(where: { $0.name == name }) {
            let takes = scene.parameters.map { "--\($0.name)" }
            throw UsageError("--\(name) is not an option of '\(scene.name)' (" + (takes.isEmpty ? "it takes none" : "it takes " + takes.joined(separator: ", ")) + ")")
        }
        // The view is made inside each renderer, at its time 0 (SceneRenderer.init); this one only
        // measures an ideal size.
        func makeView() throws -> AnyView {
            do { return try scene.make(SceneArguments(r.sceneValues)) } catch let e as ScanlineError { throw UsageError(e.description) }
        }
        let view = try makeView()
        let startDate = r.startDate
        let device = r.device.flatMap(DeviceConfiguration.named)
        let scale = r.scale ?? device?.scale ?? 2
        let fps = r.fps ?? 30
        let time = r.time
        var env = try environment(r, scene: scene)
        if let device, r.dynamicType == nil { env.dynamicTypeSize = device.dynamicTypeSize }
        if let dir = r.resources {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else { throw ScanlineError.fileNotFound(path: dir) }
            env.imageResourcesFolder = URL(fileURLWithPath: dir)
        }
        // A user's `.metal` files, compiled when a shader is first looked up.
        if !r.metal.isEmpty { ShaderLibrary.default.addMetalFiles(r.metal.map { URL(fileURLWithPath: $0) }) }
        let size = try device?.size ?? canvasSize(r.size, scene: scene, view: view, environment: env, scale: scale)
        let background = try CommonOptions.color(r.background, "--background")
        let chrome = device != nil && !r.noStatusBar
        func makeRenderer() throws -> SceneRenderer {
            guard let device else {
                return try SceneRenderer(try makeView(), size: size, scale: scale, fps: fps, environment: env, background: background, startDate: startDate)
            }
            var d = device
            d.dynamicTypeSize = env.dynamicTypeSize
            return try SceneRenderer(try makeView(), device: d, chrome: chrome, scale: scale, fps: fps, environment: env, background: background, startDate: startDate)
        }
        let renderer = try makeRenderer()
        defer { for w in renderer.warnings { output.warn("warning: \(w)") } }

        switch r.mode {
        case .accessibility:
            for e in await renderer.accessibilityElements(at: time ?? 0) { output.print(e.description) }
            return
        case .layout:
            output.print(await renderer.layoutDump(at: time ?? 0))
            return
        case .render:
            break
        }
        guard let out = r.output else { throw UsageError("missing -o/--output") }
        if FramePattern.looksNumbered(out) {
            do { _ = try FramePattern(out) } catch let e as ScanlineError { throw UsageError(e.description) }
        }
        try refuseInapplicable(r, output: out)
        try CommonOptions.refuseOverwriting([r.audio] + r.metal, output: out)
        if let format = ExportFormat.from(path: out), format.isAnimated, r.frames == nil, format != .pngSequence || time == nil {
            guard time == nil else { throw UsageError("--time picks a still; an animation runs from 0 for --duration") }
            var options = ExportOptions()
            options.fps = fps
            options.duration = r.duration ?? scene.duration
            options.loop = r.loop ?? 0
            options.lossless = r.lossless
            options.quality = Float(r.quality ?? 80)
            if let crf = r.crf, format != .webm, crf > 51 { throw UsageError("--crf expects a whole number from 0 to 51, got '\(crf)'") }
            options.video.crf = r.crf ?? 18
            options.video.preset = r.preset ?? "veryfast"
            if let audio = r.audio { options.video.audio = URL(fileURLWithPath: audio) }
            if options.video.audio != nil && !format.isVideo { throw UsageError("--audio goes with a video output (.mp4, .webm, .mov, .mkv)") }
            options.video.segmentSeconds = r.gop ?? 2
            guard let (target, shard) = try await ShardOptions.plan(r, output: out, format: format, options: options, &output) else { return }
            var bar = ProgressBar(enabled: !r.quiet && output.isTerminal, output: output)
            let report = try await exportAnimation(to: target, format: format, options: options, shard: shard, makeRenderer: makeRenderer,
                                                   progress: { bar.update($0, $1) })
            bar.finish()
            for w in report.warnings { output.warn("warning: \(w)") }
            output.warn(String(format: "wrote %@ (%d frames at %g fps; render %.2f s, encode %.2f s)", target, report.frames, fps, report.renderSeconds, report.encodeSeconds))
            let pixels = renderer.pixelSize
            output.report?.wrote(target, format: shard == nil ? JSONReport.name(format) : "shard", width: pixels.width, height: pixels.height, frames: report.frames,
                                 fps: fps, duration: Double(report.frames) / fps)
            output.report?.timings["render"] = report.renderSeconds
            output.report?.timings["encode"] = report.encodeSeconds
            return
        }
        if let framesText = r.frames {
            guard time == nil else { throw UsageError("give either --time (a still) or --frames (a sequence), not both") }
            let frames = try parseFrames(framesText, fps: fps)
            var pattern = out
            if out.hasSuffix("/") || (FileManager.default.fileExists(atPath: out, isDirectory: nil) && !out.hasSuffix(".png")) {
                pattern = (out.hasSuffix("/") ? out : out + "/") + "frame-%04d.png"
            }
            guard FramePattern.looksNumbered(pattern) else { throw UsageError("for --frames, -o needs a %d or %04d pattern or a folder, e.g. 'out/frame-%04d.png'") }
            let names = try FramePattern(pattern)
            try FramePattern.createFolder(for: names.name(frames.lowerBound))
            var bar = ProgressBar(enabled: !r.quiet && output.isTerminal && frames.count > 30, output: output)
            // Each frame is a whole file once written (atomically); an interrupted run keeps the
            // frames already written, and says how many.
            let written = FrameCounter()
            let total = frames.count, first = names.name(frames.lowerBound)
            Interruption.setMessageOnStop { "interrupted: \(written.value) of \(total) frames were written, from \(first); each is complete" }
            defer { Interruption.setMessageOnStop(nil) }
            let t = Date()
            for (i, n) in frames.enumerated() {
                let image = try await renderer.frame(n)
                try written.record { try image.writePNG(to: URL(fileURLWithPath: names.name(n))) }
                bar.update(i + 1, frames.count)
            }
            bar.finish()
            output.warn("wrote \(frames.count) frames to \(names.name(frames.lowerBound)) … \(names.name(frames.upperBound))")
            if output.report != nil {
                let bytes = frames.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: names.name($1))[.size] as? Int) ?? 0) }
                let pixels = renderer.pixelSize
                output.report?.wrote(pattern, format: "png-sequence", width: pixels.width, height: pixels.height, frames: frames.count,
                                     fps: fps, duration: Double(frames.count) / fps, bytes: bytes)
                output.report?.timings["render"] = Date().timeIntervalSince(t)
            }
            return
        }
        let t = Date()
        if out == "-" {
            // A still PNG on standard output, for a pipe; --json would share stdout with it.
            guard output.report == nil else { throw UsageError("-o - writes the PNG to stdout, where --json would print too; give -o a file with --json") }
            output.binary = try await renderer.still(at: time ?? 0).pngData()
            return
        }
        let url = URL(fileURLWithPath: out)
        guard url.pathExtension.lowercased() == "png" else { throw UsageError("a still is written as .png (got '\(url.lastPathComponent)'); use --frames for a sequence") }
        let image = try await renderer.still(at: time ?? 0)
        try image.writePNG(to: url)
        output.warn("wrote \(url.path) (\(image.width)x\(image.height) px at \(time ?? 0) s)")
        output.report?.wrote(url.path, format: "png", width: image.width, height: image.height)
        output.report?.timings["render"] = Date().timeIntervalSince(t)
    }
}

/// How many frames of a sequence are written, readable from the signal handler's queue. A frame
/// is written and counted under one lock, so the count read there matches the files on disk.
final class FrameCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func record(_ write: () throws -> Void) rethrows { try lock.withLock { try write(); count += 1 } }
    var value: Int { lock.withLock { count } }
}
