import Foundation
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
import ScanlineTesting

/// Where reference files live: beside the tests, in the source tree.
enum TestPaths {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let snapshots = testsFolder.appendingPathComponent("__Snapshots__")
    static let dumps = testsFolder.appendingPathComponent("__Dumps__")
    /// Recording is explicit (SCANLINE_RECORD=1) and never happens in CI.
    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["SCANLINE_RECORD"] == "1" && ProcessInfo.processInfo.environment["CI"] == nil
    }
}

/// Checks `image` against `__Snapshots__/<name>.png` with ScanlineTesting (the product users'
/// tests use), the references of Scanline's own tests being in one folder rather than one per
/// test file.
func assertSnapshot(_ image: PixelBuffer, named name: String, tolerance: Int = 0,
                    fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws {
    ScanlineTesting.assertSnapshot(of: image, named: name, tolerance: SnapshotTolerance(perPixel: tolerance),
                                   snapshotDirectory: TestPaths.snapshots.path, fileID: fileID, file: file, line: line, column: column)
}

/// Checks a text dump against `__Dumps__/<name>.txt`, reporting the first differing lines.
func assertDump(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = TestPaths.dumps.appendingPathComponent("\(name).txt")
    if TestPaths.isRecording {
        try FileManager.default.createDirectory(at: TestPaths.dumps, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return
    }
    guard let reference = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("no reference dump \(url.path); record it with SCANLINE_RECORD=1 swift test", sourceLocation: sourceLocation)
        return
    }
    let a = reference.components(separatedBy: "\n"), b = text.components(separatedBy: "\n")
    var report: [String] = []
    for i in 0..<max(a.count, b.count) where (i < a.count ? a[i] : nil) != (i < b.count ? b[i] : nil) {
        report.append("line \(i + 1):\n  expected: \(i < a.count ? a[i] : "<none>")\n  actual:   \(i < b.count ? b[i] : "<none>")")
        if report.count == 5 { break }
    }
    if !report.isEmpty {
        Issue.record(Comment(rawValue: "dump '\(name)' differs from \(url.path):\n" + report.joined(separator: "\n")), sourceLocation: sourceLocation)
    }
}
