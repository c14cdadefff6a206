import Scanline

/// One parameter of an effect, with its unit, range and default, for the CLI, `scanline list`
/// and tests.
public struct EffectParameter: Sendable {
    /// The parameter's name, as in `--amount`.
    public let name: String
    /// One line for `scanline list` and `--help`.
    public let help: String
    /// The values it accepts.
    public let range: ClosedRange<Double>
    /// Its value when not given.
    public let defaultValue: Double
}

/// What an effect is told when it runs on one image or frame.
public struct EffectContext: Sendable {
    /// Seconds since the start (a still at --time, or a video frame's timestamp).
    public var time: Double
    /// When true, the effect holds still (Reduce Motion).
    public var reduceMotion: Bool
    /// Each parameter's value at `time`.
    public var values: [String: Double]
    /// Threads for the effect's pixel loops (nil: every core).
    public var threads: Int?
    /// A context at `time` seconds with parameter `values`.
    public init(time: Double, reduceMotion: Bool = false, values: [String: Double], threads: Int? = nil) {
        self.time = time; self.reduceMotion = reduceMotion; self.values = values; self.threads = threads
    }
}

/// An effect that applies to any image: a name, its parameters, and what it does.
public struct EffectDescriptor: Sendable {
    /// The name `scanline apply` takes.
    public let name: String
    /// One line saying what it does.
    public let summary: String
    /// The parameters it takes, in order.
    public let parameters: [EffectParameter]
    /// Applies the effect to one image or frame.
    public let apply: @Sendable (PixelBuffer, EffectContext) throws -> PixelBuffer
}

/// The one typed registry of image effects. The CLI's `apply` and `list` read it; a test runs
/// every entry.
public enum EffectRegistry {
    /// Every effect, in the order `scanline list` shows them.
    public static let all: [EffectDescriptor] = [
        EffectDescriptor(
            name: "chromatic-glitch",
            summary: "Seed 002: colours split, 22 pt bands jump sideways (10 times a second), scan lines darken every other 1.5 pt.",
            parameters: [EffectParameter(name: "amount", help: "0 (untouched) to 1", range: 0...1, defaultValue: 1)],
            apply: { image, ctx in
                image.chromaticGlitch(ctx.values["amount"] ?? 1, time: ctx.time, reduceMotion: ctx.reduceMotion, threads: ctx.threads)
            }),
    ]

    /// The effect called `name`, or nil.
    public static func named(_ name: String) -> EffectDescriptor? { all.first { $0.name == name } }
}
