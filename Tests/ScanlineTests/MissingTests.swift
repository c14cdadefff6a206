import Testing
@testable import Scanline
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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scanline-gif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
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
