import Scanline
import ScanlineBlocks

/// `scanline preview SCENE` and `scanline preview FILE.swift … [SHADERS.metal …]`: a live preview
/// in the browser, served from 127.0.0.1 (Preview/HTTPServer, Preview/PreviewServer). The page
/// plays the view, scrubs, shows the time and frame, switches light/dark, Dynamic Type and
/// Reduce Motion, and saves a GIF, MP4 or PNG through the same export as `render`. A user's
/// files are built as `render` builds them, watched, and rebuilt on save (Preview/UserSource);
/// frames are cached and rendered ahead (Preview/PreviewSession).
enum PreviewCommand {
    static var command: Command {
        Command(
            name: "preview",
            summary: "Preview a scene live in the browser: play, scrub, switch light/dark, Dynamic Type and Reduce Motion, and save GIF, MP4 or PNG.",
            usage: "preview <scene> | <FILE.swift …> [SHADERS.metal …] | <PACKAGE-FOLDER> [--port N] [--size WxH | --device NAME] [--scale N] [--fps N] [--duration SECONDS] [--view TYPE] [--preview NAME]",
            options: [
                OptionSpec(["--port"], value: "N", help: "The port on 127.0.0.1, 1024...65535 (default: a free one)."),
                OptionSpec(["--size"], value: "WxH", help: "Canvas in points (default: the scene's)."),
                OptionSpec(["--scale"], value: "N", help: "Pixels per point, 1...3. Default 1."),
                OptionSpec(["--device"], value: "NAME", help: "Show the view full screen on a device, with its safe area, status bar and home indicator (the names 'scanline render --help' lists; 'landscape' after one turns it)."),
                OptionSpec(["--fps"], value: "N", help: "Frames per second, 1...60. Default 30."),
                OptionSpec(["--duration"], value: "SECONDS", help: "Length of the loop, 0<d≤600 (default: the scene's; 3 s for your files)."),
                OptionSpec(["--view"], value: "TYPE", help: "Your files: preview TYPE() (default: the first #Preview's body, else the only View type)."),
                OptionSpec(["--preview"], value: "NAME", help: "Your files or package: the #Preview named NAME (`scanline render PACKAGE --list-previews` lists them)."),
                OptionSpec(["--resources"], value: "DIR", help: "Your files: where Image(\"name\") looks (default: the first file's folder)."),
                OptionSpec(["--cache"], value: "DIR", help: "Your files: the build cache (default: ~/.cache/scanline, as render)."),
                OptionSpec(["--from-source"], help: "Your files: build Scanline from its sources in the cache (minutes, once) instead of compiling against the prebuilt one."),
            ],
            examples: [
                "scanline preview counter",
                "scanline preview text-transition --port 8080 --scale 2",
                "scanline preview Wave.swift Wave.metal      # rebuilds and reloads the page when you save either",
            ],
            run: { args, output in try await run(args, &output) })
    }

    @MainActor static func run(_ args: Arguments, _ output: inout Output) async throws {
        guard !args.positionals.isEmpty else {
            throw UsageError("missing the scene name or your .swift files; scenes: \(SceneRegistry.all.map(\.name).joined(separator: ", "))")
        }
        let port = UInt16(try args.int("--port", in: 1024...65535) ?? 0)
        let device = try RenderCommand.deviceOption(args)
        let size = try args.string("--size").map(RenderCommand.parseSize)
        let scale = try args.double("--scale", in: 1...3), fps = try args.double("--fps", in: 1...60)
        let duration = try args.double("--duration", in: 0.001...600)
        let isFiles = args.positionals.contains { $0.hasSuffix(".swift") || $0.hasSuffix(".metal") || UserPackage.isFolder($0) }
        if !isFiles {
            for o in ["--view", "--preview", "--resources", "--cache"] where args.string(o) != nil { throw UsageError("\(o) applies to your own .swift files, not to a scene") }
            if args.has("--from-source") { throw UsageError("--from-source applies to your own .swift files, not to a scene") }
            guard args.positionals.count == 1 else { throw UsageError("expected one scene name, or .swift and .metal files") }
            let name = args.positionals[0]
            guard let scene = SceneRegistry.named(name) else {
                throw UsageError("unknown scene '\(name)'; scenes: \(SceneRegistry.all.map(\.name).joined(separator: ", "))")
            }
            let session = try PreviewSession(scene: scene, size: size ?? scene.size, scale: scale ?? 1, device: device, fps: fps ?? 30,
                                             duration: duration ?? scene.duration)
            let server = try PreviewServer.start(SceneSource(session), port: port)
            output.live("preview of \(scene.name) at http://127.0.0.1:\(server.port)/ (Ctrl-C stops it)\n")
            while true { try await Task.sleep(for: .seconds(3600)) }
        }

        // Your files: the server starts at once and the page shows the first build's progress.
        let files = try UserView.files(args.positionals)
        if let v = args.string("--view"), v.range(of: #"^[A-Za-z_][A-Za-z0-9_.]*$"#, options: .regularExpression) == nil {
            throw UsageError("--view expects a type name, got '\(v)'")
        }
        var child: [String] = []
        if let s = args.string("--size") { child += ["--size", s] }
        if let d = args.string("--device") { child += ["--device", d] }
        if let scale { child += ["--scale", "\(scale)"] }
        if let fps { child += ["--fps", "\(fps)"] }
        if let duration { child += ["--duration", "\(duration)"] }
        let resources = args.string("--resources") ?? URL(fileURLWithPath: files.swift[0]).deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resources, isDirectory: &isDir), isDir.boolValue else { throw ScanlineError.fileNotFound(path: resources) }
        child += ["--resources", resources]
        let live = output.live
        let kit = try UserView.chooseKit(fromSource: args.has("--from-source")) { live("note: \($0)\n") }
        let source = UserSource(files: files, view: args.string("--view"), preview: args.string("--preview"),
                                cache: UserView.cacheFolder(args.string("--cache")), kit: kit, childArguments: child,
                                log: { live($0 + "\n") })
        let server = try PreviewServer.start(source, port: port)
        output.live("preview of \(files.swift.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")) at http://127.0.0.1:\(server.port)/ (watching \(files.swift.count + files.metal.count) file\(files.swift.count + files.metal.count == 1 ? "" : "s"); Ctrl-C stops it)\n")
        try source.start()
        while true { try await Task.sleep(for: .seconds(3600)) }
    }
}
