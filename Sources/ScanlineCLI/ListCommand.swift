import Scanline
import ScanlineBlocks

/// `scanline list`: every scene and effect, with parameters and defaults.
enum ListCommand {
    static let command = Command(
        name: "list",
        summary: "List the scenes (for render and gallery) and effects (for apply), with their parameters.",
        usage: "list",
        options: [],
        examples: ["scanline list"],
        run: { _, output in
            output.print("Scenes (scanline render <scene>):")
            for s in SceneRegistry.all {
                output.print("  \(s.name)  [seed \(s.seed), \(Int(s.size.width))x\(Int(s.size.height)) pt, \(s.duration) s, \(s.colorScheme)]")
                output.print("      \(s.summary)")
                for p in s.parameters { output.print("      --\(p.name) \(p.kind.rawValue.uppercased())  \(p.help) (default \(p.defaultValue))") }
            }
            output.print("")
            output.print("Effects (scanline apply <effect>):")
            for e in EffectRegistry.all {
                output.print("  \(e.name)")
                output.print("      \(e.summary)")
                for p in e.parameters { output.print("      --\(p.name) \(p.range.lowerBound)...\(p.range.upperBound)  \(p.help) (default \(p.defaultValue))") }
            }
        })
}

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
                var gif = ExportOptions(); gif.duration = min(scene.duration, 6); gif.fps = long ? 12 : 25
                _ = try await exportAnimation(to: folder.appendingPathComponent("\(scene.name).gif").path, format: .gif, options: gif,
                                              makeRenderer: { try make(readme && long ? 0.75 : 1, gif.fps) })
                if readme {
                    if !args.has("--quiet") { output.warn("gallery: \(scene.name).gif") }
                    continue
                }
                let still = try await make(2, 30).still(at: scene.duration * 0.45)
                try still.writePNG(to: folder.appendingPathComponent("\(scene.name).png"))
                var mp4 = ExportOptions(); mp4.duration = scene.duration; mp4.fps = 30
                _ = try await exportAnimation(to: folder.appendingPathComponent("\(scene.name).mp4").path, format: .mp4, options: mp4,
                                              makeRenderer: { try make(2, 30) })
                if !args.has("--quiet") { output.warn("gallery: \(scene.name).png, .gif, .mp4") }
            }
        })
}
