import Scanline

/// A parameter a scene takes from the command line (`--text`, `--first-color`…).
public struct SceneParameter: Sendable {
    public enum Kind: String, Sendable { case text, color, number }
    public let name: String
    public let kind: Kind
    public let defaultValue: String
    public let help: String
}

/// Parsed scene parameters, typed.
public struct SceneArguments: Sendable {
    let values: [String: String]
    public init(_ values: [String: String]) { self.values = values }
    public func text(_ name: String, default d: String) -> String { values[name] ?? d }
    public func color(_ name: String, default d: Color) throws -> Color { try values[name].map { try Color.parse($0) } ?? d }
    public func number(_ name: String, default d: Double) throws -> Double {
        guard let t = values[name] else { return d }
        guard let v = Double(t), v.isFinite else { throw ScanlineError.invalidArgument(name: name, value: t, reason: "expected a number") }
        return v
    }
}

/// A view that `scanline render`, the gallery and the tests can render by name.
public struct SceneDescriptor: Sendable {
    public let name: String
    public let summary: String
    /// Which seed it comes from.
    public let seed: String
    public let parameters: [SceneParameter]
    /// Canvas in points, and how long one loop of it lasts in seconds.
    public let size: CGSize
    public let duration: Double
    public let make: @MainActor @Sendable (SceneArguments) throws -> AnyView
}

/// The one typed registry of scenes.
public enum SceneRegistry {
    public static let all: [SceneDescriptor] = [
        SceneDescriptor(name: "chromatic-glitch-demo",
                        summary: "Seed 002's demo: the SIGNAL LOST card glitching on its autoplay loop, with the slider following.",
                        seed: "002", parameters: [], size: CGSize(width: 390, height: 520), duration: 4,
                        make: { _ in AnyView(ChromaticGlitchShaderDemo()) }),
    ]

    public static func named(_ name: String) -> SceneDescriptor? { all.first { $0.name == name } }
}
