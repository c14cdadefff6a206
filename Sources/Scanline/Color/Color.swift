/// A colour scheme: SwiftUI's light and dark appearances.
public enum ColorScheme: Hashable, Sendable, CaseIterable {
    case light, dark
}

/// Red, green, blue and opacity in sRGB, straight (not premultiplied), each nominally in 0...1.
/// Extended-range components (below 0 or above 1) are kept, and clamped only when pixels are made.
public struct RGBA: Hashable, Sendable {
    /// The components, nominally 0...1; opacity 1 is opaque.
    public var red: Double, green: Double, blue: Double, opacity: Double
    /// A colour from its components (0...1).
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.opacity = opacity
    }
    /// Components given as 0...255 bytes.
    init(_ r: Int, _ g: Int, _ b: Int, _ a: Double = 1) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, opacity: a)
    }
    /// The components as a colour animates them: red, green and blue linear-light (the sRGB
    /// curve undone, extended range kept), and opacity.
    var linearData: AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>> {
        AnimatablePair(AnimatablePair(RGBA.linear(red), RGBA.linear(green)), AnimatablePair(RGBA.linear(blue), opacity))
    }
    /// A colour from animated components (`linearData`).
    init(linearData d: AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>>) {
        self.init(red: RGBA.encoded(d.first.first), green: RGBA.encoded(d.first.second), blue: RGBA.encoded(d.second.first),
                  opacity: min(max(d.second.second, 0), 1))
    }
    static func linear(_ c: Double) -> Double {
        let a = abs(c); let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4); return c < 0 ? -l : l
    }
    static func encoded(_ c: Double) -> Double {
        let a = abs(c); let e = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055; return c < 0 ? -e : e
    }
    /// The same colour with NaN components replaced by 0, so no NaN ever reaches a pixel.
    var sanitized: RGBA {
        func s(_ v: Double) -> Double { v.isNaN ? 0 : v }
        return RGBA(red: s(red), green: s(green), blue: s(blue), opacity: min(max(s(opacity), 0), 1))
    }
}

/// A colour as SwiftUI has it: sRGB with an opacity, possibly adapting to the colour scheme.
///
/// The system colours (`.red`, `.blue`, …) carry Apple's light and dark values from the Human
/// Interface Guidelines' iOS table, and resolve to one of them with `resolve(in:)`.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    enum Storage: Hashable, Sendable {
        case fixed(RGBA)
        case adaptive(light: RGBA, dark: RGBA, name: String)
    }
    let storage: Storage
    /// Extra opacity applied by `opacity(_:)`, in 0...1.
    let opacityFactor: Double
    /// The HDR content headroom `headroom(_:)` gave (ColorHDR.swift), or nil.
    let contentHeadroom: Double?

    init(storage: Storage, opacityFactor: Double = 1, headroom: Double? = nil) {
        self.storage = storage
        self.opacityFactor = opacityFactor
        contentHeadroom = headroom
    }

    /// An sRGB colour. Components are in 0...1; NaN counts as 0 when the colour is drawn.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.init(storage: .fixed(RGBA(red: red, green: green, blue: blue, opacity: opacity)))
    }
    /// A colour of these resolved components.
    init(_ c: RGBA) { self.init(storage: .fixed(c)) }
    /// A grey: `white` 0 is black, 1 is white.
    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }
    /// An sRGB colour from hue, saturation and brightness (HSB, also called HSV), each 0...1 (out
    /// of range: clamped; a hue of 1 is red again): the hue picks the side of the colour wheel
    /// (0 red, 1/3 green, 2/3 blue), saturation 0 is a grey of `brightness`, brightness 0 black.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        func unit(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, 0), 1) }
        let h = unit(hue) == 1 ? 0 : unit(hue) * 6, s = unit(saturation), v = unit(brightness)
        let c = v * s, x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)), m = v - c
        let (r, g, b): (Double, Double, Double)
        switch Int(h) {
        case 0: (r, g, b) = (c, x, 0)
        case 1: (r, g, b) = (x, c, 0)
        case 2: (r, g, b) = (0, c, x)
        case 3: (r, g, b) = (0, x, c)
        case 4: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        self.init(red: r + m, green: g + m, blue: b + m, opacity: opacity)
    }

    /// The colour spaces SwiftUI's colour initialisers take. Scanline draws in sRGB: the other
    /// spaces are converted on creation (extended-range components are kept).
    public enum RGBColorSpace: Hashable, Sendable {
        /// Gamma-encoded sRGB, the default.
        case sRGB
        /// sRGB primaries with linear components.
        case sRGBLinear
        /// Display P3 (gamma-encoded like sRGB), converted to extended sRGB.
        case displayP3
    }
    /// A colour with components (0...1) in `colorSpace`, converted to sRGB.
    public init(_ colorSpace: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        let v = Color.toSRGB(colorSpace, SIMD3(red, green, blue))
        self.init(red: v.x, green: v.y, blue: v.z, opacity: opacity)
    }
    /// A grey in `colorSpace` (`white` 0 black, 1 white), converted to sRGB.
    public init(_ colorSpace: RGBColorSpace, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }
    /// Components in `space` as gamma-encoded sRGB. The sRGB transfer curve is applied to the
    /// magnitude, so negative (extended) components stay negative.
    static func toSRGB(_ space: RGBColorSpace, _ v: SIMD3<Double>) -> SIMD3<Double> {
        let decode = RGBA.linear, encode = RGBA.encoded
        switch space {
        case .sRGB: return v
        case .sRGBLinear: return SIMD3(encode(v.x), encode(v.y), encode(v.z))
        case .displayP3:
            // Linear Display P3 to linear sRGB (both D65): the standard 3 × 3 matrix.
            let l = SIMD3(decode(v.x), decode(v.y), decode(v.z))
            let r = 1.2249401 * l.x - 0.2249404 * l.y
            let g = -0.0420569 * l.x + 1.0420571 * l.y
            let b = -0.0196376 * l.x - 0.0786361 * l.y + 1.0982735 * l.z
            return SIMD3(encode(r), encode(g), encode(b))
        }
    }
    /// The same colour with its opacity multiplied by `opacity` (clamped to 0...1).
    public func opacity(_ opacity: Double) -> Color {
        let o = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        return Color(storage: storage, opacityFactor: opacityFactor * o, headroom: contentHeadroom)
    }

    /// The colour's straight sRGB components in `scheme`, as drawn: an HDR colour (one with a
    /// headroom) tone-mapped into the output's range (`Color.toneMappedForSDR`).
    public func resolve(in scheme: ColorScheme = .light) -> RGBA {
        let c = extendedComponents(in: scheme)
        return contentHeadroom == nil ? c : Color.toneMappedForSDR(c)
    }

    /// The colour's straight extended-range sRGB components in `scheme`, before any tone mapping.
    func extendedComponents(in scheme: ColorScheme) -> RGBA {
        var c: RGBA
        switch storage {
        case .fixed(let v): c = v
        case .adaptive(let light, let dark, _): c = scheme == .light ? light : dark
        }
        c.opacity *= opacityFactor
        return c.sanitized
    }

    /// The colour as SwiftUI prints it: a system colour's name, or its components.
    public var description: String {
        switch storage {
        case .adaptive(_, _, let name): return opacityFactor == 1 ? name : "\(name).opacity(\(opacityFactor))"
        case .fixed(let c):
            return "Color(red: \(c.red), green: \(c.green), blue: \(c.blue), opacity: \(c.opacity * opacityFactor))"
        }
    }

    static func system(_ name: String, light: RGBA, dark: RGBA) -> Color {
        Color(storage: .adaptive(light: light, dark: dark, name: name))
    }

    // Apple's system palette (HIG, iOS "Specifications: system colors"), light and dark.
    /// The system red: sRGB (255, 59, 48) in light mode, (255, 69, 58) in dark.
    public static let red = system("red", light: RGBA(255, 59, 48), dark: RGBA(255, 69, 58))
    /// The system orange: sRGB (255, 149, 0) in light mode, (255, 159, 10) in dark.
    public static let orange = system("orange", light: RGBA(255, 149, 0), dark: RGBA(255, 159, 10))
    /// The system yellow: sRGB (255, 204, 0) in light mode, (255, 214, 10) in dark.
    public static let yellow = system("yellow", light: RGBA(255, 204, 0), dark: RGBA(255, 214, 10))
    /// The system green: sRGB (52, 199, 89) in light mode, (48, 209, 88) in dark.
    public static let green = system("green", light: RGBA(52, 199, 89), dark: RGBA(48, 209, 88))
    /// The system mint: sRGB (0, 199, 190) in light mode, (99, 230, 226) in dark.
    public static let mint = system("mint", light: RGBA(0, 199, 190), dark: RGBA(99, 230, 226))
    /// The system teal: sRGB (48, 176, 199) in light mode, (64, 200, 224) in dark.
    public static let teal = system("teal", light: RGBA(48, 176, 199), dark: RGBA(64, 200, 224))
    /// The system cyan: sRGB (50, 173, 230) in light mode, (100, 210, 255) in dark.
    public static let cyan = system("cyan", light: RGBA(50, 173, 230), dark: RGBA(100, 210, 255))
    /// The system blue: sRGB (0, 122, 255) in light mode, (10, 132, 255) in dark.
    public static let blue = system("blue", light: RGBA(0, 122, 255), dark: RGBA(10, 132, 255))
    /// The system indigo: sRGB (88, 86, 214) in light mode, (94, 92, 230) in dark.
    public static let indigo = system("indigo", light: RGBA(88, 86, 214), dark: RGBA(94, 92, 230))
    /// The system purple: sRGB (175, 82, 222) in light mode, (191, 90, 242) in dark.
    public static let purple = system("purple", light: RGBA(175, 82, 222), dark: RGBA(191, 90, 242))
    /// The system pink: sRGB (255, 45, 85) in light mode, (255, 55, 95) in dark.
    public static let pink = system("pink", light: RGBA(255, 45, 85), dark: RGBA(255, 55, 95))
    /// The system brown: sRGB (162, 132, 94) in light mode, (172, 142, 104) in dark.
    public static let brown = system("brown", light: RGBA(162, 132, 94), dark: RGBA(172, 142, 104))
    /// The system gray: sRGB (142, 142, 147) in light mode, (142, 142, 147) in dark.
    public static let gray = system("gray", light: RGBA(142, 142, 147), dark: RGBA(142, 142, 147))
    /// Opaque white in both schemes.
    public static let white = Color(storage: .fixed(RGBA(red: 1, green: 1, blue: 1)))
    /// Opaque black in both schemes.
    public static let black = Color(storage: .fixed(RGBA(red: 0, green: 0, blue: 0)))
    /// Fully transparent.
    public static let clear = Color(storage: .fixed(RGBA(red: 0, green: 0, blue: 0, opacity: 0)))
    /// Black in light mode, white in dark mode (UIKit's `label`).
    public static let primary = system("primary", light: RGBA(0, 0, 0), dark: RGBA(255, 255, 255))
    /// UIKit's `secondaryLabel`: grey at 60 % opacity, lighter in dark mode.
    public static let secondary = system("secondary", light: RGBA(60, 60, 67, 0.6), dark: RGBA(235, 235, 245, 0.6))

    /// Every named colour, for `Color(named:)`, the CLI and `scanline list`.
    public static let named: [(name: String, color: Color)] = [
        ("red", .red), ("orange", .orange), ("yellow", .yellow), ("green", .green), ("mint", .mint),
        ("teal", .teal), ("cyan", .cyan), ("blue", .blue), ("indigo", .indigo), ("purple", .purple),
        ("pink", .pink), ("brown", .brown), ("gray", .gray), ("white", .white), ("black", .black),
        ("clear", .clear), ("primary", .primary), ("secondary", .secondary),
    ]
}

extension Color {
    /// Parses a colour as a user types it: a palette name (`cyan`), `#rgb`, `#rrggbb` or
    /// `#rrggbbaa` in hex, or `white:0.5`. Throws `ScanlineError.invalidArgument` otherwise.
    public static func parse(_ text: String) throws -> Color {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let hit = named.first(where: { $0.name == t }) { return hit.color }
        if t.hasPrefix("#") {
            let hex = Array(t.dropFirst())
            let digits = hex.compactMap { $0.hexDigitValue }
            if digits.count == hex.count {
                func byte(_ i: Int) -> Double { Double(digits[i] * 16 + digits[i + 1]) / 255 }
                switch digits.count {
                case 3:
                    let v = digits.map { Double($0 * 17) / 255 }
                    return Color(red: v[0], green: v[1], blue: v[2])
                case 6: return Color(red: byte(0), green: byte(2), blue: byte(4))
                case 8: return Color(red: byte(0), green: byte(2), blue: byte(4), opacity: byte(6))
                default: break
                }
            }
        }
        if t.hasPrefix("white:"), let w = Double(t.dropFirst(6)), w.isFinite, (0...1).contains(w) {
            return Color(white: w)
        }
        let names = named.map(\.name).joined(separator: ", ")
        throw ScanlineError.invalidArgument(name: "color", value: text,
            reason: "expected a name (\(names)), #rgb, #rrggbb, #rrggbbaa or white:0...1")
    }
}

extension Color {
    /// A colour from a `CGColor`'s sRGB components and alpha.
    public init(cgColor: CGColor) {
        self.init(red: Double(cgColor.red), green: Double(cgColor.green), blue: Double(cgColor.blue), opacity: Double(cgColor.alpha))
    }
    /// The colour as a `CGColor`; nil for a colour that changes with the colour scheme (the system
    /// colours), as SwiftUI gives nil for a dynamic colour.
    public var cgColor: CGColor? {
        guard case .fixed = storage else { return nil }
        let c = resolve()
        return CGColor(red: CGFloat(c.red), green: CGFloat(c.green), blue: CGFloat(c.blue), alpha: CGFloat(c.opacity))
    }
}
