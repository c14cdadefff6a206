internal import CCairo

extension GraphicsContext {
    /// How drawing combines with what is already there. Every SwiftUI blend mode; each maps to a
    /// cairo operator except `plusDarker`, which Scanline composites itself:
    /// result = max(0, 1 − ((1 − D) + (1 − S))) per premultiplied component.
    public struct BlendMode: Hashable, Sendable, CaseIterable {
        let name: String
        public static let normal = BlendMode(name: "normal")
        public static let multiply = BlendMode(name: "multiply")
        public static let screen = BlendMode(name: "screen")
        public static let overlay = BlendMode(name: "overlay")
        public static let darken = BlendMode(name: "darken")
        public static let lighten = BlendMode(name: "lighten")
        public static let colorDodge = BlendMode(name: "colorDodge")
        public static let colorBurn = BlendMode(name: "colorBurn")
        public static let softLight = BlendMode(name: "softLight")
        public static let hardLight = BlendMode(name: "hardLight")
        public static let difference = BlendMode(name: "difference")
        public static let exclusion = BlendMode(name: "exclusion")
        public static let hue = BlendMode(name: "hue")
        public static let saturation = BlendMode(name: "saturation")
        public static let color = BlendMode(name: "color")
        public static let luminosity = BlendMode(name: "luminosity")
        public static let clear = BlendMode(name: "clear")
        public static let copy = BlendMode(name: "copy")
        public static let sourceIn = BlendMode(name: "sourceIn")
        public static let sourceOut = BlendMode(name: "sourceOut")
        public static let sourceAtop = BlendMode(name: "sourceAtop")
        public static let destinationOver = BlendMode(name: "destinationOver")
        public static let destinationIn = BlendMode(name: "destinationIn")
        public static let destinationOut = BlendMode(name: "destinationOut")
        public static let destinationAtop = BlendMode(name: "destinationAtop")
        public static let xor = BlendMode(name: "xor")
        public static let plusDarker = BlendMode(name: "plusDarker")
        public static let plusLighter = BlendMode(name: "plusLighter")

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
