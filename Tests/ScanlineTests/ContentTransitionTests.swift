import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

// Issue #17, point 4: a text whose content changes under an animation. The change happens at
// 0.5 s with `.linear(duration: 1)` unless a test says otherwise, so at 1.0 s the progress p is
// 0.5. The text sits at the canvas's top-left, so its glyphs are where its layout puts them, and
// each glyph of a transition is drawn (and logged) on its own. Expected values follow from the
// motion documented in Views/ContentTransitions.swift.

/// Shows `from`, then `to` from 0.5 s, changed in `withAnimation(animation)` (nil: none).
struct Changing: View {
    let to: String
    let animation: Animation?
    let style: (Text, Bool) -> AnyView
    @State var changed = false
    let from: String
    init(_ from: String, _ to: String, animation: Animation? = .linear(duration: 1), style: @escaping (Text, Bool) -> AnyView) {
        self.from = from; self.to = to; self.animation = animation; self.style = style
    }
    var body: some View {
        style(Text(changed ? to : from), changed)
            .frame(width: 300, height: 100, alignment: .topLeading)
            .task {
                try? await Task.sleep(for: .seconds(0.5))
                if let animation { withAnimation(animation) { changed = true } } else { changed = true }
            }
    }
}

@MainActor func glyphShots<V: View>(_ v: V, at times: [Double], environment: EnvironmentValues = EnvironmentValues()) async throws -> [[DrawLog.Entry]] {
    let r = try SceneRenderer(v, size: CGSize(width: 300, height: 100), fps: 20, environment: environment)
    var out: [[DrawLog.Entry]] = []
    for t in times { out.append(try await r.drawLog(at: t).filter { $0.kind == .glyphs }) }
    return out
}

/// The glyph entry drawing character `c` (a UTF-16 offset) at `opacity`, if there is one.
func glyph(_ entries: [DrawLog.Entry], _ c: Int, opacity: Double) -> DrawLog.Entry? {
    entries.first { $0.characters == [c] && abs($0.opacity - opacity) < 1e-6 }
}

@MainActor func numeric(_ t: ContentTransition) -> (Text, Bool) -> AnyView {
    { text, _ in AnyView(text.font(.system(size: 40)).monospacedDigit().contentTransition(t)) }
}

@MainActor @Suite struct ContentTransitionTests {
    @Test func numericTextKeepsSharedPlacesAndComparesTheRestFromTheEnd() {
        func kept(_ a: String, _ b: String) -> [Int: Int] { NumericTextRoll.keptCharacters(old: Array(a.utf16), new: Array(b.utf16)) }
        #expect(kept("129", "130") == [0: 0])
        #expect(kept("99", "100") == [:])
        #expect(kept("100", "99") == [:])
        #expect(kept("$9.99", "$10.00") == [0: 0, 3: 2])
        #expect(kept("Score: 9", "Score: 10") == [0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6])
        #expect(kept("Level 3 of 10", "Level 4 of 10") == Dictionary(uniqueKeysWithValues: (0..<13).filter { $0 != 6 }.map { ($0, $0) }))
        #expect(kept("1234", "1235") == [0: 0, 1: 1, 2: 2])
    }

    @Test func numericTextRollsChangedDigitsUpAndKeepsTheRest() async throws {
        let layout = try Text("130").font(.system(size: 40)).monospacedDigit().layout()
        let run = layout[0][0]
        let d = (run.ascent + run.descent) / 2
        let s = try await glyphShots(Changing("129", "130", style: numeric(.numericText())), at: [1.0])
        let mid = s[0]
        let oldPositions = try Text("129").font(.system(size: 40)).monospacedDigit().layout()[0][0].glyphPositions
        let before = 0, after = 1
        let rest = { (which: Int, c: Int) in which == before ? oldPositions[c] : run.glyphPositions[c] }
        // The "1" stays where it is, fully drawn.
        #expect(mid.filter { $0.characters == [0] }.count == 1)
        #expect(close(glyph(mid, 0, opacity: 1)?.canvasOrigin.y, rest(after, 0).y))
        // "3" and "0" come in from d below their places, halfway there at p = 0.5; "2" and "9"
        // leave upwards from theirs, and both are drawn at opacity 0.5.
        for c in [1, 2] {
            let incoming = mid.filter { $0.characters == [c] && $0.canvasOrigin.y > rest(after, c).y }
            let outgoing = mid.filter { $0.characters == [c] && $0.canvasOrigin.y < rest(before, c).y }
            #expect(incoming.count == 1 && outgoing.count == 1)
            #expect(close(incoming.first?.canvasOrigin.y, rest(after, c).y + d / 2, 1e-3))
            #expect(close(incoming.first?.canvasOrigin.x, rest(after, c).x, 1e-3))
            #expect(close(incoming.first?.opacity, 0.5))
            #expect(close(outgoing.first?.canvasOrigin.y, rest(before, c).y - d / 2, 1e-3))
            #expect(close(outgoing.first?.opacity, 0.5))
        }
        #expect(d > 10 && d < 40)
    }

    @Test func numericTextByValueRollsDownWhenTheValueFalls() async throws {
        struct Down: View {
            @State var n = 130
            var body: some View {
                Text("\(n)").font(.system(size: 40)).monospacedDigit()
                    .contentTransition(.numericText(value: Double(n)))
                    .frame(width: 300, height: 100, alignment: .topLeading)
                    .task {
                        try? await Task.sleep(for: .seconds(0.5))
                        withAnimation(.linear(duration: 1)) { n = 129 }
                    }
            }
        }
        let s = try await glyphShots(Down(), at: [1.0, 2.0])
        let restY = s[1][0].canvasOrigin.y                 // the baseline, drawn as one run at rest
        let nine = s[0].filter { $0.characters == [2] }
        // The incoming 9 comes from above; the outgoing 0 leaves downwards.
        #expect(nine.count == 2)
        #expect(nine.contains { $0.canvasOrigin.y < restY - 1 && close($0.opacity, 0.5) })
        #expect(nine.contains { $0.canvasOrigin.y > restY + 1 && close($0.opacity, 0.5) })
    }

    @Test func numericTextCountsDownWhenAsked() async throws {
        let s = try await glyphShots(Changing("1", "2", style: numeric(.numericText(countsDown: true))), at: [1.0, 2.0])
        let restY = s[1][0].canvasOrigin.y
        #expect(glyph(s[0], 0, opacity: 0.5).map { $0.canvasOrigin.y < restY - 1 } == true)
        #expect(s[0].filter { $0.canvasOrigin.y > restY + 1 }.count == 1)
    }

    @Test func opacityCrossFadesTheOldAndNewTexts() async throws {
        let style: (Text, Bool) -> AnyView = { text, _ in AnyView(text.font(.system(size: 30)).contentTransition(.opacity)) }
        let s = try await glyphShots(Changing("Hello", "World", style: style), at: [1.0, 1.25, 2.0])
        // Whole layouts are drawn: one entry per run, the old at 1 − p and the new at p.
        #expect(s[0].map(\.opacity).sorted() == [0.5, 0.5])
        #expect(s[1].map(\.opacity).sorted() == [0.25, 0.75])
        #expect(s[2].map(\.opacity) == [1])
    }

    @Test func theDefaultFadesTextThatChangesItsCharacters() async throws {
        let style: (Text, Bool) -> AnyView = { text, _ in AnyView(text.font(.system(size: 30))) }
        let s = try await glyphShots(Changing("Hello", "World", style: style), at: [1.25])
        #expect(s[0].map(\.opacity).sorted() == [0.25, 0.75], "\(s[0].map { "\($0.characters) \($0.opacity) \($0.canvasOrigin)" })")
    }

    @Test func interpolateMovesAndScalesGlyphPairs() async throws {
        // The same word from 20 to 40 points: at p = 0.5 each glyph pair sits halfway between its
        // old and new baseline origins, the new glyph drawn at 0.5 + 0.5 × 0.5 = 0.75 of its
        // size and the old one at 1 + (2 − 1) × 0.5 = 1.5 of its own, each at opacity 0.5.
        let style: (Text, Bool) -> AnyView = { text, on in AnyView(text.font(.system(size: on ? 40 : 20))) }
        let s = try await glyphShots(Changing("Hi", "Hi", style: style), at: [1.0])
        let small = try Text("Hi").font(.system(size: 20)).layout()[0][0].glyphPositions
        let large = try Text("Hi").font(.system(size: 40)).layout()[0][0].glyphPositions
        for c in [0, 1] {
            let old = small[c], new = large[c]
            let pair = s[0].filter { $0.characters == [c] }
            #expect(pair.count == 2)
            for e in pair {
                #expect(close(e.canvasOrigin.x, (old.x + new.x) / 2, 1e-3))
                #expect(close(e.canvasOrigin.y, (old.y + new.y) / 2, 1e-3))
                #expect(close(e.opacity, 0.5))
            }
            #expect(pair.map { Double($0.transform.a) }.sorted() == [0.75, 1.5])
        }
    }

    @Test func noAnimationOrIdentityShowsTheNewTextAtOnce() async throws {
        let plain = try await glyphShots(Changing("129", "130", animation: nil, style: numeric(.numericText())), at: [0.6])
        #expect(plain[0].count == 1 && plain[0][0].opacity == 1)
        let identity = try await glyphShots(Changing("129", "130", style: numeric(.identity)), at: [1.0])
        #expect(identity[0].count == 1 && identity[0][0].opacity == 1)
    }

    @Test func reduceMotionFadesNumbersInPlace() async throws {
        var env = EnvironmentValues()
        env.accessibilityReduceMotion = true
        let s = try await glyphShots(Changing("129", "130", style: numeric(.numericText())), at: [1.0], environment: env)
        #expect(s[0].map(\.opacity).sorted() == [0.5, 0.5])
    }

    @Test func aSpringRollOvershootsAndSettles() async throws {
        let s = try await glyphShots(Changing("1", "2", animation: .spring(duration: 0.5, bounce: 0.5), style: numeric(.numericText())), at: [0.75, 0.8, 0.85, 0.9, 3.0])
        let restY = s[4][0].canvasOrigin.y
        // The incoming 2 (drawn at clamped opacity) passes its place upwards before settling.
        let ys = s.dropLast().compactMap { shot in shot.first { $0.canvasOrigin.y <= restY + 40 && $0.opacity > 0.99 }?.canvasOrigin.y }
        #expect(ys.contains { $0 < restY - 0.5 })
        #expect(s[4].count == 1)
    }
}
