/// Colours along a line, for gradients. Locations run from 0 to 1.
public struct Gradient: Hashable, Sendable {
    /// A colour at a place along a gradient.
    public struct Stop: Hashable, Sendable {
        /// The stop's colour.
        public var color: Color
        /// Where the stop sits, in 0...1 along the gradient.
        public var location: CGFloat
        /// A stop of `color` at `location` (0...1).
        public init(color: Color, location: CGFloat) { self.color = color; self.location = location }
    }
    /// The stops, in order along the gradient.
    public var stops: [Stop]
    /// The space colours are interpolated in between stops (`colorSpace(_:)`).
    var interpolation: ColorSpace = .device
    /// A gradient through `stops`.
    public init(stops: [Stop]) { self.stops = stops }
    /// Colours spaced evenly from 0 to 1.
    public init(colors: [Color]) {
        let n = colors.count
        stops = colors.enumerated().map { i, c in Stop(color: c, location: n > 1 ? CGFloat(i) / CGFloat(n - 1) : 0) }
    }

    /// The stops sorted by location, with locations clamped to 0...1 (NaN counts as 0).
    var sortedStops: [Stop] {
        stops.map { Stop(color: $0.color, location: $0.location.isFinite ? min(max($0.location, 0), 1) : 0) }
            .sorted { $0.location < $1.location }
    }

    /// The straight colour at `f` (0...1) along the gradient: the nearest end stop's colour outside
    /// the stops, and between two stops linear in sRGB components (`.device`) or in OKLab
    /// (`.perceptual`, `ColorSpace.mix`).
    func color(at f: Double, scheme: ColorScheme) -> SIMD4<Double> {
        let stops = sortedStops
        func v(_ s: Stop) -> SIMD4<Double> { let c = s.color.resolve(in: scheme); return [c.red, c.green, c.blue, c.opacity] }
        guard let first = stops.first, let last = stops.last else { return .zero }
        if !(f > Double(first.location)) { return v(first) }
        if f >= Double(last.location) { return v(last) }
        let i = stops.firstIndex { Double($0.location) > f }!
        let a = stops[i - 1], b = stops[i]
        let t = (f - Double(a.location)) / Double(b.location - a.location)
        return interpolation.mix(v(a), v(b), t)
    }

    /// The stops as cairo takes them: sorted, resolved in `scheme`, straight sRGB components. In
    /// `.perceptual`, 16 stops stand between each pair, placed on the OKLab path, and cairo
    /// interpolates in sRGB only between those.
    func resolvedStops(in scheme: ColorScheme) -> [(location: Double, color: SIMD4<Double>)] {
        let stops = sortedStops
        func v(_ s: Stop) -> SIMD4<Double> { let c = s.color.resolve(in: scheme); return [c.red, c.green, c.blue, c.opacity] }
        guard interpolation == .perceptual, stops.count > 1 else { return stops.map { (Double($0.location), v($0)) } }
        var out: [(location: Double, color: SIMD4<Double>)] = []
        for (i, stop) in stops.enumerated() {
            out.append((Double(stop.location), v(stop)))
            guard i + 1 < stops.count else { break }
            let next = stops[i + 1], a = Double(stop.location), b = Double(next.location)
            guard b > a else { continue }
            for k in 1..<ColorSpace.perceptualSteps {
                let t = Double(k) / Double(ColorSpace.perceptualSteps)
                out.append((a + (b - a) * t, interpolation.mix(v(stop), v(next), t)))
            }
        }
        return out
    }

    /// How a gradient interpolates between its colours, as SwiftUI's `Gradient.ColorSpace`.
    public struct ColorSpace: Hashable, Sendable {
        let isPerceptual: Bool
        /// In the output's space: gamma-encoded sRGB components, linear between stops.
        public static let device = ColorSpace(isPerceptual: false)
        /// In a perceptual space. Apple does not say which; Scanline takes OKLab (Björn Ottosson,
        /// 2020), the perceptual space of CSS Color 4, interpolating premultiplied by alpha as CSS
        /// does (docs/PORTING.md).
        public static let perceptual = ColorSpace(isPerceptual: true)

        /// Stops placed between two stops of a perceptual gradient for cairo.
        static let perceptualSteps = 16

        /// `a` to `b` (straight sRGB components and alpha, 0...1) at `t` (0...1).
        func mix(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
            guard isPerceptual else { return a + (b - a) * t }
            let alpha = a.w + (b.w - a.w) * t
            guard alpha > 0 else { return [0, 0, 0, 0] }
            let la = Self.oklab(a) * a.w, lb = Self.oklab(b) * b.w
            let rgb = Self.srgb((la + (lb - la) * t) / alpha)
            return [rgb.x, rgb.y, rgb.z, alpha]
        }

        /// OKLab (L, a, b) of gamma-encoded sRGB components (Ottosson's published matrices).
        static func oklab(_ c: SIMD4<Double>) -> SIMD3<Double> {
            let r = RGBA.linear(c.x), g = RGBA.linear(c.y), b = RGBA.linear(c.z)
            let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
            let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
            let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
            return [0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                    1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                    0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s]
        }

        /// Gamma-encoded sRGB components of an OKLab colour, clamped to 0...1.
        static func srgb(_ lab: SIMD3<Double>) -> SIMD3<Double> {
            let l = pow(lab.x + 0.3963377774 * lab.y + 0.2158037573 * lab.z, 3)
            let m = pow(lab.x - 0.1055613458 * lab.y - 0.0638541728 * lab.z, 3)
            let s = pow(lab.x - 0.0894841775 * lab.y - 1.2914855480 * lab.z, 3)
            let r = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s
            let g = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s
            let b = -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s
            func e(_ v: Double) -> Double { min(max(RGBA.encoded(v), 0), 1) }
            return [e(r), e(g), e(b)]
        }
    }

    /// This gradient, interpolating its colours in `space`.
    public func colorSpace(_ space: ColorSpace) -> AnyGradient {
        var g = self
        g.interpolation = space
        return AnyGradient(g)
    }
}

/// What a fill, stroke or glyph is painted with, as SwiftUI's `GraphicsContext.Shading`.
public struct Shading: Hashable, Sendable {
    enum Storage: Hashable, Sendable {
        case foreground
        case color(Color)
        case linear(Gradient, start: CGPoint, end: CGPoint, options: GraphicsContext.GradientOptions)
        case radial(Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat, options: GraphicsContext.GradientOptions)
        /// A conic sweep around `center` from `start` to `end` radians (clockwise on screen).
        case conic(Gradient, center: CGPoint, start: Double, end: Double)
        /// A radial gradient in the unit square of `rect`, stretched to fill it (elliptical contours).
        case elliptical(Gradient, rect: CGRect, center: UnitPoint, startFraction: CGFloat, endFraction: CGFloat)
        /// A mesh gradient over its bounds (see `MeshGradient`).
        case mesh(MeshShading)
        /// An image repeated in both directions from `origin` (points), at `scale`.
        case tiled(Image, origin: CGPoint, sourceRect: CGRect, scale: CGFloat)
        /// A shape-style shader, evaluated at each point of user space.
        case shader(ShaderKey, bounds: CGRect)
        /// A copy of what is already drawn under the fill.
        case backdrop
        /// Several shadings, for multicolour symbols; a plain fill uses the first.
        case palette([Shading])
        /// A shape style, resolved against the bounds of what it fills.
        case style(StyleBox)
        /// What is underneath, blurred (σ in points) and tinted: a `Material`.
        case material(blur: CGFloat, tint: Color)
        /// Liquid Glass over what is underneath (`glassEffect`; drawn by `GlassKernel`).
        case glass(GlassMaterial)
        /// Another shading with its opacity multiplied (0...1).
        indirect case faded(Shading, Double)
    }
    let storage: Storage

    /// A shader in a shading: equal when the shaders are, hashed by function name.
    struct ShaderKey: Hashable, Sendable {
        let shader: Shader
        static func == (a: ShaderKey, b: ShaderKey) -> Bool { a.shader == b.shader }
        func hash(into h: inout Hasher) { h.combine(shader.function.name) }
    }
    /// A shape style kept in a shading: equal only to itself (styles are not `Hashable`).
    final class StyleBox: Hashable, @unchecked Sendable {
        let style: any ShapeStyle
        init(_ style: any ShapeStyle) { self.style = style }
        static func == (a: StyleBox, b: StyleBox) -> Bool { a === b }
        func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
    }

    /// The context's foreground style (its environment's foreground colour, `.primary` by default).
    public static var foreground: Shading { Shading(storage: .foreground) }
    /// What is drawn already under the area being filled (SwiftUI's `.backdrop`).
    public static var backdrop: Shading { Shading(storage: .backdrop) }
    /// A solid colour.
    public static func color(_ color: Color) -> Shading { Shading(storage: .color(color)) }
    /// A solid sRGB colour from components in 0...1.
    public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) -> Shading {
        .color(Color(colorSpace, red: red, green: green, blue: blue, opacity: opacity))
    }
    /// A grey: `white` 0 black, 1 white.
    public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) -> Shading {
        .color(Color(colorSpace, white: white, opacity: opacity))
    }
    /// Several shadings, as SwiftUI's `palette`: layered symbols take one each; other fills use
    /// the first (transparent when empty).
    public static func palette(_ array: [Shading]) -> Shading { Shading(storage: .palette(array)) }
    /// A shape style, resolved against the bounding box of each fill (points).
    public static func style<S: ShapeStyle>(_ style: S) -> Shading { Shading(storage: .style(StyleBox(style))) }
    /// A gradient from `startPoint` to `endPoint`, in the context's user space (points). Beyond
    /// the ends the end colours continue, unless `options` repeats or mirrors the gradient.
    public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint,
                                      options: GraphicsContext.GradientOptions = GraphicsContext.GradientOptions()) -> Shading {
        Shading(storage: .linear(gradient, start: startPoint, end: endPoint, options: options))
    }
    /// A gradient in circles around `center`, from `startRadius` to `endRadius` (points).
    public static func radialGradient(_ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat,
                                      options: GraphicsContext.GradientOptions = GraphicsContext.GradientOptions()) -> Shading {
        Shading(storage: .radial(gradient, center: center, startRadius: startRadius, endRadius: endRadius, options: options))
    }
    /// A gradient swept once around `center`, starting at `angle` (0 points right; positive angles
    /// turn clockwise on screen). Drawn as cairo mesh patches, so it has no visible wedges.
    /// `options` are accepted; a full turn neither repeats nor mirrors.
    public static func conicGradient(_ gradient: Gradient, center: CGPoint, angle: Angle = Angle(),
                                     options: GraphicsContext.GradientOptions = GraphicsContext.GradientOptions()) -> Shading {
        Shading(storage: .conic(gradient, center: center, start: angle.radians, end: angle.radians + 2 * .pi))
    }
    /// A mesh gradient filling the bounds of what it shades.
    public static func meshGradient(_ mesh: MeshGradient) -> Shading { .style(mesh) }
    /// `image` repeated in both directions, with a tile's top-left corner at `origin` (points).
    /// `sourceRect` picks the part of the image to repeat, in unit coordinates of the image;
    /// `scale` multiplies the image's size in points.
    public static func tiledImage(_ image: Image, origin: CGPoint = .zero,
                                  sourceRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1), scale: CGFloat = 1) -> Shading {
        Shading(storage: .tiled(image, origin: origin, sourceRect: sourceRect, scale: scale))
    }
    /// A shape-style shader, `half4 f(float2 position, args…)`, called with each point's position
    /// in user space (points). `bounds` is what a `.boundingRect` argument stands for; `.zero`
    /// means the bounding box of each fill.
    public static func shader(_ shader: Shader, bounds: CGRect = .zero) -> Shading { Shading(storage: .shader(ShaderKey(shader: shader), bounds: bounds)) }
}

extension GraphicsContext {
    /// How a gradient continues past its ends (SwiftUI's bits: repeat 1, mirror 2, linear colour 4).
    public struct GradientOptions: OptionSet, Sendable, Hashable {
        /// The options as bits.
        public let rawValue: UInt32
        /// Options from their bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// The gradient repeats past its end.
        public static let `repeat` = GradientOptions(rawValue: 1)
        /// The gradient repeats, every other copy reversed; wins over `repeat`.
        public static let mirror = GradientOptions(rawValue: 2)
        /// Interpolate in linear light (accepted; gradients interpolate gamma-encoded sRGB).
        public static let linearColor = GradientOptions(rawValue: 4)
    }

    /// `shading` with the environment applied: the foreground and shape styles become the shading
    /// they stand for now (styles resolved against `clipBoundingRect`), colours become fixed sRGB
    /// colours in this context's colour scheme. Cheap to reuse across many fills.
    public func resolve(_ shading: Shading) -> Shading {
        switch shading.storage {
        case .foreground:
            if let style = environment.foregroundStyle { return resolve(style.shading(in: clipBoundingRect, environment: environment)) }
            return resolve(.color(environment.foregroundColor))
        case .color(let c):
            let v = c.resolve(in: environment.colorScheme)
            return .color(Color(red: v.red, green: v.green, blue: v.blue, opacity: v.opacity))
        case .style(let box):
            return resolve(box.style.shading(in: clipBoundingRect, environment: environment))
        case .palette(let list):
            return .palette(list.map { resolve($0) })
        default:
            return shading
        }
    }
}

extension GraphicsContext {
    /// `Shading` under SwiftUI's qualified name, as code writes it: `GraphicsContext.Shading.color(.red)`.
    public typealias Shading = ScanlineCore.Shading
}
