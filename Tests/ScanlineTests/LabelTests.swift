// Label (issue #28; Swiftetti's settings use it): the icon, then the title, 8 pt apart (Label's
// comment says why 8), and the title-only and icon-only styles.
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

/// A style of one's own: the title above the icon.
struct StackedLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View { VStack(spacing: 0) { configuration.title; configuration.icon } }
}

@MainActor @Suite struct LabelTests {
    var title: CGSize { ImageRenderer(content: Text("Star")).size }
    var icon: CGSize { ImageRenderer(content: Image(systemName: "star.fill")).size }

    @Test func theIconThenTheTitle() async throws {
        let label = Label("Star", systemImage: "star.fill")
        #expect(ImageRenderer(content: label).size == CGSize(width: icon.width + 8 + title.width, height: max(icon.height, title.height)))
        #expect(ImageRenderer(content: label.labelStyle(.titleOnly)).size == title)
        #expect(ImageRenderer(content: label.labelStyle(.iconOnly)).size == icon)
        #expect(ImageRenderer(content: label.labelStyle(StackedLabelStyle())).size == CGSize(width: max(icon.width, title.width), height: icon.height + title.height))
        // Drawn in the foreground: ink in the icon's place and in the title's, none in the gap.
        let size = ImageRenderer(content: label).size
        let image = try await SceneRenderer(label.foregroundStyle(Color.black).background(Color.white), size: size, scale: 1, fps: 10).still(at: 0)
        func ink(_ xs: Range<Int>) -> Bool { xs.contains { x in (0..<image.height).contains { y in image[x, y].a == 255 && image[x, y].r < 100 } } }
        let iconEnd = Int(icon.width), titleStart = Int((icon.width + 8).rounded(.up))
        let columns = String((0..<image.width).map { ink($0..<($0 + 1)) ? "#" : "." })
        #expect(ink(0..<iconEnd) && ink(titleStart..<image.width) && !ink((iconEnd + 1)..<(titleStart - 1)), "\(columns) \(size)")
        // A screen reader reads the title.
        let read = try await SceneRenderer(label, size: size).accessibilityElements().map(\.label)
        #expect(read.contains("Star"), "\(read)")
    }

    /// `accessibilityAction`: a render performs none; the element it reads as lists them, in the
    /// order written
    /// (mjn2max/swiftui-animations offers `.default` beside its tap gesture).
    @Test func accessibilityActionsAreListedWithTheirElement() async throws {
        let view = VStack {
            Text("Bounce").accessibilityAction(.default) {}.accessibilityAction(named: "Reset") {}
            Text("Plain")
        }
        let read = try await SceneRenderer(view, size: CGSize(width: 100, height: 60)).accessibilityElements()
        #expect(read.map(\.description) == ["Text \"Bounce\" actions [default, Reset]", "Text \"Plain\""], "\(read)")
    }
}
