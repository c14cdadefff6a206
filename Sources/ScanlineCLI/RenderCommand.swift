import Scanline
import ScanlineBlocks

/// `scanline render`: renders a registered scene to a still PNG or a numbered PNG sequence.
enum RenderCommand {
    static var command: Command {
        Command(
            name: "render",
            summary: "Render a scene (a SwiftUI-style view) at a time, or a range of frames, to PNG.",
            usage: "render <scene> (--time S -o frame.png | --frames A..B -o 'out/frame-%04d.png') [options]",
            options: [
                OptionSpec(["--output", "-o"], value: "FILE", help: "A .png for a still, or a pattern with %d/%04d (or a folder) for frames."),
                OptionSpec(["--time"], value: "SECONDS", help: "The moment of a still. Default 0."),
                OptionSpec(["--frames"], value: "A..B", help: "Frames A through B (inclusive) at --fps."),
                OptionSpec(["--fps"], value: "N", help: "Frames per second, 1...240. Default 30."),
                OptionSpec(["--size"], value: "WxH", help: "Canvas in points (default: the scene's)."),
                OptionSpec(["--scale"], value: "N", help: "Pixels per point, 1...3. Default 2."),
                OptionSpec(["--reduce-motion"], help: "Reduce Motion on."),
                OptionSpec(["--dynamic-type"], value: "SIZE", help: "xSmall … accessibility5. Default large."),
                OptionSpec(["--rtl"], help: "Right-to-left layout direction."),
                OptionSpec(["--color-scheme"], value: "SCHEME", help: "light or dark. Default dark."),
                OptionSpec(["--accessibility"], help: "Print what a screen reader would read, instead of rendering."),
                OptionSpec(["--layout"], help: "Print every view's frame, instead of rendering."),
                OptionSpec(["--quiet", "-q"], help: "No progress bar."),
            ] + sceneOptions,
            examples: [
                "scanline render chromatic-glitch-demo --time 1.25 -o frame.png",
                "scanline render chromatic-glitch-demo --frames 0..120 -o 'out/frame-%04d.png'",
                "scanline render chromatic-glitch-demo --accessibility",
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
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite else {
            throw UsageError("--size expects WIDTHxHEIGHT in points, e.g. 390x520; got '\(text)'")
        }
        guard w > 0, h > 0, w <= 16384, h <= 16384 else { throw UsageError("--size sides must be in 1...16384 points; got '\(text)'") }
        return CGSize(width: w, height: h)
    }

    /// "A..B" → A...B; both whole numbers ≥ 0, A ≤ B.
    static func parseFrames(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0 else {
            throw UsageError("--frames expects A..B with whole numbers ≥ 0, e.g. 0..120; got '\(text)'")
        }
        guard a <= b else { throw UsageError("--frames \(text) is reversed: the first frame must not come after the last") }
        guard b - a < 1_000_000 else { throw UsageError("--frames \(text) is more than a million frames") }
        return a...b
    }

    static func environment(_ args: Arguments) throws -> EnvironmentValues {
        var env = EnvironmentValues()
        env.colorScheme = try args.choice("--color-scheme", [("light", ColorScheme.light), ("dark", .dark)]) ?? .dark
        env.accessibilityReduceMotion = args.has("--reduce-motion")
        if args.has("--rtl") { env.layoutDirection = .rightToLeft }
        if let d = args.string("--dynamic-type") {
            do { env.dynamicTypeSize = try DynamicTypeSize.parse(d) } catch let e as ScanlineError { throw UsageError(e.description) }
        }
        return env
    }

    @MainActor static func run(_ args: Arguments, _ output: inout Output) async throws {
        guard args.positionals.count == 1 else {
            throw UsageError(args.positionals.isEmpty ? "missing the scene name; scenes: \(SceneRegistry.all.map(\.name).joined(separator: ", "))" : "expected one scene name")
        }
        guard let scene = SceneRegistry.named(args.positionals[0]) else {
            throw UsageError("unknown scene '\(args.positionals[0])'; scenes: \(SceneRegistry.all.map(\.name).joined(separator: ", ")) (see 'scanline list')")
        }
        var values: [String: String] = [:]
        for p in scene.parameters { if let v = args.string("--\(p.name)") { values[p.name] = v } }
        let view: AnyView
        do { view = try scene.make(SceneArguments(values)) } catch let e as ScanlineError { throw UsageError(e.description) }
        let size = try args.string("--size").map(parseSize) ?? scene.size
        let scale = try args.double("--scale", in: 1...3) ?? 2
        let fps = try args.double("--fps", in: 1...240) ?? 30
        let time = try args.double("--time", in: 0...3600)
        if let t = args.string("--time"), time == nil { throw UsageError("--time expects a number, got '\(t)'") }
        let renderer = try SceneRenderer(view, size: size, scale: scale, fps: fps, environment: environment(args))
        defer { for w in renderer.graph.warnings { output.warn("warning: \(w)") } }

        if args.has("--accessibility") {
            for e in await renderer.accessibilityElements(at: time ?? 0) { output.print(e.description) }
            return
        }
        if args.has("--layout") {
            output.print(await renderer.layoutDump(at: time ?? 0))
            return
        }
        guard let out = args.string("--output") else { throw UsageError("missing -o/--output") }
        if let framesText = args.string("--frames") {
            guard time == nil else { throw UsageError("give either --time (a still) or --frames (a sequence), not both") }
            let frames = try parseFrames(framesText)
            var pattern = out
            if out.hasSuffix("/") || (FileManager.default.fileExists(atPath: out, isDirectory: nil) && !out.hasSuffix(".png")) {
                pattern = (out.hasSuffix("/") ? out : out + "/") + "frame-%04d.png"
            }
            guard pattern.contains("%") else { throw UsageError("for --frames, -o needs a %d or %04d pattern or a folder, e.g. 'out/frame-%04d.png'") }
            var bar = ProgressBar(enabled: !args.has("--quiet") && output.isTerminal && frames.count > 30, output: output)
            for (i, n) in frames.enumerated() {
                let image = try await renderer.frame(n)
                try image.writePNG(to: URL(fileURLWithPath: String(format: pattern, n)))
                bar.update(i + 1, frames.count)
            }
            bar.finish()
            output.warn("wrote \(frames.count) frames to \(String(format: pattern, frames.lowerBound)) … \(String(format: pattern, frames.upperBound))")
            return
        }
        let url = URL(fileURLWithPath: out)
        guard url.pathExtension.lowercased() == "png" else { throw UsageError("a still is written as .png (got '\(url.lastPathComponent)'); use --frames for a sequence") }
        let image = try await renderer.still(at: time ?? 0)
        try image.writePNG(to: url)
        output.warn("wrote \(url.path) (\(image.width)x\(image.height) px at \(time ?? 0) s)")
    }
}
