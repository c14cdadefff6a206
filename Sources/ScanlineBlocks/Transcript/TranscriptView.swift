// SPDX-License-Identifier: MIT
// Seed 004 as a pipeline: cover art → blur → time-driven domain warp behind a transcript that
// follows playback, centred on the current line, with a floating timestamp. Lines changed from the
// session's code are marked "port:".
import Scanline

extension View {
    /// How a transcript line looks: the current one bold and opaque, the others semibold at 45 %.
    public func transcriptLineStyle(isCurrent: Bool) -> some View {
        self
            .font(TranscriptWindow.lineFont(isCurrent: isCurrent))
            .opacity(isCurrent ? 1 : 0.45)
    }
}

/// The cover art, filling its frame.
struct CoverArtView: View {
    let cover: Image
    var body: some View {
        cover.resizable()
    }
}

/// The composed scene: background flow and foreground flow.
public struct TranscriptPlayerView: View {
    let transcript: Transcript
    let cover: Image
    let noise: Image
    /// Where in the recording time 0 of the render is (seconds), for clips.
    let clipStart: TimeInterval
    /// How far from the current line lines are views, in viewport heights (infinity: every line).
    var viewportsAround: CGFloat = TranscriptWindow.viewportsAround
    // port: `@State private var startDate = Date.now` → the render's deterministic start.
    @Environment(\.renderStartDate) private var startDate
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    /// The scene for `transcript` over `cover`, warped by `noise`; `clipStart` is where in the recording the render's time 0 is (seconds).
    public init(transcript: Transcript, cover: Image, noise: Image = NoiseTexture.image(seed: 4), clipStart: TimeInterval = 0) {
        BackgroundWarp.register()
        self.transcript = transcript; self.cover = cover; self.noise = noise; self.clipStart = clipStart
    }

    /// The warped cover behind the scrolling transcript.
    public var body: some View {
        TimelineView(.animation) { timeline in
            let elapsed = timeline.date.timeIntervalSince(startDate)
            let playback = PlaybackState(time: elapsed + clipStart, transcript: transcript)
            ZStack {
                GeometryReader { proxy in
                    CoverArtView(cover: cover)
                        .frame(width: proxy.size.width, height: proxy.size.height)
                        .blur(radius: 30)
                        .layerEffect(
                            ShaderLibrary.backgroundWarp(
                                .float2(proxy.size),
                                .image(noise),
                                .float(reduceMotion ? 0 : elapsed)   // Reduce Motion keeps the background still
                            ),
                            maxSampleOffset: .zero
                        )
                }
                .ignoresSafeArea()
                Color.black.opacity(0.35)
                TranscriptScroll(transcript: transcript, current: playback.currentLineIndex,
                                 recent: transcript.currentLineIndex(at: playback.time - TranscriptWindow.settling) ?? 0,
                                 reduceMotion: reduceMotion, viewportsAround: viewportsAround)
            }
            // port: the app's window is black behind the blurred cover's soft edges; a video frame
            // has no window, so the scene paints it (and every frame is opaque).
            .background(Color.black)
        }
    }
}

/// The foreground flow: the lines in a scroll view that keeps the current one centred.
struct TranscriptScroll: View {
    let transcript: Transcript
    let current: Int
    /// The line that was current `TranscriptWindow.settling` seconds ago (the scroll may still be
    /// on its way from it); nil for `current`.
    var recent: Int? = nil
    let reduceMotion: Bool
    var viewportsAround: CGFloat = TranscriptWindow.viewportsAround
    @Environment(\.self) var environment

    var body: some View {
        GeometryReader { outer in
            // port: the seed's LazyVStack holds every line; Scanline's stacks are not lazy, so a
            // long transcript laid out every line every frame (1,200 cues: 7.6x the time of 50; issue
            // #32 point 11). Lines far from the view are clear space of exactly their height instead.
            let window = TranscriptWindow(transcript: transcript, around: min(recent ?? current, max(current, 0))...max(current, 0),
                                          width: outer.size.width - 2 * TranscriptWindow.margin,
                                          reach: outer.size.height * viewportsAround, environment: environment)
            ScrollViewReader { scrollProxy in
                ScrollView {
                    LazyVStack(alignment: .leading, spacing: TranscriptWindow.spacing) {
                        if window.lines.lowerBound > 0 { Color.clear.frame(height: window.before) }
                        ForEach(transcript.lines[window.lines]) { line in
                            Text(line.text)
                                .transcriptLineStyle(isCurrent: line.id == current)
                                .foregroundStyle(.white)
                                .frame(maxWidth: .infinity, alignment: .leading)
                                .overlay(alignment: .bottomLeading) {
                                    Text(line.formattedTimestamp)
                                        .font(.caption.monospaced())
                                        .foregroundStyle(.white.opacity(0.8))
                                        .alignmentGuide(.bottom) { $0[.top] }
                                        .opacity(line.id == current ? 1 : 0)
                                }
                        }
                        if window.lines.upperBound < transcript.lines.count { Color.clear.frame(height: window.after) }
                    }
                    .padding(.horizontal, TranscriptWindow.margin)
                    .padding(.vertical, outer.size.height / 2)
                }
                // port: the scroll is animated here (the session animates it); nil under Reduce Motion.
                .onChange(of: current) { _, i in
                    withAnimation(reduceMotion ? nil : .smooth(duration: TranscriptWindow.scrollDuration)) {
                        scrollProxy.scrollTo(i, anchor: .center)
                    }
                }
            }
        }
    }
}

/// Which transcript lines are views in a frame, and the clear space (points) standing for the
/// lines before and after them. The space is the lines' laid-out heights and the stack's spacing
/// summed in the stack's own order; the heights are whole multiples of Pango's 1/1024 point, so
/// the sums are exact and every line lands where the whole list would put it (TranscriptTests
/// compares the frames byte for byte).
struct TranscriptWindow {
    /// Points between lines.
    static let spacing: CGFloat = 28
    /// Points left and right of the lines.
    static let margin: CGFloat = 28
    /// Seconds the scroll takes to reach a new line.
    static let scrollDuration: TimeInterval = 0.45
    /// Seconds after which a scroll is taken to have arrived: twice its duration.
    static let settling: TimeInterval = 2 * scrollDuration
    /// How far lines stay views on each side of the current one (and of the one the scroll
    /// comes from), in viewport heights.
    static let viewportsAround: CGFloat = 2

    /// A line's font: bold for the current line, semibold for the others.
    static func lineFont(isCurrent: Bool) -> Font { .system(.title3, weight: isCurrent ? .bold : .semibold) }

    let lines: Range<Int>
    var before: CGFloat = 0
    var after: CGFloat = 0

    /// The lines `around`, and those within `reach` points of them on each side, for lines
    /// `width` points wide.
    init(transcript: Transcript, around: ClosedRange<Int>, width: CGFloat, reach: CGFloat, environment: EnvironmentValues) {
        let count = transcript.lines.count
        guard count > 0, width > 0 else { lines = 0..<count; return }
        // Lines in the space are never the current one (a bold line can wrap onto one more line).
        var env = environment
        env.font = Self.lineFont(isCurrent: false)
        func height(_ i: Int) -> CGFloat {
            // As TextNode sizes a text: its layout's bottom at the width offered.
            let layout = try? Text(transcript.lines[i].text).layout(width: width, lineLimit: env.lineLimit,
                                                                  alignment: env.multilineTextAlignment, environment: env)
            return layout.map { $0.isEmpty ? 0 : $0.bounds.maxY } ?? 0
        }
        var first = min(around.lowerBound, count - 1), covered: CGFloat = 0
        while first > 0, covered < reach { first -= 1; covered += height(first) + Self.spacing }
        var last = min(around.upperBound, count - 1); covered = 0
        while last < count - 1, covered < reach { last += 1; covered += height(last) + Self.spacing }
        lines = first..<(last + 1)
        // The stack adds a line's height, then the spacing before the next, from the top down.
        func stacked(_ range: Range<Int>) -> CGFloat {
            var y: CGFloat = 0
            for i in range { if i > range.lowerBound { y += Self.spacing }; y += height(i) }
            return y
        }
        before = stacked(0..<first)
        after = stacked((last + 1)..<count)
    }
}

/// A generated cover: a diagonal gradient with soft circles, so scenes work without an image.
public enum GeneratedCover {
    /// The cover at `size` points; the same `seed` gives the same picture.
    public static func image(size: CGSize = CGSize(width: 540, height: 960), seed: Int = 7) -> Image {
        let img = try? PixelBuffer.render(size: size, scale: 1) { ctx in
            ctx.fill(Path(CGRect(origin: .zero, size: size)), with: .linearGradient(
                Gradient(colors: [Color(red: 0.98, green: 0.42, blue: 0.25), Color(red: 0.62, green: 0.18, blue: 0.68), Color(red: 0.12, green: 0.2, blue: 0.55)]),
                startPoint: .zero, endPoint: CGPoint(x: size.width, y: size.height)))
            var rng = seed
            for _ in 0..<7 {
                rng = (rng &* 1103515245 &+ 12345) & 0x7fffffff
                let x = CGFloat(rng % 1000) / 1000 * size.width
                rng = (rng &* 1103515245 &+ 12345) & 0x7fffffff
                let y = CGFloat(rng % 1000) / 1000 * size.height
                let r = size.width * (0.15 + CGFloat(rng % 100) / 400)
                ctx.fill(Path(ellipseIn: CGRect(x: x - r, y: y - r, width: 2 * r, height: 2 * r)),
                         with: .radialGradient(Gradient(colors: [Color.yellow.opacity(0.55), Color.yellow.opacity(0)]), center: CGPoint(x: x, y: y), startRadius: 0, endRadius: r))
            }
        }
        return img.map { Image($0) } ?? Image(systemName: "waveform")
    }
}

/// About twenty lines of a made-up episode, for the demo.
public enum SampleTranscript {
    /// The demo's transcript: about twenty lines on making the video itself.
    public static let transcript: Transcript = {
        let lines = [
            "Welcome back to Render Loop, the show about pixels that move.",
            "Today we are talking about effects as pipelines.",
            "Data comes in, each stage transforms it, and hands it on.",
            "Take a podcast app: it already has cover art,",
            "a playback time, and the words of the episode.",
            "The background starts as the cover art itself.",
            "We blur it, so it can sit behind text without competing.",
            "Then a shader warps it with noise, sampled twice.",
            "That second lookup is what makes the blobs flow.",
            "Time goes into the shader as a plain number.",
            "Shaders are stateless, so time is just another input.",
            "In front, the transcript is ordinary text in a stack.",
            "Playback time picks the current line.",
            "The current line is bold; the rest step back.",
            "A scroll view keeps the current line in the middle.",
            "Each line has a timestamp floating just outside it.",
            "All the timestamps are laid out; only one is shown.",
            "So nothing jumps when the current line changes.",
            "Small stages, composed, instead of one big renderer.",
            "Thanks for listening. See you next frame.",
        ]
        return Transcript(lines: lines.enumerated().map { i, t in TranscriptLine(id: i, start: Double(i) * 2.5, end: Double(i + 1) * 2.5, text: t) })
    }()
}
