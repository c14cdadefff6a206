import Foundation
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineCLI
import SwiftSourceText

// Issue #18, point 4: `scanline render FILE.swift`. First how the files are read (fast), then the
// whole thing, built for real in a cache folder (UserViewBuildTests, minutes: run after the rest).

@Suite struct SwiftSourceTests {
    /// The statements of a body, as the macro plugin splits a `#Preview` body to find its
    /// `@Previewable` declarations (issue #43 point 1).
    @Test func statementsSplitAtLineEndsOutsideBracketsStringsAndComments() throws {
        let body = #"""
            // a comment } with a brace
            @Previewable @State var items = [
                1, 2,
                3]
            let s = "a } b"; let t = """
                two
                lines
                """
            Text(s)
                .padding()
            Color.red +
                0 == 1 ? x : y
            /* block
               comment */
            """#
        let statements = try SwiftSource(body).statements()
        #expect(statements == ["@Previewable @State var items = [\n    1, 2,\n    3]", #"let s = "a } b""#,
                               "let t = \"\"\"\n    two\n    lines\n    \"\"\"", "Text(s)\n    .padding()", "Color.red +\n    0 == 1 ? x : y"],
                "\(statements)")
    }

    static let fixtures = TestPaths.testsFolder.appendingPathComponent("Fixtures/UserView")

    @Test func previewsAreFoundWithTheirNamesAndWholeBodies() throws {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("Badge.swift"), encoding: .utf8)
        let previews = try SwiftSource(text).previews()
        #expect(previews.map(\.name) == ["Red", nil])
        #expect(previews[0].body.contains("let title = \"Hi } { #Preview {\""))
        #expect(previews[0].body.contains(".background(Color.white)"))
        #expect(previews[1].body.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("Badge()"))
        #expect(previews.map(\.line) == [21, 31])
    }

    @Test func bracesAndMacrosInStringsAndCommentsAreNotCode() throws {
        let text = """
        let a = "#Preview { }"   // #Preview { not this }
        /* #Preview { nor /* nested */ this } */
        let b = #"raw "#Preview {" \\(x)"#
        let c = \"\"\"
            #Preview { multi-line }
            \"\"\"
        let d = "interpolated \\("}" + "{") still a string"
        #Preview("Only") { Text("\\("}")") }
        """
        let previews = try SwiftSource(text).previews()
        #expect(previews.count == 1)
        #expect(previews.first?.name == "Only")
        #expect(previews.first?.body == " Text(\"\\(\"}\")\") ")
    }

    @Test func viewTypesAreTheDeclaredConformances() throws {
        let text = """
        struct A: View { var body: some View { Text("struct Fake: View {") } }
        struct B<T>: SwiftUI.View, Equatable where T: Hashable { var body: some View { EmptyView() } }
        struct NotAView: Shape { func path(in r: CGRect) -> Path { Path() } }
        // struct Commented: View {}
        """
        #expect(try SwiftSource(text).viewTypes() == ["A", "B"])
    }

    @Test func unclosedThingsAreErrorsWithTheirLine() {
        #expect(throws: SwiftSource.ScanError.self) { try SwiftSource("let a = 1\n#Preview {\n Text(\"x\")\n").previews() }
        #expect(throws: SwiftSource.ScanError.self) { try SwiftSource("/* never closed\n").previews() }
        #expect(throws: SwiftSource.ScanError.self) { try SwiftSource("let s = \"open\nlet t = 1\n").previews() }
    }

    @Test func theViewIsChosenByViewPreviewOrTheOnlyViewType() throws {
        let badge = try String(contentsOf: Self.fixtures.appendingPathComponent("Badge.swift"), encoding: .utf8)
        let files = [("Badge.swift", SwiftSource(badge))]
        #expect(try UserView.choose(files: files, view: "Badge", preview: nil).body == "Badge()")
        #expect(try UserView.choose(files: files, view: nil, preview: nil).body.contains("fill: .red"))
        #expect(try UserView.choose(files: files, view: nil, preview: "Red").body.contains("fill: .red"))
        #expect(throws: UsageError.self) { try UserView.choose(files: files, view: nil, preview: "Blue") }
        #expect(throws: UsageError.self) { try UserView.choose(files: files, view: "Badge(); exit(1)", preview: nil) }
        let ripple = try String(contentsOf: Self.fixtures.appendingPathComponent("Ripple.swift"), encoding: .utf8)
        #expect(try UserView.choose(files: [("Ripple.swift", SwiftSource(ripple))], view: nil, preview: nil).body == "Rippled()")
        let two = SwiftSource("struct A: View { var body: some View { EmptyView() } }\nstruct B: View { var body: some View { EmptyView() } }")
        #expect(throws: UsageError.self) { try UserView.choose(files: [("Two.swift", two)], view: nil, preview: nil) }
        // Previews written before #Preview: a PreviewProvider's views, one below the other; by name too.
        let provided = SwiftSource(String(decoding: two.text, as: UTF8.self) + "\nstruct A_Previews: PreviewProvider { static var previews: some View { A(); B() } }")
        #expect(try UserView.choose(files: [("P.swift", provided)], view: nil, preview: nil).body == "VStack(spacing: 16) { A_Previews.previews }")
        #expect(try UserView.choose(files: [("P.swift", provided)], view: nil, preview: "A_Previews").describes == "A_Previews.previews")
        #expect(try SwiftSource("// struct X: PreviewProvider {}\nstruct Y: SwiftUI.PreviewProvider, Sendable {}").previewProviders() == ["Y"])
    }

    /// Issue #26 point 2: a #Preview's traits set the canvas; with none, the ideal size.
    @Test func previewTraitsSetTheCanvas() throws {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("Sized.swift"), encoding: .utf8)
        let previews = try SwiftSource(text).previews()
        #expect(previews.map(\.traits) == [".fixedLayout(width: 200, height: 100)", ".sizeThatFitsLayout", ".portrait", ".landscapeLeft", nil])
        let files = [("Sized.swift", SwiftSource(text))]
        func canvas(_ preview: String?, view: String? = nil) throws -> UserViewCanvas { try UserView.choose(files: files, view: view, preview: preview).canvas }
        #expect(try canvas(nil) == .fixed(width: 200, height: 100))          // the first #Preview
        #expect(try canvas("fits") == .idealSize)
        #expect(try canvas("phone") == .fixed(width: 402, height: 874))
        #expect(try canvas("wide") == .fixed(width: 874, height: 402))
        #expect(try canvas("plain") == .idealSize)
        #expect(try canvas(nil, view: "FixedCard") == .idealSize)
        // Several traits; one that says nothing of size is named, for a warning; a trait inside a
        // string is not code.
        let (both, ignored) = UserView.canvas(traits: ".landscapeRight, .fixedLayout(width: 50, height: 20.5), .modifier(Tinted())")
        #expect(both == .fixed(width: 50, height: 20.5) && ignored == [".modifier(Tinted())"])
        let quoted = try SwiftSource(#"#Preview("traits: .portrait") { Text("a") }"#).previews()
        #expect(quoted.first?.traits == nil && quoted.first?.name == "traits: .portrait")
        #expect(UserView.canvas(traits: ".fixedLayout(width: 0, height: 20)").ignored == [".fixedLayout(width: 0, height: 20)"])
        #expect(UserViewCanvas.fixed(width: 200, height: 100.5).swiftLiteral == ".fixed(width: 200.0, height: 100.5)")
    }
}

/// The whole of `scanline render FILE.swift`, built for real: a cold build of a cache (Scanline
/// in release mode, minutes), then warm ones. Runs after the rest of the suite (Makefile), as
/// DependentPackageTests does, so its compiling does not slow the others.
@Suite(.serialized, .spawnsProcesses) struct UserViewBuildTests {
    static let fixtures = SwiftSourceTests.fixtures

    struct Run { let code: Int32; let stderr: String; let seconds: Double }
    static func render(_ args: [String], cache: URL) throws -> Run {
        let t = Date()
        let r = try Binary.run(["render"] + args + ["--cache", cache.path, "--quiet"])
        return Run(code: r.code, stderr: r.stderr, seconds: Date().timeIntervalSince(t))
    }
    static func sha(_ url: URL) throws -> Data { try Data(contentsOf: url) }
    /// One build cache for the suite: the first test pays for the cold build.
    static let cache = makeTestFolder("scanline-user-view-cache")

    /// Issue #43 point 1: a user's file with `@Entry` and a `#Preview` with `@Previewable` state
    /// builds against the prebuilt Scanline (its macro plugin) and renders.
    @Test(.timeLimit(.minutes(30))) func macrosExpandInUsersFiles() throws {
        let folder = makeTestFolder("scanline-user-macros")
        let file = Self.fixtures.appendingPathComponent("Entry.swift").path
        let plain = folder.appendingPathComponent("plain.png"), teal = folder.appendingPathComponent("teal.png")
        let r = try Self.render([file, "--view", "EntrySwatch", "--size", "8x8", "--scale", "1", "-o", plain.path], cache: Self.cache)
        #expect(r.code == 0, "\(r.stderr)")
        let p = try PixelBuffer(contentsOf: plain)[4, 4]
        #expect((p.r, p.g, p.b) == (255, 149, 0), "@Entry's default, system orange: \(p)")
        let t = try Self.render([file, "--preview", "teal", "--size", "8x8", "--scale", "1", "-o", teal.path], cache: Self.cache)
        #expect(t.code == 0, "\(t.stderr)")
        let q = try PixelBuffer(contentsOf: teal)[4, 4]
        #expect((q.r, q.g, q.b) == (48, 176, 199), "the preview's teal: \(q)")
        // A preview in `#if DEBUG` that uses a type private to its file: compiled where it was written.
        let indigo = folder.appendingPathComponent("indigo.png")
        let i = try Self.render([file, "--preview", "private", "--size", "8x8", "--scale", "1", "-o", indigo.path], cache: Self.cache)
        #expect(i.code == 0, "\(i.stderr)")
        let c = try PixelBuffer(contentsOf: indigo)[4, 4]
        #expect((c.r, c.g, c.b) == (88, 86, 214), "system indigo: \(c)")
    }

    @Test(.timeLimit(.minutes(30))) func rendersUsersFilesAsTheyAre() throws {
        let folder = makeTestFolder("scanline-user-view")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = Self.cache
        // The user's files, in a folder of their own; they must stay byte for byte as they are.
        let work = folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        for f in ["Badge.swift", "Ripple.swift", "Ripple.metal", "Broken.swift", "Logo.swift", "dot.png"] {
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(f), to: work.appendingPathComponent(f))
        }
        let badge = work.appendingPathComponent("Badge.swift")
        let before = try Self.sha(badge)

        // The first #Preview ("Red"): a red capsule on white, 120 × 60.
        let out = folder.appendingPathComponent("red.png")
        let cold = try Self.render([badge.path, "--size", "120x60", "--scale", "1", "-o", out.path], cache: cache)
        #expect(cold.code == 0, "cold build: \(cold.stderr.suffix(3000))")
        let red = try PixelBuffer(contentsOf: out)
        #expect(red.width == 120 && red.height == 60)
        #expect(red[2, 2] == (255, 255, 255, 255))
        let capsule = red[46, 30]          // left of the white "Hi", inside the capsule
        #expect(capsule.r > 200 && capsule.g < 80 && capsule.b < 80, "\(capsule)")
        #expect(try Self.sha(badge) == before)

        // --view Badge: the default blue badge, on nothing.
        let blueOut = folder.appendingPathComponent("blue.png")
        let view = try Self.render([badge.path, "--view", "Badge", "--size", "120x60", "--scale", "1", "-o", blueOut.path], cache: cache)
        #expect(view.code == 0, "--view: \(view.stderr.suffix(3000))")
        let blue = try PixelBuffer(contentsOf: blueOut)
        #expect(blue[2, 2].a == 0 && blue[46, 30].b > 200 && blue[46, 30].r < 80, "\(blue[46, 30])")

        // The only View in Ripple.swift, with its .metal shader beside it.
        let tintOut = folder.appendingPathComponent("tint.png")
        let metal = try Self.render([work.appendingPathComponent("Ripple.swift").path, work.appendingPathComponent("Ripple.metal").path,
                                     "--size", "100x50", "--scale", "1", "-o", tintOut.path], cache: cache)
        #expect(metal.code == 0, ".metal: \(metal.stderr.suffix(3000))")
        let tinted = try PixelBuffer(contentsOf: tintOut)
        #expect(tinted[50, 25] == (255, 59, 48, 255), "\(tinted[50, 25])")   // .red is SwiftUI's system red

        // Image("dot") finds dot.png beside the file; with --resources elsewhere, it does not.
        let logoOut = folder.appendingPathComponent("logo.png")
        let logo = try Self.render([work.appendingPathComponent("Logo.swift").path, "--size", "20x20", "--scale", "1", "-o", logoOut.path], cache: cache)
        #expect(logo.code == 0, "image: \(logo.stderr.suffix(3000))")
        #expect(try PixelBuffer(contentsOf: logoOut)[10, 10] == (0, 0, 255, 255))
        let elsewhere = try Self.render([work.appendingPathComponent("Logo.swift").path, "--resources", folder.path, "--size", "20x20",
                                         "--scale", "1", "-o", logoOut.path], cache: cache)
        #expect(elsewhere.code == 0 && elsewhere.stderr.contains("dot"), "a missing image warns: \(elsewhere.stderr.suffix(2000))")
        #expect(try PixelBuffer(contentsOf: logoOut)[10, 10].a == 0)

        // A compile error names the user's file and line, not the generated package's.
        let broken = try Self.render([work.appendingPathComponent("Broken.swift").path, "-o", folder.appendingPathComponent("x.png").path], cache: cache)
        #expect(broken.code == 1)
        #expect(broken.stderr.contains(work.appendingPathComponent("Broken.swift").path + ":6:"), "\(broken.stderr.suffix(3000))")
        #expect(!broken.stderr.contains("user-view/Sources"), "\(broken.stderr.suffix(3000))")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))

        // An error inside a #Preview body (issue #27 point 2): counted, and at the user's line.
        let inPreview = work.appendingPathComponent("PreviewTypo.swift")
        try "import SwiftUI\n\nstruct Dot: View {\n    var body: some View { Circle() }\n}\n\n#Preview(\"Typo\") {\n    Dot()\n        .frme(width: 10)\n}\n"
            .write(to: inPreview, atomically: true, encoding: .utf8)
        let typo = try Self.render([inPreview.path, "-o", folder.appendingPathComponent("x.png").path], cache: cache)
        #expect(typo.code == 1 && typo.stderr.contains(inPreview.path + ":9:"), "\(typo.stderr.suffix(3000))")
        #expect(typo.stderr.contains("did not compile (1 error)"), "\(typo.stderr.suffix(3000))")

        // With --json, the compile error is in the report, with the user's file and line.
        let jsonRun = try Binary.capture(["render", work.appendingPathComponent("Broken.swift").path, "-o", folder.appendingPathComponent("x.png").path,
                                          "--cache", cache.path, "--json"])
        let failed = try JSONDecoder().decode(JSONReport.self, from: jsonRun.stdout)
        #expect(jsonRun.code == 1 && !failed.ok && failed.exitCode == 1, "\(jsonRun.stderr.suffix(2000))")
        #expect(failed.errors.first?.code == "compile" && failed.errors.first?.file == work.appendingPathComponent("Broken.swift").path
                && failed.errors.first?.line == 6, "\(failed.errors)")
        #expect(failed.timings["build"] != nil)
        // And on success, the child's outputs with the build's time.
        let jsonOut = folder.appendingPathComponent("json.png")
        let ok = try Binary.capture(["render", badge.path, "--size", "120x60", "--scale", "1", "-o", jsonOut.path, "--cache", cache.path, "--json"])
        let report = try JSONDecoder().decode(JSONReport.self, from: ok.stdout)
        #expect(ok.code == 0 && report.ok && report.outputs.map(\.path) == [jsonOut.path] && report.outputs.first?.width == 120, "\(ok.stderr.suffix(2000))")
        #expect(report.timings["build"] != nil && report.timings["render"] != nil)

        // A one-line edit rebuilds only the user's module.
        let edited = try String(contentsOf: badge, encoding: .utf8).replacingOccurrences(of: "fill: .red", with: "fill: .green")
        try edited.write(to: badge, atomically: true, encoding: .utf8)
        let greenOut = folder.appendingPathComponent("green.png")
        let warm = try Self.render([badge.path, "--size", "120x60", "--scale", "1", "-o", greenOut.path], cache: cache)
        #expect(warm.code == 0, "warm: \(warm.stderr.suffix(3000))")
        let green = try PixelBuffer(contentsOf: greenOut)
        #expect(green[46, 30].g > 100 && green[46, 30].r < 80, "\(green[46, 30])")
        print("scanline render FILE.swift: first \(String(format: "%.1f", cold.seconds)) s, after a one-line edit \(String(format: "%.1f", warm.seconds)) s")
    }

    /// Issue #26 point 1: a prebuilt Scanline from another toolchain is refused with what to do.
    /// Simulated as an installed layout (`bin/scanline`, `lib/scanline/`) whose recorded
    /// `swiftc --version` is edited.
    @Test func aPrebuiltScanlineFromAnotherToolchainIsRefusedWithWhatToDo() throws {
        let prefix = makeTestFolder("scanline-other-toolchain")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let fm = FileManager.default
        let bin = prefix.appendingPathComponent("bin"), kit = prefix.appendingPathComponent("lib/scanline")
        try fm.createDirectory(at: bin, withIntermediateDirectories: true)
        try fm.createDirectory(at: kit, withIntermediateDirectories: true)
        try fm.copyItem(at: Binary.url, to: bin.appendingPathComponent("scanline"))
        let built = Binary.url.deletingLastPathComponent()
        try fm.createSymbolicLink(at: kit.appendingPathComponent("libScanlineKit.so"), withDestinationURL: built.appendingPathComponent("libScanlineKit.so"))
        try fm.createSymbolicLink(at: kit.appendingPathComponent("Modules"), withDestinationURL: built.appendingPathComponent("Modules"))
        try "Swift version 5.10 (swift-5.10-RELEASE)\nTarget: x86_64-unknown-linux-gnu\n".write(to: kit.appendingPathComponent("swift-version.txt"), atomically: true, encoding: .utf8)
        let (code, text) = try runTool(bin.appendingPathComponent("scanline"), ["render", Self.fixtures.appendingPathComponent("Badge.swift").path,
                                       "-o", prefix.appendingPathComponent("x.png").path, "--cache", prefix.appendingPathComponent("cache").path])
        #expect(code == 1, "\(text)")
        let lines = text.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(text)")
        #expect(text.contains("the prebuilt Scanline in \(kit.path) was built by 'Swift version 5.10 (swift-5.10-RELEASE)'"), "\(text)")
        #expect(text.contains("but the swiftc on PATH is 'Swift version 6."), "\(text)")
        #expect(text.contains("make install") && text.contains("--from-source"), "\(text)")
        #expect(!fm.fileExists(atPath: prefix.appendingPathComponent("x.png").path))
    }

    /// Issue #26 point 2: without --size, a view renders at its ideal size, and a #Preview's
    /// traits set the canvas. The expected sizes come from the rule: a fixed frame's size, 10 × 10
    /// for a Color alone, the text's measured size (ImageRenderer, in this process), the trait's
    /// size, and the iPhone 16 Pro's 402 × 874 points turned for landscape.
    @MainActor @Test func withoutASizeAViewRendersAtItsIdealSizeOrWhatItsPreviewSays() throws {
        let folder = makeTestFolder("scanline-ideal-size")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = Self.fixtures.appendingPathComponent("Sized.swift").path
        let words = ImageRenderer(content: Text("Hello, world").padding(6).background(Color.yellow)).size
        let cases: [(args: [String], width: Int, height: Int)] = [
            ([], 200, 100),                                      // the first #Preview: .fixedLayout(width: 200, height: 100)
            (["--preview", "fits"], 90, 30),                     // .sizeThatFitsLayout of a 90 × 30 frame
            (["--preview", "phone"], 402, 874),
            (["--preview", "wide"], 874, 402),
            (["--preview", "plain"], Int(words.width.rounded(.up)), Int(words.height.rounded(.up))),
            (["--view", "FixedCard"], 90, 30),
            (["--view", "Flexible"], 10, 10),
        ]
        for c in cases {
            let out = folder.appendingPathComponent("out.png")
            let r = try Self.render([file] + c.args + ["--scale", "1", "-o", out.path], cache: Self.cache)
            #expect(r.code == 0, "\(c.args): \(r.stderr.suffix(2000))")
            guard r.code == 0 else { continue }
            let image = try PixelBuffer(contentsOf: out)
            #expect(image.width == c.width && image.height == c.height, "\(c.args): \(image.width)×\(image.height), expected \(c.width)×\(c.height)")
            #expect(image[image.width / 2, image.height / 2].a == 255, "\(c.args): the view fills the middle")
        }
        // At --scale 2 the ideal size is in points: twice the pixels.
        let out = folder.appendingPathComponent("out2.png")
        let r = try Self.render([file, "--view", "FixedCard", "--scale", "2", "-o", out.path], cache: Self.cache)
        #expect(r.code == 0, "\(r.stderr.suffix(2000))")
        let image = try PixelBuffer(contentsOf: out)
        #expect(image.width == 180 && image.height == 60)
    }

    /// Issue #27 point 1: a user's file that imports `Combine` (an ObservableObject whose
    /// @Published level a subject's value sets at 0.3 s) renders through the prebuilt Scanline:
    /// a quarter of the 80 pt bar before, three quarters after.
    @Test func aFileThatImportsCombineRenders() throws {
        let folder = makeTestFolder("scanline-combine-view")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = Self.fixtures.appendingPathComponent("Meter.swift").path
        for (time, width) in [(0.1, 20), (0.5, 60)] {
            let out = folder.appendingPathComponent("meter.png")
            let r = try Self.render([file, "--time", "\(time)", "--scale", "1", "-o", out.path], cache: Self.cache)
            #expect(r.code == 0, "\(r.stderr.suffix(2000))")
            guard r.code == 0 else { continue }
            let image = try PixelBuffer(contentsOf: out)
            #expect(image.width == 80 && image.height == 20)
            #expect(image[width - 2, 10] == (0, 0, 255, 255) && image[width + 2, 10].a == 0,
                    "at \(time) s the bar is \(width) pt: \(image[width - 2, 10]) \(image[width + 2, 10])")
        }
    }

    /// Issue #27 point 1: a user's file that imports `simd` renders through the prebuilt
    /// Scanline. Dot i's centre is (13, 13) + 6i·(cos 45°, sin 45°) points.
    @Test func aFileThatImportsSimdRenders() throws {
        let folder = makeTestFolder("scanline-simd-view")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("orbit.png")
        let r = try Self.render([Self.fixtures.appendingPathComponent("Orbit.swift").path, "--scale", "1", "-o", out.path], cache: Self.cache)
        #expect(r.code == 0, "\(r.stderr.suffix(2000))")
        let image = try PixelBuffer(contentsOf: out)
        #expect(image.width == 60 && image.height == 60)
        for i in [0, 3, 7] {
            let c = 13 + 6 * Double(i) * 0.5.squareRoot()
            let p = image[Int(c), Int(c)]
            #expect(p.b == 255 && p.a == 255 && p.r < 60, "dot \(i) at \(Int(c)): \(p)")
        }
        #expect(image[42, 13].a == 0 && image[13, 42].a == 0, "off the diagonal")
    }

    /// `scanline preview FILE.swift FILE.metal`, as a user runs it, its stderr collected.
    final class Preview: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var text = ""
        init(_ args: [String], in folder: URL? = nil, environment: [String: String]? = nil) throws {
            process.executableURL = Binary.url
            process.arguments = args
            if let folder { process.currentDirectoryURL = folder }
            if let environment { process.environment = environment }
            let pipe = Pipe()
            process.standardError = pipe
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            Thread.detachNewThread { [self] in
                while true {
                    let d = pipe.fileHandleForReading.availableData
                    if d.isEmpty { return }
                    lock.withLock { text += String(decoding: d, as: UTF8.self) }
                }
            }
        }
        var stderr: String { lock.withLock { text } }
        func url(timeout: Double) throws -> String {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if let r = stderr.range(of: #"http://127\.0\.0\.1:\d+/"#, options: .regularExpression) { return String(stderr[r]) }
                usleep(50_000)
            }
            throw Chromium.Failure(description: "no URL printed: \(stderr)")
        }
        var port: UInt16? { try? url(timeout: 0.1).split(separator: ":").last.flatMap { UInt16($0.dropLast()) } }
        func stop() { if process.isRunning { process.interrupt(); try? waitForExit(process, within: 30, "`scanline preview` to stop after Ctrl-C") } }
    }

    /// The pixels of the frame the page shows, read back through a canvas, once the page shows
    /// frame `n` of build `generation`.
    static func shown(_ browser: Chromium, frame n: Int, generation: Int, folder: URL) throws -> PixelBuffer {
        try browser.wait(for: """
            (() => { const i = document.getElementById('frame');
                     return i.complete && i.naturalWidth > 0 && i.src.includes('frame=\(n)&') && i.src.endsWith('g=\(generation)'); })()
            """, timeout: 120)
        let url = try browser.evaluate("""
            (() => { const i = document.getElementById('frame'), c = document.createElement('canvas');
                     c.width = i.naturalWidth; c.height = i.naturalHeight;
                     c.getContext('2d').drawImage(i, 0, 0); return c.toDataURL('image/png'); })()
            """) as? String ?? ""
        let data = try #require(Data(base64Encoded: String(url.drop { $0 != "," }.dropFirst())), "no PNG from the canvas")
        let file = folder.appendingPathComponent("shown-\(UUID().uuidString).png")
        try data.write(to: file)
        return try PixelBuffer(contentsOf: file)
    }

    /// Where two images differ by more than 2 in a premultiplied channel (a canvas stores
    /// premultiplied pixels), or nil.
    static func difference(_ a: PixelBuffer, _ b: PixelBuffer) -> String? {
        guard a.width == b.width && a.height == b.height else { return "sizes \(a.width)×\(a.height) and \(b.width)×\(b.height)" }
        for y in 0..<a.height { for x in 0..<a.width {
            let p = a[x, y], q = b[x, y]
            let pa = [Int(p.r) * Int(p.a) / 255, Int(p.g) * Int(p.a) / 255, Int(p.b) * Int(p.a) / 255, Int(p.a)]
            let qa = [Int(q.r) * Int(q.a) / 255, Int(q.g) * Int(q.a) / 255, Int(q.b) * Int(q.a) / 255, Int(q.a)]
            if zip(pa, qa).contains(where: { abs($0 - $1) > 2 }) { return "at (\(x), \(y)): \(p) and \(q)" }
        } }
        return nil
    }

    /// Issue #32 point 1: renders at once into one cache, of other views of the same file (and of
    /// other files), each get their own picture: the prebuilt way builds each in a folder of its
    /// own, keyed by files and view, and a folder is held by one render at a time.
    @Test func rendersAtOnceIntoOneCacheEachDrawTheirOwnView() throws {
        let folder = makeTestFolder("scanline-concurrent")
        let file = Self.fixtures.appendingPathComponent("TwoViews.swift").path, cache = folder.appendingPathComponent("cache")
        for round in 0..<2 {
            var runs: [(Process, URL, (UInt8, UInt8, UInt8))] = []
            for (view, colour) in [("RedSquare", (UInt8(255), UInt8(59), UInt8(48))), ("BlueSquare", (0, 122, 255)), ("RedSquare", (255, 59, 48))] {  // iOS's system red and blue
                let out = folder.appendingPathComponent("\(view)-\(round)-\(runs.count).png")
                let p = Process()
                p.executableURL = Binary.url
                p.arguments = ["render", file, "--view", view, "--scale", "1", "--quiet", "--cache", cache.path, "-o", out.path]
                p.standardError = FileHandle.nullDevice
                try p.run()
                runs.append((p, out, colour))
            }
            for (p, out, colour) in runs {
                try waitForExit(p, within: 300, "`scanline render TwoViews.swift` (three at once)")
                #expect(p.terminationStatus == 0)
                let pixel = try PixelBuffer(contentsOf: out)[4, 4]
                #expect((pixel.r, pixel.g, pixel.b) == colour, "\(out.lastPathComponent): \(pixel)")
            }
        }
        let kit = try PrebuiltScanline.find(currentToolchain: try PrebuiltScanline.currentToolchain(try UserView.swiftcTool()))
        let files = UserView.Files(swift: [file])
        let red = UserView.packageFolder(files, view: "RedSquare", preview: nil, cache: cache, kit: kit)
        #expect(red == UserView.packageFolder(files, view: "RedSquare", preview: nil, cache: cache, kit: kit))
        #expect(red != UserView.packageFolder(files, view: "BlueSquare", preview: nil, cache: cache, kit: kit))
        #expect(UserView.packageFolder(files, view: nil, preview: nil, cache: cache, kit: nil).lastPathComponent == "user-view")
    }

    /// Issue #32 point 19: stopping `render FILE.swift` during its build (here the source
    /// build, minutes long) stops swift-build and every compiler process it started.
    @Test func stoppingARenderDuringItsBuildStopsTheCompilerToo() async throws {
        let cache = makeTestFolder("scanline-stop-build")
        let p = Process()
        p.executableURL = Binary.url
        p.arguments = ["render", Self.fixtures.appendingPathComponent("Badge.swift").path, "--from-source", "--quiet", "--cache", cache.path,
                       "-o", cache.appendingPathComponent("never.png").path]
        p.standardError = FileHandle.nullDevice
        try p.run()
        // Until a compiler job of the build is running.
        var compiling = false
        for _ in 0..<600 where !compiling {
            try await Task.sleep(for: .milliseconds(50), tolerance: nil)
            compiling = try await Binary.processesMentioning(cache.path).contains("swift-frontend")
        }
        #expect(compiling, "the build never started a compiler job")
        kill(p.processIdentifier, SIGTERM)
        try waitForExit(p, within: 30, "`scanline render --from-source` to stop after SIGTERM")
        #expect(p.terminationStatus == 128 + SIGTERM)
        let left = try await Binary.processesMentioning(cache.path)
        #expect(left.isEmpty, "still running: \(left.prefix(2000))")
    }

    /// SIGTERM while the view's program renders stops that program too (it rendered on, found
    /// with `timeout` around a render of a public package).
    @Test func stoppingARenderWhileItsViewRendersStopsTheViewsProgram() async throws {
        let folder = makeTestFolder("scanline-stop-render")
        let p = Process()
        p.executableURL = Binary.url
        p.arguments = ["render", Self.fixtures.appendingPathComponent("Badge.swift").path, "--quiet", "--cache", Self.cache.path,
                       "--duration", "600", "--fps", "60", "-o", folder.appendingPathComponent("long.gif").path]
        p.standardError = FileHandle.nullDevice
        try p.run()
        var rendering = false
        for _ in 0..<1200 where !rendering {
            try await Task.sleep(for: .milliseconds(50), tolerance: nil)
            rendering = try await Binary.processesMentioning(folder.path).contains("UserView")
        }
        #expect(rendering, "the view's program never started")
        kill(p.processIdentifier, SIGTERM)
        try waitForExit(p, within: 30, "`scanline render FILE.swift` to stop after SIGTERM")
        // Gone within the 2 s the listing waits (an orphan renders its 600 s on).
        let left = try await Binary.processesMentioning(folder.path)
        #expect(left.isEmpty, "still running: \(left.prefix(2000))")
        if !left.isEmpty {   // the orphan is not left to render on
            let pkill = Process()
            pkill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
            pkill.arguments = ["-f", folder.path]
            try? pkill.run(); pkill.waitUntilExit()
        }
    }

    /// Issue #32 point 20: `--view` naming no type of the files is a usage error before any build
    /// (it built, then said "(0 errors)"); a compile error in the generated entry is counted.
    @Test func aViewNameTheFilesDoNotDeclareIsRefusedBeforeBuilding() throws {
        let file = Self.fixtures.appendingPathComponent("TwoViews.swift").path
        let r = try Self.render([file, "--view", "GreenSquare", "-o", "/tmp/never-\(UUID().uuidString).png"], cache: Self.cache)
        #expect(r.code == 2 && r.stderr.contains("the files declare no type named GreenSquare (their views: RedSquare, BlueSquare)"), "\(r.stderr)")
        #expect(UserView.errorCount(["(the view chosen: Nope()):6:1: error: cannot find 'Nope' in scope"]) == 1)
        #expect(UserView.errorCount(["<unknown>:0: error: missing required module 'QuartzCore'", "warning: x"]) == 1)
    }

    /// The lock that holds a package folder: a second holder waits for the first, and is told once.
    @Test func aPackageLockMakesTheSecondRenderWait() async throws {
        let folder = makeTestFolder("scanline-lock").appendingPathComponent("user-view")
        let first = try UserView.lockPackage(folder) { Issue.record("the first holder does not wait") }
        final class Log: @unchecked Sendable { let lock = NSLock(); var events: [String] = [] ; func add(_ e: String) { lock.withLock { events.append(e) } } }
        let log = Log()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let second = try? UserView.lockPackage(folder) { log.add("waiting") }
            log.add("locked")
            second?.unlock()
            done.signal()
        }
        try await Task.sleep(for: .milliseconds(200), tolerance: nil)
        log.add("released")
        first.unlock()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(log.lock.withLock { log.events } == ["waiting", "released", "locked"])
    }

    /// Issue #42 through the user's own compiled binary (libScanlineKit.so answers the C
    /// library's clocks there): every clock at 1.5 s is the start date plus 1.5 s, and a 0.25 s
    /// Timer has ticked 6 times.
    @Test func aUsersFileReadsTheRenderClockFromItsStartDate() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("clocks-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let file = Self.fixtures.appendingPathComponent("Clocks.swift").path
        let r = try Self.render([file, "--time", "1.5", "--size", "20x8", "--scale", "1", "--start-date", "2026-12-05T09:41:00Z", "-o", out.path], cache: Self.cache)
        #expect(r.code == 0, "\(r.stderr.suffix(2000))")
        let last = r.stderr.split(separator: "\n").last { $0.hasPrefix("clocks: ") }.map(String.init) ?? ""
        let start = 1796463660.0   // 2026-12-05T09:41:00Z
        let want = ["context=\(start + 1.5)", "now=\(start + 1.5)", "elapsed=1.5", "continuous=1.5", "uptime=2.5", "monotonic=2.500000000",
                    "time=\(Int(start) + 1)", "ticks=6"]
        for w in want { #expect(last.contains(w + " ") || last.hasSuffix(w), "\(w) in: \(last)") }
        // Drawn from every clock: the same bytes in a second run (another process).
        let again = out.deletingLastPathComponent().appendingPathComponent("clocks-again-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: again) }
        let second = try Self.render([file, "--time", "1.5", "--size", "20x8", "--scale", "1", "--start-date", "2026-12-05T09:41:00Z", "-o", again.path], cache: Self.cache)
        #expect(second.code == 0 && (try? Data(contentsOf: again)) == (try? Data(contentsOf: out)), "two renders of Clocks.swift differ")
        // A start date that is not ISO 8601 with a zone: one line, exit 2.
        let bad = try Self.render([file, "--start-date", "yesterday", "-o", out.path], cache: Self.cache)
        #expect(bad.code == 2 && bad.stderr.contains("--start-date expects an ISO 8601 date") && bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
    }

    /// Issue #30: the view's program gets the render as one request, `.metal` files included (no
    /// environment variable, no re-filtered command line); `--shards N --local` hands each copy
    /// the request with its shard, and the join is the single render.
    @Test(.timeLimit(.minutes(30))) func aUsersViewTakesItsRenderAsARequestAndShardsLocally() throws {
        let folder = makeTestFolder("scanline-user-request")
        let swiftFile = Self.fixtures.appendingPathComponent("Pulse.swift").path, metalFile = Self.fixtures.appendingPathComponent("Pulse.metal").path
        let common = [swiftFile, metalFile, "--duration", "1", "--fps", "10", "--size", "120x60", "--scale", "1"]
        let single = folder.appendingPathComponent("single.gif"), local = folder.appendingPathComponent("local.gif")
        let one = try Self.render(common + ["-o", single.path], cache: Self.cache)
        #expect(one.code == 0, "\(one.stderr)")
        let two = try Self.render(common + ["--shards", "2", "--local", "-o", local.path], cache: Self.cache)
        #expect(two.code == 0, "\(two.stderr)")
        #expect(try Data(contentsOf: single) == Data(contentsOf: local), "the local shards' join differs from the single render")
        // The shader ran (Pulse.metal's blue), through the request's file list.
        let still = folder.appendingPathComponent("still.png")
        let s = try Self.render([swiftFile, metalFile, "--time", "1", "--size", "120x60", "--scale", "1", "--device", "cpu", "-o", still.path], cache: Self.cache)
        #expect(s.code == 0, "\(s.stderr)")
        let p = try PixelBuffer(contentsOf: still)[35, 30]
        #expect(p.b > 200 && p.r < 30, "Pulse.metal's blue: \(p)")
        // A bad option is refused before the build, in one line.
        let bad = try Self.render(common + ["--fps", "0", "-o", single.path], cache: Self.cache)
        #expect(bad.code == 2 && bad.stderr.contains("--fps must be between 1 and 240") && !bad.stderr.contains("built") && bad.stderr.split(separator: "\n").count == 1,
                "\(bad.stderr)")
    }

    @Test(.timeLimit(.minutes(30))) func previewsInARealBrowserAndReloadsOnSave() throws {
        let folder = makeTestFolder("scanline-browser")
        let work = folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        for f in ["Pulse.swift", "Pulse.metal"] {
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(f), to: work.appendingPathComponent(f))
        }
        let swiftFile = work.appendingPathComponent("Pulse.swift"), metalFile = work.appendingPathComponent("Pulse.metal")
        let preview = try Preview(["preview", swiftFile.path, metalFile.path, "--size", "120x60", "--cache", Self.cache.path])
        defer { preview.stop() }
        let url = try preview.url(timeout: 60)
        let browser = try Chromium(profile: folder.appendingPathComponent("profile"))
        defer { browser.quit() }
        try browser.open(url)

        // The first build, then the animation plays: the frame number moves on by itself.
        // A first build that fails shows 'error' in the page: that ends the wait at once, with
        // the page's errors, instead of waiting out the deadline.
        let first = try browser.wait(for: """
            (() => { const s = document.getElementById('state').dataset.state;
                     if (s === 'error') return 'error: ' + document.getElementById('errors').textContent;
                     return s === 'ready' && document.getElementById('frame').naturalWidth > 0 ? 'ready' : false; })()
            """, timeout: 300, describe: preview.stderr.suffix(2000).description) as? String ?? ""
        try #require(first == "ready", "the preview's first build: \(first.prefix(2000)) \(preview.stderr.suffix(1000))")
        let before = try browser.wait(for: "+document.getElementById('frameNumber').textContent", timeout: 30) as? Int ?? 0
        usleep(1_500_000)
        let later = try browser.evaluate("+document.getElementById('frameNumber').textContent") as? Int ?? 0
        #expect(later != before, "playing: frame \(before), then \(later) 1.5 s later")

        // Scrubbing to frame 30 (1 s at 30 fps) pauses and shows what render --time 1 writes.
        try browser.evaluate("(() => { const s = document.getElementById('scrub'); s.value = 30; s.dispatchEvent(new Event('input')); return 1; })()")
        #expect(try browser.evaluate("document.getElementById('play').textContent") as? String == "Play")
        let generation = try browser.evaluate("generation") as? Int ?? 0
        let shown = try Self.shown(browser, frame: 30, generation: generation, folder: folder)
        let still = folder.appendingPathComponent("still.png")
        let rendered = try Self.render([swiftFile.path, metalFile.path, "--time", "1", "--size", "120x60", "--scale", "1", "-o", still.path], cache: Self.cache)
        #expect(rendered.code == 0, "\(rendered.stderr.suffix(2000))")
        let expected = try PixelBuffer(contentsOf: still)
        #expect(Self.difference(shown, expected) == nil, "the page's frame 30 against render --time 1: \(Self.difference(shown, expected) ?? "")")
        // 60 points wide at 1 s: the rectangle covers x 30...90, in the shader's blue.
        #expect(expected[35, 30].b > 200 && expected[35, 30].r < 30 && expected[25, 30].a == 0, "\(expected[35, 30]) \(expected[25, 30])")

        // A .metal edit: the page shows the new colour by itself, without a Swift rebuild.
        var t = Date()
        try String(contentsOf: metalFile, encoding: .utf8).replacingOccurrences(of: "half3(0.0, 0.5, 1.0)", with: "half3(1.0, 0.5, 0.0)")
            .write(to: metalFile, atomically: true, encoding: .utf8)
        let orange = try Self.shown(browser, frame: 30, generation: generation + 1, folder: folder)
        let metalSeconds = Date().timeIntervalSince(t)
        #expect(orange[35, 30].r > 200 && orange[35, 30].b < 30, "after the .metal edit: \(orange[35, 30])")

        // A compile error appears in the page, with the file and line, and the last render stays.
        let source = try String(contentsOf: swiftFile, encoding: .utf8)
        try source.replacingOccurrences(of: ".fill(.white)", with: ".fill(.whiteish)").write(to: swiftFile, atomically: false, encoding: .utf8)
        let errors = try browser.wait(for: "document.getElementById('state').dataset.state === 'error' && document.getElementById('errors').textContent",
                                      timeout: 300) as? String ?? ""
        #expect(errors.contains(swiftFile.path + ":9:"), "\(errors)")
        #expect(!errors.contains("user-view/Sources"), "\(errors)")
        let kept = try Self.shown(browser, frame: 30, generation: generation + 1, folder: folder)
        #expect(Self.difference(kept, orange) == nil, "the last good render stays")

        // Fixed, and changed (a rectangle half as tall): the error clears and the change shows.
        t = Date()
        try source.replacingOccurrences(of: "height: 40", with: "height: 20").write(to: swiftFile, atomically: false, encoding: .utf8)
        try browser.wait(for: "document.getElementById('state').dataset.state === 'ready' && document.getElementById('errors').textContent === ''", timeout: 300)
        let short = try Self.shown(browser, frame: 30, generation: generation + 2, folder: folder)
        let swiftSeconds = Date().timeIntervalSince(t)
        #expect(short[35, 15].a == 0 && short[35, 30].r > 200, "after the Swift edit: \(short[35, 15]) \(short[35, 30])")
        print("scanline preview: a .metal edit shown in the browser after \(String(format: "%.2f", metalSeconds)) s, a .swift edit after \(String(format: "%.2f", swiftSeconds)) s")

        // Ctrl-C stops the server and its child.
        preview.stop()
        #expect(preview.process.terminationStatus == 130, "\(preview.stderr.suffix(1000))")
        var children = 1
        for _ in 0..<40 {
            children = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { pid in
                (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8))?.contains(Self.cache.path) == true
            }.count
            if children == 0 { break }
            usleep(100_000)
        }
        #expect(children == 0, "the preview child outlived Ctrl-C")
    }
}

/// `make install` / `make uninstall` (issue #18 point 3, and the prebuilt Scanline of issue #26),
/// into a temporary PREFIX, with the debug binary and its build folder standing in for the release
/// ones (`INSTALL_BINARY`) so that the test does not build Scanline a second time.
@Suite(.spawnsProcesses) struct InstallTests {
    static let repository = TestPaths.testsFolder.deletingLastPathComponent().deletingLastPathComponent()

    static func make(_ args: [String]) throws -> (Int32, String) {
        try runTool(URL(fileURLWithPath: "/usr/bin/make"), ["--no-print-directory", "-C", repository.path] + args)
    }

    @Test func installPutsTheBinaryAndTheSourcesInPlaceAndUninstallRemovesExactlyThem() throws {
        let prefix = makeTestFolder("scanline-prefix")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let fm = FileManager.default
        // Something of the user's own in PREFIX/bin, which uninstall must leave alone.
        try fm.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: prefix.appendingPathComponent("bin/other-tool"))
        let (code, out) = try Self.make(["install-files", "PREFIX=\(prefix.path)", "INSTALL_BINARY=\(Binary.url.path)"])
        #expect(code == 0, "\(out)")
        let installed = prefix.appendingPathComponent("bin/scanline")
        #expect(fm.isExecutableFile(atPath: installed.path))
        let source = prefix.appendingPathComponent("share/scanline/source")
        for f in ["Package.swift", "Sources/Scanline/Views/View.swift", "Sources/ScanlineCLI/UserView.swift"] {
            #expect(fm.fileExists(atPath: source.appendingPathComponent(f).path), "\(f) installed")
        }
        let list = try String(contentsOf: prefix.appendingPathComponent("share/scanline/installed-files"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(list.contains(installed.path) && list.count > 100)
        let version = Process()
        version.executableURL = installed
        version.arguments = ["--version"]
        let pipe = Pipe()
        version.standardOutput = pipe
        try version.run()
        let versionText = PipeReader(pipe)
        try waitForExit(version, within: 30, "the installed `scanline --version`")
        #expect(String(decoding: versionText.wait(), as: UTF8.self) == "scanline \(ScanlineCLI.version)\n")

        // The prebuilt Scanline (issue #26): a user's file compiles against PREFIX/lib/scanline,
        // with nothing of the build folder (its module maps are the installed copies).
        let kit = prefix.appendingPathComponent("lib/scanline")
        for f in ["libScanlineKit.so", "swift-version.txt", "Modules/SwiftUI.swiftmodule", "Modules/ScanlineCLI.swiftmodule",
                  "CModules/CCairo/module.modulemap", "CModules/CScanline/module.modulemap", "CModules/CScanline/CScanline.h",
                  "Scanline_ScanlineBlocks.resources"] {
            #expect(fm.fileExists(atPath: kit.appendingPathComponent(f).path), "\(f) installed")
        }
        let loaded = try PrebuiltScanline.load(kit, currentToolchain: try String(contentsOf: kit.appendingPathComponent("swift-version.txt"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(loaded.moduleMaps.allSatisfy { $0.path.hasPrefix(kit.path + "/CModules/") }, "\(loaded.moduleMaps)")
        let red = prefix.appendingPathComponent("red.png")
        let (rendered, renderText) = try runTool(installed, ["render", SwiftSourceTests.fixtures.appendingPathComponent("Badge.swift").path,
                                                             "--size", "120x60", "--scale", "1", "-o", red.path, "--cache", prefix.appendingPathComponent("cache").path])
        #expect(rendered == 0 && renderText.contains("against the prebuilt Scanline in \(kit.path)"), "\(renderText)")
        if rendered == 0 {
            let capsule = try PixelBuffer(contentsOf: red)[46, 30]
            #expect(capsule.r > 200 && capsule.g < 80 && capsule.b < 80, "\(capsule)")
        }
        // Issue #41 point 5: the installed binary's Metal path, as a new user first meets it:
        // `apply X.metal` on an image, and `render View.swift X.metal`.
        var env = ProcessInfo.processInfo.environment
        env["SCANLINE_CACHE_DIR"] = prefix.appendingPathComponent("cache").path
        let metal = SwiftSourceTests.fixtures.appendingPathComponent("Pulse.metal"), tinted = prefix.appendingPathComponent("tinted.png")
        if rendered == 0 {
            let (applied, applyText) = try runTool(installed, ["apply", metal.path + ":shade", red.path, "-o", tinted.path], environment: env)
            #expect(applied == 0, "scanline apply Pulse.metal:shade: \(applyText)")
            if applied == 0 {
                let p = try PixelBuffer(contentsOf: tinted)[46, 30]
                #expect(p.r == 0 && abs(Int(p.g) - 128) <= 1 && p.b == 255 && p.a == 255, "Pulse.metal's blue over the capsule: \(p)")
            }
        }
        let pulse = prefix.appendingPathComponent("pulse.png")
        let (pulsed, pulseText) = try runTool(installed, ["render", SwiftSourceTests.fixtures.appendingPathComponent("Pulse.swift").path, metal.path,
                                                          "--time", "2", "--size", "120x60", "--scale", "1", "-o", pulse.path,
                                                          "--cache", prefix.appendingPathComponent("cache").path], environment: env)
        #expect(pulsed == 0, "scanline render Pulse.swift Pulse.metal: \(pulseText)")
        if pulsed == 0 {
            // 100 points wide at 2 s: x 10...110, in the shader's blue; transparent outside.
            let image = try PixelBuffer(contentsOf: pulse)
            #expect(image[15, 30].b == 255 && image[15, 30].r == 0 && image[5, 30].a == 0, "\(image[15, 30]) \(image[5, 30])")
        }
        try? fm.removeItem(at: prefix.appendingPathComponent("cache"))
        for f in [red, tinted, pulse] { try? fm.removeItem(at: f) }

        let (removed, removeOut) = try Self.make(["uninstall", "PREFIX=\(prefix.path)"])
        #expect(removed == 0, "\(removeOut)")
        #expect(removeOut.contains("removed \(list.count - 1) files"))
        #expect(!fm.fileExists(atPath: installed.path) && !fm.fileExists(atPath: prefix.appendingPathComponent("share/scanline").path))
        #expect(fm.fileExists(atPath: prefix.appendingPathComponent("bin/other-tool").path))
        // Nothing left to uninstall: an error, not a silent success.
        let (again, againOut) = try Self.make(["uninstall", "PREFIX=\(prefix.path)"])
        #expect(again != 0 && againOut.contains("nothing installed"))
    }
}

/// Issue #26 point 4: the one cold source build, a suite of its own so that its long compile
/// runs beside the dependent package's, not after the rest.
@Suite(.spawnsProcesses) struct SourceBuildTests {
    /// Issue #26 point 1: the source build (`--from-source`, cold: Scanline compiled in a cache
    /// of its own, in debug mode to keep the suite short) and the prebuilt Scanline this suite built draw the same PNG,
    /// byte for byte, for a view that uses ScanlineBlocks, a .metal file, an image beside the file
    /// and `import SwiftUI`. The one cold source build of the suite.
    @Test(.timeLimit(.minutes(30))) func theSourceBuildDrawsWhatThePrebuiltDraws() async throws {
        let folder = makeTestFolder("scanline-source-build")
        defer { try? FileManager.default.removeItem(at: folder) }
        let work = folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        for f in ["Showcase.swift", "Ripple.metal", "dot.png"] {
            try FileManager.default.copyItem(at: SwiftSourceTests.fixtures.appendingPathComponent(f), to: work.appendingPathComponent(f))
        }
        let files = [work.appendingPathComponent("Showcase.swift").path, work.appendingPathComponent("Ripple.metal").path]
        let prebuiltOut = folder.appendingPathComponent("prebuilt.png"), sourceOut = folder.appendingPathComponent("source.png")
        let prebuilt = try Binary.run(["render"] + files + ["--time", "0.35", "--size", "120x80", "-o", prebuiltOut.path,
                                                            "--cache", folder.appendingPathComponent("prebuilt-cache").path])
        #expect(prebuilt.code == 0 && prebuilt.stderr.contains("against the prebuilt Scanline in"), "\(prebuilt.stderr.suffix(3000))")
        let t = Date()
        let sourceArguments = ["render"] + files + ["--time", "0.35", "--size", "120x80", "-o", sourceOut.path,
                                                    "--cache", folder.appendingPathComponent("cold-cache").path, "--from-source", "--quiet"]
        // In debug mode (SCANLINE_SOURCE_CONFIGURATION): the release build took 170 s on an idle
        // two-core machine and over 300 s under make test's load, the suite's longest test by
        // far; debug takes about 40 % of that and draws the same bytes. It gets 900 s.
        var environment = ProcessInfo.processInfo.environment
        environment["SCANLINE_SOURCE_CONFIGURATION"] = "debug"
        let debugEnvironment = environment
        let source = try await onThreadOfItsOwn { try Binary.run(sourceArguments, environment: debugEnvironment, timeout: 900) }
        #expect(source.code == 0, "\(source.stderr.suffix(3000))")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("cold-cache/user-view/.build/debug/UserView").path),
                "the source build in debug mode")
        print("scanline render --from-source (debug), cold: \(String(format: "%.0f", Date().timeIntervalSince(t))) s")
        // A configuration that is neither is refused in one line.
        environment["SCANLINE_SOURCE_CONFIGURATION"] = "fast"
        let refused = try Binary.run(sourceArguments, environment: environment)
        #expect(refused.code == 2 && refused.stderr.contains("SCANLINE_SOURCE_CONFIGURATION must be release or debug (got 'fast')")
                && refused.stderr.split(separator: "\n").count == 1, "\(refused)")
        let a = try PixelBuffer(contentsOf: prebuiltOut), b = try PixelBuffer(contentsOf: sourceOut)
        #expect(a.width == 240 && a.height == 160)
        var differ = 0, first = ""
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] {
            if differ == 0 { first = "first at (\(x), \(y)): prebuilt \(a[x, y]), source \(b[x, y])" }
            differ += 1
        } }
        #expect(differ == 0, "\(differ) pixels differ, \(first)")
        #expect(try Data(contentsOf: prebuiltOut) == Data(contentsOf: sourceOut), "the PNG files differ")
        // What the view draws: the glitch's split colours around the black title, the blue dot
        // from dot.png, and Ripple.metal's tint (orange) over the green.
        var dot = 0, orange = 0, split = 0
        for y in 0..<a.height { for x in 0..<a.width {
            let p = a[x, y]
            guard p.a == 255 else { continue }
            if p.r == 0 && p.g == 0 && p.b == 255 { dot += 1 }
            if p.r == 255 && p.g > 120 && p.g < 170 && p.b < 30 { orange += 1 }
            if Int(p.r) - Int(p.g) > 120 || Int(p.b) - Int(p.g) > 120 { split += 1 }
        } }
        #expect(dot >= 30 * 30, "dot.png, 20 × 20 points: \(dot) pixels")
        #expect(orange >= 70 * 30, "Ripple.metal's tint over a 40 × 20 point square: \(orange) pixels")
        #expect(split > dot + 20, "the glitch splits the title's colours: \(split - dot) pixels beside the dot")
    }

}

/// Runs `body` on a thread of its own and waits for it without holding one of the few threads
/// the test runner's other tests share (a blocking wait of minutes there starves them).
func onThreadOfItsOwn<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { done in
        Thread.detachNewThread { done.resume(with: Result { try body() }) }
    }
}
