import Scanline
import ScanlineBlocks
#if canImport(Glibc)
import Glibc
#endif

/// `scanline preview FILE.swift …` renders the user's view in a child process: the user's own
/// binary (built by UserView), started with `PreviewChild.flag`. The two talk over the child's
/// standard input and output, one request at a time:
/// - a request is one line: `info`, `warnings`, `frame N SETTINGS` or
///   `export FORMAT SETTINGS PATH` (SETTINGS is `PreviewSettings.wire`);
/// - the answer is a line `ok LENGTH` or `error LENGTH`, then LENGTH bytes: JSON for `info`
///   and `warnings`, PNG for `frame`, nothing for `export` (the file is at PATH), the message
///   for an error.
/// The child renders with a `PreviewSession` (frame cache and render-ahead), ends when its
/// standard input closes, and sends the user's own `print`s to standard error.
enum PreviewChild {
    /// The first argument that makes the user's binary a preview child.
    static let flag = "--scanline-preview-child"

    /// The options the parent passes on.
    static let options: [OptionSpec] = [
        OptionSpec(["--size"], value: "WxH", help: ""), OptionSpec(["--scale"], value: "N", help: ""),
        OptionSpec(["--fps"], value: "N", help: ""), OptionSpec(["--duration"], value: "SECONDS", help: ""),
        OptionSpec(["--resources"], value: "DIR", help: ""), OptionSpec(["--device"], value: "NAME", help: ""),
        OptionSpec(["--metal"], value: "FILE", help: ""),
    ]

    /// Whether the parent gave `.metal` files (`--metal`, repeated): `info` compiles them first.
    nonisolated(unsafe) static var hasMetal = false

    /// The child's side: answers requests until standard input closes, then exits.
    @MainActor static func serve(_ scene: SceneDescriptor, _ argv: [String]) async -> Never {
        let reply = dup(1)
        dup2(2, 1)      // the user's print()s must not reach the pipe
        func send(_ ok: Bool, _ body: Data) {
            var bytes = Data("\(ok ? "ok" : "error") \(body.count)\n".utf8)
            bytes += body
            bytes.withUnsafeBytes { raw in
                var sent = 0
                while sent < raw.count {
                    let n = write(reply, raw.baseAddress! + sent, raw.count - sent)
                    if n <= 0 { exit(0) }       // the parent has gone
                    sent += n
                }
            }
        }
        let session: PreviewSession
        do {
            let args = try Arguments(argv, specs: options)
            let metal = args.strings("--metal")
            hasMetal = !metal.isEmpty
            if hasMetal { ShaderLibrary.default.addMetalFiles(metal.map { URL(fileURLWithPath: $0) }) }
            let device = try RenderCommand.deviceOption(args)
            let scale = try args.double("--scale", in: 1...3) ?? device?.scale ?? 1
            var environment = EnvironmentValues()
            environment.colorScheme = scene.colorScheme
            session = try PreviewSession(scene: scene,
                                         size: try device?.size ?? RenderCommand.canvasSize(args, scene: scene, view: try scene.make(SceneArguments([:])),
                                                                                            environment: environment, scale: scale),
                                         scale: scale, device: device,
                                         fps: try args.double("--fps", in: 1...60) ?? 30,
                                         duration: try args.double("--duration", in: 0.001...600) ?? scene.duration,
                                         resources: args.string("--resources").map { URL(fileURLWithPath: $0) })
        } catch {
            FileHandle.standardError.write(Data("scanline preview: \(error)\n".utf8))
            exit(2)
        }
        let lines = AsyncStream<String> { c in
            Thread.detachNewThread {
                while let line = readLine(strippingNewline: true) { c.yield(line) }
                c.finish()
            }
        }
        for await line in lines {
            do { send(true, try await answer(line, session)) } catch { send(false, Data("\(error)".utf8)) }
        }
        exit(0)
    }

    @MainActor static func answer(_ line: String, _ session: PreviewSession) async throws -> Data {
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
        switch words.first {
        case "info":
            // Compiles the .metal files now, so that their errors are the start's errors, and
            // renders the first frame, so that a view that cannot render says so at once.
            if hasMetal { try ShaderLibrary.default.loadMetalFunctions() }
            _ = try await session.frame(0, PreviewSettings())
            return Data(session.infoJSON.utf8)
        case "warnings":
            return try JSONSerialization.data(withJSONObject: session.warnings)
        case "frame" where words.count == 5:
            return try await session.frame(Int(words[1]) ?? 0, try PreviewSettings(wire: words[2...4]))
        case "export" where words.count >= 6:
            let (format, _) = try SceneSource.exportFormat(String(words[1]))
            try await session.export(format, to: words[5...].joined(separator: " "), try PreviewSettings(wire: words[2...4]))
            return Data()
        default:
            throw ScanlineError.invalidArgument(name: "request", value: line, reason: "info, warnings, frame or export")
        }
    }
}

/// The parent's side of one preview child: requests, one at a time, from any thread.
final class PreviewChildProcess: @unchecked Sendable {
    let process = Process()
    private let toChild: Pipe
    private let fromChild: Pipe
    private let lock = NSLock()
    private var ended = false

    /// Starts `binary` as a preview child with `arguments` (after the flag) and `environment`.
    init(_ binary: URL, arguments: [String], environment: [String: String]) throws {
        toChild = Pipe(); fromChild = Pipe()
        process.executableURL = binary
        process.arguments = [PreviewChild.flag] + arguments
        process.environment = environment
        process.standardInput = toChild
        process.standardOutput = fromChild
        try process.run()           // its standard error is ours: the user sees their prints
    }

    struct Failed: Error, CustomStringConvertible { let description: String }

    /// Sends one request line and returns the answer's bytes; an `error` answer throws its message.
    func request(_ line: String) throws -> Data {
        try lock.withLock {
            guard !ended else { throw Failed(description: "the preview process has stopped") }
            do {
                try toChild.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
                let fd = fromChild.fileHandleForReading.fileDescriptor
                var head = [UInt8]()
                var byte: UInt8 = 0
                while head.count < 64 {
                    guard read(fd, &byte, 1) == 1 else { throw Failed(description: "the preview process stopped (it may have crashed; see the terminal)") }
                    if byte == 0x0A { break }
                    head.append(byte)
                }
                let words = String(decoding: head, as: UTF8.self).split(separator: " ")
                guard words.count == 2, let length = Int(words[1]), length >= 0 else { throw Failed(description: "the preview process answered nonsense") }
                var body = Data(count: length)
                var got = 0
                try body.withUnsafeMutableBytes { raw in
                    while got < length {
                        let n = read(fd, raw.baseAddress! + got, length - got)
                        guard n > 0 else { throw Failed(description: "the preview process stopped mid-answer") }
                        got += n
                    }
                }
                if words[0] == "ok" { return body }
                throw Failed(description: String(decoding: body, as: UTF8.self))
            } catch let e as Failed {
                if !process.isRunning { ended = true }
                throw e
            } catch {
                ended = true
                throw Failed(description: "the preview process stopped: \(error)")
            }
        }
    }

    /// Closes its input (it exits) and, if it does not go within a second, kills it.
    func stop() {
        lock.withLock { ended = true }
        try? toChild.fileHandleForWriting.close()
        let p = process
        DispatchQueue.global().async {
            let deadline = Date().addingTimeInterval(1)
            while p.isRunning && Date() < deadline { usleep(20_000) }
            if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        }
    }
}
