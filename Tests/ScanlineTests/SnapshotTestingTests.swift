// swift-snapshot-testing's call shape (issue #28 point 4), in process: reference names and
// counters, record modes, layouts and traits, precision and perceptual precision (ΔE 1994), and
// the failure messages. DependentPackageTests runs a user's test file written this way.
import Foundation
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineTesting

@MainActor @Suite struct SnapshotTestingTests {
    struct Card: View {
        var color = Color.blue
        var body: some View { color.frame(width: 40, height: 20) }
    }

    /// Runs `body` with its own snapshot folder.
    func inFolder(_ body: (String) throws -> Void) throws {
        let folder = makeTestFolder("scanline-pointfree")
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder.path)
    }

    @Test func namesCountersAndRecordModes() throws {
        try inFolder { dir in
            // Missing: recorded, and the assertion fails saying so.
            let first = verifySnapshot(of: Card(), as: .image, snapshotDirectory: dir, testName: "testCard()")
            #expect(first?.hasPrefix("No reference was found on disk. Automatically recorded snapshot") == true, "\(first ?? "nil")")
            #expect(first?.contains("Re-run \"testCard\"") == true)
            // A second unnamed snapshot in the same test is number 2; named ones take the name.
            _ = verifySnapshot(of: Card(), as: .image, snapshotDirectory: dir, testName: "testCard()")
            _ = verifySnapshot(of: Card(), as: .image, named: "dark mode!", snapshotDirectory: dir, testName: "testCard()")
            let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
            #expect(files == ["testCard.1.png", "testCard.2.png", "testCard.dark-mode.png"], "\(files)")
            // Against its reference, the same view passes.
            #expect(verifySnapshot(of: Card(), as: .image, named: "dark mode!", snapshotDirectory: dir, testName: "testCard()") == nil)
            // A changed view fails with the library's message, naming both files.
            let changed = try #require(verifySnapshot(of: Card(color: .red), as: .image, named: "dark mode!", snapshotDirectory: dir, testName: "testCard()"))
            #expect(changed.hasPrefix("Snapshot \"dark mode!\" does not match reference.\n\n@−\n\"file://"), "\(changed)")
            #expect(changed.contains("testCard.dark-mode.png\"\n@+\n\"file://") && changed.hasSuffix("Actual image precision 0 is less than required 1"), "\(changed)")
            // The failing image was written where the message says.
            let actualPath = try #require(changed.split(separator: "\"").map(String.init).first { $0.hasPrefix("file://") && !$0.contains(dir) })
            #expect(FileManager.default.fileExists(atPath: URL(string: actualPath)!.path), "\(actualPath)")
            // Record modes: never records nothing; all records and fails; failed records what differs.
            let never = withSnapshotTesting(record: .never) { verifySnapshot(of: Card(), as: .image, named: "new", snapshotDirectory: dir) }
            #expect(never?.contains("not recorded") == true && !FileManager.default.fileExists(atPath: dir + "/namesCountersAndRecordModes.new.png"))
            let all = withSnapshotTesting(record: .all) { verifySnapshot(of: Card(), as: .image, named: "dark mode!", snapshotDirectory: dir, testName: "testCard()") }
            #expect(all?.hasPrefix("Record mode is on.") == true)
            let failed = withSnapshotTesting(record: .failed) {
                verifySnapshot(of: Card(color: .green), as: .image, named: "dark mode!", snapshotDirectory: dir, testName: "testCard()")
            }
            #expect(failed?.contains("A new snapshot was automatically recorded.") == true)
            #expect(verifySnapshot(of: Card(color: .green), as: .image, named: "dark mode!", snapshotDirectory: dir, testName: "testCard()") == nil)
            // `record: true` on the call is `.all`.
            #expect(verifySnapshot(of: Card(), as: .image, named: "x", record: true, snapshotDirectory: dir)?.hasPrefix("Record mode is on.") == true)
        }
    }

    @Test func layoutsAndTraits() throws {
        let fitted = try SnapshotRender.render(Card(), layout: .sizeThatFits, traits: .init())
        #expect(fitted.width == 80 && fitted.height == 40, "the ideal size at 2x: \(fitted.width)×\(fitted.height)")
        let fixed = try SnapshotRender.render(Card(), layout: .fixed(width: 100, height: 50), traits: .init(displayScale: 1))
        #expect(fixed.width == 100 && fixed[0, 0] == (255, 255, 255, 255) && fixed[50, 25] == (0, 122, 255, 255), "white around the centred card")
        let dark = try SnapshotRender.render(Card(), layout: .fixed(width: 100, height: 50), traits: .init(userInterfaceStyle: .dark))
        #expect(dark[0, 0] == (0, 0, 0, 255) && dark[100, 50] == (10, 132, 255, 255), "dark background and dark blue: \(dark[100, 50])")
        // A device: its size and safe area at its own scale; the view in the safe area.
        let phone = try SnapshotRender.render(Color.red, layout: .device(config: .iPhone13), traits: .init())
        #expect(phone.width == 1170 && phone.height == 2532)
        #expect(phone[10, 3 * 47 - 1].g == 255 && phone[10, 3 * 47].g == 59 && phone[10, 3 * (844 - 34) - 1].g == 59 && phone[10, 3 * (844 - 34)].g == 255)
        let landscape = ViewImageConfig.iPhone13(.landscape)
        #expect(landscape.size == CGSize(width: 844, height: 390) && landscape.safeArea == UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
        #expect(ViewImageConfig.iPadPro11.size == CGSize(width: 1194, height: 834), "the library's iPad presets are landscape")
        // The presets' Medium Dynamic Type: a text style one size down from Large.
        let medium = try SnapshotRender.render(Text("Hg").font(.body), layout: .device(config: .iPhoneSe), traits: .init(displayScale: 1))
        let large = try SnapshotRender.render(Text("Hg").font(.body), layout: .device(config: .device(.iPhoneSE)), traits: .init(displayScale: 1))
        func inkHeight(_ b: PixelBuffer) -> Int { (0..<b.height).filter { y in (0..<b.width).contains { b[$0, y].r < 128 } }.count }
        #expect(inkHeight(medium) < inkHeight(large), "medium \(inkHeight(medium)), large \(inkHeight(large))")
        // Opaque to the last pixel, though the ideal size of text is no whole number of pixels.
        let text = try SnapshotRender.render(Text("New").padding(6), layout: .sizeThatFits, traits: .init(userInterfaceStyle: .dark))
        var clear: [String] = []
        for y in 0..<text.height { for x in 0..<text.width where text[x, y].a < 255 { clear.append("(\(x), \(y))") } }
        #expect(clear.isEmpty, "\(clear.count) pixels not opaque in \(text.width)×\(text.height): \(clear.prefix(5))")
        // A view with no size cannot be snapshotted at its ideal size, and says so.
        #expect(throws: ScanlineError.self) { try SnapshotRender.render(EmptyView(), layout: .sizeThatFits, traits: .init()) }
    }

    @Test func precisionAndPerceptualPrecision() throws {
        func image(_ pixels: [(UInt8, UInt8, UInt8)]) throws -> PixelBuffer {
            try PixelBuffer(width: pixels.count, height: 1, alpha: .straight, bytes: pixels.flatMap { [$0.0, $0.1, $0.2, 255] })
        }
        let reference = try image(Array(repeating: (128, 128, 128), count: 100))
        // One pixel of a hundred different: precision 0.99 passes, 0.995 fails.
        var one = Array(repeating: (UInt8(128), UInt8(128), UInt8(128)), count: 100)
        one[3] = (0, 0, 0)
        let oneOff = try image(one)
        #expect(SnapshotPrecision.compare(reference, oneOff, precision: 0.99, perceptualPrecision: 1) == nil)
        let failure = SnapshotPrecision.compare(reference, oneOff, precision: 0.995, perceptualPrecision: 1)
        #expect(failure == "Newly-taken snapshot does not match reference. Actual image precision 0.99 is less than required 0.995", "\(failure ?? "nil")")
        // Every pixel one level lighter: ΔE94 ≈ 0.4, a match at perceptual precision 0.98 (ΔE ≤ 2), not at 1.
        let lighter = try image(Array(repeating: (129, 129, 129), count: 100))
        let d = SnapshotPrecision.deltaE94((128, 128, 128, 255), (129, 129, 129, 255))
        #expect(d > 0.3 && d < 0.5, "ΔE94 \(d)")
        #expect(SnapshotPrecision.compare(reference, lighter, precision: 1, perceptualPrecision: 0.98) == nil)
        #expect(SnapshotPrecision.compare(reference, lighter, precision: 1, perceptualPrecision: 1) != nil)
        // ΔE94 of black and white is 100 (L* from 0 to 100).
        #expect(abs(SnapshotPrecision.deltaE94((0, 0, 0, 255), (255, 255, 255, 255)) - 100) < 0.01)
        // Sizes that differ fail whatever the precision.
        #expect(SnapshotPrecision.compare(reference, try image([(128, 128, 128)]), precision: 0, perceptualPrecision: 0)?.contains("1×1 px does not match reference@100×1 px") == true)
    }

    @Test func assertSnapshotReportsToTheRunningTest() {
        // Nothing recorded (record: .never), so nothing is written beside this file.
        withKnownIssue {
            withSnapshotTesting(record: .never) { assertSnapshot(of: Card(), as: .image, named: "never") }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("No reference was found on disk. New snapshot was not recorded") }
        }
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__/SnapshotTestingTests")
        #expect(!FileManager.default.fileExists(atPath: here.path))
    }
}
