import Foundation
import Scanline

/// One `scanline render`, as its command line asked for it: parsed and checked once
/// (`init(_:)`), and `Codable`, so it travels whole. A user's view's program receives it as JSON
/// (`--request`), with its `.metal` files; a shard's header carries its `parameters`, which
/// `join` compares; `--shards N --local` hands each child the same request with its shard set;
/// `batch` reads a scene's job line into one (`BatchCommand.request`) and hands it to the job's child.
///
/// Only what needs no scene is checked here (numbers and their ranges, names, sizes, dates,
/// colours, frame ranges). What depends on the scene or the output's format (the scene's own
/// options, an encoder option that the format does not use, the CRF range of WebM) is checked
/// where the render starts, `RenderCommand.render(_:_:_:)`.
struct RenderRequest: Codable, Equatable {
    /// What is rendered: a scene by name, or nil for a user's view (the program that receives
    /// the request is the view).
    var scene: String?
    /// Values of scene options (`--text ON AIR` → "text": "ON AIR"), by name without dashes.
    var sceneValues: [String: String] = [:]
    /// A user's `.metal` files, read by the view's program's default shader library.
    var metal: [String] = []
    /// Where `Image("name")` looks (`--resources`), a folder.
    var resources: String?

    // The canvas and the clock.
    /// `--size`, points.
    var size: CGSize?
    /// `--device`'s screen, as typed and checked (`DeviceConfiguration.named`: a device's name,
    /// "landscape" after it to turn it).
    var device: String?
    /// `--no-status-bar`.
    var noStatusBar = false
    /// `--scale`, pixels per point, 1...3 (nil: the device's, else 2).
    var scale: Double?
    /// `--fps`, 1...240 (nil: 30).
    var fps: Double?
    /// `--time`, seconds, 0...3600: a still's moment.
    var time: Double?
    /// `--frames A..B`, as typed (checked against `fps` when the render starts).
    var frames: String?
    /// `--duration`, seconds, 0.001...3600 (nil: the scene's loop).
    var duration: Double?
    /// `--start-date`: when the render's clock starts.
    var startDate: Date?
    /// `--background`, as typed (a colour name or hex, checked here).
    var background: String?

    // The environment.
    /// `--color-scheme`: "light" or "dark" (nil: the scene's own).
    var colorScheme: String?
    var reduceMotion = false
    var reduceTransparency = false
    /// `--dynamic-type`, as typed (checked here).
    var dynamicType: String?
    var rightToLeft = false
    /// Where `.metal` functions run (`--device cpu|cuda|auto`), nil: the environment's choice.
    var shaderDevice: String?

    /// What the render prints instead of writing files.
    enum Mode: String, Codable { case render, accessibility, layout }
    var mode = Mode.render

    // The output and its encoder.
    /// `-o`: a file, a `%04d` pattern or folder, or "-" for standard output.
    var output: String?
    /// `--loop` 0...65535, `--lossless`, `--quality` 0...100, `--crf` 0...63, `--preset`,
    /// `--audio`, `--gop` 0.01...3600 seconds.
    var loop: Int?
    var lossless = false
    var quality: Double?
    var crf: Int?
    var preset: String?
    var audio: String?
    var gop: Double?

    // Splitting, and how it reports.
    /// `--shard I/N` as typed, `--shards N`, `--local`.
    var shard: String?
    var shards: Int?
    var local = false
    var quiet = false
    var json = false

    /// Reads and checks `args` (parsed against `RenderCommand.command`'s options).
    init(_ args: Arguments) throws {
        for option in RenderCommand.sceneOptions {
            let name = String(option.names[0].dropFirst(2))
            if let v = args.string(option.names[0]) { sceneValues[name] = v }
        }
        resources = args.string("--resources")
        if let text = args.string("--size") { size = try RenderCommand.parseSize(text) }
        if try RenderCommand.deviceOption(args) != nil {
            device = args.strings("--device").last { ShaderDevice(rawValue: $0.lowercased()) == nil }
        }
        noStatusBar = args.has("--no-status-bar")
        scale = try args.double("--scale", in: 1...3)
        fps = try args.double("--fps", in: 1...240)
        time = try args.double("--time", in: 0...3600)
        frames = args.string("--frames")
        if let frames { _ = try RenderCommand.parseFrames(frames) }
        duration = try args.double("--duration", in: 0.001...3600)
        startDate = try RenderCommand.startDateOption(args)
        background = args.string("--background")
        _ = try CommonOptions.color(args, "--background")
        colorScheme = try args.choice("--color-scheme", [("light", "light"), ("dark", "dark")])
        reduceMotion = args.has("--reduce-motion")
        reduceTransparency = args.has("--reduce-transparency")
        dynamicType = args.string("--dynamic-type")
        if let d = dynamicType {
            do { _ = try DynamicTypeSize.parse(d) } catch let e as ScanlineError { throw UsageError(e.description) }
        }
        rightToLeft = args.has("--rtl")
        shaderDevice = args.strings("--device").compactMap { ShaderDevice(rawValue: $0.lowercased()) }.last?.rawValue
        mode = args.has("--accessibility") ? .accessibility : args.has("--layout") ? .layout : .render
        output = args.string("--output")
        loop = try args.int("--loop", in: 0...65535)
        lossless = args.has("--lossless")
        quality = try args.double("--quality", in: 0...100)
        crf = try args.int("--crf", in: 0...63)
        preset = try RenderCommand.presetOption(args)
        audio = args.string("--audio")
        gop = try args.double("--gop", in: 0.01...3600)
        shard = args.string("--shard")
        shards = try args.int("--shards", in: 1...100_000)
        local = args.has("--local")
        quiet = args.has("--quiet")
        json = args.has("--json")
    }

    /// Makes `.metal` functions run where the request says (`--device cpu|cuda|auto`; nil leaves
    /// the environment's choice), checking first that a GPU is there for `cuda`. Returns the
    /// device before, for the caller to put back.
    func useShaderDevice() throws -> ShaderDevice {
        guard let name = shaderDevice, let device = ShaderDevice(rawValue: name) else { return ShaderDevice.current }
        return try CommonOptions.use(device)
    }

    /// The render's parameters, canonical (sorted JSON): the request without where it goes, how
    /// it is split and how it reports. Shards of one render have the same; `join` compares them.
    var parameters: String {
        var p = self
        p.output = nil; p.shard = nil; p.shards = nil; p.local = false; p.quiet = false; p.json = false
        return p.encoded
    }

    /// The request as JSON, keys sorted.
    var encoded: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    /// A request read from `encoded` JSON.
    init(json text: String) throws {
        let decoder = JSONDecoder()
        do { self = try decoder.decode(RenderRequest.self, from: Data(text.utf8)) } catch {
            throw UsageError("--request expects a render request as JSON (what scanline passes its own programs): \(error)")
        }
    }

    /// The files the render reads (its inputs, whose bytes shards compare): the sound track, the
    /// `.metal` files, scene option values that name files, and a user's view's program itself.
    var inputFiles: [String] {
        var files = sceneValues.keys.sorted().compactMap { sceneValues[$0] }
        if let audio { files.append(audio) }
        files += metal
        if scene == nil { files.append("/proc/self/exe") }
        return files
    }
}
