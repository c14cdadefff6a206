import Foundation
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

/// A user's package that depends on Scanline by path builds without a single warning: neither
/// SwiftPM's (a pkg-config flag it drops, such as glib's `-pthread`) nor the compiler's in
/// Scanline's sources, which every dependent would see (issue #19). A package by path is known by its folder's name, filled in with the path. The fixture is built from
/// scratch (SharedPackageBuild.dependent), so that every Scanline file is compiled and can warn;
/// this takes a minute or two.
@Suite(.spawnsProcesses) struct DependentPackageTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(.timeLimit(.minutes(20))) func dependentPackageBuildsWithoutWarnings() async throws {
        // Built from scratch into the scratch folder the tutorial's package then reuses.
        let build = try await SharedPackageBuild.dependent.value
        let package = SharedPackageBuild.package, scratch = SharedPackageBuild.scratch.path
        #expect(build.status == 0, "swift build failed:\n\(build.output.suffix(4000))")
        let warnings = build.output.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.isEmpty, "a package that depends on Scanline sees \(warnings.count) warning(s):\n\(warnings.prefix(20).joined(separator: "\n"))")
        let (runStatus, runOutput) = try await Self.swift(["run", "--skip-build", "--package-path", package.path,
                                                     "--scratch-path", scratch, "Dependent"])
        #expect(runStatus == 0 && runOutput.contains("rendered ") && !runOutput.contains("rendered 0x0"), "the dependent's program: \(runOutput.suffix(2000))")
        // Its @Entry value, through the macro plugin (issue #43 point 1).
        #expect(runOutput.contains("badge scale 2.0"), "\(runOutput.suffix(2000))")
        // @Animatable with @AnimatableIgnored: the level is the animatable data, the label is not.
        #expect(runOutput.contains("meter 0.75 quarter"), "\(runOutput.suffix(2000))")
        let folder = makeTestFolder("scanline-dependent")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The same package's #Preview, rendered by `scanline render PACKAGE` (its library target;
        // the executable is not built): @Previewable state on, so the badge is opaque, and the
        // meter, 40 × 6 pt, is green (52, 199, 89) over its left half only.
        let png = folder.appendingPathComponent("badge.png")
        let render = try Binary.capture(["render", package.path, "--preview", "Badge", "--scale", "1", "-o", png.path, "--quiet"])
        #expect(render.code == 0, "\(render.stderr)")
        let image = try PixelBuffer(contentsOf: png)
        let meterRows = (0..<image.height).filter { y in image[image.width / 2 - 10, y] == (52, 199, 89, 255) }
        // 6 pt tall, at a fractional y below the badge's text: 5 or 6 rows are wholly covered.
        #expect((5...6).contains(meterRows.count), "the meter's rows: \(meterRows)")
        if let y = meterRows.first {
            #expect(image[image.width / 2 + 10, y] != (52, 199, 89, 255), "the meter is filled to its middle only")
        }
        try await snapshotTestsOfTheDependent(package, scratch: scratch, folder: folder)
    }

    /// ScanlineTesting in the user's test target (Tests/DependentTests in the fixture), with Swift
    /// Testing and XCTest: recording, passing, a missing reference, a changed one (its message and
    /// images), a tolerance, failing on warnings, and recording refused under CI (issue #18).
    func snapshotTestsOfTheDependent(_ package: URL, scratch: String, folder: URL) async throws {
        let snapshots = package.appendingPathComponent("Tests/DependentTests/__Snapshots__")
        let artifacts = folder.appendingPathComponent("artifacts")
        func test(_ filter: String, _ env: [String: String] = [:]) async throws -> (Int32, String) {
            var environment = ProcessInfo.processInfo.environment
            environment["CI"] = nil
            environment["SCANLINE_RECORD"] = nil
            environment["SCANLINE_SNAPSHOT_ARTIFACTS"] = artifacts.path
            for (k, v) in env { environment[k] = v }
            return try await Self.swift(["test", "--skip-build", "--package-path", package.path, "--scratch-path", scratch, "--filter", filter],
                                        environment: environment)
        }
        let fm = FileManager.default
        // Recording writes the references beside the test file, one folder per test file.
        let (recorded, recordOutput) = try await test("tag|Tag", ["SCANLINE_RECORD": "1"])
        #expect(recorded == 0, "recording: \(recordOutput.suffix(3000))")
        for file in ["SnapshotTests/tag.png", "SnapshotTests/tagOverTime@0s.png", "SnapshotTests/tagOverTime@0.5s.png", "XCTestSnapshots/testTag.png"] {
            #expect(fm.fileExists(atPath: snapshots.appendingPathComponent(file).path), "recorded \(file)")
        }
        // Against the references just recorded, both libraries pass.
        let (passed, passOutput) = try await test("tag|Tag")
        #expect(passed == 0, "passing snapshots: \(passOutput.suffix(3000))")
        // A missing reference fails, in Swift Testing and in XCTest, and records nothing.
        let (missing, missingOutput) = try await test("missing|Missing")
        #expect(missing != 0 && missingOutput.contains("no reference") && missingOutput.contains("never-recorded.png")
                && missingOutput.contains("never-recorded-xctest.png"), "missing: \(missingOutput.suffix(3000))")
        #expect(!fm.fileExists(atPath: snapshots.appendingPathComponent("SnapshotTests/never-recorded.png").path))
        // A reference with a 10 × 6 white patch in the top-left corner fails, saying where.
        let tag = try PixelBuffer(contentsOf: snapshots.appendingPathComponent("SnapshotTests/tag.png"))
        var bytes = tag.converted(to: .straight).bytes
        for y in 0..<6 { for x in 0..<10 { for c in 0..<4 { bytes[(y * tag.width + x) * 4 + c] = 255 } } }
        try PixelBuffer(width: tag.width, height: tag.height, alpha: .straight, bytes: bytes)
            .writePNG(to: snapshots.appendingPathComponent("SnapshotTests/changed.png"))
        let (changed, changedOutput) = try await test("changed")
        #expect(changed != 0, "a changed reference fails")
        for part in ["snapshot 'changed' (60×30 px) differs", "of pixels differ (60 of 1800)", "largest channel difference 255",
                     "in the box x 0...9, y 0...5", "changed.actual.png", "changed.diff.png"] {
            #expect(changedOutput.contains(part), "the failure says \(part): \(changedOutput.suffix(3000))")
        }
        let diff = try PixelBuffer(contentsOf: artifacts.appendingPathComponent("SnapshotTests/changed.diff.png"))
        #expect(diff[0, 0].r == 255 && diff[0, 0].g == 0 && diff[20, 20].g > 0)
        let actual = try PixelBuffer(contentsOf: artifacts.appendingPathComponent("SnapshotTests/changed.actual.png"))
        #expect(actual.bytes == tag.bytes)
        // The whole image may differ under a tolerance of every pixel.
        let (tolerated, toleratedOutput) = try await test("tolerated")
        #expect(tolerated == 0, "tolerated: \(toleratedOutput.suffix(3000))")
        // A render that warns fails when asked to.
        _ = try await test("warns", ["SCANLINE_RECORD": "1"])
        let (warned, warnedOutput) = try await test("warns")
        #expect(warned != 0 && warnedOutput.contains("the render warned") && warnedOutput.contains("no.such.symbol"), "warns: \(warnedOutput.suffix(3000))")
        try await pointFreeStyleTests(test, snapshots: snapshots)
        // Recording under CI fails loudly and writes nothing.
        try fm.removeItem(at: snapshots.appendingPathComponent("SnapshotTests/tag.png"))
        let (ci, ciOutput) = try await test("SnapshotTests/tag\\(\\)", ["SCANLINE_RECORD": "1", "CI": "true"])
        #expect(ci != 0 && ciOutput.contains("refusing to record"), "CI: \(ciOutput.suffix(3000))")
        #expect(!fm.fileExists(atPath: snapshots.appendingPathComponent("SnapshotTests/tag.png").path))
    }

    /// A test file in swift-snapshot-testing's style (issue #28 point 4): the first run records its
    /// references under the library's names and fails, saying so; the second passes; a changed
    /// reference fails with the library's message.
    func pointFreeStyleTests(_ test: (String, [String: String]) async throws -> (Int32, String), snapshots: URL) async throws {
        let fm = FileManager.default
        let folder = snapshots.appendingPathComponent("PointFreeStyleTests")
        try? fm.removeItem(at: folder)
        let (first, firstOutput) = try await test("PointFreeStyle", ["SNAPSHOT_TESTING_RECORD": ""])
        #expect(first != 0 && firstOutput.contains("No reference was found on disk. Automatically recorded snapshot"), "first run: \(firstOutput.suffix(3000))")
        for file in ["testCard.1.png", "cardDarkAndLarge.1.png", "strategies.phone.png", "strategies.tolerant.png"] {
            #expect(fm.fileExists(atPath: folder.appendingPathComponent(file).path), "recorded \(file)")
        }
        let phone = try PixelBuffer(contentsOf: folder.appendingPathComponent("strategies.phone.png"))
        #expect(phone.width == 640 && phone.height == 1136, "an iPhone SE (1st generation) at 2x: \(phone.width)×\(phone.height)")
        let card = try PixelBuffer(contentsOf: folder.appendingPathComponent("testCard.1.png"))
        #expect(card.width == 160 && card.height == 80 && card[0, 0] == (255, 255, 255, 255), "80 × 40 pt at 2x over white")
        let dark = try PixelBuffer(contentsOf: folder.appendingPathComponent("cardDarkAndLarge.1.png"))
        #expect(dark[0, 0] == (0, 0, 0, 255) && dark.height > 60, "dark, and taller at an accessibility size: \(dark.width)×\(dark.height)")
        let (second, secondOutput) = try await test("PointFreeStyle", [:])
        #expect(second == 0, "second run: \(secondOutput.suffix(3000))")
        // A reference whose first row is red fails with the library's message.
        var bytes = card.converted(to: .straight).bytes
        for x in 0..<card.width { bytes[x * 4] = 255; bytes[x * 4 + 1] = 0; bytes[x * 4 + 2] = 0 }
        try PixelBuffer(width: card.width, height: card.height, alpha: .straight, bytes: bytes).writePNG(to: folder.appendingPathComponent("testCard.1.png"))
        let (changed, changedOutput) = try await test("PointFreeStyleTests/testCard", [:])
        for part in ["Snapshot does not match reference.", "@−", "testCard.1.png", "@+", "Newly-taken snapshot does not match reference.",
                     "Actual image precision 0.9875 is less than required 1"] {
            #expect(changed != 0 && changedOutput.contains(part), "the failure says \(part): \(changedOutput.suffix(3000))")
        }
    }

    /// Runs the toolchain's `swift` (the one on PATH, else /opt/swift's) with its output merged.
    /// The minutes it takes are waited for on a thread of its own, not on one of the few threads
    /// the test runner's other tests share (blocking one of those starved tests that need them).
    /// At most `timeout` seconds (a build from scratch takes 2 to 5 minutes here): past that it is
    /// killed and this throws, naming the command.
    static func swift(_ arguments: [String], environment: [String: String]? = nil, timeout: Double = 600) async throws -> (Int32, String) {
        let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swift" } + ["/opt/swift/usr/bin/swift"]
        guard let swift = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no swift on PATH or in /opt/swift"])
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: swift)
        p.arguments = arguments
        if let environment { p.environment = environment }
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let process = p
        let reader = PipeReader(pipe)
        let what = "`swift \(arguments.prefix(3).joined(separator: " "))`"
        return try await withCheckedThrowingContinuation { done in
            Thread.detachNewThread {
                do {
                    try waitForExit(process, within: timeout, what, output: { reader.text })
                    done.resume(returning: (process.terminationStatus, String(decoding: reader.wait(), as: UTF8.self)))
                } catch { done.resume(throwing: error) }
            }
        }
    }
}
