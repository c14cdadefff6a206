// `Color.Resolved` (iOS 17): a colour's concrete components in an environment, stored as
// linear sRGB with extended range, as SwiftUI's; `red`, `green` and `blue` read and write them
// gamma-encoded (0...1 for colours inside sRGB).

extension Color {
    /// A concrete colour: linear extended-range sRGB components and an opacity.
    public struct Resolved: Hashable, Sendable, CustomStringConvertible {
        /// The components in linear sRGB.
        public var linearRed: Float, linearGreen: Float, linearBlue: Float
        /// 0 transparent … 1 opaque.
        public var opacity: Float
        /// A colour from components in `colorSpace` (gamma-encoded sRGB by default).
        public init(colorSpace: Color.RGBColorSpace = .sRGB, red: Float, green: Float, blue: Float, opacity: Float = 1) {
            let v = Color.toSRGB(colorSpace, SIMD3(Double(red), Double(green), Double(blue)))
            linearRed = Float(RGBA.linear(v.x)); linearGreen = Float(RGBA.linear(v.y)); linearBlue = Float(RGBA.linear(v.z))
            self.opacity = opacity
        }
        /// The gamma-encoded sRGB components.
        public var red: Float { get { Float(RGBA.encoded(Double(linearRed))) } set { linearRed = Float(RGBA.linear(Double(newValue))) } }
        public var green: Float { get { Float(RGBA.encoded(Double(linearGreen))) } set { linearGreen = Float(RGBA.linear(Double(newValue))) } }
        public var blue: Float { get { Float(RGBA.encoded(Double(linearBlue))) } set { linearBlue = Float(RGBA.linear(Double(newValue))) } }
        /// `#RRGGBBAA` of the encoded components, each clamped to 0...1.
        public var description: String {
            func byte(_ c: Float) -> String {
                let v = Int((min(max(c.isNaN ? 0 : c, 0), 1) * 255).rounded())
                return String(v, radix: 16, uppercase: true).count == 1 ? "0" + String(v, radix: 16, uppercase: true) : String(v, radix: 16, uppercase: true)
            }
            return "#" + byte(red) + byte(green) + byte(blue) + byte(opacity)
        }
    }

    /// The colour's components in `environment` (its colour scheme picks an adaptive colour's).
    public func resolve(in environment: EnvironmentValues) -> Resolved {
        let c = resolve(in: environment.colorScheme)
        return Resolved(red: Float(c.red), green: Float(c.green), blue: Float(c.blue), opacity: Float(c.opacity))
    }

    /// A colour of these components.
    public init(_ resolved: Resolved) {
        self.init(red: Double(resolved.red), green: Double(resolved.green), blue: Double(resolved.blue), opacity: Double(resolved.opacity))
    }
}
