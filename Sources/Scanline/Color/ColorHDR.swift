import Foundation

// HDR colours (iOS 26): `Color.headroom(_:)`, `Color.ResolvedHDR` and `resolveHDR(in:)`.
//
// Scanline writes 8-bit sRGB (PNG, GIF, WebP, APNG) and 8-bit BT.709 video: its output has no
// headroom (a display headroom of 1). So an HDR colour is tone-mapped when it is drawn: in linear
// light, its components are divided by the largest of them when that is above 1, which keeps its
// hue and makes its brightest channel the output's white level (Scanline's choice; Apple says
// only that a colour is tone-mapped when the display's headroom is not enough). A colour with
// components above 1 but no headroom is clamped channel by channel, as before. `ResolvedHDR`
// keeps the components as given, with the headroom.

extension Color {
    /// A concrete colour with HDR content headroom, as SwiftUI's `Color.ResolvedHDR`: linear
    /// extended-range sRGB components, an opacity, and the headroom (peak over reference white,
    /// linear), or nil.
    public struct ResolvedHDR: Hashable, Sendable, CustomStringConvertible {
        /// The components in linear extended sRGB (above 1: brighter than reference white).
        public var linearRed: Float, linearGreen: Float, linearBlue: Float
        /// 0 transparent … 1 opaque.
        public var opacity: Float
        /// The content headroom, or nil for an SDR colour.
        public var headroom: Float?
        /// `color` with `headroom`.
        public init(_ color: Color.Resolved, headroom: Float? = nil) {
            linearRed = color.linearRed; linearGreen = color.linearGreen; linearBlue = color.linearBlue
            opacity = color.opacity; self.headroom = headroom
        }
        /// The gamma-encoded extended sRGB components.
        public var red: Float { get { Float(RGBA.encoded(Double(linearRed))) } set { linearRed = Float(RGBA.linear(Double(newValue))) } }
        public var green: Float { get { Float(RGBA.encoded(Double(linearGreen))) } set { linearGreen = Float(RGBA.linear(Double(newValue))) } }
        public var blue: Float { get { Float(RGBA.encoded(Double(linearBlue))) } set { linearBlue = Float(RGBA.linear(Double(newValue))) } }
        /// The encoded components, the opacity and the headroom.
        public var description: String {
            "Color.ResolvedHDR(red: \(red), green: \(green), blue: \(blue), opacity: \(opacity), headroom: \(headroom.map { "\($0)" } ?? "nil"))"
        }
    }

    /// This colour with HDR content headroom `headroom` (linear; nil: none), as SwiftUI's
    /// `headroom(_:)`. Drawn into Scanline's 8-bit output it is tone-mapped (see ColorHDR.swift).
    public func headroom(_ headroom: Double?) -> Color {
        Color(storage: storage, opacityFactor: opacityFactor, headroom: headroom.map { $0.isFinite ? max($0, 1) : 1 })
    }

    /// The colour's components in `environment`, untouched, with its headroom.
    public func resolveHDR(in environment: EnvironmentValues) -> ResolvedHDR {
        let c = extendedComponents(in: environment.colorScheme)
        let base = Resolved(red: Float(c.red), green: Float(c.green), blue: Float(c.blue), opacity: Float(c.opacity))
        return ResolvedHDR(base, headroom: contentHeadroom.map { Float($0) })
    }

    /// A colour of these components and headroom.
    public init(_ resolved: ResolvedHDR) {
        self.init(storage: .fixed(RGBA(red: Double(resolved.red), green: Double(resolved.green), blue: Double(resolved.blue),
                                       opacity: Double(resolved.opacity))), headroom: resolved.headroom.map { Double($0) })
    }

    /// `c` (straight, extended, gamma-encoded) with its linear components divided by the largest
    /// when that is above 1: the same hue, the brightest channel at the output's white.
    static func toneMappedForSDR(_ c: RGBA) -> RGBA {
        let l = [RGBA.linear(c.red), RGBA.linear(c.green), RGBA.linear(c.blue)]
        let peak = l.max() ?? 0
        guard peak > 1 else { return c }
        return RGBA(red: RGBA.encoded(l[0] / peak), green: RGBA.encoded(l[1] / peak), blue: RGBA.encoded(l[2] / peak), opacity: c.opacity)
    }
}
