import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

@Suite struct FileErrorTests {
    let folder = makeTestFolder("scanline-tests")

    func sample() throws -> PixelBuffer { try PixelBuffer.render(size: CGSize(width: 4, height: 4), background: .red) { _ in } }

    @Test func writesAtomicallyAndLeavesNoTemporaryFile() throws {
        let url = folder.appendingPathComponent("out.png")
        try sample().writePNG(to: url)
        #expect(try PixelBuffer(contentsOf: url).width == 4)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.png"])
        // Other tests run at the same time and may have their own files pending: look at ours only.
        #expect(!AtomicFile.pending.contains { $0.hasPrefix(folder.path) })
    }

    @Test func missingFolderIsAClearErrorAndLeavesNothing() throws {
        let url = folder.appendingPathComponent("no/such/dir/out.png")
        #expect { try sample().writePNG(to: url) } throws: { e in
            (e as? ScanlineError).map { "\($0)".contains("does not exist") } ?? false
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func readOnlyFolderIsAClearErrorAndLeavesNothing() throws {
        let ro = folder.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: ro, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: ro.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: ro.path) }
        let url = ro.appendingPathComponent("out.png")
        // Root ignores permission bits, so the 0555 folder is checked only for other users; a
        // folder under /proc refuses new files to root as well, which is how CI runs.
        if getuid() != 0 {
            #expect(throws: ScanlineError.self) { try sample().writePNG(to: url) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: ro.path).isEmpty)
        }
        let unwritable = URL(fileURLWithPath: "/proc/self/scanline-out.png")
        #expect { try sample().writePNG(to: unwritable) } throws: { e in
            guard case .cannotWrite(let path, _)? = e as? ScanlineError else { return false }
            return path == unwritable.path
        }
        #expect(!FileManager.default.fileExists(atPath: unwritable.path))
        let file = folder.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        #expect { try sample().writePNG(to: file.appendingPathComponent("out.png")) } throws: { e in
            (e as? ScanlineError).map { "\($0)".contains("not a folder") } ?? false
        }
    }

    @Test func writingOverAFolderFails() throws {
        let dir = folder.appendingPathComponent("taken.png")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        #expect(throws: ScanlineError.self) { try sample().writePNG(to: dir) }
    }

    @Test func unreadableImagesGiveClearErrors() throws {
        #expect(throws: ScanlineError.fileNotFound(path: folder.appendingPathComponent("nope.png").path)) {
            try PixelBuffer(contentsOf: folder.appendingPathComponent("nope.png"))
        }
        let text = folder.appendingPathComponent("notes.png")
        try Data("hello, not an image".utf8).write(to: text)
        #expect { try PixelBuffer(contentsOf: text) } throws: { e in "\(e)".contains("not a PNG or JPEG") }
        let truncated = folder.appendingPathComponent("cut.png")
        try Data(try sample().pngData().prefix(40)).write(to: truncated)
        #expect(throws: ScanlineError.self) { try PixelBuffer(contentsOf: truncated) }
        let badJPEG = folder.appendingPathComponent("bad.jpg")
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 1, 2, 3]).write(to: badJPEG)
        #expect { try PixelBuffer(contentsOf: badJPEG) } throws: { e in "\(e)".contains("corrupt JPEG") }
    }

    /// Issue #32 point 12: a small JPEG whose header claims 60000 × 60000 pixels is refused from
    /// its header, before anything is decoded (it took 14 GB and 60 s to say so).
    @Test(.spawnsProcesses) func aJPEGClaimingAHugeSizeIsRefusedFromItsHeader() throws {
        let small = folder.appendingPathComponent("small.jpg")
        let (code, log) = try runTool(try FFmpeg.locate("ffmpeg"), ["-v", "error", "-y", "-f", "lavfi", "-i", "color=red:size=16x16", "-frames:v", "1", small.path])
        try #require(code == 0, "\(log)")
        var bytes = [UInt8](try Data(contentsOf: small))
        // The SOF0 marker (FF C0): length (2), precision (1), height (2), width (2).
        let sof = try #require((0..<(bytes.count - 9)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }, "no SOF0 in ffmpeg's JPEG")
        for (i, b) in [UInt8(0xEA), 0x60, 0xEA, 0x60].enumerated() { bytes[sof + 5 + i] = b }   // 60000 × 60000
        let huge = folder.appendingPathComponent("huge.jpg")
        try Data(bytes).write(to: huge)
        #expect { try PixelBuffer(contentsOf: huge) } throws: { e in "\(e)".contains("60000x60000 is larger than 16384 pixels a side") }
    }

    @Test func pixelBufferChecksItsSize() {
        #expect(throws: ScanlineError.self) { try PixelBuffer(width: 0, height: 4) }
        #expect(throws: ScanlineError.self) { try PixelBuffer(width: -1, height: 4) }
        #expect(throws: ScanlineError.self) { try PixelBuffer(width: 20_000, height: 4) }
        #expect(throws: ScanlineError.self) { try PixelBuffer(width: 2, height: 2, alpha: .straight, bytes: [1, 2, 3]) }
    }
}
