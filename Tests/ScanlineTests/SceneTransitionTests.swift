import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineBlocks

// Issue #17, point 10: the text-transition and counter scenes.

@MainActor @Suite struct TextTransitionSceneTests {
    static let size = CGSize(width: 390, height: 220)
    /// "every frame" is at UTF-16 offsets 5..<16 of "Make every frame count".
    static let marked = 5..<16

    /// The marked glyphs drawn at `t`, by character offset.
    func markedGlyphs(_ log: [DrawLog.Entry]) -> [Int: DrawLog.Entry] {
        var out: [Int: DrawLog.Entry] = [:]
        for e in log where e.kind == .glyphs && e.characters.count == 1 && Self.marked.contains(e.characters[0]) {
            out[e.characters[0]] = e
        }
        return out
    }

    @Test func eachMarkedGlyphRisesOnTheSpringAfterItsStagger() async throws {
        let r = try SceneRenderer(TextTransitionDemo(), size: Self.size, scale: 1)
        // The transition's elapsed time runs linearly from the insertion at 0.2 s: at t it is
        // t − 0.2. At 2.0 s all is in place, up to the spring's residue at the full duration.
        let duration = GlyphRiseRenderer.duration(markedGlyphs: Self.marked.count)
        let rest = markedGlyphs(try await r.drawLog(at: 2.0))
        #expect(rest.count == Self.marked.count)
        for t in [0.3, 0.45, 0.7] {
            let elapsed = t - TextTransitionDemo.appears
            let shown = markedGlyphs(try await r.drawLog(at: t))
            for (i, c) in Self.marked.enumerated() {
                let opacity = min(1, max(0, (elapsed - Double(i) * GlyphRiseRenderer.stagger) / GlyphRiseRenderer.fade))
                guard opacity > 0 else { #expect(shown[c] == nil, "glyph \(i) at \(t)"); continue }
                let restY = try #require(rest[c]).canvasOrigin.y - GlyphRiseRenderer.offset(ofGlyph: i, elapsed: duration)
                let local = elapsed - Double(i) * GlyphRiseRenderer.stagger
                let expected = restY + 18 * (1 - GlyphRiseRenderer.spring.value(target: 1.0, time: local))
                let e = try #require(shown[c], "glyph \(i) at \(t)")
                #expect(abs(e.canvasOrigin.y - expected) < 1e-3, "glyph \(i) at \(t): \(e.canvasOrigin.y) vs \(expected)")
                #expect(abs(e.canvasOrigin.x - rest[c]!.canvasOrigin.x) < 1e-6)
                #expect(abs(e.opacity - opacity) < 1e-9)
            }
        }
    }

    @Test func theHeadingLeavesAndTheLoopEndsEmpty() async throws {
        let r = try SceneRenderer(TextTransitionDemo(), size: Self.size, scale: 1)
        #expect(try await r.drawLog(at: 0.1).filter { $0.kind == .glyphs }.isEmpty)
        #expect(!(try await r.drawLog(at: 2.9).filter { $0.kind == .glyphs }.isEmpty))
        #expect(try await r.drawLog(at: 3.3).filter { $0.kind == .glyphs }.isEmpty)
        // And it comes back in the next loop.
        #expect(!(try await r.drawLog(at: 3.4 + 0.6).filter { $0.kind == .glyphs }.isEmpty))
    }

    @Test func reduceMotionFadesWithoutMoving() async throws {
        var env = EnvironmentValues()
        env.accessibilityReduceMotion = true
        let r = try SceneRenderer(TextTransitionDemo(), size: Self.size, scale: 1, environment: env)
        var shots: [[DrawLog.Entry]] = []
        for t in [0.35, 2.0] { shots.append(try await r.drawLog(at: t)) }
        // The transition fades (its properties say it moves); no glyph is off its baseline.
        let ys = Set(shots.flatMap { $0.filter { $0.kind == .glyphs }.map(\.canvasOrigin.y) })
        #expect(ys.count <= 2, "\(ys)")   // the two lines' baselines
    }

    @Test(arguments: [0.45, 1.0, 2.9])
    func snapshots(time: Double) async throws {
        let r = try SceneRenderer(try SceneRegistry.named("text-transition")!.make(SceneArguments([:])), size: Self.size, scale: 1)
        try assertSnapshot(try await r.still(at: time), named: "text-transition-\(time)")
    }
}

@MainActor @Suite struct CounterSceneTests {
    static let size = CGSize(width: 390, height: 220)

    @Test func theChangedDigitRollsUpOnTheSnappySpring() async throws {
        // At 0.8 s 1280 becomes 1281: only the last place rolls (up: the value rose).
        let r = try SceneRenderer(CounterDemo(), size: Self.size, scale: 1)
        let at = 0.8 + 0.1
        let log = try await r.drawLog(at: at).filter { $0.kind == .glyphs && $0.fontName?.contains("Bold") == true }
        let rolling = log.filter { $0.characters == [3] }
        #expect(rolling.count == 2)
        let rest = try await r.drawLog(at: 1.5).filter { $0.kind == .glyphs && $0.fontName?.contains("Bold") == true }
        let baseline = try #require(rest.first).canvasOrigin.y
        let layout = try Text("1281").font(.system(size: 84, weight: .bold, design: .rounded)).monospacedDigit().layout()
        let run = layout[0][0]
        let d = (run.ascent + run.descent) / 2
        // The change's progress is the animation's (`Animation.snappy`, stepped as SwiftUI steps
        // its springs: Animation/Springs.swift), 0.1 s after the change.
        let p = Animation.snappy.value(at: 0.1)
        let incoming = try #require(rolling.first { $0.canvasOrigin.y > baseline })
        let outgoing = try #require(rolling.first { $0.canvasOrigin.y < baseline })
        #expect(abs(incoming.canvasOrigin.y - (baseline + d * (1 - p))) < 1e-3)
        #expect(abs(outgoing.canvasOrigin.y - (baseline - d * p)) < 1e-3)
        #expect(abs(incoming.opacity - min(1, p)) < 1e-9)
        // The other three digits stay on the baseline.
        #expect(log.filter { $0.characters.count == 1 && $0.characters[0] < 3 }.allSatisfy { abs($0.canvasOrigin.y - baseline) < 1e-6 })
    }

    @Test func fallingBackRollsDown() async throws {
        // At 3.2 s 1300 becomes 1280: the 2 and 8 come in from above.
        let r = try SceneRenderer(CounterDemo(), size: Self.size, scale: 1)
        let rest = try await r.drawLog(at: 3.19).filter { $0.kind == .glyphs && $0.fontName?.contains("Bold") == true }
        let baseline = try #require(rest.first).canvasOrigin.y
        let log = try await r.drawLog(at: 3.3).filter { $0.kind == .glyphs && $0.characters == [1] }
        #expect(log.contains { $0.canvasOrigin.y < baseline - 1 })
        #expect(log.contains { $0.canvasOrigin.y > baseline + 1 })
    }

    @Test(arguments: [0.9, 2.5])
    func snapshots(time: Double) async throws {
        let r = try SceneRenderer(try SceneRegistry.named("counter")!.make(SceneArguments([:])), size: Self.size, scale: 1)
        try assertSnapshot(try await r.still(at: time), named: "counter-\(time)")
    }

    @Test func bothScenesGiveTheSameBytesTwiceAndOnAnyThreadCount() async throws {
        for (name, t) in [("counter", 0.95), ("text-transition", 0.5)] {
            func render(threads: Int) async throws -> [UInt8] {
                try await RenderContext.$current.withValue(RenderContext(threads: threads)) {
                    let r = try SceneRenderer(try SceneRegistry.named(name)!.make(SceneArguments([:])), size: Self.size, scale: 2)
                    return try await r.still(at: t).bytes
                }
            }
            let a = try await render(threads: 1), b = try await render(threads: 2), c = try await render(threads: 1)
            #expect(a == b && a == c, "\(name)")
        }
    }
}


