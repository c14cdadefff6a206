// ScanlineTesting: snapshot tests of views and images for a user's own test target, with Swift
// Testing or XCTest. References live beside the test file, in __Snapshots__/<TestFile>/, as
// swift-snapshot-testing keeps them.
import Foundation
@_exported import Scanline
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// How different a snapshot may be from its reference and still pass.
public struct SnapshotTolerance: Sendable, Hashable {
    /// The largest difference of any channel (0...255, straight alpha) at which two pixels still
    /// count as equal.
    public var perPixel: Int
    /// The share of pixels (0...1) that may differ by more than `perPixel`.
    public var share: Double
    /// A tolerance of `perPixel` levels per channel on up to `share` of the pixels.
    public init(perPixel: Int = 0, share: Double = 0) {
        self.perPixel = max(0, min(perPixel, 255))
        self.share = share.isFinite ? max(0, min(share, 1)) : 0
    }
    /// Byte for byte.
    public static let exact = SnapshotTolerance()
}

/// How an image differs from its reference, for a person to read.
public struct ImageDifference: Sendable {
    /// Set when the sizes differ (then nothing else is compared).
    public var sizeMismatch: String?
    /// Pixels whose largest channel difference exceeds the per-pixel tolerance.
    public var differingPixels = 0
    /// Pixels compared.
    public var totalPixels = 0
    /// The largest channel difference anywhere (0...255).
    public var maxChannelDifference = 0
    /// Where the largest difference is (pixels from the top-left).
    public var maxDifferenceAt: (x: Int, y: Int)?
    /// The smallest box around every differing pixel (inclusive pixel coordinates).
    public var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?

    /// The share of pixels that differ (0...1).
    public var share: Double { Double(differingPixels) / Double(max(totalPixels, 1)) }
    /// No pixel differs and the sizes match.
    public var isMatch: Bool { sizeMismatch == nil && differingPixels == 0 }
    /// Whether the difference is within `tolerance`'s share.
    public func passes(_ tolerance: SnapshotTolerance) -> Bool {
        sizeMismatch == nil && Double(differingPixels) <= tolerance.share * Double(totalPixels)
    }

    /// Compares straight-alpha copies pixel by pixel; a pixel differs when a channel differs by
    /// more than `tolerance`.
    public init(reference: PixelBuffer, actual: PixelBuffer, tolerance: Int = 0) {
        let r = reference.converted(to: .straight), a = actual.converted(to: .straight)
        guard r.width == a.width, r.height == a.height else {
            sizeMismatch = "size differs: reference \(r.width)×\(r.height) px, actual \(a.width)×\(a.height) px"
            return
        }
        totalPixels = r.width * r.height
        r.bytes.withUnsafeBufferPointer { rb in
            a.bytes.withUnsafeBufferPointer { ab in
                for y in 0..<r.height {
                    for x in 0..<r.width {
                        let i = (y * r.width + x) * 4
                        var d = 0
                        for c in 0..<4 { d = max(d, abs(Int(rb[i + c]) - Int(ab[i + c]))) }
                        if d > maxChannelDifference { maxChannelDifference = d; maxDifferenceAt = (x, y) }
                        if d > tolerance {
                            differingPixels += 1
                            if let b = box { box = (min(b.minX, x), min(b.minY, y), max(b.maxX, x), max(b.maxY, y)) } else { box = (x, y, x, y) }
                        }
                    }
                }
            }
        }
    }

    /// One line: the share and count of differing pixels, the largest difference and where, and
    /// the box around them.
    public var summary: String {
        if let sizeMismatch { return sizeMismatch }
        let share = String(format: "%.3f%%", 100 * self.share)
        let at = maxDifferenceAt.map { " at (\($0.x), \($0.y))" } ?? ""
        let b = box.map { "x \($0.minX)...\($0.maxX), y \($0.minY)...\($0.maxY)" } ?? "none"
        return "\(share) of pixels differ (\(differingPixels) of \(totalPixels)), largest channel difference \(maxChannelDifference)\(at), in the box \(b)"
    }

    /// A picture of the difference: red where pixels differ by more than `tolerance`, the
    /// reference in light grey elsewhere. Nil when the sizes differ.
    public static func image(reference: PixelBuffer, actual: PixelBuffer, tolerance: Int) -> PixelBuffer? {
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

/// Where snapshot references and failure images go, and whether to record.
public enum SnapshotSettings {
    /// `SCANLINE_RECORD=1` records references instead of comparing (refused when `CI` is set).
    public static let recordVariable = "SCANLINE_RECORD"
    /// Where actual and difference images of failures are written: this variable's folder, or
    /// `scanline-snapshot-failures` in the temporary folder.
    public static let artifactsVariable = "SCANLINE_SNAPSHOT_ARTIFACTS"

    static var environment: [String: String] { ProcessInfo.processInfo.environment }
    static var recordingAsked: Bool {
        let v = environment[recordVariable] ?? ""
        return !v.isEmpty && v != "0" && v.lowercased() != "false"
    }
    static var inCI: Bool {
        let v = environment["CI"] ?? ""
        return !v.isEmpty && v != "0" && v.lowercased() != "false"
    }
    static var artifacts: URL {
        if let dir = environment[artifactsVariable], !dir.isEmpty { return URL(fileURLWithPath: dir) }
        return FileManager.default.temporaryDirectory.appendingPathComponent("scanline-snapshot-failures")
    }
    /// `__Snapshots__/<TestFile>/` beside the test file at `filePath`.
    static func folder(for filePath: String) -> URL {
        let file = URL(fileURLWithPath: filePath)
        return file.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
    }
    /// A file name from a test's name: `testGlow()` → `testGlow`.
    static func fileName(_ name: String) -> String {
        var s = name
        if let p = s.firstIndex(of: "(") { s = String(s[..<p]) }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_.@"))
        s = String(s.unicodeScalars.map { allowed.contains($0) ? Character($0) : "-" })
        return s.isEmpty ? "snapshot" : s
    }
}

/// Where a check was written, for the failure to point at.
struct CallSite {
    let fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
}

/// Reports a failure to whichever test library runs the test: Swift Testing when a test of its
/// is running, else XCTest.
func report(_ message: String, _ site: CallSite) {
    #if canImport(Testing)
    if Test.current != nil {
        Issue.record(Comment(rawValue: message),
                     sourceLocation: SourceLocation(fileID: "\(site.fileID)", filePath: "\(site.filePath)", line: Int(site.line), column: Int(site.column)))
        return
    }
    #endif
    #if canImport(XCTest)
    XCTFail(message, file: site.filePath, line: site.line)
    #else
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    #endif
}

/// Compares `image` with the reference `<folder>/<name>.png`, or records it. Returns the
/// failure message, or nil when it passed (or was recorded).
func check(_ image: PixelBuffer, name: String, folder: URL, tolerance: SnapshotTolerance) -> String? {
    let reference = folder.appendingPathComponent("\(name).png")
    let actual: PixelBuffer
    do { actual = try PNGCodec.decode(image.pngData()) } catch { return "snapshot '\(name)': the image cannot be encoded: \(error)" }
    if SnapshotSettings.recordingAsked {
        if SnapshotSettings.inCI {
            return "snapshot '\(name)': refusing to record with \(SnapshotSettings.recordVariable) set while CI is set: references are recorded on a developer's machine and committed"
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try actual.writePNG(to: reference)
        } catch { return "snapshot '\(name)': cannot record \(reference.path): \(error)" }
        return nil
    }
    guard FileManager.default.fileExists(atPath: reference.path) else {
        return "snapshot '\(name)': no reference \(reference.path) (\(actual.width)×\(actual.height) px); record it with \(SnapshotSettings.recordVariable)=1 and commit it"
    }
    let expected: PixelBuffer
    do { expected = try PixelBuffer(contentsOf: reference) } catch { return "snapshot '\(name)': the reference \(reference.path) cannot be read: \(error)" }
    let diff = ImageDifference(reference: expected, actual: actual, tolerance: tolerance.perPixel)
    guard !diff.passes(tolerance) else { return nil }
    let out = SnapshotSettings.artifacts.appendingPathComponent(folder.lastPathComponent)
    var written = ""
    do {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try actual.writePNG(to: out.appendingPathComponent("\(name).actual.png"))
        written = "actual \(out.appendingPathComponent("\(name).actual.png").path)"
        if let d = ImageDifference.image(reference: expected, actual: actual, tolerance: tolerance.perPixel) {
            try d.writePNG(to: out.appendingPathComponent("\(name).diff.png"))
            written += ", difference \(out.appendingPathComponent("\(name).diff.png").path)"
        }
    } catch { written = "(the failure images could not be written to \(out.path): \(error))" }
    let allowed = tolerance == .exact ? "" : " (allowed: \(tolerance.perPixel) levels per channel on \(String(format: "%.3f%%", 100 * tolerance.share)) of pixels)"
    return "snapshot '\(name)' (\(actual.width)×\(actual.height) px) differs: \(diff.summary)\(allowed); reference \(reference.path); \(written)"
}

/// Checks `image` against its reference, `__Snapshots__/<TestFile>/<name>.png` beside the test
/// file (or in `snapshotDirectory`). `name` defaults to the test function's name (`testName`).
///
/// A failure names the size, the share of differing pixels, the largest difference and the box
/// around them, and writes the actual and difference images to the folder it names (set it with
/// `SCANLINE_SNAPSHOT_ARTIFACTS`). `SCANLINE_RECORD=1` writes the reference instead, except when
/// `CI` is set, where asking to record fails. A missing reference fails and records nothing.
public func assertSnapshot(of image: PixelBuffer, named name: String? = nil, tolerance: SnapshotTolerance = .exact,
                           snapshotDirectory: String? = nil,
                           fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
                           line: UInt = #line, column: UInt = #column) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let folder = snapshotDirectory.map { URL(fileURLWithPath: $0) } ?? SnapshotSettings.folder(for: "\(filePath)")
    if let failure = check(image, name: SnapshotSettings.fileName(name ?? testName), folder: folder, tolerance: tolerance) {
        report(failure, site)
    }
}

/// Renders `view` at `size` (points) and `scale` at each of `times` (seconds on the render
/// clock) and checks each frame against its reference: `<name>.png` for one time, else
/// `<name>@<t>s.png` for each. With `failOnWarnings`, a render that warns (an unknown symbol, an
/// unregistered shader, a missing image) fails too, with the warnings in the message.
@MainActor
public func assertSnapshot<V: View>(of view: V, size: CGSize, scale: CGFloat = 2, at times: [Double] = [0],
                                    named name: String? = nil, environment: EnvironmentValues = EnvironmentValues(),
                                    background: Color? = nil, tolerance: SnapshotTolerance = .exact,
                                    failOnWarnings: Bool = false, snapshotDirectory: String? = nil,
                                    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function,
                                    line: UInt = #line, column: UInt = #column) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let base = SnapshotSettings.fileName(name ?? testName)
    let folder = snapshotDirectory.map { URL(fileURLWithPath: $0) } ?? SnapshotSettings.folder(for: "\(filePath)")
    guard !times.isEmpty else { report("snapshot '\(base)': no times given", site); return }
    do {
        let renderer = try SceneRenderer(view, size: size, scale: scale, environment: environment, background: background)
        for t in times.sorted() {
            let image = try await renderer.still(at: t)
            let label = times.count == 1 ? base : "\(base)@\(SnapshotSettings.timeLabel(t))s"
            if let failure = check(image, name: label, folder: folder, tolerance: tolerance) { report(failure, site) }
        }
        if failOnWarnings, !renderer.warnings.isEmpty {
            report("snapshot '\(base)': the render warned: " + renderer.warnings.joined(separator: "; "), site)
        }
    } catch {
        report("snapshot '\(base)': the view cannot be rendered: \(error)", site)
    }
}

extension SnapshotSettings {
    /// `0.5` → "0.5", `2` → "2": the shortest exact form of a time.
    static func timeLabel(_ t: Double) -> String {
        if t == t.rounded() && abs(t) < 1e15 { return String(Int(t)) }
        return String(t)
    }
}
