import Scanline
import ScanlineBlocks

/// `scanline gallery`: every seed demo as a GIF, an MP4 and a still PNG.
enum GalleryCommand {
    static let command = Command(
        name: "gallery",
        summary: "Render every seed demo to GIF, MP4 and a still PNG (make demo runs it).",
        usage: "gallery -o <folder> [--scene NAME[,NAME…]] [--readme] [--quiet]",
        options: [
            OptionSpec(["--output", "-o"], value: "FOLDER", help: "Where to write (created if missing). Default gallery/."),
            OptionSpec(["--scene"], value: "NAMES", help: "Only these scenes, comma-separated (see 'scanline list'). Default: all."),
            OptionSpec(["--readme"], help: "Only the GIFs, sized for a README: scenes longer than 6 s at 3/4 size."),
            OptionSpec(["--quiet", "-q"], help: "No progress lines."),
            CommonOptions.json,
        ],
        examples: ["scanline gallery -o gallery/", "scanline gallery --readme -o docs/gallery/", "scanline gallery --scene glitch-text,pulse-phrase -o demos/"],
        run: { args, output in
            var scenes = SceneRegistry.all
            if let names = args.string("--scene") {
                scenes = try names.split(separator: ",", omittingEmptySubsequences: false).map { name in
                    let name = name.trimmingCharacters(in: .whitespaces)
                    guard let scene = SceneRegistry.named(name) else {
                        throw UsageError("unknown scene '\(name)'; scenes: \(SceneRegistry.all.map(\.name).joined(separator: ", ")) (see 'scanline list')")
                    }
                    return scene
                }
            }
            let folder = URL(fileURLWithPath: args.string("--output") ?? "gallery")
            do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
                throw ScanlineError.cannotWrite(path: folder.path, reason: "cannot create the folder")
            }
            let readme = args.has("--readme")
            for scene in scenes {
                let long = scene.duration > 6
                let make = { @MainActor (scale: CGFloat, fps: Double) throws -> SceneRenderer in
                    try SceneRenderer(try scene.make(SceneArguments([:])), size: scene.size, scale: scale, fps: fps)
                }
                // GIFs of long scenes (the transcript's moving background changes every pixel) are kept
                // small: at most 6 s, at 12 fps; for a README, at 3/4 size too.
                // Each file written goes into --json's report, with the time its render and encode took.
                @MainActor func export(_ format: ExportFormat, _ options: ExportOptions, scale: CGFloat) async throws {
                    let path = folder.appendingPathComponent("\(scene.name).\(format.rawValue)").path
                    let pixels = try make(scale, options.fps).pixelSize
                    let done = try await exportAnimation(to: path, format: format, options: options, makeRenderer: { try make(scale, options.fps) })
                    output.report?.wrote(path, format: format.rawValue, width: pixels.width, height: pixels.height, frames: done.frames,
                                         fps: options.fps, duration: Double(done.frames) / options.fps)
                    output.report?.timings["render", default: 0] += done.renderSeconds
                    output.report?.timings["encode", default: 0] += done.encodeSeconds
                }
                var gif = ExportOptions(); gif.duration = min(scene.duration, 6); gif.fps = long ? 12 : 25
                try await export(.gif, gif, scale: readme && long ? 0.75 : 1)
                if readme {
                    if !args.has("--quiet") { output.warn("gallery: \(scene.name).gif") }
                    continue
                }
                let still = try await make(2, 30).still(at: scene.duration * 0.45)
                let png = folder.appendingPathComponent("\(scene.name).png")
                try still.writePNG(to: png)
                output.report?.wrote(png.path, format: "png", width: still.width, height: still.height)
                var mp4 = ExportOptions(); mp4.duration = scene.duration; mp4.fps = 30
                try await export(.mp4, mp4, scale: 2)
                if !args.has("--quiet") { output.warn("gallery: \(scene.name).png, .gif, .mp4") }
            }
        })
}
