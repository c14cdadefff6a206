internal import CCairo

extension GraphicsContext {
    /// How drawing combines with what is already there. Every SwiftUI blend mode; each maps to a
    /// cairo operator except `plusDarker`, which Scanline composites itself:
    /// result = max(0, 1 − ((1 − D) + (1 − S))) per premultiplied component.
    public struct BlendMode: Hashable, Sendable, CaseIterable, RawRepresentable {
        let name: String
        init(name: String) { self.name = name }
        /// Its number, as Core Graphics' `CGBlendMode` numbers them (SwiftUI's raw values):
        /// `normal` 0 … `plusLighter` 27, in `allCases`' order.
        public var rawValue: Int32 { Int32(Self.allCases.firstIndex(of: self) ?? 0) }
        /// The blend mode of that number; one `CGBlendMode` does not define is `normal`.
        public init(rawValue: Int32) {
            self = rawValue >= 0 && Int(rawValue) < Self.allCases.count ? Self.allCases[Int(rawValue)] : .normal
        }
        // By name: RawRepresentable's own `==` would compare raw values, which are found with `==`.
        public static func == (a: BlendMode, b: BlendMode) -> Bool { a.name == b.name }
        public func hash(into hasher: inout Hasher) { hasher.combine(name) }
        /// Source over destination: the usual painting.
        public static let normal = BlendMode(name: "normal")
        /// Colours multiplied: never lighter.
        public static let multiply = BlendMode(name: "multiply")
        /// Inverted colours multiplied, inverted back: never darker.
        public static let screen = BlendMode(name: "screen")
        /// Multiply or screen, depending on the destination.
        public static let overlay = BlendMode(name: "overlay")
        /// The darker of each component.
        public static let darken = BlendMode(name: "darken")
        /// The lighter of each component.
        public static let lighten = BlendMode(name: "lighten")
        /// Brightens the destination to reflect the source.
        public static let colorDodge = BlendMode(name: "colorDodge")
        /// Darkens the destination to reflect the source.
        public static let colorBurn = BlendMode(name: "colorBurn")
        /// A gentle overlay: darkens or lightens by the source.
        public static let softLight = BlendMode(name: "softLight")
        /// Multiply or screen, depending on the source.
        public static let hardLight = BlendMode(name: "hardLight")
        /// The absolute difference of the colours.
        public static let difference = BlendMode(name: "difference")
        /// Like `difference`, with lower contrast.
        public static let exclusion = BlendMode(name: "exclusion")
        /// The source's hue with the destination's saturation and luminosity.
        public static let hue = BlendMode(name: "hue")
        /// The source's saturation with the destination's hue and luminosity.
        public static let saturation = BlendMode(name: "saturation")
        /// The source's hue and saturation with the destination's luminosity.
        public static let color = BlendMode(name: "color")
        /// The source's luminosity with the destination's hue and saturation.
        public static let luminosity = BlendMode(name: "luminosity")
        /// Clears what is drawn over to transparent.
        public static let clear = BlendMode(name: "clear")
        /// Replaces the destination with the source.
        public static let copy = BlendMode(name: "copy")
        /// The source where the destination is opaque.
        public static let sourceIn = BlendMode(name: "sourceIn")
        /// The source where the destination is transparent.
        public static let sourceOut = BlendMode(name: "sourceOut")
        /// The source over the destination, only where the destination is.
        public static let sourceAtop = BlendMode(name: "sourceAtop")
        /// The destination over the source.
        public static let destinationOver = BlendMode(name: "destinationOver")
        /// The destination where the source is opaque.
        public static let destinationIn = BlendMode(name: "destinationIn")
        /// The destination where the source is transparent.
        public static let destinationOut = BlendMode(name: "destinationOut")
        /// The destination over the source, only where the source is.
        public static let destinationAtop = BlendMode(name: "destinationAtop")
        /// The source where the destination is not, and the destination where the source is not.
        public static let xor = BlendMode(name: "xor")
        /// Darkens by adding the inverted colours: 1 − ((1 − D) + (1 − S)), clamped at 0.
        public static let plusDarker = BlendMode(name: "plusDarker")
        /// Lightens by adding the colours, clamped at 1.
        public static let plusLighter = BlendMode(name: "plusLighter")

        /// Every blend mode, in SwiftUI's order.
        public static let allCases: [BlendMode] = [
            .normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .softLight,
            .hardLight, .difference, .exclusion, .hue, .saturation, .color, .luminosity, .clear, .copy,
            .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationIn, .destinationOut,
            .destinationAtop, .xor, .plusDarker, .plusLighter,
        ]

        /// The cairo operator, or nil for `plusDarker`.
        var cairoOperator: cairo_operator_t? {
            switch self {
            case .normal: return CAIRO_OPERATOR_OVER
            case .multiply: return CAIRO_OPERATOR_MULTIPLY
            case .screen: return CAIRO_OPERATOR_SCREEN
            case .overlay: return CAIRO_OPERATOR_OVERLAY
            case .darken: return CAIRO_OPERATOR_DARKEN
            case .lighten: return CAIRO_OPERATOR_LIGHTEN
            case .colorDodge: return CAIRO_OPERATOR_COLOR_DODGE
            case .colorBurn: return CAIRO_OPERATOR_COLOR_BURN
            case .softLight: return CAIRO_OPERATOR_SOFT_LIGHT
            case .hardLight: return CAIRO_OPERATOR_HARD_LIGHT
            case .difference: return CAIRO_OPERATOR_DIFFERENCE
            case .exclusion: return CAIRO_OPERATOR_EXCLUSION
            case .hue: return CAIRO_OPERATOR_HSL_HUE
            case .saturation: return CAIRO_OPERATOR_HSL_SATURATION
            case .color: return CAIRO_OPERATOR_HSL_COLOR
            case .luminosity: return CAIRO_OPERATOR_HSL_LUMINOSITY
            case .clear: return CAIRO_OPERATOR_CLEAR
            case .copy: return CAIRO_OPERATOR_SOURCE
            case .sourceIn: return CAIRO_OPERATOR_IN
            case .sourceOut: return CAIRO_OPERATOR_OUT
            case .sourceAtop: return CAIRO_OPERATOR_ATOP
            case .destinationOver: return CAIRO_OPERATOR_DEST_OVER
            case .destinationIn: return CAIRO_OPERATOR_DEST_IN
            case .destinationOut: return CAIRO_OPERATOR_DEST_OUT
            case .destinationAtop: return CAIRO_OPERATOR_DEST_ATOP
            case .xor: return CAIRO_OPERATOR_XOR
            case .plusLighter: return CAIRO_OPERATOR_ADD
            default: return nil
            }
        }
    }
}

/// SwiftUI's `BlendMode`, for `.blendMode(_:)` on views: the same modes as
/// `GraphicsContext.BlendMode`, under one type.
public typealias BlendMode = GraphicsContext.BlendMode
