// SPDX-License-Identifier: MIT
// Seed 004 as a pipeline: cover art → blur → time-driven domain warp behind a transcript that
// follows playback, centred on the current line, with a floating timestamp. Lines changed from the
// session's code are marked "port:".
import Scanline

extension View {
    /// How a transcript line looks: the current one bold and opaque, the others semibold at 45 %.
    /// Both weights are laid out the same size, so only the current line's weight changes.
    public func transcriptLineStyle(isCurrent: Bool) -> some View {
        self
            .font(.system(.title3, weight: isCurrent ? .bold : .semibold))
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
                TranscriptScroll(transcript: transcript, current: playback.currentLineIndex, reduceMotion: reduceMotion)
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
    let reduceMotion: Bool

    var body: some View {
        GeometryReader { outer in
            ScrollViewReader { scrollProxy in
                ScrollView {
                    LazyVStack(alignment: .leading, spacing: 28) {
                        ForEach(transcript.lines) { line in
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
                    }
                    .padding(.horizontal, 28)
                    .padding(.vertical, outer.size.height / 2)
                }
                // port: the scroll is animated here (the session animates it); nil under Reduce Motion.
                .onChange(of: current) { _, i in
                    withAnimation(reduceMotion ? nil : .smooth(duration: 0.45)) {
                        scrollProxy.scrollTo(i, anchor: .center)
                    }
                }
            }
        }
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
