import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

// Issue #17, point 7: matchedGeometryEffect with @Namespace (swiftui-api-2.md §9). The canvas is
// 200 × 100; the views sit at the top-left of a 200 × 100 frame, so frames read as laid out.
// The red block is `Shot.block`, the blue one `Shot.sibling` (TransitionTests.swift).

/// A small red box that becomes a large blue one at 0.5 s, in `withAnimation(.linear(duration: 1))`.
struct Hero: View {
    @Namespace var ns
    @State var big = false
    var body: some View {
        VStack {
            if big {
                Color.blue.matchedGeometryEffect(id: "box", in: ns)
                    .frame(width: 100, height: 60).padding(.leading, 50).padding(.top, 20)
            } else {
                Color.red.matchedGeometryEffect(id: "box", in: ns).frame(width: 20, height: 10)
            }
        }
        .frame(width: 200, height: 100, alignment: .topLeading)
        .task {
            try? await Task.sleep(for: .seconds(0.5))
            withAnimation(.linear(duration: 1)) { big = true }
        }
    }
}

/// A red 40 × 30 source at (60, 20) and a blue 10 × 10 follower at the top-left.
struct Follower: View {
    @Namespace var ns
    @Namespace var other
    let properties: MatchedGeometryProperties
    let sameNamespace: Bool
    var body: some View {
        ZStack(alignment: .topLeading) {
            Color.red.frame(width: 40, height: 30).matchedGeometryEffect(id: 7, in: ns)
                .padding(.leading, 60).padding(.top, 20)
            Color.blue.matchedGeometryEffect(id: 7, in: sameNamespace ? ns : other, properties: properties, isSource: false)
                .frame(width: 10, height: 10)
        }
        .frame(width: 200, height: 100, alignment: .topLeading)
    }
}

/// Two views that both stay, and swap which is the source at 0.5 s (linear, 1 s).
struct SourceSwap: View {
    @Namespace var ns
    @State var right = false
    var body: some View {
        HStack(alignment: .top, spacing: 0) {
            Color.red.matchedGeometryEffect(id: 1, in: ns, isSource: !right).frame(width: 20, height: 10)
            Spacer()
            Color.blue.matchedGeometryEffect(id: 1, in: ns, isSource: right).frame(width: 40, height: 30)
        }
        .frame(width: 200, height: 100, alignment: .topLeading)
        .task {
            try? await Task.sleep(for: .seconds(0.5))
            withAnimation(.linear(duration: 1)) { right = true }
        }
    }
}

@MainActor @Suite struct MatchedGeometryTests {
    @Test func aFixedFrameInsideKeepsItsSize() async throws {
        // `.frame(width: 40, height: 30)` inside the effect answers 40 × 30 to any proposal, so
        // the follower keeps that size, centred on the source's centre (as SwiftUI: the child's
        // sizeThatFits counts, §9).
        struct Fixed: View {
            @Namespace var ns
            var body: some View {
                ZStack(alignment: .topLeading) {
                    Color.red.matchedGeometryEffect(id: 1, in: ns).frame(width: 20, height: 10)
                    Color.blue.frame(width: 40, height: 30).matchedGeometryEffect(id: 1, in: ns, isSource: false)
                }
                .frame(width: 200, height: 100, alignment: .topLeading)
            }
        }
        let s = try await shots(Fixed(), at: [0])
        #expect(s[0].sibling?.canvasBounds == CGRect(x: -10, y: -10, width: 40, height: 30))
    }

    @Test func swappingTheSourceMovesBothViewsTogether() async throws {
        let s = try await shots(SourceSwap(), at: [0.4, 1.0, 2.0])
        // Before: both on the red's frame (0, 0, 20, 10). After: both on the blue's (160, 0, 40, 30).
        #expect(s[0].block?.canvasBounds == CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(s[0].sibling?.canvasBounds == CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(s[2].block?.canvasBounds == CGRect(x: 160, y: 0, width: 40, height: 30))
        #expect(s[2].sibling?.canvasBounds == CGRect(x: 160, y: 0, width: 40, height: 30))
        // Halfway: centre (10, 5) → (180, 15) gives (95, 10); size 30 × 20.
        for e in [s[1].block, s[1].sibling] {
            let r = try #require(e).canvasBounds
            #expect(close(r.minX, 80) && close(r.minY, 0) && close(r.width, 30) && close(r.height, 20), "\(r)")
        }
    }

    @Test func aViewThatIsNotTheSourceTakesTheSourcesFrame() async throws {
        let s = try await shots(Follower(properties: .frame, sameNamespace: true), at: [0])
        #expect(s[0].sibling?.canvasBounds == CGRect(x: 60, y: 20, width: 40, height: 30))
        #expect(s[0].block?.canvasBounds == CGRect(x: 60, y: 20, width: 40, height: 30))
    }

    @Test func positionAloneCentresItAndSizeAloneResizesItInPlace() async throws {
        let p = try await shots(Follower(properties: .position, sameNamespace: true), at: [0])
        // Its own centre (anchor) on the source's centre (80, 35), at its own 10 × 10.
        #expect(p[0].sibling?.canvasBounds == CGRect(x: 75, y: 30, width: 10, height: 10))
        let z = try await shots(Follower(properties: .size, sameNamespace: true), at: [0])
        // Proposed 40 × 30, which a colour takes, where it was laid out.
        #expect(z[0].sibling?.canvasBounds == CGRect(x: 0, y: 0, width: 40, height: 30))
    }

    @Test func anotherNamespaceIsAnotherGroup() async throws {
        let s = try await shots(Follower(properties: .frame, sameNamespace: false), at: [0])
        #expect(s[0].sibling?.canvasBounds == CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func theSharedFrameAnimatesFromTheOldSourceToTheNew() async throws {
        let s = try await shots(Hero(), at: [0.4, 1.0, 1.25, 2.0])
        #expect(s[0].block?.canvasBounds == CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(s[0].sibling == nil)
        // Halfway: the centre goes from (10, 5) to (100, 50) and the size from 20 × 10 to 100 × 60,
        // so both views fill the 60 × 35 rect centred on (55, 27.5); each fades by its default
        // transition (the old one out, the new one in).
        for e in [s[1].block, s[1].sibling] {
            let r = try #require(e).canvasBounds
            #expect(close(r.minX, 25) && close(r.minY, 10) && close(r.width, 60) && close(r.height, 35), "\(r)")
            #expect(close(e?.opacity, 0.5))
        }
        // Three quarters: centre (77.5, 38.75), size 80 × 47.5.
        let r = try #require(s[2].sibling).canvasBounds
        #expect(close(r.minX, 37.5) && close(r.minY, 15) && close(r.width, 80) && close(r.height, 47.5), "\(r)")
        #expect(close(s[2].block?.opacity, 0.25))
        #expect(s[3].block == nil)
        #expect(s[3].sibling?.canvasBounds == CGRect(x: 50, y: 20, width: 100, height: 60))
    }

    @Test func twoSourcesWarnOnce() async throws {
        struct Two: View {
            @Namespace var ns
            var body: some View {
                HStack {
                    Color.red.matchedGeometryEffect(id: 1, in: ns)
                    Color.blue.matchedGeometryEffect(id: 1, in: ns)
                }
            }
        }
        let r = try SceneRenderer(Two(), size: CGSize(width: 100, height: 50), fps: 10)
        _ = try await r.still(at: 0)
        _ = try await r.still(at: 0.5)
        let warnings = r.graph.warnings.filter { $0.contains("isSource") }
        #expect(warnings.count == 1)
    }
}
