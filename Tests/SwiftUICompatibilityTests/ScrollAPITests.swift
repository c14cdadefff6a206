// Issue #43 point 4, first part: the scroll modifiers effect packages use, written as SwiftUI code
// writes them. `contentMargins` insets scrolled content; indicators and settling behaviour have
// nothing to draw in a render, so they leave every byte as it is.
import SwiftUI
import Testing

@MainActor @Suite struct ScrollAPITests {
    func image<V: View>(_ v: V) async throws -> PixelBuffer {
        try await SceneRenderer(v, size: CGSize(width: 40, height: 40), scale: 1, fps: 10).still(at: 0)
    }
    func column() -> some View {
        VStack(spacing: 0) { ForEach(0..<4) { i in Color(red: 1, green: 0, blue: 0).frame(height: 20) } }
    }

    @Test func contentMarginsInsetTheScrolledContent() async throws {
        let plain = try await image(ScrollView { column() })
        #expect(plain[2, 2] == (255, 0, 0, 255))
        let inset = try await image(ScrollView { column() }.contentMargins(.horizontal, 10).contentMargins(.top, 5, for: .scrollContent))
        // 10 pt clear on each side, 5 pt clear on top; red inside.
        #expect(inset[5, 20].a == 0 && inset[35, 20].a == 0 && inset[20, 2].a == 0, "\(inset[5, 20]) \(inset[20, 2])")
        #expect(inset[11, 6] == (255, 0, 0, 255) && inset[28, 39] == (255, 0, 0, 255), "\(inset[11, 6])")
        // nil is the system's 16 points; margins for the indicators change nothing drawn.
        let system = try await image(ScrollView { column() }.contentMargins(.leading, nil))
        #expect(system[15, 20].a == 0 && system[16, 20] == (255, 0, 0, 255))
        let indicators = try await image(ScrollView { column() }.contentMargins(.all, 10, for: .scrollIndicators))
        #expect(indicators.bytes == plain.bytes)
    }

    @Test func indicatorsAndSettlingChangeNothingDrawn() async throws {
        let plain = try await image(ScrollView(.horizontal) { HStack(spacing: 0) { column(); column() } })
        let styled = try await image(ScrollView(.horizontal) { HStack(spacing: 0) { column(); column() }.scrollTargetLayout() }
            .scrollIndicators(.hidden).scrollTargetBehavior(.viewAligned))
        let paged = try await image(ScrollView(.horizontal) { HStack(spacing: 0) { column(); column() } }.scrollTargetBehavior(.paging))
        #expect(styled.bytes == plain.bytes && paged.bytes == plain.bytes)
    }

    @Test func containerRelativeFramesMeasureTheScrollViewOrTheCanvas() async throws {
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        // Pages as wide as the 40 pt scroll view: the first fills it.
        let pages = try await image(ScrollView(.horizontal) {
            HStack(spacing: 0) { red.containerRelativeFrame(.horizontal); blue.containerRelativeFrame(.horizontal) }
        })
        #expect(pages[1, 20] == (255, 0, 0, 255) && pages[39, 20] == (255, 0, 0, 255), "\(pages[39, 20])")
        // Two of three columns 4 pt apart: (40 − 8) / 3 × 2 + 4 = 25.33 pt, then 4 pt of spacing.
        let columns = try await image(ScrollView(.horizontal) {
            HStack(spacing: 4) { red.containerRelativeFrame(.horizontal, count: 3, span: 2, spacing: 4); blue.containerRelativeFrame(.horizontal, count: 3, spacing: 4) }
        })
        #expect(columns[24, 20] == (255, 0, 0, 255) && columns[27, 20].a == 0 && columns[30, 20] == (0, 0, 255, 255),
                "\(columns[24, 20]) \(columns[27, 20]) \(columns[30, 20])")
        // Outside a scroll view the container is the canvas: half its height, centred.
        let half = try await image(red.containerRelativeFrame(.vertical) { length, _ in length / 2 })
        #expect(half[20, 9].a == 0 && half[20, 10] == (255, 0, 0, 255) && half[20, 29] == (255, 0, 0, 255) && half[20, 30].a == 0)
    }

    /// Ten 50 pt rows, row i grey at i × 20, in a 40 pt-tall scroll view positioned by a binding.
    struct Positioned: View {
        @State var target: Int? = 4
        let animateTo: Int?
        var body: some View {
            ScrollView {
                VStack(spacing: 0) {
                    ForEach(0..<10) { i in Color(white: Double(i) * 20 / 255).frame(height: 50).id(i) }
                }
            }
            .scrollPosition(id: $target, anchor: .top)
            .task {
                guard let animateTo else { return }
                try? await Task.sleep(for: .seconds(0.5))
                withAnimation(.linear(duration: 1)) { target = animateTo }
            }
        }
    }

    @Test func scrollPositionPutsTheViewWithThatIdAtTheAnchor() async throws {
        let r = try SceneRenderer(Positioned(animateTo: 8), size: CGSize(width: 40, height: 40), scale: 1, fps: 10)
        #expect(try await r.still(at: 0)[20, 1].r == 80, "row 4 at the top")
        // Halfway through the animation from row 4 (200 pt) to row 8 (400 pt): 300 pt, row 6.
        #expect(try await r.still(at: 1.0)[20, 1].r == 120)
        #expect(try await r.still(at: 2.0)[20, 1].r == 160, "row 8 at the top")
        let unset = try SceneRenderer(Positioned(target: nil, animateTo: nil), size: CGSize(width: 40, height: 40), scale: 1, fps: 10)
        #expect(try await unset.still(at: 0)[20, 1].r == 0, "no position: the top of the content")
    }

    /// Five 20 pt red rows in a 40 pt tall scroll view scrolled to `position`, each drawn
    /// through `transition`.
    func rows(_ position: ScrollPosition, _ configuration: ScrollTransitionConfiguration = .interactive) -> some View {
        ScrollView {
            VStack(spacing: 0) {
                ForEach(0..<5) { _ in
                    Color(red: 1, green: 0, blue: 0).frame(height: 20)
                        .scrollTransition(configuration) { content, phase in content.opacity(phase.isIdentity ? 1 : 0) }
                }
            }
        }
        .scrollPosition(.constant(position))
        .frame(width: 40, height: 40)
    }

    @Test func scrollTransitionPhasesFollowTheScrollOffset() async throws {
        // Scrolled 10 pt: row 0 is half out at the top, row 1 all in, row 2 half in at the bottom.
        // Interactive, threshold .visible: progress 0.5 each for rows 0 and 2, through the
        // ease-in-out curve (symmetric: 0.5), so half opacity; row 1 at identity.
        let half = try await image(rows(ScrollPosition(y: 10)))
        #expect(half[20, 5].r == half[20, 5].a && half[20, 5].g == 0 && (127...128).contains(half[20, 5].a), "row 0 (premultiplied): \(half[20, 5])")
        #expect(half[20, 20] == (255, 0, 0, 255), "row 1: \(half[20, 20])")
        #expect(half[20, 35].r == half[20, 35].a && (127...128).contains(half[20, 35].a), "row 2: \(half[20, 35])")
        // At the top, rows 0 and 1 fill the view; at the bottom edge, rows 3 and 4.
        let top = try await image(rows(ScrollPosition()))
        #expect(top[20, 5] == (255, 0, 0, 255) && top[20, 35] == (255, 0, 0, 255))
        let bottom = try await image(rows(ScrollPosition(edge: .bottom)))
        #expect(bottom[20, 5] == (255, 0, 0, 255) && bottom[20, 35] == (255, 0, 0, 255))
        // Animated: the half-shown rows are at their edge phase (nothing animates at the start).
        let animated = try await image(rows(ScrollPosition(y: 10), .animated))
        #expect(animated[20, 5].a == 0 && animated[20, 20] == (255, 0, 0, 255) && animated[20, 35].a == 0)
        // Identity: always drawn as they are.
        let identity = try await image(rows(ScrollPosition(y: 10), .identity))
        #expect(identity[20, 5] == (255, 0, 0, 255) && identity[20, 35] == (255, 0, 0, 255))
    }

    @Test func theScrollViewCoordinateSpaceIsTheVisibleArea() async throws {
        // Row 2 (content 40...60) scrolled by 30 sits at 10 in the scroll view's space.
        let dump = await (try SceneRenderer(ScrollView {
            VStack(spacing: 0) {
                ForEach(0..<5) { i in
                    GeometryReader { p in Text("\(i): \(Int(p.frame(in: .scrollView).minY)) \(Int(p.bounds(of: .scrollView)?.minY ?? -1))") }.frame(height: 20)
                }
            }
        }.scrollPosition(.constant(ScrollPosition(y: 30))).frame(width: 200, height: 40), size: CGSize(width: 200, height: 40))).layoutDump()
        #expect(dump.contains("2: 10 -10"), "\(dump)")
        // Along an axis: a horizontal scroll view inside a vertical one; each axis names its own.
        let nested = await (try SceneRenderer(ScrollView {
            VStack(spacing: 0) {
                Color.clear.frame(height: 20)
                ScrollView(.horizontal) {
                    HStack(spacing: 0) {
                        Color.clear.frame(width: 50)
                        GeometryReader { p in
                            Text("v \(Int(p.frame(in: .scrollView(axis: .vertical)).minY)) h \(Int(p.frame(in: .scrollView(axis: .horizontal)).minX))")
                        }.frame(width: 100, height: 20)
                        Color.clear.frame(width: 200)
                    }
                }.scrollPosition(.constant(ScrollPosition(x: 30)))
                Color.clear.frame(height: 100)
            }
        }.scrollPosition(.constant(ScrollPosition(y: 5))).frame(width: 200, height: 40), size: CGSize(width: 200, height: 40))).layoutDump()
        #expect(nested.contains("v 15 h 20"), "\(nested)")
    }
}
