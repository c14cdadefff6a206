// Issue #43 point 5: containers written in Swift over their content's views, as public packages
// write them: the undocumented `_VariadicView.Tree` with a root, and iOS 18's
// `Group(subviews:transform:)` and `ForEach(subviews:content:)`. Checked by what they draw.
import SwiftUI
import Testing

/// A stack with a 2 pt black line between its views, as packages write it.
struct DividedStack<Content: View>: View {
    var content: Content
    init(@ViewBuilder content: () -> Content) { self.content = content() }
    var body: some View { _VariadicView.Tree(DividedLayout()) { content } }
}

struct DividedLayout: _VariadicView_UnaryViewRoot {
    func body(children: _VariadicView.Children) -> some View {
        let last = children.last?.id
        VStack(spacing: 0) {
            ForEach(children) { child in
                child
                if child.id != last { Color.black.frame(width: 10, height: 2) }
            }
        }
    }
}

@MainActor @Suite struct SubviewsTests {
    func image<V: View>(_ v: V, _ w: CGFloat, _ h: CGFloat) async throws -> PixelBuffer {
        try await SceneRenderer(v, size: CGSize(width: w, height: h), scale: 1, fps: 10).still(at: 0)
    }

    @Test func aVariadicRootArrangesEachViewOfItsContent() async throws {
        // Two views, an `if` that holds, a ForEach of two and an EmptyView: five children, four lines.
        let stack = DividedStack {
            Color.red.frame(width: 10, height: 10)
            Color.green.frame(width: 10, height: 10)
            if true { Color.blue.frame(width: 10, height: 10) }
            ForEach(0..<2) { _ in Color.orange.frame(width: 10, height: 10) }
            EmptyView()
        }
        #expect(ImageRenderer(content: stack).size == CGSize(width: 10, height: 5 * 10 + 4 * 2))
        let image = try await image(stack, 10, 58)
        let expected: [(Int, (UInt8, UInt8, UInt8))] = [(5, (255, 59, 48)), (11, (0, 0, 0)), (17, (52, 199, 89)), (23, (0, 0, 0)), (29, (0, 122, 255)), (41, (255, 149, 0)), (53, (255, 149, 0))]
        for (y, rgb) in expected {
            let p = image[5, y]
            #expect((p.r, p.g, p.b) == rgb && p.a == 255, "y \(y): \(p)")
        }
    }

    @Test func iOS18SubviewsMakeAViewOfTheContentsViews() async throws {
        // Group(subviews:) lays the three views out in a row, and counts them.
        let content = Group {
            Color.red.frame(width: 10, height: 10)
            ForEach(["a", "b"], id: \.self) { _ in Color.blue.frame(width: 10, height: 10) }
        }
        let row = Group(subviews: content) { subviews in
            HStack(spacing: 0) {
                ForEach(subviews) { $0 }
                if subviews.count == 3 { Color.green.frame(width: 10, height: 10) }
            }
        }
        let image = try await image(row, 40, 10)
        #expect(image[5, 5] == (255, 59, 48, 255) && image[15, 5] == (0, 122, 255, 255) && image[25, 5] == (0, 122, 255, 255)
                && image[35, 5] == (52, 199, 89, 255), "\(image[5, 5]) \(image[15, 5]) \(image[25, 5]) \(image[35, 5])")
        // ForEach(subviews:) keeps a ForEach element's id as the subview's; others are told apart by place.
        let ids = ForEach(subviews: content) { $0 }.data.map(\.id)
        #expect(ids == [AnyHashable("0."), AnyHashable("a"), AnyHashable("b")], "\(ids)")
    }
}

// iOS 18's container values, declared with `@Entry` as packages declare them.
extension ContainerValues {
    @Entry var stripe: Color = .clear
    @Entry var weight: Int = 1
}

/// A column that paints behind each of its views the stripe the view hands it, `weight` rows tall.
struct StripedColumn<Content: View>: View {
    @ViewBuilder var content: Content
    var body: some View {
        VStack(spacing: 0) {
            ForEach(subviews: content) { subview in
                subview.frame(width: 10, height: 10 * CGFloat(subview.containerValues.weight)).background(subview.containerValues.stripe)
            }
        }
    }
}

@MainActor @Suite struct ContainerValueTests {
    @Test func aContainerReadsTheValuesItsViewsHandIt() async throws {
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1), green = Color(red: 0, green: 1, blue: 0)
        let column = StripedColumn {
            Color.clear.containerValue(\.stripe, red)
            Color.clear
            // On a group: each of its views carries it.
            Group { Color.clear; Color.clear }.containerValue(\.stripe, blue).containerValue(\.weight, 2)
            // Twice on one view: the nearest wins; a modifier between them hides nothing.
            Color.clear.containerValue(\.stripe, green).padding(0).containerValue(\.stripe, red)
        }
        let img = try await SceneRenderer(column.background(Color.white), size: CGSize(width: 10, height: 70), scale: 1, fps: 10).still(at: 0)
        func row(_ y: Int) -> String { let p = img[5, y]; return "\(p.r),\(p.g),\(p.b)" }
        // red 0–10, white 10–20, blue 20–40 and 40–60, green 60–70.
        #expect([5, 15, 25, 35, 45, 55, 65].map(row) == ["255,0,0", "255,255,255", "0,0,255", "0,0,255", "0,0,255", "0,0,255", "0,255,0"],
                "\([5, 15, 25, 35, 45, 55, 65].map(row))")
    }
}
