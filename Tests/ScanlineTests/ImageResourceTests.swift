import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

/// `Image(_:bundle:)` in a resource bundle laid out as SwiftPM lays one out on Linux: an asset
/// catalog with a file per scale, and plain files with @2x/@3x names.
@MainActor @Suite struct ImageResourceTests {
    /// A 4×4-pixel image of one colour.
    func png(_ rgb: [UInt8], _ url: URL, side: Int) throws {
        try PixelBuffer(width: side, height: side, alpha: .straight, bytes: [UInt8]((0..<(side * side)).flatMap { _ in rgb + [255] })).writePNG(to: url)
    }

    func makeBundle() throws -> Bundle {
        let root = makeTestFolder("scanline-bundle")
        let set = root.appendingPathComponent("Media.xcassets/Dot.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        // The asset catalog: red at 1x (4 px), green at 2x (8 px), blue at 3x (12 px): all 4 points.
        try png([255, 0, 0], set.appendingPathComponent("dot.png"), side: 4)
        try png([0, 255, 0], set.appendingPathComponent("dot@2x.png"), side: 8)
        try png([0, 0, 255], set.appendingPathComponent("dot@3x.png"), side: 12)
        try Data("""
        {"images": [{"idiom": "universal", "filename": "dot.png", "scale": "1x"},
                    {"idiom": "universal", "filename": "dot@2x.png", "scale": "2x"},
                    {"idiom": "universal", "filename": "dot@3x.png", "scale": "3x"}],
         "info": {"author": "xcode", "version": 1}}
        """.utf8).write(to: set.appendingPathComponent("Contents.json"))
        // A plain file with only a 2x variant (6 px = 3 points).
        try png([255, 255, 0], root.appendingPathComponent("Plain@2x.png"), side: 6)
        return try #require(Bundle(path: root.path))
    }

    @Test(arguments: [(1, [UInt8]([255, 0, 0])), (2, [0, 255, 0]), (3, [0, 0, 255])])
    func assetCatalogPicksTheVariantForTheScale(_ scale: Int, _ colour: [UInt8]) async throws {
        let bundle = try makeBundle()
        let r = try SceneRenderer(Image("Dot", bundle: bundle), size: CGSize(width: 4, height: 4), scale: CGFloat(scale))
        let image = try await r.still(at: 0)
        #expect(image.width == 4 * scale)
        let p = image[2 * scale, 2 * scale]
        #expect([p.r, p.g, p.b, p.a] == colour + [255])
        #expect(await r.layoutDump() == "Image (0.00, 0.00, 4.00, 4.00)\n")   // 4 points whatever the variant
        #expect(r.graph.warnings.isEmpty)
    }

    /// A plain @2x file serves every scale (the nearest larger, else the largest) at 3 points.
    @Test func plainFilesByScaleSuffix() async throws {
        let bundle = try makeBundle()
        for scale in [1, 3] {
            let r = try SceneRenderer(Image("Plain", bundle: bundle), size: CGSize(width: 3, height: 3), scale: CGFloat(scale))
            let p = try await r.still(at: 0)[1, 1]
            #expect([p.r, p.g, p.b] == [255, 255, 0])
            #expect(await r.layoutDump() == "Image (0.00, 0.00, 3.00, 3.00)\n")
        }
    }

    /// A missing resource draws nothing and warns once, whatever the number of frames.
    @Test func aMissingImageDrawsNothingAndWarnsOnce() async throws {
        let bundle = try makeBundle()
        let r = try SceneRenderer(VStack { Image("Nope", bundle: bundle); Image("Nope", bundle: bundle) }, size: CGSize(width: 10, height: 10), fps: 10)
        for n in 0..<3 { #expect(try await r.frame(n).bytes.allSatisfy { $0 == 0 }) }
        #expect(r.graph.warnings.filter { $0.contains("'Nope'") }.count == 1)
    }
}
