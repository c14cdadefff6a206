import Scanline
import ScanlineBlocks
internal import CScanline
#if canImport(Glibc)
import Glibc
#endif

/// A command of the `scanline` tool: a name, what it does, its options and examples, and a body
/// that turns parsed arguments into a library call.
public struct Command: Sendable {
    /// The word after `scanline`, as in `scanline render`.
    public let name: String
    /// One line for the overview.
    public let summary: String
    /// The synopsis after "Usage: scanline".
    public let usage: String
    /// Its options, for parsing and `--help`.
    public let options: [OptionSpec]
    /// Command lines that work, shown in `--help`.
    public let examples: [String]
    /// Does the work: parses `Arguments`, calls the library, writes to `Output`; throws `UsageError` for exit code 2.
    public let run: @Sendable @MainActor (Arguments, inout Output) async throws -> Void
    /// True for a command that takes no positional arguments: any is a usage error rather than
    /// ignored (issue #32 point 20: `scanline list nothing` listed everything).
    public var takesNoArguments: Bool { ["list", "gallery", "fonts", "version"].contains(name) }

    /// The `--help` text: summary, usage, options and examples.
    public var help: String {
        var s = Help.wrap(summary, first: "", indent: 0) + "\n\n" + Help.wrap(usage, first: "Usage: scanline ", indent: 16) + "\n"
        if !options.isEmpty {
            s += "\nOptions:\n"
            for o in options + [OptionSpec(["--help", "-h"], help: "Show this help.")] {
                let left = o.names.joined(separator: ", ") + (o.value.map { " \($0)" } ?? "")
                let column = 2 + 26 + 2
                let lead = "  " + left.padding(toLength: max(left.count, 26), withPad: " ", startingAt: 0) + "  "
                s += Help.wrap(o.help, first: lead, indent: column) + "\n"
            }
        }
        s += "\nExamples:\n" + examples.map { Help.command($0) + "\n" }.joined()
        return s
    }
}

/// Where a command writes: standard output for results, standard error for messages. Tests
/// capture both.
public struct Output: Sendable {
    /// What goes to standard output.
    public var stdout = ""
    /// What goes to standard error: one line per message.
    public var stderr = ""
    /// True when stderr is a terminal: progress bars draw only then.
    public var isTerminal = false
    /// Bytes for standard output, written after `stdout` (`-o -`: a PNG).
    public var binary = Data()
    /// The report `--json` prints, gathered while the command runs; nil without `--json`.
    public var report: JSONReport? = nil
    /// Writes to stderr at once (progress bars), bypassing the buffered messages.
    public var live: @Sendable (String) -> Void = { _ in }
    /// Empty output.
    public init() {}
    /// Adds a line to standard output.
    public mutating func print(_ s: String) { stdout += s + "\n" }
    /// Adds a line to standard error.
    public mutating func warn(_ s: String) { stderr += s + "\n" }
}

/// Ends a command with this exit code, its messages already written (a user's build that failed).
struct ExitCode: Error { let code: Int32; init(_ code: Int32) { self.code = code } }

/// The `scanline` tool, callable from tests as well as from `main`.
public enum ScanlineCLI {
    /// The version `--version` prints.
    public static let version = LibraryVersions.scanline

    /// Every command, in the order the overview lists them.
    public static let commands: [Command] = [TextCommand.command, RenderCommand.command, ApplyCommand.command, GalleryCommand.command, TranscriptCommand.command, PreviewCommand.command, BatchCommand.command, JoinCommand.command, VersionCommand.command, ListCommand.command, CurveCommand.command, FontsCommand.command, ShadersCommand.command, BuildFlagsCommand.command]

    /// The text `scanline --help` prints.
    public static var overview: String {
        var s = "scanline \(version): SwiftUI-style text and effects, rendered headlessly.\n\nUsage: scanline <command> [options]\n\nCommands:\n"
        let width = (commands.map(\.name.count).max() ?? 8) + 2
        for c in commands { s += Help.wrap(c.summary, first: "  " + c.name.padding(toLength: width, withPad: " ", startingAt: 0), indent: 2 + width) + "\n" }
        s += "\nRun 'scanline <command> --help' for a command's options and examples.\n\nExamples:\n"
        for c in commands { s += "  \(c.examples[0])\n" }
        return s
    }

    /// Runs the tool on `argv` (without the program name). Returns the exit code: 0 success,
    /// 1 a failed render or file error, 2 a usage error.
    @MainActor public static func run(_ argv: [String], output: inout Output) async -> Int32 {
        guard let name = argv.first else { output.warn(overview); return 2 }
        if name == "--help" || name == "-h" || name == "help" {
            if argv.count > 1, let c = commands.first(where: { $0.name == argv[1] }) { output.print(c.help) } else { output.print(overview) }
            return 0
        }
        if name == "--version" { output.print("scanline \(version)"); return 0 }
        guard let command = commands.first(where: { $0.name == name }) else {
            output.warn("scanline: unknown command '\(name)'. Commands: \(commands.map(\.name).joined(separator: ", ")). See 'scanline --help'.")
            return 2
        }
        let rest = Array(argv.dropFirst())
        // (After `--` every word is a positional: `scanline text -- --help` draws "--help".)
        let options = rest.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") { output.print(command.help); return 0 }
        let started = Date()
        if rest.contains("--json") && command.options.contains(where: { $0.names.contains("--json") }) { output.report = JSONReport(command: name) }
        var code: Int32 = 0
        do {
            let args = try Arguments(rest, specs: command.options)
            if command.takesNoArguments, let extra = args.positionals.first {
                throw UsageError("takes no arguments, but was given '\(extra)'")
            }
            try await command.run(args, &output)
        } catch {
            code = exitCode(for: error, command: name, output: &output)
        }
        // A shader the GPU was chosen for that ran on the CPU is said, never silent.
        for w in ShaderDevice.takeFallbacks() { output.warn("warning: \(w)") }
        JSONReport.finish(&output, code: code, started: started)
        return code
    }

    /// The exit code for `error`, with its one line written to `output`.
    static func exitCode(for error: Error, command name: String, output: inout Output) -> Int32 {
        if let e = error as? ExitCode { return e.code }
        let message: String, code: Int32
        switch error {
        case let e as UsageError: (message, code) = ("\(e.message). See 'scanline \(name) --help'.", 2)
        case let e as ScanlineError:
            if case .invalidArgument = e { (message, code) = (e.description, 2) } else { (message, code) = (e.description, 1) }
        default: (message, code) = ("\(error)", 1)
        }
        output.warn("scanline \(name): \(message)")
        if output.report != nil, output.report?.errors.isEmpty == true { output.report?.errors.append(JSONReport.failure(error, message: message)) }
        return code
    }

    /// The entry point of the program `scanline render FILE.swift` builds from a user's files:
    /// renders the view `make` gives with `render`'s options, then exits. Without `--size` the
    /// canvas is `canvas` (see `UserViewCanvas`: the view's ideal size unless its `#Preview` says
    /// otherwise); an animation lasts 3 s and the scheme is light.
    @MainActor public static func renderUserView(canvas: UserViewCanvas = .idealSize,
                                                 _ make: @escaping @MainActor @Sendable () -> AnyView) async -> Never {
        Interruption.installSignalHandlers()
        signal(SIGPIPE, SIG_IGN)
        scanline_tune_malloc()
        var output = Output()
        output.isTerminal = isatty(2) != 0
        output.live = { FileHandle.standardError.write(Data($0.utf8)) }
        let scene = SceneDescriptor(name: "your view", summary: "", seed: "—", parameters: [], size: CGSize(width: 400, height: 300),
                                    duration: 3, make: { _ in make() }, colorScheme: .light)
        RenderCommand.userCanvas = canvas
        let argv = Array(CommandLine.arguments.dropFirst())
        if argv.first == PreviewChild.flag {
            await PreviewChild.serve(scene, Array(argv.dropFirst()))
        }
        var code: Int32 = 0
        let started = Date()
        if argv.contains("--json") { output.report = JSONReport(command: "render") }
        do {
            // `scanline render` passes the whole render as one request (`--request JSON`); the
            // program run by hand takes render's options.
            let request: RenderRequest
            if argv.count == 2, argv[0] == "--request" {
                request = try RenderRequest(json: argv[1])
            } else {
                var parsed = try RenderRequest(try Arguments(argv, specs: RenderCommand.command.options))
                parsed.scene = nil
                request = parsed
            }
            if request.json && output.report == nil { output.report = JSONReport(command: "render") }
            let previousDevice = try request.useShaderDevice()
            defer { ShaderDevice.current = previousDevice }
            try await RenderCommand.render(scene, request, &output)
        } catch {
            code = exitCode(for: error, command: "render", output: &output)
        }
        JSONReport.finish(&output, code: code, started: started)
        FileHandle.standardOutput.write(Data(output.stdout.utf8))
        FileHandle.standardOutput.write(output.binary)
        FileHandle.standardError.write(Data(output.stderr.utf8))
        exit(code)
    }

    /// True in the `scanline` binary (set by `main`), false where the CLI runs inside another
    /// program (tests): `batch` then runs its jobs in child processes of this binary.
    nonisolated(unsafe) static var isCommandLine = false

    /// The process entry point: runs, prints, exits. Ctrl-C, SIGTERM and SIGHUP remove unfinished output files.
    @MainActor public static func main() async -> Never {
        isCommandLine = true
        // Ctrl-C, kill and a dropped terminal remove unfinished outputs and stop ffmpeg children,
        // outside the signal handler (see Interruption).
        Interruption.installSignalHandlers()
        signal(SIGPIPE, SIG_IGN) // a dead ffmpeg child must give an error, not kill us
        // Frames are large and short-lived: have malloc map them fresh and give them back at once,
        // so a long render's memory stays flat instead of growing with fragmentation.
        scanline_tune_malloc()
        var output = Output()
        output.isTerminal = isatty(2) != 0
        output.live = { FileHandle.standardError.write(Data($0.utf8)) }
        let code = await run(Array(CommandLine.arguments.dropFirst()), output: &output)
        FileHandle.standardOutput.write(Data(output.stdout.utf8))
        FileHandle.standardOutput.write(output.binary)
        FileHandle.standardError.write(Data(output.stderr.utf8))
        exit(code)
    }
}

/// Help text layout.
enum Help {
    /// Lines of help are at most this many columns.
    static let columns = 100

    /// An example command line, indented; a long one is split with shell continuations (` \`) so
    /// that it still pastes as one command.
    static func command(_ line: String) -> String {
        var lines: [String] = [], current = "  "
        for word in line.split(separator: " ") {
            if current.count > 6 && current.count + 1 + word.count + 2 > columns {
                lines.append(current + " \\")
                current = "      "
            }
            current += (current.hasSuffix(" ") ? "" : " ") + word
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }

    /// `text` after `first`, wrapped at word boundaries to `columns`, later lines indented by `indent`.
    static func wrap(_ text: String, first: String, indent: Int) -> String {
        var lines: [String] = [], line = first
        var lineHasWords = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if lineHasWords && line.count + 1 + word.count > columns {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                lineHasWords = false
            }
            line += (lineHasWords ? " " : "") + word
            lineHasWords = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}

/// Options every rendering command shares, parsed in one place.
enum CommonOptions {
    /// Refuses an output that is one of the command's inputs: the same file, by device and inode
    /// (a link or another spelling of the path too), which writing would destroy (issue #32 point
    /// 16: `apply … in.png -o in.png` replaced the original). Inputs that do not exist are skipped.
    static func refuseOverwriting(_ inputs: [String?], output: String) throws {
        var out = stat()
        guard output != "-", stat(output, &out) == 0 else { return }
        for case let input? in inputs {
            var st = stat()
            if stat(input, &st) == 0, st.st_dev == out.st_dev, st.st_ino == out.st_ino {
                throw UsageError("the output \(output) is the input \(input): writing it would destroy it; give another output path")
            }
        }
    }

    /// `--device`, for the commands that run `.metal` functions.
    static let device = OptionSpec(["--device"], value: "cpu|cuda|auto", help: "Where .metal functions run: cpu (default), cuda (the first NVIDIA GPU, through its driver and NVRTC; the same bytes as the CPU, docs/METAL.md), or auto (the GPU when one can be used). Default: SCANLINE_DEVICE, else cpu.")

    /// Sets where `.metal` functions run for this command from `--device` or `SCANLINE_DEVICE`,
    /// refusing an unknown name, and `cuda` where no GPU can run shaders (one line saying what is
    /// missing). Returns the previous setting, for the command to restore.
    /// `render` also takes a screen's name with `--device` (twice for both: `--device cuda
    /// --device "iPhone 16"`); `screens` says so, and those names are left to it.
    static func useDevice(_ args: Arguments, screens: Bool = false) throws -> ShaderDevice {
        let previous = ShaderDevice.current
        let names = args.strings("--device")
        let named = names.compactMap { ShaderDevice(rawValue: $0.lowercased()) }.last
        if named == nil, let name = names.last, !screens {
            throw UsageError("--device must be cpu, cuda or auto (got '\(name)')")
        }
        if named == nil, ShaderDevice.fromEnvironment == nil {
            throw UsageError("SCANLINE_DEVICE must be cpu, cuda or auto (got '\(ProcessInfo.processInfo.environment["SCANLINE_DEVICE"] ?? "")')")
        }
        return try use(named ?? previous)
    }

    /// Makes `device` the one `.metal` functions run on, checking first that a GPU is there for
    /// `cuda`. Returns the device before, for the caller to put back.
    static func use(_ device: ShaderDevice) throws -> ShaderDevice {
        let previous = ShaderDevice.current
        if device == .cuda { _ = try ShaderDevice.cudaDevice() }
        ShaderDevice.current = device
        return previous
    }

    /// `--json` (docs/JSON.md), for the commands that write files.
    static let json = OptionSpec(["--json"], help: "Print one JSON object on stdout: the files written (path, pixels, frames, fps, seconds, bytes), the warnings, the seconds spent, or the errors with their file and line (docs/JSON.md).")
    static let weights: [(String, Font.Weight)] = Font.Weight.allCases.map { ("\($0)", $0) }
    static let designs: [(String, Font.Design)] = Font.Design.allCases.map { ($0.rawValue, $0) }
    static let styles: [(String, Font.TextStyle)] = Font.TextStyle.allCases.map { ($0.rawValue, $0) }

    static func color(_ args: Arguments, _ name: String) throws -> Color? { try color(args.string(name), name) }
    /// The colour `text` names (nil: none given), as option `name`'s value.
    static func color(_ text: String?, _ name: String) throws -> Color? {
        guard let text else { return nil }
        do { return try Color.parse(text) } catch let e as ScanlineError { throw UsageError("\(name): \(e.description)") }
    }

    static func outputURL(_ args: Arguments) throws -> URL {
        guard let path = args.string("--output") else { throw UsageError("missing -o/--output FILE") }
        return URL(fileURLWithPath: path)
    }

    /// The output of a command that writes only PNG: anything but a `.png` name is refused, so a
    /// `.jpg` name never holds PNG bytes.
    static func pngOutputURL(_ args: Arguments) throws -> URL {
        let url = try outputURL(args)
        guard url.pathExtension.lowercased() == "png" else {
            throw UsageError("this command writes PNG; give the output a .png name (got '\(url.lastPathComponent)')")
        }
        return url
    }
}
