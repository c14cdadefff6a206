import Scanline
import ScanlineBlocks

/// The settings a frame of the preview is rendered with, as the page's query gives them
/// (`scheme=light|dark`, `dynamicType=large`, `reduceMotion=0|1`).
struct PreviewSettings: Hashable, Sendable {
    /// nil: the view's own scheme.
    var scheme: ColorScheme? = nil
    var dynamicType: DynamicTypeSize = .large
    var reduceMotion = false

    init() {}

    /// From the page's query; an unknown Dynamic Type size is an error, the rest default.
    init(query q: [String: String]) throws {
        if let c = q["scheme"] { scheme = c == "dark" ? .dark : c == "light" ? .light : nil }
        if let d = q["dynamicType"], !d.isEmpty { dynamicType = try DynamicTypeSize.parse(d) }
        if let r = q["reduceMotion"] { reduceMotion = r == "1" || r == "true" }
    }

    /// Three words, for the preview child's pipe: `dark 3 0` (`-` for the view's own scheme, the
    /// Dynamic Type size's raw value, Reduce Motion 0 or 1).
    var wire: String { "\(scheme.map { $0 == .dark ? "dark" : "light" } ?? "-") \(dynamicType.rawValue) \(reduceMotion ? 1 : 0)" }

    init(wire words: ArraySlice<Substring>) throws {
        let w = Array(words)
        guard w.count == 3, let d = Int(w[1]).flatMap(DynamicTypeSize.init(rawValue:)) else {
            throw ScanlineError.invalidArgument(name: "settings", value: w.joined(separator: " "), reason: "expected scheme, size and motion")
        }
        scheme = w[0] == "dark" ? .dark : w[0] == "light" ? .light : nil
        dynamicType = d
        reduceMotion = w[2] == "1"
    }
}

/// One view being previewed in this process: its renderers and frame caches, one per setting.
///
/// Scrubbing: frames are kept in a frame cache (PNG bytes per frame and setting), and a second
/// renderer renders the whole loop ahead, in order, as soon as a setting is first shown; so
/// scrubbing backwards is served from the cache instead of replaying from 0. A frame asked for
/// before render-ahead reaches it is rendered on demand by the first renderer.
@MainActor final class PreviewSession {
    final class Frames {
        let onDemand: SceneRenderer
        let ahead: SceneRenderer
        var png: [Int: Data] = [:]
        var aheadStarted = false
        /// Set when the setting is dropped: its render-ahead stops.
        var dropped = false
        var bytes: Int { png.values.reduce(0) { $0 + $1.count } }
        init(_ a: SceneRenderer, _ b: SceneRenderer) { onDemand = a; ahead = b }
    }
    let scene: SceneDescriptor
    /// Canvas in points; pixels per point; frames per second; the loop in seconds.
    let size: CGSize, scale: CGFloat, fps: Double, duration: Double
    /// Where `Image("name")` looks first (a user's files' folder), if anywhere.
    let resources: URL?
    var frames: [PreviewSettings: Frames] = [:]
    /// The settings in `frames`, the most recently shown last.
    private var shown: [PreviewSettings] = []
    /// PNG bytes cached over all settings.
    private(set) var cachedBytes = 0
    /// What the renderers of dropped settings warned about.
    private var droppedWarnings: [String] = []
    /// Frames being rendered on demand now: render-ahead waits while there are any, so that a
    /// frame someone is looking at is not slowed by frames nobody asked for yet.
    var demanding = 0
    /// Frames kept per setting, at most.
    static let cacheLimit = 3000
    /// Settings kept with their renderers and frames, at most: showing another drops the one
    /// shown least recently (asking once for each of 72 setting combinations took the server from
    /// 37 MB to 1.8 GB; issue #32 point 14).
    static let settingsKept = 4
    /// PNG bytes cached over all settings, at most (bytes); past it frames are rendered, not kept.
    static let cacheBytes = 256 << 20

    /// The device the view is shown on, with its safe area, status bar and home indicator (`--device`).
    let device: DeviceConfiguration?

    init(scene: SceneDescriptor, size: CGSize, scale: CGFloat, device: DeviceConfiguration? = nil, fps: Double, duration: Double, resources: URL? = nil) throws {
        self.scene = scene; self.size = device?.size ?? size; self.scale = scale; self.device = device
        self.fps = fps; self.duration = duration; self.resources = resources
        _ = try renderer(PreviewSettings())
    }
    var frameCount: Int { max(1, Int((duration * fps).rounded())) }

    /// The loop's facts, as JSON, for the page's `/info`.
    var infoJSON: String {
        #"{"scene":"\#(scene.name)","width":\#(size.width),"height":\#(size.height),"scale":\#(scale),"fps":\#(fps),"frames":\#(frameCount),"duration":\#(duration)}"#
    }

    /// What rendering warned about so far (unknown symbols, shaders, images…), each once.
    var warnings: [String] {
        var seen: [String] = droppedWarnings
        for f in frames.values { for w in f.onDemand.warnings + f.ahead.warnings where !seen.contains(w) { seen.append(w) } }
        return seen
    }

    func environment(_ s: PreviewSettings) -> EnvironmentValues {
        var e = EnvironmentValues()
        e.colorScheme = s.scheme ?? scene.colorScheme; e.dynamicTypeSize = s.dynamicType; e.accessibilityReduceMotion = s.reduceMotion
        if let resources { e.imageResourcesFolder = resources }
        return e
    }
    func makeRenderer(_ s: PreviewSettings) throws -> SceneRenderer {
        if let device {
            // The page's Dynamic Type menu sets the size; the device keeps the rest.
            return try SceneRenderer(try scene.make(SceneArguments([:])), device: device.dynamicTypeSize(s.dynamicType), chrome: true, scale: scale,
                                     fps: fps, environment: environment(s))
        }
        return try SceneRenderer(try scene.make(SceneArguments([:])), size: size, scale: scale, fps: fps, environment: environment(s))
    }
    func renderer(_ s: PreviewSettings) throws -> Frames {
        shown.removeAll { $0 == s }
        shown.append(s)
        if let f = frames[s] { return f }
        let f = Frames(try makeRenderer(s), try makeRenderer(s))
        frames[s] = f
        while shown.count > PreviewSession.settingsKept {
            let old = shown.removeFirst()
            guard let gone = frames.removeValue(forKey: old) else { continue }
            gone.dropped = true
            cachedBytes -= gone.bytes
            for w in gone.onDemand.warnings + gone.ahead.warnings where !droppedWarnings.contains(w) { droppedWarnings.append(w) }
        }
        return f
    }
    /// Keeps `data` as frame `k` of `f` if the caches have room.
    private func keep(_ data: Data, _ k: Int, in f: Frames) -> Bool {
        guard !f.dropped, f.png.count < PreviewSession.cacheLimit, cachedBytes + data.count <= PreviewSession.cacheBytes else { return false }
        if let old = f.png[k] { cachedBytes -= old.count }
        f.png[k] = data
        cachedBytes += data.count
        return true
    }

    /// Frame `n` (clamped to the loop) for `s`, from the cache or rendered now; starts rendering
    /// ahead for `s`.
    func frame(_ n: Int, _ s: PreviewSettings) async throws -> Data {
        let n = max(0, min(frameCount - 1, n))
        let f = try renderer(s)
        if !f.aheadStarted {
            f.aheadStarted = true
            let count = frameCount
            Task { @MainActor in
                for k in 0..<min(count, PreviewSession.cacheLimit) where f.png[k] == nil {
                    while self.demanding > 0 && !f.dropped { try? await Task.sleep(for: .milliseconds(2)) }
                    guard !f.dropped else { return }
                    guard f.png[k] == nil else { continue }
                    guard let image = try? await f.ahead.frame(k), let data = try? image.pngData(), self.keep(data, k, in: f) else { return }
                    await Task.yield()
                }
            }
        }
        if let d = f.png[n] { return d }
        demanding += 1
        defer { demanding -= 1 }
        let data = try await f.onDemand.frame(n).pngData()
        _ = keep(data, n, in: f)
        return data
    }

    /// Writes the file `render` would write for `format` (gif or mp4) to `path`.
    func export(_ format: ExportFormat, to path: String, _ s: PreviewSettings) async throws {
        var options = ExportOptions()
        options.fps = fps; options.duration = duration
        _ = try await exportAnimation(to: path, format: format, options: options, makeRenderer: { try self.makeRenderer(s) })
    }
}

/// Frames for the preview page: a built-in scene rendered in this process (`SceneSource`), or a
/// user's view rendered by a child process that is rebuilt when its files change (`UserSource`).
/// Called from the server's connection threads; each call blocks until its answer is ready.
protocol PreviewSource: AnyObject, Sendable {
    /// The loop's facts as JSON: scene, width, height, scale, fps, frames, duration.
    func info() throws -> String
    /// The build's state as JSON: `{"generation":N,"state":"building|ready|error","message":…,"errors":[…]}`.
    /// The generation grows by one each time a new build is served.
    func status() -> String
    /// Frame `n` as PNG bytes.
    func frame(_ n: Int, _ s: PreviewSettings) throws -> Data
    /// The file `render` would write: GIF or MP4 of the loop, or the PNG of frame `n`.
    func export(_ format: String, frame n: Int, _ s: PreviewSettings) throws -> (Data, String)
    /// The name the page shows and downloads are named after.
    var name: String { get }
}

extension PreviewSource {
    /// The export formats the page offers, with their MIME types.
    static func exportFormat(_ format: String) throws -> (ExportFormat, String) {
        switch format {
        case "gif": return (.gif, "image/gif")
        case "mp4": return (.mp4, "video/mp4")
        default: throw ScanlineError.invalidArgument(name: "format", value: format, reason: "gif, mp4 or png")
        }
    }

    /// The file `render` would write: frame `n` as PNG, else `write(format, path)` writes the
    /// GIF or MP4 to a temporary path, which is read back and removed.
    func exportFile(_ format: String, frame n: Int, _ s: PreviewSettings,
                    write: (ExportFormat, String) throws -> Void) throws -> (Data, String) {
        if format == "png" { return (try frame(n, s), "image/png") }
        let (f, type) = try Self.exportFormat(format)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scanline-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("\(name.replacingOccurrences(of: " ", with: "-")).\(format)").path
        try write(f, path)
        return (try Data(contentsOf: URL(fileURLWithPath: path)), type)
    }
}

/// Runs `body` on the main actor and waits for it on this (non-main) thread.
func onMainActor<T: Sendable>(_ body: @escaping @MainActor @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task { @MainActor in
        do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try box.result!.get()
}

final class ResultBox<T>: @unchecked Sendable { var result: Result<T, Error>? }

/// A built-in scene, rendered in this process on the main actor.
final class SceneSource: PreviewSource, @unchecked Sendable {
    let session: PreviewSession
    let name: String
    @MainActor init(_ session: PreviewSession) { self.session = session; name = session.scene.name }

    func info() throws -> String { try onMainActor { [session] in session.infoJSON } }
    /// Also says how many frames of the default setting are cached (`cached`).
    func status() -> String {
        let cached = (try? onMainActor { [session] in session.frames[PreviewSettings()]?.png.count ?? 0 }) ?? 0
        return #"{"cached":\#(cached),"generation":1,"state":"ready","message":"","errors":[]}"#
    }
    func frame(_ n: Int, _ s: PreviewSettings) throws -> Data { try onMainActor { [session] in try await session.frame(n, s) } }
    func export(_ format: String, frame n: Int, _ s: PreviewSettings) throws -> (Data, String) {
        try exportFile(format, frame: n, s) { f, path in try onMainActor { [session] in try await session.export(f, to: path, s) } }
    }
}
