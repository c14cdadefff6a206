import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineBlocks

/// Behaviours a deliberate bug went through unnoticed (issue #19), each pinned down.
@Suite struct SubtitleHoursTests {
    /// Hours 1, 10 and 99, in WebVTT and SRT: a parser that ignores the hours field fails here.
    @Test(arguments: [1, 10, 99]) func hoursAreRead(_ h: Int) throws {
        let hh = String(format: "%02d", h)
        let seconds = Double(h * 3600 + 2 * 60 + 3) + 0.25
        let vtt = try SubtitleParser.parse(Data("WEBVTT\n\n\(hh):02:03.250 --> \(hh):02:05.000\nLate cue\n".utf8))
        #expect(vtt.transcript.lines.map(\.start) == [seconds])
        #expect(vtt.transcript.lines.map(\.end) == [seconds + 1.75])
        let srt = try SubtitleParser.parse(Data("1\n\(hh):02:03,250 --> \(hh):02:05,000\nLate cue\n".utf8))
        #expect(srt.transcript.lines.map(\.start) == [seconds])
        // The timestamp shows hours as SwiftUI's formatter would: h:mm:ss.
        #expect(vtt.transcript.lines.first?.formattedTimestamp == "\(h):02:03")
    }
}

@Suite struct SpringFinishTests {
    /// The reference's integration, written out again here (reference/swiftui-api.md, "Spring
    /// formulas"): 300 Hz steps, k = (2π/response)², c = 4πζ/response; finished at the first step
    /// where max(v², F²) ≤ 0.0036 and the distance left is at most 1 % of the change.
    static func referenceFinish(response: Double, zeta: Double) -> (steps: Int, before: Double) {
        let k = min(pow(2 * .pi / response, 2), 45_000), c = 4 * .pi * zeta / response
        var x = 0.0, v = 0.0, f = k * 1.0
        var n = 0
        while true {
            let half = f / 600 + v
            let before = x
            x += half / 300
            f = -c * half + k * (1 - x)
            v = f / 600 + half
            n += 1
            if max(v * v, f * f) <= 0.0036 && abs(1 - x) <= 0.01 { return (n, before) }
        }
    }

    /// `.spring` is spring(duration: 0.5, bounce: 0): ζ 1; `.smooth` ζ 1, `.snappy` 0.85 and
    /// `.bouncy` 0.70 at duration 0.5 (the presets in reference/swiftui-api.md). Each finishes at
    /// the reference's step; one step earlier its value has not jumped to the target but is within
    /// the criterion's 1 %. A looser threshold finishes earlier and fails here.
    @Test func finishTimesToTheStep() throws {
        for (name, animation, zeta) in [("spring", Animation.spring, 1.0), ("bouncy", .bouncy, 0.7), ("snappy", .snappy, 0.85), ("smooth", .smooth, 1.0)] {
            let (steps, before) = SpringFinishTests.referenceFinish(response: 0.5, zeta: zeta)
            let finish = Double(steps) / 300
            #expect(abs(animation.duration - finish) < 1e-9, "\(name): \(animation.duration) s, reference \(finish) s (\(steps) steps)")
            #expect(animation.isFinished(at: finish), "\(name) at \(finish)")
            #expect(!animation.isFinished(at: finish - 1.0 / 300), "\(name) one step earlier")
            let early = animation.value(at: finish - 1.0 / 300)
            #expect(early != 1 && abs(early - before) < 1e-12, "\(name) one step early: \(early), reference \(before)")
            #expect(abs(early - 1) <= 0.01, "\(name) is within 1 % of its target one step early: \(early)")
        }
    }
}

@Suite struct GIFTransparencyTests {
    /// Frames where pixels go from opaque to transparent and back, over a transparent background.
    /// ffmpeg decodes every frame as it was rendered: opaque pixels exactly (the palette holds the
    /// four colours used), transparent pixels transparent. An encoder that never clears pixels
    /// turning transparent shows the previous frame's colour there and fails.
    @Test func pixelsTurningTransparentAndBackDecodeExactly() throws {
        let w = 16, h = 8
        let clear: [UInt8] = [0, 0, 0, 0], red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255], green: [UInt8] = [0, 255, 0, 255]
        func frame(_ pixel: (Int, Int) -> [UInt8]) throws -> PixelBuffer {
            var b: [UInt8] = []
            for y in 0..<h { for x in 0..<w { b += pixel(x, y) } }
            return try PixelBuffer(width: w, height: h, alpha: .straight, bytes: b)
        }
        let square = { (x: Int, y: Int) in (4..<10).contains(x) && (2..<6).contains(y) }
        let frames = [
            try frame { x, y in square(x, y) ? blue : (x < 12 ? red : clear) },      // transparent right edge
            try frame { x, y in square(x, y) ? clear : (x < 12 ? red : clear) },     // the square turns transparent
            try frame { x, y in square(x, y) ? blue : (x < 12 ? red : clear) },      // and back
            try frame { x, y in (x, y) == (1, 1) ? green : clear },                  // almost everything turns transparent
            try frame { x, y in x >= 12 ? green : clear },                           // the right edge turns opaque
        ]
        let folder = makeTestFolder("scanline-gif")
        let url = folder.appendingPathComponent("t.gif")
        let gif = try GIFEncoder(url: url, width: w, height: h, fps: 10, palette: Palette.build(from: frames))
        for f in frames { try gif.write(f) }
        try gif.finish()
        let raw = [UInt8](try FFmpeg.run(try FFmpeg.locate("ffmpeg"), ["-v", "error", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"], what: "decode"))
        #expect(raw.count == frames.count * w * h * 4)
        for (n, f) in frames.enumerated() {
            for i in 0..<(w * h) {
                let d = Array(raw[(n * w * h + i) * 4 ..< (n * w * h + i) * 4 + 4]), want = Array(f.bytes[i * 4 ..< i * 4 + 4])
                if want[3] == 0 {
                    #expect(d[3] == 0, "frame \(n) pixel (\(i % w), \(i / w)): \(d), expected transparent")
                } else {
                    #expect(d == want, "frame \(n) pixel (\(i % w), \(i / w)): \(d), expected \(want)")
                }
            }
        }
    }
}

@Suite struct ChromaticBandTests {
    /// The band hash of seed 002, written out from its Metal source: float32 throughout, sin as the
    /// correctly rounded float, Metal's fract.
    static func noise(band: Float, time: Float) -> Float {
        let x = band * 91.7 + (time * 10).rounded(.down) * 37.3
        let v = Float(sin(Double(x))) * 43758.5453
        return min(v - v.rounded(.down), 0x1.fffffep-1)
    }
    /// The sideways shift of band `b` at `time`, in points, at amount 1 (shift 26).
    static func shift(band b: Int, time: Float) -> Float {
        let n = noise(band: Float(b), time: time)
        let moved: Float = n > 0.7 ? (n - 0.7) / 0.3 : 0
        return moved * (n > 0.85 ? -1 : 1) * 26
    }

    /// Three bands (66 pt) at a time where one band shifts one way, one the other way and one not
    /// at all; the green channel (read at the point itself) of each band's rows is checked against
    /// a bilinear read of a one-pixel white column, times the scan-line factor.
    @Test func bandsMoveAsTheFormulaSays() throws {
        // A time whose first three bands move right, left and not at all, in some order.
        var time: Float = -1
        for tick in 0..<5000 {
            let t = Float(tick) / 10 + 0.05
            let s = (0..<3).map { ChromaticBandTests.shift(band: $0, time: t) }
            if s.contains(where: { $0 > 1 }) && s.contains(where: { $0 < -1 }) && s.contains(0) { time = t; break }
        }
        try #require(time >= 0)
        let w = 200, h = 66, column = 100
        var bytes = [UInt8]()
        for _ in 0..<h { for x in 0..<w { bytes += x == column ? [255, 255, 255, 255] : [60, 60, 60, 255] } }
        let img = try PixelBuffer(width: w, height: h, alpha: .premultiplied, bytes: bytes)
        let shader = ChromaticGlitchShaderMath.shader(amount: 1, time: Double(time), bounds: img.size).withLibrary(ChromaticGlitchTests.generic)
        let out = try img.layerEffect(shader, maxSampleOffset: CGSize(width: 33, height: 0))
        let builtIn = img.chromaticGlitch(1, time: Double(time))
        var directions: Set<Int> = []
        for y in [5, 6, 27, 28, 49, 50] {
            let band = y / 22
            let s = ChromaticBandTests.shift(band: band, time: time)
            directions.insert(s > 0 ? 1 : s < 0 ? -1 : 0)
            let lines: Float = (Float(y) + 0.5) / 3 - ((Float(y) + 0.5) / 3).rounded(.down) < 0.5 ? 1 : 0.86
            for x in 0..<w {
                // Green reads the layer at the pixel centre moved by the band's shift.
                let p = Float(x) + 0.5 + s
                var g: Float = 0
                if p >= 0 && p <= Float(w) {   // the seed's bounds check; outside it, nothing
                    // Bilinear between texels; outside the image the layer is transparent padding.
                    func texel(_ i: Int) -> Float { i < 0 || i >= w ? 0 : (i == column ? 255 : 60) }
                    let tx = p - 0.5, ix = tx.rounded(.down), f = tx - ix
                    g = (texel(Int(ix)) + (texel(Int(ix) + 1) - texel(Int(ix))) * f) / 255
                }
                let want = Int((g * lines * 255 + 0.5).rounded(.down))
                #expect(abs(Int(out[x, y].g) - want) <= 1, "row \(y) (band \(band), shift \(s)) x \(x): \(out[x, y].g), expected \(want)")
                #expect(abs(Int(builtIn[x, y].g) - want) <= 1, "built-in row \(y) x \(x): \(builtIn[x, y].g), expected \(want)")
            }
        }
        #expect(directions == [-1, 0, 1])
    }
}

@Suite struct FuzzRegressionTests {
    /// Found by `make fuzz` (fuzz-curve): a repeating animation sped up so far that its pass count
    /// passed Int.max trapped converting it; now the count stays a Double.
    @Test func aHugeSpeedOfARepeatingAnimationDoesNotTrap() throws {
        for text in [".linear(duration: 1).repeatForever(autoreverses: true).speed(1e300)",
                     "easeIn.repeatCount(3, autoreverses: true).speed(1e18)"] {
            let a = try Animation.parse(text)
            for t in [0.5, 1, 3] {
                let v = a.value(at: t)
                #expect(v.isFinite && v >= 0 && v <= 1, "\(text) at \(t): \(v)")
            }
        }
        // Ordinary speeds are untouched: an odd pass runs backwards.
        let back = try Animation.parse(".linear(duration: 1).repeatForever(autoreverses: true)")
        #expect(abs(back.value(at: 1.25) - 0.75) < 1e-12)
    }
}
