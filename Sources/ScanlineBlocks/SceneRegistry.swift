import Scanline

/// A parameter a scene takes from the command line (`--text`, `--first-color`…).
public struct SceneParameter: Sendable {
    /// A parameter's type: free text, a colour name or hex, or a number.
    public enum Kind: String, Sendable { case text, color, number }
    /// The option's name, as in `--first-color`.
    public let name: String
    /// What the value is.
    public let kind: Kind
    /// The value used when the option is not given, as typed on a command line.
    public let defaultValue: String
    /// One line for `scanline list` and `--help`.
    public let help: String
}

/// Parsed scene parameters, typed.
public struct SceneArguments: Sendable {
    let values: [String: String]
    /// Values by parameter name, as typed.
    public init(_ values: [String: String]) { self.values = values }
    /// The text given for `name`, or `d`.
    public func text(_ name: String, default d: String) -> String { values[name] ?? d }
    /// The colour given for `name` (a name or #RRGGBB), or `d`; a value that is not a colour throws.
    public func color(_ name: String, default d: Color) throws -> Color { try values[name].map { try Color.parse($0) } ?? d }
    /// The number given for `name`, or `d`; a value that is not a finite number throws.
    public func number(_ name: String, default d: Double) throws -> Double {
        guard let t = values[name] else { return d }
        guard let v = Double(t), v.isFinite else { throw ScanlineError.invalidArgument(name: name, value: t, reason: "expected a number") }
        return v
    }
}

/// A view that `scanline render`, the gallery and the tests can render by name.
public struct SceneDescriptor: Sendable {
    /// The name `scanline render` takes.
    public let name: String
    /// One line saying what it shows.
    public let summary: String
    /// Which seed it comes from.
    public let seed: String
    /// The options it takes, in order.
    public let parameters: [SceneParameter]
    /// Canvas in points, and how long one loop of it lasts in seconds.
    public let size: CGSize
    /// Seconds in one loop of the scene.
    public let duration: Double
    /// Builds the scene's view from its arguments.
    public let make: @MainActor @Sendable (SceneArguments) throws -> AnyView
    /// The colour scheme the scene is designed in, which `scanline render` uses unless
    /// `--color-scheme` says otherwise. The seed demos are dark.
    public var colorScheme: ColorScheme = .dark

    /// A scene: its name, summary, seed, options, canvas (points), loop (seconds), view and scheme.
    public init(name: String, summary: String, seed: String, parameters: [SceneParameter], size: CGSize, duration: Double,
                make: @escaping @MainActor @Sendable (SceneArguments) throws -> AnyView, colorScheme: ColorScheme = .dark) {
        self.name = name; self.summary = summary; self.seed = seed; self.parameters = parameters
        self.size = size; self.duration = duration; self.make = make; self.colorScheme = colorScheme
    }
}

/// The one typed registry of scenes.
public enum SceneRegistry {
    /// Every scene, in the order `scanline list` shows them.
    public static let all: [SceneDescriptor] = [
        SceneDescriptor(name: "chromatic-glitch-demo",
                        summary: "Seed 002's demo: the SIGNAL LOST card glitching on its autoplay loop, with the slider following.",
                        seed: "002", parameters: [], size: CGSize(width: 390, height: 520), duration: 4,
                        make: { _ in AnyView(ChromaticGlitchShaderDemo()) }),
        SceneDescriptor(name: "glitch-text",
                        summary: "Seed 000's demo: GLITCH and SIGNAL LOST flickering in coloured bursts on black.",
                        seed: "000",
                        parameters: [SceneParameter(name: "text", kind: .text, defaultValue: "SIGNAL LOST", help: "The second line"),
                                     SceneParameter(name: "first-color", kind: .color, defaultValue: "green", help: "The second line's first copy"),
                                     SceneParameter(name: "second-color", kind: .color, defaultValue: "purple", help: "The second line's second copy")],
                        size: CGSize(width: 390, height: 320), duration: 2.5,
                        make: { a in
                            AnyView(GlitchTextDemo(secondText: a.text("text", default: "SIGNAL LOST"),
                                                   firstColor: try a.color("first-color", default: .green),
                                                   secondColor: try a.color("second-color", default: .purple)))
                        }),
        SceneDescriptor(name: "highlight-heading",
                        summary: "Seed 003: a highlight sweeps behind a wrapped heading on a gentle spring.",
                        seed: "003", parameters: [], size: CGSize(width: 390, height: 200), duration: 1.5,
                        make: { _ in AnyView(Backdrop(color: .white, ink: .black) { HighlightHeadingDemo().frame(width: 340) }) }),
        SceneDescriptor(name: "wave-loading",
                        summary: "Seed 003: \"Loading data\" waving glyph by glyph, forever.",
                        seed: "003", parameters: [], size: CGSize(width: 390, height: 160), duration: 1.6,
                        make: { _ in AnyView(Backdrop(color: Color(red: 0.08, green: 0.08, blue: 0.12), ink: .white) { WaveLoadingDemo() }) }),
        SceneDescriptor(name: "pulse-phrase",
                        summary: "Seed 003: the word \"feels\" pulses, marked with a TextAttribute.",
                        seed: "003", parameters: [], size: CGSize(width: 390, height: 140), duration: 1.2,
                        make: { _ in AnyView(Backdrop(color: .white, ink: .black) { PulsePhraseDemo() }) }),
        SceneDescriptor(name: "podcast-transcript",
                        summary: "Seed 004: blurred cover art through a flowing noise warp, behind a transcript that follows playback.",
                        seed: "004", parameters: [], size: CGSize(width: 360, height: 640), duration: 12,
                        make: { _ in AnyView(TranscriptPlayerView(transcript: SampleTranscript.transcript, cover: GeneratedCover.image())) }),
        SceneDescriptor(name: "text-transition",
                        summary: "A heading's emphasised words rise in glyph by glyph on a spring, through a Transition with a TextRenderer, then leave.",
                        seed: "—",
                        parameters: [SceneParameter(name: "text", kind: .text, defaultValue: "Make every frame count", help: "The heading"),
                                     SceneParameter(name: "emphasis", kind: .text, defaultValue: "every frame", help: "The words of the heading that rise (all of it if not found)"),
                                     SceneParameter(name: "accent", kind: .color, defaultValue: "pink", help: "The emphasised words' colour")],
                        size: CGSize(width: 390, height: 220), duration: TextTransitionDemo.loop,
                        make: { a in
                            let accent = try a.color("accent", default: .pink)
                            return AnyView(Backdrop(color: .white, ink: .black) {
                                TextTransitionDemo(heading: a.text("text", default: "Make every frame count"),
                                                   emphasis: a.text("emphasis", default: "every frame"), accent: accent)
                            })
                        }, colorScheme: .light),
        SceneDescriptor(name: "counter",
                        summary: "A number ticking up and back down with .contentTransition(.numericText(value:)) on a snappy spring.",
                        seed: "—",
                        parameters: [SceneParameter(name: "text", kind: .text, defaultValue: "listeners live", help: "The caption under the number")],
                        size: CGSize(width: 390, height: 220), duration: CounterDemo.loop,
                        make: { a in
                            AnyView(Backdrop(color: Color(red: 0.08, green: 0.08, blue: 0.12), ink: .white) {
                                CounterDemo(caption: a.text("text", default: "listeners live"))
                            })
                        }),
        SceneDescriptor(name: "particles",
                        summary: "SwiftUI-style Canvas particles: sparks from a tagged symbol with plusLighter, a gooey core (alphaThreshold + blur), a PreferenceKey count.",
                        seed: "—", parameters: [], size: CGSize(width: 360, height: 360), duration: 2,
                        make: { _ in AnyView(ParticlesDemo()) }),
        SceneDescriptor(name: "glass",
                        summary: "Liquid Glass: circles merging and separating in a GlassEffectContainer, a glass capsule and a prominent glass button over sliding bands and text.",
                        seed: "—", parameters: [], size: CGSize(width: 390, height: 320), duration: GlassDemo.loop,
                        make: { _ in AnyView(GlassDemo()) }, colorScheme: .light),
    ]

    /// The scene called `name`, or nil.
    public static func named(_ name: String) -> SceneDescriptor? { all.first { $0.name == name } }
}

/// A scene's backdrop: the demo centred on a full-canvas colour, with its text colour.
struct Backdrop<Content: View>: View {
    let color: Color, ink: Color
    let content: Content
    init(color: Color, ink: Color, @ViewBuilder content: () -> Content) { self.color = color; self.ink = ink; self.content = content() }
    var body: some View {
        content
            .foregroundStyle(ink)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(color)
    }
}
