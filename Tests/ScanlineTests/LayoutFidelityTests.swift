import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

// Issue #16: layout as SwiftUI does it. Every expected frame below is worked out by hand from the
// rule it cites; text sizes come from `Text.layout`, the text engine's public measure, so the
// layout code under test is not used to compute its own expectations.
//
// Sources cited:
//   [Spacer]    Apple, `Spacer`: "expands along the major axis of its containing stack layout, or
//               on both axes if not contained in a stack"; OpenSwiftUI `Spacer.swift` (audited
//               against SwiftUI 6.5.4): in an HStack width = max(proposed, minLength), height 0,
//               minLength nil = 8, priority −∞, spacing 0 along its axis.
//   [Priority]  Apple, `layoutPriority(_:)`: "the parent offers the highest-priority children all of
//               its space minus the minimum space of all lower-priority children".
//   [StackAlg]  OpenSwiftUI `StackLayout` (swiftui-api-2.md §6.3): within a priority, the least
//               flexible child first, each offered remaining ÷ children left.
//   [Combine]   Apple, `VerticalAlignment.combineExplicit(_:)`: the mean of explicit values; the
//               least for firstTextBaseline, the greatest for lastTextBaseline.
//   [RTL]       Apple, `LayoutSubviews.layoutDirection`: "SwiftUI horizontally flips the x position
//               of each view within its parent".
//   [LineLimit] Apple, `lineLimit(_:)` / `lineLimit(_:reservesSpace:)` (swiftui-api-2.md §6.4).
//   [Layout]    Apple, `Layout`, `LayoutSubview.place(at:anchor:proposal:)`: an unplaced subview is
//               centred and proposed the container's proposal; `makeCache` / `updateCache`.
//   [Frame]     OpenSwiftUI `FrameLayout.swift`: the child is proposed the fixed dimensions and
//               aligned by the frame's default guide minus the child's guide.

@MainActor func laidOut<V: View>(_ view: V, _ size: CGSize, _ env: EnvironmentValues = EnvironmentValues()) async throws -> Node {
    try await SceneRenderer(view, size: size, environment: env).advance(to: 0)
}

extension Node {
    /// The node with `.id(id)` in this subtree.
    func find(_ id: String) -> Node? { descendant(withID: AnyHashable(id)) }
    /// Its frame, or a marker rectangle that fails every comparison.
    func frame(of id: String) -> CGRect { find(id)?.frame ?? CGRect(x: -999, y: -999, width: 0, height: 0) }
}

/// The text's own size and baselines, from the text engine.
@MainActor func measure(_ text: Text, width: CGFloat? = nil, lineLimit: Int? = nil, _ env: EnvironmentValues = EnvironmentValues()) throws -> (size: CGSize, first: CGFloat, last: CGFloat, lines: Int) {
    let l = try text.layout(width: width, lineLimit: lineLimit, environment: env)
    return (CGSize(width: l.map(\.typographicBounds.width).max() ?? 0, height: l.bounds.maxY), l.first!.origin.y, l.last!.origin.y, l.count)
}

@MainActor @Suite struct SpacerTests {
    @Test func spacerInAVStackTakesNoWidth() async throws {
        // [Spacer] In a VStack the spacer is 0 wide, so the stack is as wide as its text; it takes
        // the height the text leaves (200 − text), with no spacing beside it.
        let t = try measure(Text("Hi"))
        let root = try await laidOut(VStack { Text("Hi").id("t"); Spacer().id("s") }.id("v"), CGSize(width: 200, height: 200))
        let x = (200 - t.size.width) / 2
        #expect(root.frame(of: "v") == CGRect(x: x, y: 0, width: t.size.width, height: 200))
        #expect(root.frame(of: "t") == CGRect(x: x, y: 0, width: t.size.width, height: t.size.height))
        #expect(root.frame(of: "s") == CGRect(x: 100, y: t.size.height, width: 0, height: 200 - t.size.height))
    }

    @Test func spacerOutsideAStackGrowsBothWays() async throws {
        // [Spacer] Not in a stack (alone, or in a ZStack): both axes.
        #expect(try await laidOut(Spacer().id("s"), CGSize(width: 200, height: 100)).frame(of: "s") == CGRect(x: 0, y: 0, width: 200, height: 100))
        #expect(try await laidOut(ZStack { Spacer().id("s") }, CGSize(width: 200, height: 100)).frame(of: "s") == CGRect(x: 0, y: 0, width: 200, height: 100))
        // A stack inside the ZStack gives its own spacers its axis again.
        let nested = try await laidOut(ZStack { HStack { Spacer().id("s") } }, CGSize(width: 200, height: 100))
        #expect(nested.frame(of: "s") == CGRect(x: 0, y: 50, width: 200, height: 0))
    }

    @Test func spacerKeepsItsStacksAxisThroughModifiers() async throws {
        // A frame around the spacer does not take it out of the HStack: still 0 tall inside.
        let root = try await laidOut(HStack { Spacer().id("s").frame(height: 30).id("f") }, CGSize(width: 200, height: 100))
        #expect(root.frame(of: "f") == CGRect(x: 0, y: 35, width: 200, height: 30))
        #expect(root.frame(of: "s") == CGRect(x: 0, y: 50, width: 200, height: 0))
    }

    @Test func minimumLengthAndNoSpacingBesideASpacer() async throws {
        // [Spacer] Ideal size: minLength (8 by default), and no 8-point gaps beside it: 50 + 8 + 50.
        let row = HStack { block(50, 10); Spacer(); block(50, 10) }.fixedSize().id("row")
        #expect(try await laidOut(row, CGSize(width: 300, height: 50)).frame(of: "row").width == 108)
        let longer = HStack { block(50, 10); Spacer(minLength: 20); block(50, 10) }.fixedSize().id("row")
        #expect(try await laidOut(longer, CGSize(width: 300, height: 50)).frame(of: "row").width == 120)
        // An explicit spacing is put between every pair, the spacer's too: 50 + 4 + 8 + 4 + 50.
        let spaced = HStack(spacing: 4) { block(50, 10); Spacer(); block(50, 10) }.fixedSize().id("row")
        #expect(try await laidOut(spaced, CGSize(width: 300, height: 50)).frame(of: "row").width == 116)
        // Two views with no preference get the default 8.
        let plain = HStack { block(50, 10); block(50, 10) }.fixedSize().id("row")
        #expect(try await laidOut(plain, CGSize(width: 300, height: 50)).frame(of: "row").width == 108)
    }

    @Test func aSpacerGetsSpaceLast() async throws {
        // [Spacer] priority −∞: a text that needs 250 of 260 gets it all; the spacer keeps its 8
        // minimum and grows into nothing more. (Without the lowest priority it would be offered a
        // share first and squeeze the text.)
        let text = Text("A line of text that wants about this much")
        let t = try measure(text)
        let w = t.size.width + 8 + 10
        let root = try await laidOut(HStack(spacing: 0) { text.id("t"); Spacer().id("s") }, CGSize(width: w, height: 100))
        #expect(root.frame(of: "t").width == t.size.width)
        #expect(root.frame(of: "s").width == 18)
    }
}

@MainActor @Suite struct StackGuideTests {
    @Test func guidesThatPushAChildOutMakeTheStackBigger() async throws {
        // Tops aligned, but the second child's top guide is 20 above its top: the line is at 0 in the
        // first child and 20 into nothing above the second, so the second sits 20 lower and the
        // stack is 20 + 30 = 50 tall (not 30, with the second child hanging out).
        let v = HStack(alignment: .top, spacing: 0) {
            block(40, 30).id("a")
            block(40, 30).alignmentGuide(.top) { _ in -20 }.id("b")
        }.id("h")
        let root = try await laidOut(v, CGSize(width: 200, height: 200))
        #expect(root.frame(of: "h") == CGRect(x: 60, y: 75, width: 80, height: 50))
        #expect(root.frame(of: "a") == CGRect(x: 60, y: 75, width: 40, height: 30))
        #expect(root.frame(of: "b") == CGRect(x: 100, y: 95, width: 40, height: 30))
    }

    @Test func aZStackCoversItsAlignedChildren() async throws {
        // Leading guides at 0 and 30: the line is 30 into the stack, the first child starts at 30 and
        // the second at 0; the stack is 30 + 100 = 130 wide.
        let z = ZStack(alignment: .topLeading) {
            block(100, 50).id("a")
            block(20, 20).alignmentGuide(.leading) { _ in 30 }.id("b")
        }.id("z")
        let root = try await laidOut(z, CGSize(width: 130, height: 50))
        #expect(root.frame(of: "z") == CGRect(x: 0, y: 0, width: 130, height: 50))
        #expect(root.frame(of: "a") == CGRect(x: 30, y: 0, width: 100, height: 50))
        #expect(root.frame(of: "b") == CGRect(x: 0, y: 0, width: 20, height: 20))
    }

    @Test func baselineAlignmentSizesTheStack() async throws {
        // Text baselines on one line: the stack reaches from the highest top above the line to the
        // lowest bottom below it.
        let big = Text("Big").font(.largeTitle), small = Text("small").font(.caption)
        let b = try measure(big), s = try measure(small)
        let line = max(b.first, s.first)
        let height = max(line - b.first + b.size.height, line - s.first + s.size.height)
        let root = try await laidOut(HStack(alignment: .firstTextBaseline) { big.id("b"); small.id("s") }.id("h"), CGSize(width: 300, height: 200))
        #expect(root.frame(of: "h").height == height)
        #expect(root.frame(of: "s").minY - root.frame(of: "h").minY == line - s.first)
    }

    @Test func customAlignmentIDsComputeTheirDefault() async throws {
        // A custom guide a third of the way down: blocks of 30 and 90 meet at 10 and 30, so the
        // taller one starts 20 above the shorter one's top.
        let v = HStack(alignment: VerticalAlignment(OneThird.self), spacing: 0) { block(40, 30).id("a"); block(40, 90).id("b") }
        let root = try await laidOut(v, CGSize(width: 80, height: 90))
        #expect(root.frame(of: "a").minY == 20 && root.frame(of: "b").minY == 0)
    }

    @Test func combiningExplicitGuides() {
        // [Combine] mean, least for the first baseline, greatest for the last.
        #expect(HorizontalAlignment.center.combineExplicit([10, nil, 30]) == 20)
        #expect(VerticalAlignment.firstTextBaseline.combineExplicit([10, 5, nil]) == 5)
        #expect(VerticalAlignment.lastTextBaseline.combineExplicit([10, 5, nil]) == 10)
        #expect(VerticalAlignment.top.combineExplicit([nil, nil]) == nil)
    }

    @Test func aStackPassesItsFirstChildsBaselineUp() async throws {
        // A VStack's first text baseline is the least of its children's (the first text), placed:
        // an outer HStack aligns it with a lone text's baseline.
        let a = Text("Top"), c = Text("Other").font(.title)
        let ma = try measure(a), mc = try measure(c)
        let v = HStack(alignment: .firstTextBaseline) {
            VStack { a.id("a"); Text("below") }.id("v")
            c.id("c")
        }
        let root = try await laidOut(v, CGSize(width: 300, height: 200))
        #expect(root.frame(of: "a").minY + ma.first == root.frame(of: "c").minY + mc.first)
    }
}

struct OneThird: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height / 3 }
}

@MainActor @Suite struct PriorityTests {
    @Test func higherPriorityGetsAllButTheOthersMinimum() async throws {
        // [Priority] A (priority 1, min 50) is offered 300 − B's minimum 80 = 220 and takes it;
        // then B gets its 80 back.
        let v = HStack(spacing: 0) {
            Color.red.frame(minWidth: 50, maxWidth: .infinity).layoutPriority(1).id("a")
            Color.blue.frame(minWidth: 80, maxWidth: .infinity).id("b")
        }
        let root = try await laidOut(v, CGSize(width: 300, height: 40))
        #expect(root.frame(of: "a") == CGRect(x: 0, y: 0, width: 220, height: 40))
        #expect(root.frame(of: "b") == CGRect(x: 220, y: 0, width: 80, height: 40))
        // [StackAlg] Same priority, both infinitely flexible: the larger minimum first, each offered
        // half of what is left: 150 and 150.
        let even = try await laidOut(HStack(spacing: 0) {
            Color.red.frame(minWidth: 50, maxWidth: .infinity).id("a")
            Color.blue.frame(minWidth: 80, maxWidth: .infinity).id("b")
        }, CGSize(width: 300, height: 40))
        #expect(even.frame(of: "a").width == 150 && even.frame(of: "b").width == 150)
    }

    @Test func aPriorityTextDoesNotWrapWhileItsSiblingHasRoom() async throws {
        // The case: a priority-1 text next to another text in 320 points. The other text's
        // minimum (proposed 0) is 0, so the priority text is offered 320 − 8 (spacing) and stays
        // on its one line; the other one wraps into what is left.
        let first = Text("Priority text on one line"), second = Text("The other text here")
        let one = try measure(first)
        let root = try await laidOut(HStack { first.layoutPriority(1).id("a"); second.id("b") }, CGSize(width: 320, height: 200))
        #expect(root.frame(of: "a").size == one.size)
        let left = 320 - 8 - one.size.width
        let wrapped = try measure(second, width: left)
        #expect(root.frame(of: "b").size == wrapped.size)
        #expect(wrapped.lines > 1)
    }

    @Test func leastFlexibleFirst() async throws {
        // [StackAlg] A fixed 100-point block is offered its share first, then the colour gets the
        // rest: 300 − 100 = 200 (the old order, by share, gave the colour 150).
        let root = try await laidOut(HStack(spacing: 0) { Color.red.id("c"); block(100, 20).id("b") }, CGSize(width: 300, height: 20))
        #expect(root.frame(of: "c").width == 200 && root.frame(of: "b").minX == 200)
    }
}

@MainActor @Suite struct RightToLeftLayoutTests {
    var rtl: EnvironmentValues { var e = EnvironmentValues(); e.layoutDirection = .rightToLeft; return e }

    @Test func hStackMirrors() async throws {
        // [RTL] The stack (80 wide at x 10) keeps its place; red, first, goes to the right: x = 10 + 80 − 40.
        let v = HStack(spacing: 0) { Color.red.frame(width: 40, height: 40).id("r"); Color.blue.frame(width: 40, height: 40).id("b") }
        let root = try await laidOut(v, CGSize(width: 100, height: 40), rtl)
        #expect(root.frame(of: "r").minX == 50 && root.frame(of: "b").minX == 10)
        // In pixels: the right half red, the left half blue.
        let image = try await SceneRenderer(v, size: CGSize(width: 100, height: 40), environment: rtl).still(at: 0)
        #expect(image[70, 20].r > 200 && image[70, 20].b < 100)
        #expect(image[30, 20].b > 200 && image[30, 20].r < 100)
    }

    @Test func leadingAlignmentIsTheRightEdge() async throws {
        // A VStack 80 wide at x 60: the 40-point child on its leading (right) edge is at 100.
        let v = VStack(alignment: .leading, spacing: 0) { block(40, 10).id("a"); block(80, 10).id("b") }
        let root = try await laidOut(v, CGSize(width: 200, height: 100), rtl)
        #expect(root.frame(of: "a").minX == 100 && root.frame(of: "b").minX == 60)
        // A frame's .leading alignment too.
        let f = try await laidOut(block(40, 10).id("a").frame(width: 100, alignment: .leading), CGSize(width: 100, height: 10), rtl)
        #expect(f.frame(of: "a").minX == 60)
    }

    @Test func leadingPaddingIsOnTheRight() async throws {
        // The padded view is 60 wide at x 20; its child sits after 20 points of leading padding,
        // which right to left is the right side: x = 20.
        let root = try await laidOut(block(40, 10).id("a").padding(.leading, 20).id("p"), CGSize(width: 100, height: 10), rtl)
        #expect(root.frame(of: "p") == CGRect(x: 20, y: 0, width: 60, height: 10))
        #expect(root.frame(of: "a").minX == 20)
    }

    @Test func offsetAndOverlayMirror() async throws {
        let v = block(100, 40).overlay(alignment: .topLeading) { Color.green.frame(width: 10, height: 10).id("o") }.offset(x: 10)
        let ltr = try await SceneRenderer(v, size: CGSize(width: 120, height: 40)).drawLog(at: 0).filter { $0.kind == .fill }
        let mirrored = try await SceneRenderer(v, size: CGSize(width: 120, height: 40), environment: rtl).drawLog(at: 0).filter { $0.kind == .fill }
        // Left to right: the block at 10 + 10, the overlay at its top-left. Right to left: the
        // offset goes left (0), and the overlay is at the block's top-right (0 + 100 − 10).
        #expect(ltr.map(\.canvasBounds.minX) == [20, 20])
        #expect(mirrored.map(\.canvasBounds.minX) == [0, 90])
    }

    @Test func aLeftToRightSubtreeInsideRightToLeft() async throws {
        // Only containers that lay out right to left mirror: the inner LTR stack keeps its order.
        let inner = HStack(spacing: 0) { block(20, 10).id("a"); block(20, 10).id("b") }.environment(\.layoutDirection, .leftToRight)
        let root = try await laidOut(HStack(spacing: 0) { inner; block(20, 10).id("c") }, CGSize(width: 60, height: 10), rtl)
        #expect(root.frame(of: "c").minX == 0)
        #expect(root.frame(of: "a").minX == 20 && root.frame(of: "b").minX == 40)
    }
}

@MainActor @Suite struct GuidesThroughWrappersTests {
    @Test func baselineThroughPadding() async throws {
        // The padded text's first baseline is 10 + its own: aligned with the big text's baseline.
        let big = Text("Big").font(.largeTitle), small = Text("small")
        let mb = try measure(big), ms = try measure(small)
        let root = try await laidOut(HStack(alignment: .firstTextBaseline) { big.id("b"); small.id("s").padding(10) }, CGSize(width: 300, height: 200))
        #expect(root.frame(of: "b").minY + mb.first == root.frame(of: "s").minY + ms.first)
    }

    @Test func baselineThroughFrames() async throws {
        // Through a fixed frame (the text is aligned inside it) and a flexible one.
        let big = Text("Big").font(.largeTitle), small = Text("small")
        let mb = try measure(big), ms = try measure(small)
        let v = HStack(alignment: .lastTextBaseline) {
            big.id("b")
            small.id("s").frame(width: 120, height: 80, alignment: .top)
            small.id("t").frame(maxWidth: 100, alignment: .trailing)
        }
        let root = try await laidOut(v, CGSize(width: 400, height: 200))
        let line = root.frame(of: "b").minY + mb.last
        #expect(root.frame(of: "s").minY + ms.last == line)
        #expect(root.frame(of: "t").minY + ms.last == line)
    }

    @Test func lastBaselineOfWrappedText() async throws {
        // A text wrapped to 80 points: its last baseline is its last line's, so the block on the
        // last baseline has its bottom there (a block's own baseline is its bottom).
        let text = Text("Several words that wrap onto lines")
        let wrapped = try measure(text, width: 80)
        #expect(wrapped.lines > 1)
        let v = HStack(alignment: .lastTextBaseline) { text.frame(width: 80).id("t"); block(20, 10).id("b") }
        let root = try await laidOut(v, CGSize(width: 300, height: 300))
        let t = try #require(root.find("t")).children[0].frame
        #expect(root.frame(of: "b").maxY == t.minY + wrapped.last)
        #expect(wrapped.last > wrapped.first)
    }
}

@MainActor @Suite struct LineLimitTests {
    @Test func theLimitCountsEveryLineAcrossParagraphs() throws {
        // [LineLimit] Three paragraphs, limit 2: two lines, cut, with or without a width.
        let text = Text("one\ntwo\nthree")
        let free = try text.layout(lineLimit: 2)
        #expect(free.count == 2 && free.isTruncated)
        let wide = try text.layout(width: 300, lineLimit: 2)
        #expect(wide.count == 2 && wide.isTruncated)
        // A wrapped first paragraph counts all its lines.
        let long = try Text("a first paragraph long enough to wrap\nsecond").layout(width: 80, lineLimit: 2)
        #expect(long.count == 2 && long.isTruncated)
        // Exactly at the limit: nothing is cut, and isTruncated says so.
        let exact = try text.layout(lineLimit: 3)
        #expect(exact.count == 3 && !exact.isTruncated)
        #expect(try text.layout().count == 3 && !(try text.layout().isTruncated))
    }

    @Test func theLastLineShownEndsInAnEllipsis() throws {
        // The second line keeps "two" and gains "…" (the text was cut after it).
        let cut = try Text("one\ntwo\nthree").layout(lineLimit: 2)
        let plain = try Text("one\ntwo\nthree").layout()
        #expect(cut[1].typographicBounds.width > plain[1].typographicBounds.width)
        #expect(cut[0].typographicBounds == plain[0].typographicBounds)
    }

    @Test func viewsHonourTheLimitAndTheReservedLines() async throws {
        let text = Text("one\ntwo\nthree")
        let one = try measure(Text("one"))
        let lineHeight = one.size.height
        // Lines of body text are 22 apart (its leading): 2 lines are 2 × 20.29 + 1.71.
        let gap = 22 - 17 * Font.systemLineHeightRatio
        // lineLimit(2): two lines tall.
        let limited = try await laidOut(text.lineLimit(2).id("t"), CGSize(width: 300, height: 300))
        #expect(abs(limited.frame(of: "t").height - (2 * lineHeight + gap)) < 0.01)
        // reservesSpace: one line of text takes three lines' height.
        let reserved = try await laidOut(Text("one").lineLimit(3, reservesSpace: true).id("t"), CGSize(width: 300, height: 300))
        #expect(abs(reserved.frame(of: "t").height - (3 * lineHeight + 2 * gap)) < 0.01)
        // 2...4: at least two lines' height, at most four lines.
        let short = try await laidOut(Text("one").lineLimit(2...4).id("t"), CGSize(width: 300, height: 300))
        #expect(abs(short.frame(of: "t").height - (2 * lineHeight + gap)) < 0.01)
        let tall = try await laidOut(Text("1\n2\n3\n4\n5\n6").lineLimit(2...4).id("t"), CGSize(width: 300, height: 300))
        #expect(abs(tall.frame(of: "t").height - (4 * lineHeight + 3 * gap)) < 0.01)
        // Below 1 acts as 1.
        let zero = try await laidOut(text.lineLimit(0).id("t"), CGSize(width: 300, height: 300))
        #expect(abs(zero.frame(of: "t").height - lineHeight) < 0.01)
    }
}

// MARK: - The Layout protocol

/// A column of subviews, each proposed the container's width, top to bottom with their spacing
/// preferences between them: written here against the protocol as a user would.
struct PlainColumn: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let sizes = subviews.map { $0.sizeThatFits(ProposedViewSize(width: proposal.width, height: nil)) }
        let gaps = subviews.indices.dropFirst().map { subviews[$0 - 1].spacing.distance(to: subviews[$0].spacing, along: .vertical) }
        return CGSize(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).reduce(0, +) + gaps.reduce(0, +))
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var y = bounds.minY
        for i in subviews.indices {
            if i > 0 { y += subviews[i - 1].spacing.distance(to: subviews[i].spacing, along: .vertical) }
            let s = subviews[i].sizeThatFits(ProposedViewSize(width: proposal.width, height: nil))
            subviews[i].place(at: CGPoint(x: bounds.midX, y: y), anchor: .top, proposal: ProposedViewSize(width: proposal.width, height: nil))
            y += s.height
        }
    }
}

/// Orders subviews by a layout value, left to right, and places only those with a rank.
struct Ranked: LayoutValueKey { static let defaultValue: Int? = nil }
struct RankedRow: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        CGSize(width: subviews.reduce(0) { $0 + $1.sizeThatFits(.unspecified).width }, height: subviews.map { $0.sizeThatFits(.unspecified).height }.max() ?? 0)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var x = bounds.minX
        for s in subviews.filter({ $0[Ranked.self] != nil }).sorted(by: { $0[Ranked.self]! < $1[Ranked.self]! }) {
            s.place(at: CGPoint(x: x, y: bounds.minY), proposal: .unspecified)
            x += s.sizeThatFits(.unspecified).width
        }
    }
}

/// Counts cache calls in a class the cache holds.
final class CacheCalls: @unchecked Sendable { var made = 0; var updated = 0 }
struct CountingLayout: Layout {
    let calls: CacheCalls
    struct Cache { var generation = 0 }
    func makeCache(subviews: Subviews) -> Cache { calls.made += 1; return Cache() }
    func updateCache(_ cache: inout Cache, subviews: Subviews) { calls.updated += 1; cache.generation += 1 }
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize { proposal.replacingUnspecifiedDimensions() }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {}
}

@MainActor @Suite struct LayoutProtocolTests {
    @Test func aUsersLayoutPlacesWithAnchorsAndSpacing() async throws {
        // Blocks 40×10 and 80×20, 8 apart (no preferences), centred on the column's midline by
        // their top anchor: the column is 80 × 38, centred in 200×100 at (60, 31).
        let root = try await laidOut(PlainColumn { block(40, 10).id("a"); block(80, 20).id("b") }, CGSize(width: 200, height: 100))
        #expect(root.frame(of: "a") == CGRect(x: 80, y: 31, width: 40, height: 10))
        #expect(root.frame(of: "b") == CGRect(x: 60, y: 49, width: 80, height: 20))
        // Spacing: a Spacer next to a block asks for none (with the default it would be 8).
        let s = try await laidOut(PlainColumn { block(40, 10).id("a"); Spacer().frame(height: 5); block(40, 10).id("b") }, CGSize(width: 200, height: 100))
        #expect(s.frame(of: "b").minY - s.frame(of: "a").maxY == 5)
    }

    @Test func layoutValuesAndUnplacedSubviews() async throws {
        // Ranked 2 then 1: "two" goes right of "one". The unranked view is not placed, so it is
        // centred in the container with the container's proposal ([Layout]).
        let v = RankedRow {
            block(30, 10).layoutValue(key: Ranked.self, value: 2).id("two")
            block(20, 10).layoutValue(key: Ranked.self, value: 1).id("one")
            block(10, 10).id("free")
        }.id("row")
        let root = try await laidOut(v, CGSize(width: 200, height: 100))
        let row = root.frame(of: "row")
        #expect(row == CGRect(x: 70, y: 45, width: 60, height: 10))
        #expect(root.frame(of: "one").minX == 70 && root.frame(of: "two").minX == 90)
        #expect(root.frame(of: "free") == CGRect(x: 95, y: 45, width: 10, height: 10))
    }

    @Test func subviewPriorityAndDimensions() async throws {
        struct Probe: Layout {
            let seen: Seen
            final class Seen: @unchecked Sendable { var priorities: [Double] = []; var baseline: CGFloat? }
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
                seen.priorities = subviews.map(\.priority)
                seen.baseline = subviews[0].dimensions(in: .unspecified)[explicit: .firstTextBaseline]
                return CGSize(width: 10, height: 10)
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
        }
        let seen = Probe.Seen()
        _ = try await laidOut(Probe(seen: seen) { Text("Hi"); block(5, 5).layoutPriority(3) }, CGSize(width: 100, height: 100))
        #expect(seen.priorities == [0, 3])
        #expect(seen.baseline == (try measure(Text("Hi"))).first)
    }

    @Test func cacheIsMadeOnceAndUpdatedAfter() async throws {
        let calls = CacheCalls()
        let r = try SceneRenderer(CountingLayout(calls: calls) { block(5, 5) }, size: CGSize(width: 50, height: 50), fps: 10)
        _ = try await r.still(at: 0.3)   // frames 0, 1, 2, 3
        #expect(calls.made == 1)
        #expect(calls.updated >= 3)
    }

    @Test func anyLayoutSwitchesArrangementAndKeepsState() async throws {
        // The same two views, row then column: their frames change, and a child's @State survives.
        struct Switcher: View {
            @State var vertical = false
            var body: some View {
                let layout = vertical ? AnyLayout(VStackLayout(spacing: 0)) : AnyLayout(HStackLayout(spacing: 0))
                layout { Counter().id("a"); block(20, 20).id("b") }
                    .task { try? await Task.sleep(for: .seconds(0.5)); vertical = true }
            }
        }
        struct Counter: View {
            @State var ticks = 0
            var body: some View {
                block(20, 20).task { while !Task.isCancelled { ticks += 1; try? await Task.sleep(for: .seconds(0.1)) } }
                    .preference(key: TickKey.self, value: ticks)
            }
        }
        let r = try SceneRenderer(Switcher(), size: CGSize(width: 100, height: 100), fps: 10)
        let before = await r.advance(to: 0.4)
        #expect(before.frame(of: "b") == CGRect(x: 50, y: 40, width: 20, height: 20))
        let after = await r.advance(to: 0.9)
        #expect(after.frame(of: "b") == CGRect(x: 40, y: 50, width: 20, height: 20))
        // The counter kept counting through the switch (a new view would restart at 1).
        #expect(after.preference(TickKey.self) ?? 0 >= 9)
    }

    @Test func gridColumnsRowsAndSpans() async throws {
        // Columns as wide as their widest cell (60 and 30), rows as tall as their tallest (20, 40),
        // 8 apart; cells centred in their cells. The spanning row is centred across both columns.
        let g = Grid {
            GridRow { block(60, 20).id("a"); block(10, 10).id("b") }
            GridRow { block(20, 40).id("c"); block(30, 15).id("d") }
            block(50, 5).id("wide")
        }.id("g")
        let root = try await laidOut(g, CGSize(width: 98, height: 81))
        #expect(root.frame(of: "g") == CGRect(x: 0, y: 0, width: 98, height: 81))
        #expect(root.frame(of: "a") == CGRect(x: 0, y: 0, width: 60, height: 20))
        #expect(root.frame(of: "b") == CGRect(x: 68 + 10, y: 5, width: 10, height: 10))
        #expect(root.frame(of: "c") == CGRect(x: 20, y: 28, width: 20, height: 40))
        #expect(root.frame(of: "d") == CGRect(x: 68, y: 28 + 12.5, width: 30, height: 15))
        #expect(root.frame(of: "wide") == CGRect(x: 24, y: 76, width: 50, height: 5))
    }

    @Test func gridAlignmentSpansAndUnsizedDividers() async throws {
        // Leading alignment, a column aligned trailing, a two-column cell, and a divider that must
        // not widen the grid: columns 40 and 50 (the 2-column cell needs 40 + 8 + 50 = 98 ≥ 70).
        let g = Grid(alignment: .topLeading, horizontalSpacing: 8, verticalSpacing: 0) {
            GridRow { block(40, 10).id("a"); block(20, 10).gridColumnAlignment(.trailing).id("b") }
            GridRow { block(10, 10).id("c"); block(50, 10).id("d") }
            Divider().gridCellUnsizedAxes(.horizontal).id("line")
            GridRow { block(70, 10).gridCellColumns(2).id("span") }
        }.id("g")
        let root = try await laidOut(g, CGSize(width: 300, height: 100))
        let o = root.frame(of: "g").origin
        #expect(root.frame(of: "g").size == CGSize(width: 98, height: 31))
        #expect(root.frame(of: "a").origin == CGPoint(x: o.x, y: o.y))
        #expect(root.frame(of: "b").origin == CGPoint(x: o.x + 48 + 30, y: o.y))   // trailing in a 50 column
        #expect(root.frame(of: "c").origin == CGPoint(x: o.x, y: o.y + 10))
        #expect(root.frame(of: "line") == CGRect(x: o.x, y: o.y + 20, width: 98, height: 1))
        #expect(root.frame(of: "span").origin == CGPoint(x: o.x, y: o.y + 21))
    }

    @Test func viewThatFitsPicksTheFirstThatFits() async throws {
        let v = ViewThatFits { block(300, 10).id("wide"); block(150, 10).id("medium"); block(80, 10).id("narrow") }
        let root = try await laidOut(v, CGSize(width: 200, height: 50))
        #expect(root.find("medium") != nil && root.find("wide") == nil)
        // None fits: the last one (the choice documented on ViewThatFits).
        let none = try await laidOut(ViewThatFits { block(300, 10).id("a"); block(250, 10).id("b") }, CGSize(width: 100, height: 50))
        #expect(none.find("b") != nil && none.find("a") == nil)
        // Only the vertical axis constrained: the wide one fits.
        let vertical = try await laidOut(ViewThatFits(in: .vertical) { block(300, 10).id("a"); block(50, 10).id("b") }, CGSize(width: 100, height: 50))
        #expect(vertical.find("a") != nil)
    }
}

struct TickKey: PreferenceKey {
    static let defaultValue = 0
    static func reduce(value: inout Int, nextValue: () -> Int) { value = max(value, nextValue()) }
}

// MARK: - Frames animate (issue #16 point 11's animated AnyLayout switch; #17 point 0's frames)

/// Turns `on` at 0.5 s inside `withAnimation(.linear(duration: 1))`, so at 1 s every frame it
/// moves is half-way.
struct Toggling<Content: View>: View {
    let content: (Bool) -> Content
    @State var on = false
    var body: some View {
        content(on).task {
            try? await Task.sleep(for: .seconds(0.5))
            withAnimation(.linear(duration: 1)) { on = true }
        }
    }
}

@MainActor @Suite struct FrameAnimationTests {
    func frames<V: View>(_ v: V, at t: Double) async throws -> Node {
        try await SceneRenderer(v, size: CGSize(width: 100, height: 100), fps: 10).advance(to: t)
    }

    @Test func aGrowingFrameAndTheSiblingItPushes() async throws {
        // Before: 10 + 10 tall, the stack at y 40. After: 60 + 10, at y 15. Half-way: the first view
        // at y 27.5 and 35 tall, the second at 62.5.
        let v = Toggling { on in
            VStack(spacing: 0) { Color.red.frame(width: 20, height: on ? 60 : 10).id("a"); Color.blue.frame(width: 20, height: 10).id("b") }
        }
        #expect(try await frames(v, at: 0.4).frame(of: "a") == CGRect(x: 40, y: 40, width: 20, height: 10))
        let mid = try await frames(v, at: 1.0)
        #expect(mid.frame(of: "a") == CGRect(x: 40, y: 27.5, width: 20, height: 35))
        #expect(mid.frame(of: "b") == CGRect(x: 40, y: 62.5, width: 20, height: 10))
        let end = try await frames(v, at: 1.6)
        #expect(end.frame(of: "a") == CGRect(x: 40, y: 15, width: 20, height: 60) && end.frame(of: "b").minY == 75)
    }

    @Test func paddingAnimates() async throws {
        // The block is at y 45 with no padding and at 70 with 50 on top; half-way 57.5.
        let v = Toggling { on in block(20, 10).id("a").padding(.top, on ? 50 : 0) }
        #expect(try await frames(v, at: 1.0).frame(of: "a").minY == 57.5)
    }

    @Test func anyLayoutSwitchAnimates() async throws {
        // Row: b at (50, 40); column: b at (40, 50); half-way (45, 45).
        let v = Toggling { on in
            (on ? AnyLayout(VStackLayout(spacing: 0)) : AnyLayout(HStackLayout(spacing: 0))) { block(20, 20).id("a"); block(20, 20).id("b") }
        }
        #expect(try await frames(v, at: 0.4).frame(of: "b").origin == CGPoint(x: 50, y: 40))
        #expect(try await frames(v, at: 1.0).frame(of: "b").origin == CGPoint(x: 45, y: 45))
        #expect(try await frames(v, at: 1.5).frame(of: "b").origin == CGPoint(x: 40, y: 50))
    }

    @Test func withoutAnAnimationFramesJump() async throws {
        struct Jump: View {
            @State var on = false
            var body: some View {
                block(20, on ? 60 : 10).id("a").task { try? await Task.sleep(for: .seconds(0.5)); on = true }
            }
        }
        #expect(try await frames(Jump(), at: 0.6).frame(of: "a").height == 60)
    }
}

@MainActor @Suite struct StateIsolationTests {
    @Test func oneViewValueRenderedTwiceStartsFromItsInitialStateEachTime() async throws {
        // Copies of a view value share the @State box they were made with; each render adopts a
        // fresh box from the initial value, so the second render is not the first one's leftovers.
        let v = Toggling { on in block(20, on ? 60 : 10).id("a") }
        let first = try await SceneRenderer(v, size: CGSize(width: 100, height: 100), fps: 10).advance(to: 2)
        #expect(first.frame(of: "a").height == 60)
        let second = try await SceneRenderer(v, size: CGSize(width: 100, height: 100), fps: 10).advance(to: 0.2)
        #expect(second.frame(of: "a").height == 10)
    }
}

// [TextSpacing] OpenSwiftUI `Spacing.TextMetrics.spacing` (audited for iOS 18): between a text
// and a text below it, the upper text's leading, rounded up to a pixel. A text style's leading is
// Apple's HIG leading less SF's line (Font.lineGap): body 17 pt on 22 → 22 − 17 × 20.288/17 =
// 1.712; footnote 13 pt on 18 → 18 − 13 × 20.288/17 = 2.485.
@MainActor @Suite struct TextSpacingTests {
    let bodyGap: CGFloat = 22 - 20.288, footnoteGap: CGFloat = 18 - 13 * 20.288 / 17

    func stacked<V: View>(_ view: V, scale: CGFloat) async throws -> Node {
        try await SceneRenderer(view, size: CGSize(width: 300, height: 300), scale: scale).advance(to: 0)
    }
    /// `gap` rounded up to a pixel at `scale`.
    func pixelUp(_ gap: CGFloat, _ scale: CGFloat) -> CGFloat { (gap * scale).rounded(.up) / scale }

    @Test func aTextUnderATextIsTheUpperOnesLeadingBelowIt() async throws {
        for scale: CGFloat in [1, 2, 3] {
            let body = try await stacked(VStack { Text("One").id("a"); Text("Two").id("b") }, scale: scale)
            let gap = body.frame(of: "b").minY - body.frame(of: "a").maxY
            #expect(abs(gap - pixelUp(bodyGap, scale)) < 1e-6, "body over body at \(scale)x: \(gap)")
            // The upper text decides: a footnote over body text, body over a footnote.
            let foot = try await stacked(VStack { Text("One").font(.footnote).id("a"); Text("Two").id("b") }, scale: scale)
            let footGap = foot.frame(of: "b").minY - foot.frame(of: "a").maxY
            #expect(abs(footGap - pixelUp(footnoteGap, scale)) < 1e-6, "footnote over body at \(scale)x: \(footGap)")
            let under = try await stacked(VStack { Text("One").id("a"); Text("Two").font(.footnote).id("b") }, scale: scale)
            let underGap = under.frame(of: "b").minY - under.frame(of: "a").maxY
            #expect(abs(underGap - pixelUp(bodyGap, scale)) < 1e-6, "body over footnote at \(scale)x: \(underGap)")
        }
        // 1.712 is 2 at 1x, 2x and 3x; 2.485 is 3 at 1x and 2.667 at 3x.
        #expect(pixelUp(footnoteGap, 1) == 3 && abs(pixelUp(footnoteGap, 3) - 8.0 / 3) < 1e-9)
    }

    @Test func otherNeighboursKeepTheDefault() async throws {
        // Side by side: 8.
        let row = try await stacked(HStack { Text("One").id("a"); Text("Two").id("b") }, scale: 3)
        #expect(row.frame(of: "b").minX - row.frame(of: "a").maxX == 8)
        // Padding moves the text's edge: 8 beyond the padding.
        let padded = try await stacked(VStack { Text("One").padding(4).id("a"); Text("Two").id("b") }, scale: 3)
        #expect(padded.frame(of: "b").minY - padded.frame(of: "a").maxY == 8)
        // A shape under a text, a text under a shape: 8.
        let shape = try await stacked(VStack { Text("One").id("a"); block(20, 10).id("b"); Text("Two").id("c") }, scale: 3)
        #expect(shape.frame(of: "b").minY - shape.frame(of: "a").maxY == 8 && shape.frame(of: "c").minY - shape.frame(of: "b").maxY == 8)
        // A stack's top edge is its first child's: a text over a stack that starts with a text
        // gets the text gap, over one that starts with a shape the default.
        let nested = try await stacked(VStack { Text("One").id("a"); VStack { Text("Two"); block(20, 10) }.id("b") }, scale: 3)
        #expect(abs(nested.frame(of: "b").minY - nested.frame(of: "a").maxY - 2) < 1e-6)
        let shapeFirst = try await stacked(VStack { Text("One").id("a"); VStack { block(20, 10); Text("Two") }.id("b") }, scale: 3)
        #expect(shapeFirst.frame(of: "b").minY - shapeFirst.frame(of: "a").maxY == 8)
        // A font of a given size has no text style's leading: the lines touch.
        let sized = try await stacked(VStack { Text("One").font(.system(size: 20)).id("a"); Text("Two").id("b") }, scale: 3)
        #expect(sized.frame(of: "b").minY == sized.frame(of: "a").maxY)
    }
}
