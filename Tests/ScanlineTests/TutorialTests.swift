import Foundation
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineCLI

/// docs/TUTORIAL.md, run as written (issue #18 point 6): every `<!-- file: PATH -->` block is
/// written to PATH, and every line of every `sh` block is run in order, in a fresh folder, with
/// the `scanline` this suite built on PATH and no `CI` in the environment (the tutorial is for a
/// developer's machine, where recording references is allowed). Three things differ from a user's
/// machine, stated here: Scanline's installed sources (`/usr/local/share/scanline/source`)
/// are this checkout, through a symlink of that name; `swift test` is given `--scratch-path`, the
/// folder the dependent package built Scanline in (SharedPackageBuild), so Scanline is compiled
/// once for both (a link named `.build` would not do: the compiler's module cache paths differ);
/// and `scanline preview`, which serves until Ctrl-C, is started, asked for its
/// state and a frame over HTTP, and stopped with SIGINT.
extension UserViewBuildTests {
    static let tutorial = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/TUTORIAL.md")

    /// The tutorial's files (path, text) and command lines, in order.
    static func tutorialSteps() throws -> [(file: String?, text: String)] {
        let lines = try String(contentsOf: tutorial, encoding: .utf8).components(separatedBy: "\n")
        var steps: [(file: String?, text: String)] = []
        var pendingFile: String? = nil
        var i = 0
        while i < lines.count {
            let line = lines[i]
            if let r = line.range(of: #"^<!-- file: (.+) -->$"#, options: .regularExpression) {
                pendingFile = String(line[r].dropFirst("<!-- file: ".count).dropLast(" -->".count))
            } else if line.hasPrefix("```") && line.count > 3 {
                let language = String(line.dropFirst(3))
                var body: [String] = []
                i += 1
                while i < lines.count && lines[i] != "```" { body.append(lines[i]); i += 1 }
                if let f = pendingFile {
                    steps.append((f, body.joined(separator: "\n") + "\n"))
                } else if language == "sh" {
                    for command in body.joined(separator: "\n").replacingOccurrences(of: "\\\n", with: " ").components(separatedBy: "\n")
                    where !command.trimmingCharacters(in: .whitespaces).isEmpty {
                        steps.append((nil, command))
                    }
                }
                pendingFile = nil
            }
            i += 1
        }
        return steps
    }

    @Test(.timeLimit(.minutes(30))) func theTutorialRunsAsWritten() async throws {
        let root = makeTestFolder("scanline-tutorial")
        let fm = FileManager.default
        // /usr/local/share/scanline/source, as make install makes it: here, a link to this
        // checkout, the one the dependent package builds Scanline through (SharedPackageBuild),
        // whose build is awaited first.
        let dependent = try await SharedPackageBuild.dependent.value
        #expect(dependent.status == 0, "the dependent package, whose Scanline build the tutorial reuses, did not build:\n\(dependent.output.suffix(3000))")
        let installed = SharedPackageBuild.source
        let checkout = Self.tutorial.deletingLastPathComponent().deletingLastPathComponent()
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        env["PATH"] = Binary.url.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["SCANLINE_CACHE"] = Self.cache.path          // the suite's build cache (warm after the first test)
        env["SCANLINE_SOURCE"] = checkout.path

        let steps = try Self.tutorialSteps()
        #expect(steps.filter { $0.file != nil }.count == 4 && steps.filter { $0.file == nil }.count == 8, "\(steps.map { $0.file ?? $0.text })")
        var cwd = root
        var ran: [String] = []
        for step in steps {
            if let file = step.file {
                let url = root.appendingPathComponent(file)
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try step.text.replacingOccurrences(of: "/usr/local/share/scanline/source", with: installed.path)
                    .write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            let command = step.text.trimmingCharacters(in: .whitespaces)
            ran.append(command)
            if command.hasPrefix("cd ") {
                cwd = cwd.appendingPathComponent(String(command.dropFirst(3)))
                #expect(fm.fileExists(atPath: cwd.path), "cd \(cwd.path)")
                continue
            }
            if command.hasPrefix("scanline preview ") {
                try Self.tryPreview(command, in: cwd, environment: env)
                continue
            }
            // `swift test` builds into the shared folder, where Scanline is built already.
            let run = command.hasSuffix("swift test") ? command + " --scratch-path '\(SharedPackageBuild.scratch.path)'" : command
            let (status, text) = try runTool(URL(fileURLWithPath: "/bin/bash"), ["-c", run], in: cwd, environment: env)
            // The error lines first: a build's error can come before a long tail of progress lines.
            let errors = text.split(separator: "\n").filter { $0.contains("error") || $0.contains("Killed") }.prefix(20).joined(separator: "\n")
            #expect(status == 0, "\(command): exit \(status)\n\(errors)\n…\n\(text.suffix(4000))")
            if command.hasPrefix("scanline shaders") { #expect(text.contains("shimmer") && text.contains("center") && text.contains("width"), "\(text)") }
            if command.hasPrefix("ls ") { #expect(text.contains("shimmer@0s.png") && text.contains("shimmer@0.5s.png"), "\(text)") }
        }
        #expect(ran.contains("swift test") && ran.contains("SCANLINE_RECORD=1 swift test"))

        // What the commands made: a still with the band in it, and a GIF.
        let still = try PixelBuffer(contentsOf: cwd.appendingPathComponent("shimmer.png"))
        var lit = 0, indigo = 0
        for y in 0..<still.height { for x in 0..<still.width {
            let p = still[x, y]
            if p.a == 255 && p.r > 200 && p.g > 200 && p.b > 200 { lit += 1 }
            if p.a == 255 && p.b > 150 && p.r < 120 && p.g < 100 { indigo += 1 }
        } }
        #expect(lit > 50 && indigo > 500, "the band (\(lit) light pixels) across indigo letters (\(indigo))")
        #expect(try Data(contentsOf: cwd.appendingPathComponent("shimmer.gif")).starts(with: Data("GIF89a".utf8)))
        // The pictures the tutorial shows are there.
        for image in ["images/tutorial-shimmer.png", "images/tutorial-shimmer.gif"] {
            #expect(fm.fileExists(atPath: Self.tutorial.deletingLastPathComponent().appendingPathComponent(image).path), "\(image)")
        }
    }

    /// `scanline preview …`: serves the page and a frame of the built view, and stops on Ctrl-C.
    static func tryPreview(_ command: String, in cwd: URL, environment: [String: String]) throws {
        let preview = try Preview(command.split(separator: " ").dropFirst().map(String.init), in: cwd, environment: environment)
        defer { preview.stop() }
        _ = try preview.url(timeout: 60)
        let port = try #require(preview.port, "\(command): no URL printed: \(preview.stderr)")
        var state = ""
        for _ in 0..<3000 {
            let s = PreviewServerTests.raw(Array("GET /status HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8), port: port)
            state = String(decoding: s.body, as: UTF8.self)
            if state.contains(#""state":"ready""#) || state.contains(#""state":"error""#) { break }
            usleep(200_000)
        }
        #expect(state.contains(#""state":"ready""#), "\(command): \(state)\n\(preview.stderr.suffix(3000))")
        let page = PreviewServerTests.raw(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8), port: port)
        #expect(page.status == 200 && String(decoding: page.body, as: UTF8.self).contains("Scanline preview"))
        let frame = PreviewServerTests.raw(Array("GET /frame.png?frame=15 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8), port: port)
        #expect(frame.status == 200 && frame.body.starts(with: Data([0x89, 0x50, 0x4E, 0x47])), "frame: \(frame.status)")
        preview.stop()
        #expect(preview.process.terminationStatus == 130, "Ctrl-C: exit \(preview.process.terminationStatus)")
    }
}
