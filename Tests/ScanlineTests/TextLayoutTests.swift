import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

struct Pulse: TextAttribute {}

@Suite struct TextLayoutTests {
    @Test func wrappedText() throws {
        let layout = try Text("Ship the story, not the specs").font(.system(size: 32, weight: .bold, design: .rounded))
            .layout(width: 220)
        #expect(layout.count == 3)
        for line in layout {
            #expect(line.typographicBounds.width <= 220)
            #expect(line.count == 1)
        }
        // Baselines step down by one line height; every line starts at the leading edge.
        let baselines = layout.map(\.origin.y)
        #expect(baselines == baselines.sorted())
        #expect(layout.allSatisfy { $0.origin.x == 0 })
        let glyphs = layout.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
        #expect(glyphs >= "Shipthestory,notthespecs".count && glyphs <= "Ship the story, not the specs".count)
        try assertDump(layout.dump(), named: "wrapped-rounded-bold-220")
    }

    @Test func mixedWeightsGiveThreeRuns() throws {
        let text = Text("Design that ") + Text("feels").bold().customAttribute(Pulse()) + Text(" right")
        let layout = try text.font(.system(size: 28)).layout()
        #expect(layout.count == 1)
        let runs = Array(layout[0])
        #expect(runs.count == 3)
        #expect(runs.map(\.count) == [12, 5, 6])
        #expect(runs.map { $0[Pulse.self] != nil } == [false, true, false])
        #expect(runs[1].fontName == "Noto Sans Bold")
        #expect(runs[0].fontName == "Noto Sans Regular")
        #expect(runs[1].characterIndices == Array(12..<17))
        // Runs abut: each starts where the previous ends.
        for (a, b) in zip(runs, runs.dropFirst()) {
            #expect(abs(a.typographicBounds.rect.maxX - b.typographicBounds.origin.x) < 0.001)
        }
        // Slices are one glyph each and read the run's attribute.
        let feels = runs[1]
        #expect(feels.map(\.indices.count) == [1, 1, 1, 1, 1])
        #expect(feels[2][Pulse.self] != nil)
        try assertDump(layout.dump(), named: "mixed-weights")
    }

    @Test func customAttributeAloneStartsARun() throws {
        let layout = try (Text("ab") + Text("cd").customAttribute(Pulse()) + Text("ef")).layout()
        #expect(layout[0].count == 3)
        #expect(layout[0].map { $0[Pulse.self] != nil } == [false, true, false])
    }

    @Test func hebrewMixedWithLatinIsInVisualOrder() throws {
        // "Hello שלום world": the Hebrew word's letters are laid out right to left.
        let layout = try Text("Hello שלום world").layout()
        let runs = Array(layout[0])
        #expect(runs.map(\.layoutDirection) == [.leftToRight, .rightToLeft, .leftToRight])
        #expect(runs[1].characterIndices == [9, 8, 7, 6])
        #expect(runs[0].characterIndices.first == 0)
        let xs = runs.flatMap { $0.map(\.typographicBounds.origin.x) }
        #expect(xs == xs.sorted(), "glyphs come left to right on screen")
        try assertDump(layout.dump(), named: "hebrew-latin")
    }

    @Test func arabicParagraphInRightToLeftEnvironment() throws {
        var env = EnvironmentValues()
        env.layoutDirection = .rightToLeft
        let layout = try Text("مرحبا world").layout(width: 300, environment: env)
        let runs = Array(layout[0])
        // The Arabic word reads first, so it sits at the right; Latin sits to its left.
        #expect(runs.first?.layoutDirection == .leftToRight)
        #expect(runs.last?.layoutDirection == .rightToLeft)
        #expect(runs.last?.characterIndices == [5, 4, 3, 2, 1, 0]) // the space belongs to the Arabic run
        // Leading is the right edge in RTL: the line ends at x = 300.
        #expect(abs(layout[0].typographicBounds.rect.maxX - 300) < 0.01)
        try assertDump(layout.dump(), named: "arabic-latin-rtl")
    }

    @Test func emojiFallsBackToTheColourFont() throws {
        let layout = try Text("Hi 🎉👍🏽").layout()
        let fonts = layout[0].map(\.fontName)
        #expect(fonts.contains("Noto Color Emoji Regular"))
        let emoji = layout[0].first { $0.fontName.hasPrefix("Noto Color Emoji") }!
        #expect(emoji.count == 2) // 👍🏽 is one glyph: skin tone modifier joins it
        #expect(emoji.characterIndices == [3, 5])
        try assertDump(layout.dump(), named: "emoji")
    }

    @Test func combiningMarksShareTheirBaseCharacter() throws {
        // "e" + U+0301 and "a" + U+0308: two characters each, and glyph clusters point at the base.
        let layout = try Text("ne\u{301}e\u{308}").layout()
        let run = layout[0][0]
        #expect(Set(run.characterIndices).isSubset(of: [0, 1, 2, 3, 4]))
        #expect(run.characterIndices.first == 0)
        try assertDump(layout.dump(), named: "combining-marks")
    }

    @Test func cjkFallsBack() throws {
        let layout = try Text("日本語").layout()
        #expect(layout[0].allSatisfy { $0.fontName.contains("CJK") })
    }

    @Test func typographicBoundsFollowSwiftUI() throws {
        let layout = try Text("Hg").font(.system(size: 40)).layout()
        let b = layout[0].typographicBounds
        #expect(b.rect == CGRect(x: b.origin.x, y: b.origin.y - b.ascent, width: b.width, height: b.ascent + b.descent))
        #expect(b.origin.y == b.ascent) // first line: baseline is one ascent below the top
        #expect(b.ascent > 30 && b.descent > 5)
        let slice = layout[0][0][1]
        #expect(slice.typographicBounds.origin.x > 0)
        #expect(slice.characterIndices == [1])
    }

    @Test func emptyStringGivesEmptyLayout() throws {
        let layout = try Text("").layout(width: 100)
        #expect(layout.isEmpty)
        #expect(layout.bounds == .zero)
        _ = try PixelBuffer.render(size: CGSize(width: 10, height: 10)) { $0.draw(layout) }
    }

    @Test(arguments: [0, -10, CGFloat.nan, .infinity, -.infinity])
    func badWidthsThrow(width: CGFloat) {
        #expect(throws: ScanlineError.self) { try Text("Hello").layout(width: width) }
    }

    @Test func lineLimitTruncates() throws {
        let long = Text(String(repeating: "Wrapped words go on ", count: 10))
        let cut = try long.layout(width: 120, lineLimit: 2)
        #expect(cut.count == 2)
        #expect(cut.isTruncated)
        #expect(try !long.layout(width: 120).isTruncated)
    }

    @Test func dynamicTypeScalesTextStyles() throws {
        var env = EnvironmentValues()
        env.dynamicTypeSize = .accessibility5
        let big = try Text("Body").layout(environment: env)
        #expect(big[0][0].fontSize == 53)
        #expect(try Text("Body").layout()[0][0].fontSize == 17)
    }
}

@Suite struct LayoutCacheTests {
    @Test func theSameTextInTheSameEnvironmentIsLaidOutOnce() throws {
        let text = Text("Cached ") + Text("layout").bold()
        var env = EnvironmentValues()
        env.font = .title
        let first = try text.layout(width: 120, environment: env)
        // Hits are counted for this test's own work only (other tests share the cache).
        let (again, hits) = try CacheProbe.counting { try text.layout(width: 120, environment: env) }
        #expect(hits == 1)
        #expect(again == first)
        // Anything the layout depends on makes a new one.
        var rtl = env
        rtl.layoutDirection = .rightToLeft
        var larger = env
        larger.dynamicTypeSize = .xxxLarge
        #expect(try text.layout(width: 60, environment: env) != first)
        #expect(try text.layout(width: 120, environment: larger).bounds != first.bounds)
        #expect(try (Text("Cached ") + Text("layout")).layout(width: 120, environment: env) != first)
        let mirrored = try text.layout(width: 120, alignment: .leading, environment: rtl)
        #expect(mirrored.first?.origin != first.first?.origin)
    }
}

@Suite struct TrackingTests {
    /// Tracking and kerning add their points between characters: four I's gain three gaps.
    @Test func trackingWidensALineByItsGaps() throws {
        let plain = try Text("IIII").font(.system(size: 20)).layout(width: nil)[0].typographicBounds.width
        let tracked = try Text("IIII").font(.system(size: 20)).tracking(5).layout(width: nil)[0].typographicBounds.width
        let both = try Text("IIII").font(.system(size: 20)).tracking(2).kerning(3).layout(width: nil)[0].typographicBounds.width
        #expect(abs(tracked - plain - 15) < 0.01, "\(plain) → \(tracked)")
        #expect(abs(both - tracked) < 0.01)
        #expect(try Text("IIII").font(.system(size: 20)).tracking(.nan).layout(width: nil)[0].typographicBounds.width == plain)
    }
}

@Suite struct FontDesignTests {
    func family(_ text: Text, _ env: EnvironmentValues = EnvironmentValues()) throws -> String {
        try text.layout(width: nil, environment: env)[0][0].fontName
    }

    /// `.fontDesign` picks the design for fonts that name none, on Text and through the
    /// environment (as the view modifier sets it); a font's own design wins; it is part of the
    /// layout cache's key.
    @Test func designAppliesWhereTheFontNamesNone() throws {
        let plain = try family(Text("Hello"))
        let mono = try family(Text("Hello").fontDesign(.monospaced))
        #expect(mono.contains("Mono") && !plain.contains("Mono"), "\(plain) / \(mono)")
        var env = EnvironmentValues()
        env.fontDesign = .monospaced
        #expect(try family(Text("Hello"), env) == mono)
        #expect(try family(Text("Hello").font(.system(.body, design: .serif)), env).contains("Serif"))
        #expect(try family(Text("Hello")) == plain)   // the cached layout without the design is untouched
    }
}

/// `Text.underline` and `Text.strikethrough`: lines at the font's own positions and thicknesses,
/// across the run's glyphs, in the line's colour.
@MainActor @Suite struct TextLineTests {
    @Test func underlineAndStrikethroughSitWhereTheFontSays() throws {
        let plain = Text("Hello").font(.system(size: 40))
        let layout = try plain.layout()
        let run = layout[0][0]
        let first = run.glyphPositions[0], width = run.typographicBounds.width
        let font = try #require(layout[0].runs.first?.font)
        let red = Color(red: 1, green: 0, blue: 0)
        func draw(_ text: Text) throws -> PixelBuffer {
            try PixelBuffer.render(size: CGSize(width: 120, height: 60), scale: 2) { ctx in ctx.draw(text, at: .zero, anchor: .topLeading) }
        }
        let under = try draw(plain.underline(color: red)), struck = try draw(plain.strikethrough(color: red)), none = try draw(plain)
        func isRed(_ b: PixelBuffer, _ x: CGFloat, _ y: CGFloat) -> Bool { let p = b[Int(x * 2), Int(y * 2)]; return p.r > 200 && p.g < 60 && p.b < 60 }
        // The underline's middle, a quarter and three quarters along: red; nothing red there without it.
        let uy = first.y - font.underlinePosition + font.underlineThickness / 2
        for f in [0.25, 0.5, 0.75] as [CGFloat] {
            #expect(isRed(under, first.x + width * f, uy) && !isRed(none, first.x + width * f, uy), "underline at \(f): y \(uy)")
        }
        #expect(!isRed(under, first.x + width / 2, uy + font.underlineThickness + 1.5), "the underline is as thick as the font says")
        // The strikethrough crosses the letters above the baseline: red somewhere along its middle.
        let sy = first.y - font.strikethroughPosition + font.strikethroughThickness / 2
        #expect(sy < first.y && stride(from: first.x, to: first.x + width, by: 0.5).contains { isRed(struck, $0, sy) })
        #expect(!stride(from: first.x, to: first.x + width, by: 0.5).contains { isRed(under, $0, sy) })
        // Turned off, and dashed: a dashed underline has gaps.
        #expect(try draw(plain.underline(false)).bytes == none.bytes)
        let dashed = try draw(plain.underline(pattern: .dash, color: red))
        let along = stride(from: first.x, to: first.x + width, by: 0.25).map { isRed(dashed, $0, uy) }
        #expect(along.contains(true) && along.contains(false))
    }

    @MainActor @Test func theViewFormsReachTheTextInside() async throws {
        let red = Color(red: 1, green: 0, blue: 0)
        func render(_ v: some View) async throws -> [UInt8] {
            try await SceneRenderer(v, size: CGSize(width: 120, height: 60), scale: 1).still(at: 0).bytes
        }
        let viaView = try await render(VStack { Text("Hello").font(.system(size: 30)) }.underline(color: red).strikethrough(pattern: .dot))
        let viaText = try await render(VStack { Text("Hello").font(.system(size: 30)).underline(color: red).strikethrough(pattern: .dot) })
        let plain = try await render(VStack { Text("Hello").font(.system(size: 30)) })
        #expect(viaView == viaText && viaView != plain)
        // The text's own line wins over the view's.
        let own = try await render(VStack { Text("Hello").font(.system(size: 30)).underline(color: .blue) }.underline(color: red))
        let ownAlone = try await render(VStack { Text("Hello").font(.system(size: 30)).underline(color: .blue) })
        #expect(own == ownAlone)
    }
}
