import Foundation
import Testing

/// A user's package that depends on Scanline by path builds without a single warning: neither
/// SwiftPM's (a pkg-config flag it drops, such as glib's `-pthread`) nor the compiler's in
/// Scanline's sources, which every dependent would see (issue #19). A package by path is known by its folder's name, filled in with the path. The fixture is built from
/// scratch, so that every Scanline file is compiled and can warn; this takes a minute or two.
@Suite struct DependentPackageTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(.timeLimit(.minutes(20))) func dependentPackageBuildsWithoutWarnings() async throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/DependentPackage")
        let folder = makeTestFolder("scanline-dependent")
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = folder.appendingPathComponent("Dependent")
        try FileManager.default.copyItem(at: fixture, to: package)
        let template = package.appendingPathComponent("Package.swift.template")
        let manifest = try String(contentsOf: template, encoding: .utf8)
            .replacingOccurrences(of: "@SCANLINE@", with: Self.repository.path)
            .replacingOccurrences(of: "@SCANLINE_ID@", with: Self.repository.lastPathComponent.lowercased())
        try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: template)

        let (status, output) = try await Self.swift(["build", "--package-path", package.path, "--scratch-path", folder.appendingPathComponent("build").path])
        #expect(status == 0, "swift build failed:\n\(output.suffix(4000))")
        let warnings = output.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.isEmpty, "a package that depends on Scanline sees \(warnings.count) warning(s):\n\(warnings.prefix(20).joined(separator: "\n"))")
        let (runStatus, runOutput) = try await Self.swift(["run", "--skip-build", "--package-path", package.path,
                                                     "--scratch-path", folder.appendingPathComponent("build").path, "Dependent"])
        #expect(runStatus == 0 && runOutput.contains("rendered ") && !runOutput.contains("rendered 0x0"), "the dependent's program: \(runOutput.suffix(2000))")
    }

    /// Runs the toolchain's `swift` (the one on PATH, else /opt/swift's) with its output merged.
    /// The minutes it takes are waited for on a thread of its own, not on one of the few threads
    /// the test runner's other tests share (blocking one of those starved tests that need them).
    static func swift(_ arguments: [String]) async throws -> (Int32, String) {
        let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swift" } + ["/opt/swift/usr/bin/swift"]
        guard let swift = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no swift on PATH or in /opt/swift"])
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: swift)
        p.arguments = arguments
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let process = p
        return await withCheckedContinuation { done in
            Thread.detachNewThread {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                done.resume(returning: (process.terminationStatus, String(decoding: data, as: UTF8.self)))
            }
        }
    }
}
