import Scanline
import ScanlineBlocks

/// `scanline preview SCENE`: a live preview in the browser, served from 127.0.0.1 (see
/// HTTPServer). The page plays the scene, scrubs, shows the time and frame, switches light/dark,
/// Dynamic Type and Reduce Motion, and saves a GIF, MP4 or PNG through the same export as
/// `render`.
///
/// Scrubbing: frames are kept in a frame cache (PNG bytes per frame and setting), and a second
/// renderer renders the whole loop ahead, in order, as soon as a setting is first shown; so
/// scrubbing backwards is served from the cache instead of replaying from 0. A frame asked for
/// before render-ahead reaches it is rendered on demand by the first renderer.
enum PreviewCommand {
    static var command: Command {
        Command(
            name: "preview",
            summary: "Preview a scene live in the browser: play, scrub, switch light/dark, Dynamic Type and Reduce Motion, and save GIF, MP4 or PNG.",
            usage: "preview <scene> [--port N] [--size WxH] [--scale N] [--fps N] [--duration SECONDS]",
            options: [
                OptionSpec(["--port"], value: "N", help: "The port on 127.0.0.1, 1024...65535 (default: a free one)."),
                OptionSpec(["--size"], value: "WxH", help: "Canvas in points (default: the scene's)."),
                OptionSpec(["--scale"], value: "N", help: "Pixels per point, 1...3. Default 1."),
                OptionSpec(["--fps"], value: "N", help: "Frames per second, 1...60. Default 30."),
                OptionSpec(["--duration"], value: "SECONDS", help: "Length of the loop, 0<d≤600 (default: the scene's)."),
            ],
            examples: [
                "scanline preview counter",
                "scanline preview text-transition --port 8080 --scale 2",
            ],
            run: { args, output in try await run(args, &output) })
    }

    @MainActor static func run(_ args: Arguments, _ output: inout Output) async throws {
        guard args.positionals.count == 1 else {
            throw UsageError(args.positionals.isEmpty ? "missing the scene name; scenes: \(SceneRegistry.all.map(\.name).joined(separator: ", "))" : "expected one scene name")
        }
        let name = args.positionals[0]
        if name.hasSuffix(".swift") || name.hasSuffix(".metal") {
            throw UsageError("previewing your own files is not there yet; render them with 'scanline render \(name) -o out.gif'")
        }
        guard let scene = SceneRegistry.named(name) else {
            throw UsageError("unknown scene '\(name)'; scenes: \(SceneRegistry.all.map(\.name).joined(separator: ", "))")
        }
        let port = try args.int("--port", in: 1024...65535) ?? 0
        let session = try PreviewSession(scene: scene,
                                         size: try args.string("--size").map(RenderCommand.parseSize) ?? scene.size,
                                         scale: try args.double("--scale", in: 1...3) ?? 1,
                                         fps: try args.double("--fps", in: 1...60) ?? 30,
                                         duration: try args.double("--duration", in: 0.001...600) ?? scene.duration)
        let server = try session.serve(port: UInt16(port))
        output.live("preview of \(scene.name) at http://127.0.0.1:\(server.port)/ (Ctrl-C stops it)\n")
        while true { try await Task.sleep(for: .seconds(3600)) }
    }
}

/// One scene being previewed: its renderers and frame caches, one per setting.
@MainActor final class PreviewSession {
    struct Setting: Hashable {
        var scheme: ColorScheme
        var dynamicType: DynamicTypeSize
        var reduceMotion: Bool
    }
    final class Frames {
        let onDemand: SceneRenderer
        let ahead: SceneRenderer
        var png: [Int: Data] = [:]
        var aheadStarted = false
        init(_ a: SceneRenderer, _ b: SceneRenderer) { onDemand = a; ahead = b }
    }
    let scene: SceneDescriptor
    let size: CGSize, scale: CGFloat, fps: Double, duration: Double
    var frames: [Setting: Frames] = [:]
    /// Frames kept per setting, at most.
    static let cacheLimit = 3000

    init(scene: SceneDescriptor, size: CGSize, scale: CGFloat, fps: Double, duration: Double) throws {
        self.scene = scene; self.size = size; self.scale = scale; self.fps = fps; self.duration = duration
        _ = try renderer(Setting(scheme: scene.colorScheme, dynamicType: .large, reduceMotion: false))
    }
    var frameCount: Int { max(1, Int((duration * fps).rounded())) }

    func environment(_ s: Setting) -> EnvironmentValues {
        var e = EnvironmentValues()
        e.colorScheme = s.scheme; e.dynamicTypeSize = s.dynamicType; e.accessibilityReduceMotion = s.reduceMotion
        return e
    }
    func makeRenderer(_ s: Setting) throws -> SceneRenderer {
        try SceneRenderer(try scene.make(SceneArguments([:])), size: size, scale: scale, fps: fps, environment: environment(s))
    }
    func renderer(_ s: Setting) throws -> Frames {
        if let f = frames[s] { return f }
        let f = Frames(try makeRenderer(s), try makeRenderer(s))
        frames[s] = f
        return f
    }

    /// Frame `n` for `s`, from the cache or rendered now; starts rendering ahead for `s`.
    func frame(_ n: Int, _ s: Setting) async throws -> Data {
        let f = try renderer(s)
        if !f.aheadStarted {
            f.aheadStarted = true
            let count = frameCount
            Task { @MainActor in
                for k in 0..<min(count, PreviewSession.cacheLimit) where f.png[k] == nil {
                    guard let image = try? await f.ahead.frame(k), let data = try? image.pngData() else { return }
                    f.png[k] = data
                    await Task.yield()
                }
            }
        }
        if let d = f.png[n] { return d }
        let data = try await f.onDemand.frame(n).pngData()
        if f.png.count < PreviewSession.cacheLimit { f.png[n] = data }
        return data
    }

    /// The file `render` would write for `format` ("gif", "mp4", "png" at frame `n`).
    func export(_ format: String, frame n: Int, _ s: Setting) async throws -> (Data, String) {
        if format == "png" { return (try await frame(n, s), "image/png") }
        guard let f = ExportFormat(rawValue: format), f == .gif || f == .mp4 else {
            throw ScanlineError.invalidArgument(name: "format", value: format, reason: "gif, mp4 or png")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scanline-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("\(scene.name).\(format)").path
        var options = ExportOptions()
        options.fps = fps; options.duration = duration
        _ = try await exportAnimation(to: path, format: f, options: options, makeRenderer: { try self.makeRenderer(s) })
        return (try Data(contentsOf: URL(fileURLWithPath: path)), f == .gif ? "image/gif" : "video/mp4")
    }

    /// Starts the server on `port` (0: a free one).
    func serve(port: UInt16) throws -> HTTPServer {
        let server = try HTTPServer(port: port) { [self] request in
            // The server's threads wait here while the main actor renders.
            let box = ResponseBox()
            let done = DispatchSemaphore(value: 0)
            Task { @MainActor in
                box.response = await self.respond(request)
                done.signal()
            }
            done.wait()
            return box.response ?? .text(500, "no response")
        }
        server.start()
        return server
    }

    final class ResponseBox: @unchecked Sendable { var response: HTTPServer.Response? }

    func setting(_ q: [String: String]) throws -> Setting {
        var s = Setting(scheme: scene.colorScheme, dynamicType: .large, reduceMotion: false)
        if let c = q["scheme"] { s.scheme = c == "dark" ? .dark : c == "light" ? .light : s.scheme }
        if let d = q["dynamicType"], !d.isEmpty { s.dynamicType = try DynamicTypeSize.parse(d) }
        if let r = q["reduceMotion"] { s.reduceMotion = r == "1" || r == "true" }
        return s
    }

    func respond(_ r: HTTPServer.Request) async -> HTTPServer.Response {
        do {
            let n = max(0, min(frameCount - 1, Int(r.query["frame"] ?? "0") ?? 0))
            switch r.path {
            case "/", "/index.html":
                return HTTPServer.Response(status: 200, contentType: "text/html; charset=utf-8", body: Data(PreviewPage.html.utf8))
            case "/info":
                let info = #"{"scene":"\#(scene.name)","width":\#(size.width),"height":\#(size.height),"scale":\#(scale),"fps":\#(fps),"frames":\#(frameCount),"duration":\#(duration)}"#
                return HTTPServer.Response(status: 200, contentType: "application/json", body: Data(info.utf8))
            case "/frame.png":
                return HTTPServer.Response(status: 200, contentType: "image/png", body: try await frame(n, try setting(r.query)))
            case "/export":
                let format = r.query["format"] ?? "gif"
                let (data, type) = try await export(format, frame: n, try setting(r.query))
                return HTTPServer.Response(status: 200, contentType: type, body: data,
                                           headers: [("Content-Disposition", "attachment; filename=\"\(scene.name).\(format)\"")])
            default:
                return .text(404, "not found")
            }
        } catch {
            return .text(400, "\(error)")
        }
    }
}
