// The fidelity suite (issue #28 point 5): public, permissively licensed views with the pictures
// Apple's SwiftUI rendered of them, each in Fidelity/<case>/ with its licence and its source
// (SOURCE.md). Each is rendered through ScanlineTesting's swift-snapshot-testing layouts, as the
// test that made the reference asked, and measured (FidelityMeasure). The tolerances are what
// holds today, so a change that draws further from Apple's pictures fails; `make fidelity` prints
// the report and writes side-by-side images (FIDELITY_OUT, default .build/fidelity).
import Foundation
import Testing
@testable import Scanline
@testable import ScanlineTesting

@MainActor @Suite struct FidelityTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fidelity")

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let reference: String
        let layout: SwiftUISnapshotLayout
        /// The least shape IoU, edge F1 and the largest mean ΔE94 that hold today.
        let minIoU: Double, minEdges: Double, maxDeltaE: Double
        var testDescription: String { name }
    }

    nonisolated static let cases: [Case] = [
        Case(name: "PointFreeChecked default", reference: "PointFreeChecked/references/reference.1.png", layout: .sizeThatFits,
             minIoU: 0.998, minEdges: 0.99, maxDeltaE: 0.4),
        Case(name: "PointFreeChecked size-that-fits", reference: "PointFreeChecked/references/reference.size-that-fits.png", layout: .sizeThatFits,
             minIoU: 0.998, minEdges: 0.99, maxDeltaE: 0.4),
        Case(name: "PointFreeChecked fixed 200x100", reference: "PointFreeChecked/references/reference.fixed.png",
             layout: .fixed(width: 200, height: 100), minIoU: 0.98, minEdges: 0.99, maxDeltaE: 0.1),
        Case(name: "PointFreeChecked device iPhoneSe", reference: "PointFreeChecked/references/reference.device.png",
             layout: .device(config: .iPhoneSe), minIoU: 0.97, minEdges: 0.99, maxDeltaE: 0.1),
    ]

    static func view(_ c: Case) -> some View {
        PointFreeCheckedView().background(Color.yellow)
    }

    @Test(arguments: cases) func matchesApplesPicture(_ c: Case) throws {
        let reference = try PixelBuffer(contentsOf: Self.folder.appendingPathComponent(c.reference))
        // Recorded at 2x, light.
        let actual = try SnapshotRender.render(Self.view(c), layout: c.layout, traits: UITraitCollection(traitsFrom: [.init(displayScale: 2), .init(userInterfaceStyle: .light)]))
        let (report, side) = FidelityMeasure.compare(name: c.name, reference: reference, actual: actual, scale: 2)
        print("fidelity: " + report.line)
        if let out = ProcessInfo.processInfo.environment["FIDELITY_OUT"], !out.isEmpty {
            let dir = URL(fileURLWithPath: out)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try side.writePNG(to: dir.appendingPathComponent(c.name.replacingOccurrences(of: " ", with: "-") + ".png"))
        }
        #expect(report.shapeIoU >= c.minIoU, "\(report.line)")
        #expect(report.edgeF1 >= c.minEdges, "\(report.line)")
        #expect(report.meanDeltaE <= c.maxDeltaE, "\(report.line)")
    }
}
