// What the last of the thirteen public packages stopped on (issue #43, ShadyGround): LazyVGrid,
// LazyHGrid and GridItem (track sizes worked out by hand from the rule in LazyGrids.swift),
// onGeometryChange, ContentUnavailableView, ColorPicker and navigationSplitViewStyle.
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

@MainActor @Suite struct LazyGridTests {
    func sizes(_ items: [GridItem], _ length: CGFloat) -> [CGFloat] { GridItem.tracks(items, in: length).map(\.size) }

    @Test func trackSizes() {
        // Three flexible columns in 300 with the default 8 between: (300 − 16) / 3 each.
        #expect(sizes([GridItem(), GridItem(), GridItem()], 300) == Array(repeating: 284.0 / 3, count: 3))
        // Fixed first, the flexible one takes the rest.
        #expect(sizes([GridItem(.fixed(100)), GridItem(.flexible())], 300) == [100, 192])
        // Adaptive at 80: floor((300 + 8) / (80 + 8)) = 3 tracks of (300 − 16) / 3.
        #expect(sizes([GridItem(.adaptive(minimum: 80))], 300) == Array(repeating: 284.0 / 3, count: 3))
        // A clamped flexible item gives the rest to the other: 60, then 300 − 8 − 60.
        #expect(sizes([GridItem(.flexible(minimum: 50, maximum: 60)), GridItem(.flexible())], 300) == [60, 232])
        // Spacing of its own after a track.
        #expect(GridItem.tracks([GridItem(spacing: 0), GridItem()], in: 100).map(\.size) == [50, 50])
        // Too little room: an adaptive item has one track, at its minimum (overflowing), as a
        // flexible one keeps its minimum.
        #expect(sizes([GridItem(.adaptive(minimum: 80))], 40) == [80])
        #expect(sizes([GridItem(.flexible(minimum: 30))], 10) == [30])
    }

    @Test func cellsFillRowsInOrder() async throws {
        let grid = LazyVGrid(columns: [GridItem(), GridItem(), GridItem()], spacing: 10) {
            ForEach(0..<5, id: \.self) { i in Color.red.frame(height: 20).id("c\(i)") }
        }
        .id("g")
        let root = try await laidOut(grid.frame(width: 300, height: 200, alignment: .top), CGSize(width: 300, height: 200))
        let w = 284.0 / 3
        #expect(root.frame(of: "g") == CGRect(x: 0, y: 0, width: 300, height: 50), "two rows of 20, 10 apart")
        #expect(root.frame(of: "c0") == CGRect(x: 0, y: 0, width: w, height: 20))
        #expect(root.frame(of: "c2") == CGRect(x: 2 * (w + 8), y: 0, width: w, height: 20))
        let c4 = root.frame(of: "c4")
        #expect(abs(c4.minX - (w + 8)) < 1e-9 && c4.minY == 30 && abs(c4.width - w) < 1e-9 && c4.height == 20, "\(c4)")
        // A row is as tall as its tallest child; a smaller one is centred in its cell.
        let mixed = try await laidOut(LazyVGrid(columns: [GridItem(.fixed(50)), GridItem(.fixed(50), alignment: .top)]) {
            Color.blue.frame(width: 10, height: 40).id("tall")
            Color.blue.frame(width: 10, height: 10).id("short")
            Color.blue.frame(width: 10, height: 10).id("next")
        }.id("g"), CGSize(width: 108, height: 100))
        #expect(mixed.frame(of: "tall") == CGRect(x: 20, y: 21, width: 10, height: 40))
        #expect(mixed.frame(of: "short") == CGRect(x: 78, y: 21, width: 10, height: 10), "top-aligned in its cell")
        #expect(mixed.frame(of: "next") == CGRect(x: 20, y: 69, width: 10, height: 10), "the second row, 8 below")
        // Right to left: the first column on the right.
        var rtl = EnvironmentValues()
        rtl.layoutDirection = .rightToLeft
        let mirrored = try await laidOut(grid.frame(width: 300, height: 200, alignment: .top), CGSize(width: 300, height: 200), rtl)
        #expect(mirrored.frame(of: "c0").maxX == 300)
    }

    @Test func aHorizontalGridFillsColumns() async throws {
        let grid = LazyHGrid(rows: [GridItem(.fixed(30)), GridItem(.fixed(30))], spacing: 4) {
            ForEach(0..<3, id: \.self) { i in Color.red.frame(width: 20).id("c\(i)") }
        }
        .id("g")
        let root = try await laidOut(grid, CGSize(width: 200, height: 68))
        #expect(root.frame(of: "g").size == CGSize(width: 44, height: 68))
        let g = root.frame(of: "g")
        #expect(root.frame(of: "c1") == CGRect(x: g.minX, y: 38, width: 20, height: 30))
        #expect(root.frame(of: "c2") == CGRect(x: g.minX + 24, y: 0, width: 20, height: 30))
    }
}

@MainActor @Suite struct GeometryChangeAndMoreTests {
    final class Box { var values: [CGFloat] = []; var pairs: [(CGFloat, CGFloat)] = [] }

    @Test func onGeometryChangeGetsTheSizeFirstAndOnChange() async throws {
        struct Growing: View {
            let box: Box
            @State private var wide = false
            var body: some View {
                Color.red.frame(width: wide ? 80 : 40, height: 10)
                    .onGeometryChange(for: CGFloat.self, of: { $0.size.width }) { box.values.append($0) }
                    .onGeometryChange(for: CGFloat.self, of: { $0.frame(in: .global).minX }) { old, new in box.pairs.append((old, new)) }
                    .task { try? await Task.sleep(for: .seconds(1)); wide = true }
            }
        }
        let box = Box()
        let renderer = try SceneRenderer(Growing(box: box), size: CGSize(width: 100, height: 20), fps: 10)
        _ = try await renderer.still(at: 0.5)
        #expect(box.values == [40], "first value: \(box.values)")
        _ = try await renderer.still(at: 2)
        #expect(box.values == [40, 80], "after the change: \(box.values)")
        #expect(box.pairs.map(\.0) == [30, 30] && box.pairs.map(\.1) == [30, 10], "old and new x: \(box.pairs)")
    }

    @Test func contentUnavailableAndColorPicker() async throws {
        let empty = try await SceneRenderer(ContentUnavailableView("No Mail", systemImage: "tray", description: Text("New mail appears here.")),
                                            size: CGSize(width: 300, height: 300), background: .white).still(at: 0)
        // Centred: ink in the middle third of the width, the symbol above the title above the description.
        let inkRows = (0..<300).filter { y in (0..<300).contains { empty[$0, y].r < 200 } }
        let inkCols = (0..<300).filter { x in (0..<300).contains { empty[x, $0].r < 200 } }
        #expect(inkRows.count > 60 && abs(Double(inkRows.first! + inkRows.last!) / 2 - 150) < 12, "rows \(inkRows.first ?? -1)...\(inkRows.last ?? -1)")
        #expect(abs(Double(inkCols.first! + inkCols.last!) / 2 - 150) < 6, "cols \(inkCols.first ?? -1)...\(inkCols.last ?? -1)")
        // The colour well: 28 pt at the trailing edge, the selected colour in its middle, the hue
        // ring (red at the top) outside it.
        let picker = try await SceneRenderer(ColorPicker("Tint", selection: .constant(Color.green)).frame(width: 200),
                                             size: CGSize(width: 200, height: 28), background: .white).still(at: 0)
        let middle = picker[186, 14], top = picker[186, 1]
        #expect(middle.g > 180 && middle.r < 80, "green in the middle: \(middle)")
        #expect(top.r > 200 && top.b < 80, "red at the top of the ring: \(top)")
        #expect(picker[169, 14] == (255, 255, 255, 255), "the well starts at x 172")
    }

    @Test func splitViewStylesChangeNothingOnAPhone() async throws {
        let plain = try await SceneRenderer(NavigationSplitView { Text("Sidebar") } detail: { Text("Detail") }, device: .iPhone15, scale: 1).still(at: 0)
        let styled = try await SceneRenderer(NavigationSplitView { Text("Sidebar") } detail: { Text("Detail") }.navigationSplitViewStyle(.balanced),
                                             device: .iPhone15, scale: 1).still(at: 0)
        #expect(plain.bytes == styled.bytes)
    }
}
