// Graphics idioms as SwiftUI code writes them, with nothing changed: 3D flips, materials, SF
// Symbols with variants, hierarchical styles, gradient shorthands, template images, anchors and
// a Canvas that resolves images and shadings. Each view must compile against the `SwiftUI`
// product alone and render.
import SwiftUI
import Testing

struct FlipCard: View {
    var angle: Double = 35
    var body: some View {
        ZStack {
            RoundedRectangle(cornerRadius: 12, style: .continuous)
                .fill(.linearGradient(colors: [.purple, .blue], startPoint: .topLeading, endPoint: .bottomTrailing))
            VStack(spacing: 4) {
                Image(systemName: "star")
                    .symbolVariant(.fill)
                    .symbolRenderingMode(.hierarchical)
                    .font(.largeTitle)
                Text("42")
                    .font(.title.width(.condensed))
                    .monospacedDigit()
                    .foregroundStyle(.tertiary)
            }
            .foregroundStyle(.white)
        }
        .frame(width: 120, height: 80)
        .rotation3DEffect(.degrees(angle), axis: (x: 0, y: 1, z: 0), perspective: 0.5)
    }
}

struct FrostedLabel: View {
    var body: some View {
        ZStack {
            AngularGradient(gradient: Gradient(colors: [.red, .yellow, .green, .blue, .red]), center: .center)
            Text("Frosted")
                .padding()
                .background(.ultraThinMaterial, in: Capsule())
        }
    }
}

struct TiltedPlane: View {
    var body: some View {
        Color.orange
            .frame(width: 80, height: 40)
            .projectionEffect(ProjectionTransform(CATransform3DRotate(CATransform3DIdentity, .pi / 6, 1, 0, 0)))
    }
}

struct CanvasResolves: View {
    var body: some View {
        Canvas { context, size in
            let star = context.resolve(Image(systemName: "heart.fill"))
            context.draw(star, at: CGPoint(x: size.width / 2, y: size.height / 2))
            let shading = context.resolve(GraphicsContext.Shading.color(.mint))
            context.fill(Path(ellipseIn: CGRect(x: 4, y: 4, width: 10, height: 10)), with: shading)
            context.fill(Path(CGRect(x: 0, y: size.height - 6, width: size.width, height: 6)),
                         with: .conicGradient(Gradient(colors: [.red, .blue]), center: CGPoint(x: size.width / 2, y: size.height)))
        }
    }
}

@MainActor @Suite struct GraphicsIdiomTests {
    func render(_ view: some View, _ w: CGFloat, _ h: CGFloat) async throws -> PixelBuffer {
        try await SceneRenderer(view, size: CGSize(width: w, height: h), scale: 1).still(at: 0)
    }

    // Each draws something where it should.
    @Test func flipCard() async throws {
        let card = try await render(FlipCard(), 160, 100)
        #expect(card[80, 50].a == 255)
    }
    @Test func frostedLabel() async throws {
        let frosted = try await render(FrostedLabel(), 160, 80)
        #expect(frosted[80, 40].a == 255)
    }
    @Test func tiltedPlane() async throws {
        let plane = try await render(TiltedPlane(), 120, 80)
        #expect(plane[60, 40].a == 255 && plane[60, 40].r > 200)
    }
    @Test func canvasResolves() async throws {
        let canvas = try await render(CanvasResolves(), 40, 40)
        #expect(canvas[20, 20].a > 0 && canvas[9, 9].a == 255)
    }
}

@MainActor @Suite struct BorderTests {
    /// `.border` draws inside the frame: a 2-point border on a 10-point square covers pixels 0–1
    /// and 8–9 of each edge and leaves the middle and the outside alone.
    @Test func borderIsInsideTheFrame() async throws {
        let view = SwiftUI.Color.clear.frame(width: 10, height: 10).border(SwiftUI.Color(red: 1, green: 0, blue: 0), width: 2)
        let image = try await SceneRenderer(view.padding(5), size: CGSize(width: 20, height: 20), scale: 1).still(at: 0)
        #expect(image[5, 10].a == 255 && image[6, 10].a == 255 && image[13, 10].a == 255 && image[14, 10].a == 255)
        #expect(image[7, 10].a == 0 && image[4, 10].a == 0 && image[15, 10].a == 0 && image[10, 5].r == 255)
    }
}

// A file written for Xcode: a view with matched geometry and its PreviewProvider, as tutorials
// publish them (in their own words here).
struct SwapPair: View {
    @Namespace private var ns
    @State var swapped = false
    var body: some View {
        HStack {
            if swapped {
                Circle().fill(.red).matchedGeometryEffect(id: "dot", in: ns).frame(width: 20, height: 20)
                Spacer()
            } else {
                Spacer()
                Circle().fill(.red).matchedGeometryEffect(id: "dot", in: ns).frame(width: 20, height: 20)
            }
        }
        .frame(width: 100, height: 20)
        .onTapGesture { withAnimation(.spring()) { swapped.toggle() } }
    }
}

struct SwapPair_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            SwapPair()
            SwapPair(swapped: true).preferredColorScheme(.dark)
        }
        .previewLayout(.sizeThatFits)
        .previewDisplayName("Swap")
    }
}

@MainActor @Suite struct PreviewProviderTests {
    /// `previews` is an ordinary view: its two `SwapPair`s stack, the dot right in the first and
    /// left in the second.
    @Test func previewsRender() async throws {
        let image = try await SceneRenderer(VStack(spacing: 0) { SwapPair_Previews.previews }, size: CGSize(width: 100, height: 40), scale: 1).still(at: 0)
        #expect(image[90, 10].a == 255 && image[10, 10].a == 0)
        #expect(image[10, 30].a == 255 && image[90, 30].a == 0)
        #expect(SwapPair_Previews.platform == nil)
    }

    /// `.spring()`, as tutorials write it, compiles (both spring factories have defaults for
    /// every argument) and means `spring(response: 0.5, dampingFraction: 0.825)`.
    @Test func springWithNoArgumentsIsTheResponseForm() {
        let a: SwiftUI.Animation = .spring()
        #expect(a == .spring(response: 0.5, dampingFraction: 0.825))
        #expect(a != .spring(duration: 0.5, bounce: 0))
    }
}
