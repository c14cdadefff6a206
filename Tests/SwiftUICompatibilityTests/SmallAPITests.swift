// The small APIs effect code calls (issue #27 point 4), written as SwiftUI code writes them, each
// checked by what it draws or computes.
import SwiftUI
import Testing

/// Turns `on` at 0.5 s without withAnimation: only a `.animation(_:)` modifier animates it.
struct PlainToggle<Content: View>: View {
    let content: (Bool) -> Content
    @State var on = false
    var body: some View {
        content(on).task {
            try? await Task.sleep(for: .seconds(0.5))
            on = true
        }
    }
}

let pureRed = SwiftUI.Color(red: 1, green: 0, blue: 0), pureBlue = SwiftUI.Color(red: 0, green: 0, blue: 1), pureGreen = SwiftUI.Color(red: 0, green: 1, blue: 0)

@MainActor @Suite struct SmallAPITests {
    func image<V: View>(_ v: V, _ w: CGFloat = 40, _ h: CGFloat = 40, at t: Double = 0) async throws -> PixelBuffer {
        try await SceneRenderer(v, size: CGSize(width: w, height: h), scale: 1, fps: 10).still(at: t)
    }

    @Test func angleArithmetic() {
        let a = SwiftUI.Angle.degrees(30), b = SwiftUI.Angle.degrees(60)
        #expect(abs((a + b).degrees - 90) < 1e-12 && abs((b - a).degrees - 30) < 1e-12)
        #expect(abs((a * 3).degrees - 90) < 1e-12 && abs((2 * a).degrees - 60) < 1e-12 && abs((b / 2).degrees - 30) < 1e-12)
        #expect((-a).radians == -a.radians)
        var c = a
        c += b; c -= a; c *= 2; c /= 4
        #expect(abs(c.degrees - 30) < 1e-12)
        #expect(a.animatableData == a.radians)
    }

    @Test func animationWithoutAValueAnimatesEveryChange() async throws {
        // 0 → 40 pt wide at 0.5 s, over 1 s linearly: 20 pt at 1.0 s; without the modifier, 40.
        func bar(_ animated: Bool) -> some View {
            PlainToggle { on in
                SwiftUI.Color.red.frame(width: on ? 40 : 0, height: 10).animation(animated ? .linear(duration: 1) : nil)
                    .frame(width: 40, height: 10, alignment: .leading)
            }
        }
        let half = try await image(bar(true), 40, 10, at: 1.0), whole = try await image(bar(false), 40, 10, at: 1.0)
        #expect(half[18, 5].r == 255 && half[22, 5].a == 0, "\(half[18, 5]) \(half[22, 5])")
        #expect(whole[38, 5].r == 255)
    }

    @Test func strokesWithoutAColourAndBordersInside() async throws {
        // The frame spans 10 ..< 30; a 4 pt border covers 10 ..< 14 inside it, nothing outside.
        let border = try await image(Rectangle().strokeBorder(pureRed, lineWidth: 4).frame(width: 20, height: 20))
        #expect(border[12, 20] == (255, 0, 0, 255) && border[9, 20].a == 0 && border[15, 20].a == 0, "\(border[12, 20]) \(border[9, 20])")
        // A centred stroke in the foreground style covers 8 ..< 12.
        let stroke = try await image(Rectangle().stroke(lineWidth: 4).foregroundStyle(pureBlue).frame(width: 20, height: 20))
        #expect(stroke[9, 20] == (0, 0, 255, 255) && stroke[13, 20].a == 0, "\(stroke[9, 20]) \(stroke[13, 20])")
        let circle = try await image(Circle().strokeBorder(style: StrokeStyle(lineWidth: 2)).foregroundStyle(pureGreen).frame(width: 20, height: 20))
        #expect(circle[11, 20].g == 255 && circle[20, 20].a == 0, "the ring lies just inside the frame (10 ..< 12); its middle is empty: \(circle[11, 20])")
    }

    @Test func aPathIsAViewInItsFramesSpace() async throws {
        let square = SwiftUI.Path { p in p.addRect(CGRect(x: 2, y: 2, width: 6, height: 6)) }
        // Framed 20 × 20 in the middle of 40 × 40: the frame starts at 10, so the square covers 12 ..< 18.
        let out = try await image(square.fill(pureRed).frame(width: 20, height: 20))
        #expect(out[15, 15] == (255, 0, 0, 255) && out[5, 5].a == 0 && out[11, 15].a == 0, "\(out[15, 15]) \(out[11, 15])")
        let stroked = try await image(square.stroke(pureBlue, lineWidth: 2).frame(width: 20, height: 20))
        #expect(stroked[12, 15].b == 255 && stroked[15, 15].a == 0)
    }

    @Test func aMaskKeepsTheViewWhereTheMaskIsOpaque() async throws {
        // A red square (10 ..< 30) masked by a circle: the centre stays, the square's corner goes.
        let circled = try await image(pureRed.frame(width: 20, height: 20).mask { Circle() })
        #expect(circled[20, 20] == (255, 0, 0, 255) && circled[11, 11].a == 0, "\(circled[20, 20]) \(circled[11, 11])")
        // A half-opaque mask halves the alpha (premultiplied: red 128 too); the mask's colour never shows.
        let half = try await image(pureRed.frame(width: 20, height: 20).mask(pureBlue.opacity(0.5)))
        #expect(abs(Int(half[20, 20].a) - 128) <= 1 && half[20, 20].b == 0, "\(half[20, 20])")
        // Aligned: a 10 pt mask at the leading edge keeps the left half only.
        let left = try await image(pureRed.frame(width: 20, height: 20).mask(alignment: .leading) { SwiftUI.Color.black.frame(width: 10) })
        #expect(left[12, 20].r == 255 && left[25, 20].a == 0, "\(left[12, 20]) \(left[25, 20])")
    }

    @Test func textCaseChangesWhatTextShows() async throws {
        let upper = try await image(Text("hi there").textCase(.uppercase).foregroundStyle(SwiftUI.Color.black), 120, 30)
        let written = try await image(Text("HI THERE").foregroundStyle(SwiftUI.Color.black), 120, 30)
        let lower = try await image(Text("hi there").foregroundStyle(SwiftUI.Color.black), 120, 30)
        let same = upper.bytes == written.bytes, differs = upper.bytes != lower.bytes
        #expect(same && differs, "uppercased text draws as HI THERE: \(same); unlike hi there: \(differs)")
        let back = try await image(Text("HI THERE").textCase(.lowercase).foregroundStyle(SwiftUI.Color.black), 120, 30)
        let lowered = back.bytes == lower.bytes
        #expect(lowered, "lowercased HI THERE draws as hi there")
    }

    @Test func theOlderSpellingsCompileAndChangeNothingARenderHas() async throws {
        var seen: [Int] = []
        let view = PlainToggle { on in
            SwiftUI.Color.red.frame(width: 10, height: 10)
                .onChange(of: on) { newValue in seen.append(newValue ? 1 : 0) }
                .onTapGesture { location in _ = location.x }
                .allowsHitTesting(false)
                .accessibilityIgnoresInvertColors()
                .edgesIgnoringSafeArea(.all)
                .accentColor(.orange)
        }
        let plain = try await image(SwiftUI.Color.red.frame(width: 10, height: 10), at: 1)
        #expect(try await image(view, at: 1).bytes == plain.bytes)
        #expect(seen == [1], "onChange(of:perform:) gets the new value once: \(seen)")
    }
}

/// A shake, as public effect packages write one: a GeometryEffect whose animatableData is the
/// number of shakes so far. (`nonisolated`, as Swift 6 language mode needs with Apple's SDK too:
/// a modifier is main-actor isolated, `Animatable`'s requirement is not.)
struct Shake: GeometryEffect {
    var amount: CGFloat = 10
    var shakes: CGFloat
    nonisolated var animatableData: CGFloat {
        get { shakes }
        set { shakes = newValue }
    }
    func effectValue(size: CGSize) -> ProjectionTransform {
        ProjectionTransform(CGAffineTransform(translationX: amount * sin(shakes * .pi / 2), y: 0))
    }
}

/// A counter that shows its animated value's whole part, as AnimatableModifier examples do.
struct CountingWidth: AnimatableModifier {
    var width: CGFloat
    nonisolated var animatableData: CGFloat {
        get { width }
        set { width = newValue }
    }
    func body(content: Content) -> some View { content.frame(width: width.rounded(.down), height: 10) }
}

@MainActor @Suite struct CustomEffectTests {
    func image<V: View>(_ v: V, at t: Double) async throws -> PixelBuffer {
        try await SceneRenderer(v, size: CGSize(width: 40, height: 10), scale: 1, fps: 10).still(at: t)
    }

    @Test func aGeometryEffectMovesTheViewAndAnimates() async throws {
        // shakes 0 → 1 over 1 s from 0.5 s: at 1.0 s, 0.5 shakes, sin(π/4)·10 ≈ 7.07 pt to the right.
        let view = PlainToggle { on in
            pureRed.frame(width: 10, height: 10).modifier(Shake(shakes: on ? 1 : 0)).animation(.linear(duration: 1), value: on)
                .frame(width: 40, height: 10, alignment: .leading)
        }
        let start = try await image(view, at: 0.2), mid = try await image(view, at: 1.0), end = try await image(view, at: 2)
        #expect(start[0, 5].r == 255 && start[10, 5].a == 0, "unmoved before the change")
        #expect(mid[6, 5].a == 0 && mid[8, 5].r == 255 && mid[16, 5].r == 255 && mid[18, 5].a == 0, "\(mid[6, 5]) \(mid[8, 5]) \(mid[18, 5])")
        #expect(end[9, 5].a == 0 && end[10, 5].r == 255 && end[19, 5].r == 255 && end[20, 5].a == 0, "10 pt at the end")
    }

    @Test func anEffectIgnoredByLayoutDrawsAsTheEffectAndAnimates() async throws {
        // The same shake through `ignoredByLayout()`: at 1.0 s the square is 7.07 pt to the right,
        // byte for byte what the effect itself draws (Scanline's effects never move layout).
        func shaken(_ ignored: Bool) -> some View {
            PlainToggle { on in
                Group {
                    if ignored {
                        pureRed.frame(width: 10, height: 10).modifier(Shake(shakes: on ? 1 : 0).ignoredByLayout())
                    } else {
                        pureRed.frame(width: 10, height: 10).modifier(Shake(shakes: on ? 1 : 0))
                    }
                }
                .animation(.linear(duration: 1), value: on)
                .frame(width: 40, height: 10, alignment: .leading)
            }
        }
        let ignored = try await image(shaken(true), at: 1.0), plain = try await image(shaken(false), at: 1.0)
        #expect(ignored[6, 5].a == 0 && ignored[8, 5].r == 255 && ignored[18, 5].a == 0, "\(ignored[6, 5]) \(ignored[8, 5]) \(ignored[18, 5])")
        let same = ignored.bytes == plain.bytes
        #expect(same, "the shake through ignoredByLayout() draws what the shake itself draws")
    }

    @Test func anAnimatableModifierIsBuiltAtEachInBetweenValue() async throws {
        let view = PlainToggle { on in
            pureRed.modifier(CountingWidth(width: on ? 40 : 0)).animation(.linear(duration: 1), value: on)
                .frame(width: 40, height: 10, alignment: .leading)
        }
        let mid = try await image(view, at: 1.0)
        #expect(mid[19, 5].r == 255 && mid[20, 5].a == 0, "20 pt wide halfway: \(mid[19, 5]) \(mid[20, 5])")
    }
}
