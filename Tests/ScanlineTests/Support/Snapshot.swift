import Foundation
import Testing
@testable import Scanline

/// Where reference files live: beside the tests, in the source tree.
enum TestPaths {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let snapshots = testsFolder.appendingPathComponent("__Snapshots__")
    static let dumps = testsFolder.appendingPathComponent("__Dumps__")
    static let failures = FileManager.default.temporaryDirectory.appendingPathComponent("scanline-snapshot-failures")
    /// Recording is explicit (SCANLINE_RECORD=1) and never happens in CI.
    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["SCANLINE_RECORD"] == "1" && ProcessInfo.processInfo.environment["CI"] == nil
    }
}

/// How two images differ, described for a person.
struct ImageDifference {
    var sizeMismatch: String?
    var differingPixels = 0
    var totalPixels = 0
    var maxChannelDifference = 0
    var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)? = nil

    var isMatch: Bool { sizeMismatch == nil && differingPixels == 0 }

    /// Compares straight-alpha buffers pixel by pixel; `tolerance` is the largest channel
    /// difference still counted as equal.
    init(reference: PixelBuffer, actual: PixelBuffer, tolerance: Int = 0) {
        let r = reference.converted(to: .straight), a = actual.converted(to: .straight)
        guard r.width == a.width, r.height == a.height else {
            sizeMismatch = "size differs: reference \(r.width)x\(r.height), actual \(a.width)x\(a.height)"
            return
        }
        totalPixels = r.width * r.height
        for y in 0..<r.height {
            for x in 0..<r.width {
                let i = (y * r.width + x) * 4
                var d = 0
                for c in 0..<4 { d = max(d, abs(Int(r.bytes[i + c]) - Int(a.bytes[i + c]))) }
                maxChannelDifference = max(maxChannelDifference, d)
                if d > tolerance {
                    differingPixels += 1
                    if let b = box { box = (min(b.minX, x), min(b.minY, y), max(b.maxX, x), max(b.maxY, y)) } else { box = (x, y, x, y) }
                }
            }
        }
    }

    var summary: String {
        if let sizeMismatch { return sizeMismatch }
        let share = String(format: "%.3f%%", 100 * Double(differingPixels) / Double(max(totalPixels, 1)))
        let b = box.map { "x \($0.minX)...\($0.maxX), y \($0.minY)...\($0.maxY)" } ?? "none"
        return "\(share) of pixels differ (\(differingPixels) of \(totalPixels)), largest channel difference \(maxChannelDifference), bounding box \(b)"
    }

    /// A picture of the difference: red where pixels differ, the reference dimmed elsewhere.
    static func image(reference: PixelBuffer, actual: PixelBuffer, tolerance: Int) -> PixelBuffer? {
        let r = reference.converted(to: .straight), a = actual.converted(to: .straight)
        guard r.width == a.width, r.height == a.height else { return nil }
        var bytes = [UInt8](repeating: 255, count: r.bytes.count)
        for p in 0..<(r.width * r.height) {
            let i = p * 4
            var d = 0
            for c in 0..<4 { d = max(d, abs(Int(r.bytes[i + c]) - Int(a.bytes[i + c]))) }
            if d > tolerance {
                bytes[i] = 255; bytes[i + 1] = 0; bytes[i + 2] = 0
            } else {
                let g = UInt8(200 + Int(r.bytes[i + 1]) * 55 / 255)
                bytes[i] = g; bytes[i + 1] = g; bytes[i + 2] = g
            }
        }
        return try? PixelBuffer(width: r.width, height: r.height, alpha: .straight, bytes: bytes)
    }
}

/// Checks `image` against `__Snapshots__/<name>.png` after a PNG round trip. A failure says what
/// differs and where, and writes the actual and difference images to a temporary folder.
func assertSnapshot(_ image: PixelBuffer, named name: String, tolerance: Int = 0,
                    sourceLocation: SourceLocation = #_sourceLocation) throws {
    let referenceURL = TestPaths.snapshots.appendingPathComponent("\(name).png")
    let actual = try PNGCodec.decode(image.pngData())
    if TestPaths.isRecording {
        try FileManager.default.createDirectory(at: TestPaths.snapshots, withIntermediateDirectories: true)
        try image.writePNG(to: referenceURL)
        return
    }
    guard FileManager.default.fileExists(atPath: referenceURL.path) else {
        Issue.record("no reference image \(referenceURL.path); record it with SCANLINE_RECORD=1 swift test", sourceLocation: sourceLocation)
        return
    }
    let reference = try PixelBuffer(contentsOf: referenceURL)
    let diff = ImageDifference(reference: reference, actual: actual, tolerance: tolerance)
    guard !diff.isMatch else { return }
    try FileManager.default.createDirectory(at: TestPaths.failures, withIntermediateDirectories: true)
    let actualURL = TestPaths.failures.appendingPathComponent("\(name).actual.png")
    let diffURL = TestPaths.failures.appendingPathComponent("\(name).diff.png")
    try actual.writePNG(to: actualURL)
    var paths = "reference \(referenceURL.path), actual \(actualURL.path)"
    if let d = ImageDifference.image(reference: reference, actual: actual, tolerance: tolerance) {
        try d.writePNG(to: diffURL)
        paths += ", difference \(diffURL.path)"
    }
    Issue.record("snapshot '\(name)': \(diff.summary); \(paths)", sourceLocation: sourceLocation)
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
