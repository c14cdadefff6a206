/// A 4×5 colour matrix over straight (unpremultiplied) components in 0...1:
/// r' = r1·r + r2·g + r3·b + r4·a + r5, and likewise for g, b and a.
public struct ColorMatrix: Hashable, Sendable {
    /// The red row: weights of r, g, b and a, then a constant.
    public var r1: Float = 1, r2: Float = 0, r3: Float = 0, r4: Float = 0, r5: Float = 0
    /// The green row.
    public var g1: Float = 0, g2: Float = 1, g3: Float = 0, g4: Float = 0, g5: Float = 0
    /// The blue row.
    public var b1: Float = 0, b2: Float = 0, b3: Float = 1, b4: Float = 0, b5: Float = 0
    /// The alpha row.
    public var a1: Float = 0, a2: Float = 0, a3: Float = 0, a4: Float = 1, a5: Float = 0
    /// The identity matrix.
    public init() {}

    var rows: [Float] { [r1, r2, r3, r4, r5, g1, g2, g3, g4, g5, b1, b2, b3, b4, b5, a1, a2, a3, a4, a5] }

    /// Rec. 709 luma weights, as the W3C Filter Effects `grayscale` uses them.
    static let luma: (Float, Float, Float) = (0.2126, 0.7152, 0.0722)
    /// SVG 1.1's rounded weights for `saturate` (feColorMatrix type="saturate").
    static let svgSaturateLuma: (Float, Float, Float) = (0.213, 0.715, 0.072)
    /// SVG 1.1's weights for `luminanceToAlpha`.
    static let svgLuminance: (Float, Float, Float) = (0.2125, 0.7154, 0.0721)

    /// The saturation matrix for `s` with the given luma weights (SVG's by default).
    static func saturation(_ s: Float, luma: (Float, Float, Float) = svgSaturateLuma) -> ColorMatrix {
        let (lr, lg, lb) = luma
        var m = ColorMatrix()
        m.r1 = lr * (1 - s) + s; m.r2 = lg * (1 - s); m.r3 = lb * (1 - s)
        m.g1 = lr * (1 - s); m.g2 = lg * (1 - s) + s; m.g3 = lb * (1 - s)
        m.b1 = lr * (1 - s); m.b2 = lg * (1 - s); m.b3 = lb * (1 - s) + s
        return m
    }
}

extension GraphicsContext {
    /// Options for `addFilter`. Filters always work on gamma-encoded sRGB here; `.linearColor` is
    /// accepted and has no effect yet.
    public struct FilterOptions: OptionSet, Sendable, Hashable {
        /// The options as bits.
        public let rawValue: UInt32
        /// Options from their bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Filter in linear light (accepted; filters work on gamma-encoded sRGB).
        public static let linearColor = FilterOptions(rawValue: 1)
    }
    /// Options for blur filters.
    public struct BlurOptions: OptionSet, Sendable, Hashable {
        /// The options as bits.
        public let rawValue: UInt32
        /// Options from their bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// The result is made fully opaque.
        public static let opaque = BlurOptions(rawValue: 1)
        /// Accepted for source compatibility; results are rounded, never dithered.
        public static let dithersResult = BlurOptions(rawValue: 2)
    }
    /// Options for shadow filters.
    public struct ShadowOptions: OptionSet, Sendable, Hashable {
        /// The options as bits.
        public let rawValue: UInt32
        /// Options from their bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Draw the shadow above the content instead of below it.
        public static let shadowAbove = ShadowOptions(rawValue: 1)
        /// Draw only the shadow.
        public static let shadowOnly = ShadowOptions(rawValue: 2)
        /// Cast the shadow from the inverse of the content's alpha (an inner shadow).
        public static let invertsAlpha = ShadowOptions(rawValue: 4)
        /// Accepted for source compatibility: shadows are always drawn as one group.
        public static let disablesGroup = ShadowOptions(rawValue: 8)
    }

    /// An image filter applied to later drawing, as SwiftUI's `GraphicsContext.Filter`.
    /// Each draw is first rendered to its own layer; the filters run on that layer in the order
    /// they were added; then the layer is composited with the context's opacity, blend mode and clip.
    public struct Filter: Equatable, Sendable {
        enum Kind: Equatable, Sendable {
            case blur(radius: CGFloat, options: BlurOptions)
            case shadow(color: Color, radius: CGFloat, x: CGFloat, y: CGFloat, blendMode: BlendMode, options: ShadowOptions)
            case matrix(ColorMatrix)
            /// A colour matrix over premultiplied components.
            case premultipliedMatrix(ColorMatrix)
            /// Alpha within min...max becomes `color`, anything else transparency.
            case alphaThreshold(min: Double, max: Double, color: Color)
            case shader(Shader, usage: Shader.UsageType, maxSampleOffset: CGSize)
            /// A projective transform of the drawing, in the context's user space.
            case projection(ProjectionTransform)
        }
        let kind: Kind

        /// A Gaussian blur. `radius` is the standard deviation in points (SwiftUI's definition); 0
        /// leaves the drawing as it is. NaN or negative radii count as 0.
        public static func blur(radius: CGFloat, options: BlurOptions = BlurOptions()) -> Filter {
            Filter(kind: .blur(radius: radius.isFinite ? max(0, radius) : 0, options: options))
        }
        /// A shadow of the drawing's alpha, blurred by `radius` (standard deviation, points) and
        /// moved by (`x`, `y`) points, in `color`, drawn below the drawing.
        public static func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0,
                                  blendMode: BlendMode = .normal, options: ShadowOptions = ShadowOptions()) -> Filter {
            Filter(kind: .shadow(color: color, radius: radius.isFinite ? max(0, radius) : 0,
                                 x: x.isFinite ? x : 0, y: y.isFinite ? y : 0, blendMode: blendMode, options: options))
        }
        /// Multiplies every component by `color`'s (the drawing takes on its tint).
        public static func colorMultiply(_ color: Color) -> Filter {
            let c = color.resolve()
            var m = ColorMatrix()
            m.r1 = Float(c.red); m.g2 = Float(c.green); m.b3 = Float(c.blue); m.a4 = Float(c.opacity)
            return Filter(kind: .matrix(m))
        }
        /// Adds `amount` to red, green and blue (as CIColorControls' brightness). 0 leaves colours alone.
        public static func brightness(_ amount: Double) -> Filter {
            var m = ColorMatrix()
            let a = Float(amount.isFinite ? amount : 0)
            m.r5 = a; m.g5 = a; m.b5 = a
            return Filter(kind: .matrix(m))
        }
        /// Scales colours away from (or towards) middle grey: 1 leaves them alone, 0 is flat grey.
        public static func contrast(_ amount: Double) -> Filter {
            var m = ColorMatrix()
            let c = Float(amount.isFinite ? amount : 1)
            m.r1 = c; m.g2 = c; m.b3 = c
            m.r5 = 0.5 * (1 - c); m.g5 = 0.5 * (1 - c); m.b5 = 0.5 * (1 - c)
            return Filter(kind: .matrix(m))
        }
        /// 0 is greyscale, 1 leaves colours alone, above 1 oversaturates (SVG's `saturate` matrix,
        /// weights 0.213, 0.715, 0.072).
        public static func saturation(_ amount: Double) -> Filter {
            Filter(kind: .matrix(.saturation(Float(amount.isFinite ? amount : 1))))
        }
        /// 0 leaves colours alone, 1 is fully grey (the W3C matrix, weights 0.2126, 0.7152, 0.0722).
        public static func grayscale(_ amount: Double) -> Filter {
            Filter(kind: .matrix(.saturation(1 - Float(amount.isFinite ? amount : 0), luma: ColorMatrix.luma)))
        }
        /// Rotates hues by `angle` around the colour wheel.
        public static func hueRotation(_ angle: Angle) -> Filter {
            let c = Float(cos(angle.radians)), s = Float(sin(angle.radians))
            var m = ColorMatrix()
            m.r1 = 0.213 + c * 0.787 - s * 0.213; m.r2 = 0.715 - c * 0.715 - s * 0.715; m.r3 = 0.072 - c * 0.072 + s * 0.928
            m.g1 = 0.213 - c * 0.213 + s * 0.143; m.g2 = 0.715 + c * 0.285 + s * 0.140; m.g3 = 0.072 - c * 0.072 - s * 0.283
            m.b1 = 0.213 - c * 0.213 - s * 0.787; m.b2 = 0.715 - c * 0.715 + s * 0.715; m.b3 = 0.072 + c * 0.928 + s * 0.072
            return Filter(kind: .matrix(m))
        }
        /// Inverts colours by `amount` (0 untouched, 1 fully inverted).
        public static func colorInvert(_ amount: Double = 1) -> Filter {
            var m = ColorMatrix()
            let a = Float(amount.isFinite ? min(max(amount, 0), 1) : 0)
            m.r1 = 1 - 2 * a; m.g2 = 1 - 2 * a; m.b3 = 1 - 2 * a
            m.r5 = a; m.g5 = a; m.b5 = a
            return Filter(kind: .matrix(m))
        }
        /// Applies `matrix` to each drawing's straight colour components.
        public static func colorMatrix(_ matrix: ColorMatrix) -> Filter { Filter(kind: .matrix(matrix)) }
        /// Applies `matrix` to each drawing's components: straight ones as `colorMatrix(_:)` does, or,
        /// when `isPremultiplied`, the components premultiplied by alpha as they are stored
        /// (r·a, g·a, b·a, a), the result read as premultiplied (colours clamped to 0...alpha).
        public static func colorMatrix(_ matrix: ColorMatrix, isPremultiplied: Bool) -> Filter {
            Filter(kind: isPremultiplied ? .premultipliedMatrix(matrix) : .matrix(matrix))
        }
        /// Multiplies the drawing's alpha by `color`: what is drawn becomes `color`, with alpha the
        /// drawing's alpha times `color`'s opacity, so the drawing acts as a mask that paints
        /// `color`. Apple documents only "multiplies the alpha component by a given color"; this
        /// reading (colour from `color`, alpha multiplied) is Scanline's, docs/PORTING.md says so.
        public static func alphaMultiply(_ color: Color) -> Filter {
            let c = color.resolve()
            var m = ColorMatrix()
            m.r1 = 0; m.g2 = 0; m.b3 = 0
            m.r5 = Float(c.red); m.g5 = Float(c.green); m.b5 = Float(c.blue); m.a4 = Float(c.opacity)
            return Filter(kind: .matrix(m))
        }
        /// Runs a color-effect shader on each drawing's pixels. A shader that fails (unknown, wrong
        /// arguments, a .metal compile error) draws nothing, and says why once in the render's
        /// warnings; check it first with `Shader.compile(as:)`.
        public static func colorShader(_ shader: Shader) -> Filter {
            Filter(kind: .shader(shader, usage: .colorEffect, maxSampleOffset: .zero))
        }
        /// Runs a distortion-effect shader on each drawing's layer (the whole canvas).
        public static func distortionShader(_ shader: Shader, maxSampleOffset: CGSize) -> Filter {
            Filter(kind: .shader(shader, usage: .distortionEffect, maxSampleOffset: maxSampleOffset))
        }
        /// Runs a layer-effect shader on each drawing's layer (the whole canvas).
        public static func layerShader(_ shader: Shader, maxSampleOffset: CGSize) -> Filter {
            Filter(kind: .shader(shader, usage: .layerEffect, maxSampleOffset: maxSampleOffset))
        }
        /// Replaces each pixel whose alpha lies in `min...max` with `color`, and every other pixel
        /// with transparency: drawn after a blur, blobs that come near each other merge, the
        /// "metaball" look particle effects use.
        public static func alphaThreshold(min: Double, max: Double = 1, color: Color = .black) -> Filter {
            Filter(kind: .alphaThreshold(min: min, max: max, color: color))
        }
        /// Transforms each drawing's rasterised pixels by `matrix`, a projective transform of the
        /// context's user space (points) at the time of the draw. Pixels sent behind the viewer, or
        /// a singular or non-finite matrix, draw nothing.
        public static func projectionTransform(_ matrix: ProjectionTransform) -> Filter {
            Filter(kind: .projection(matrix))
        }
        /// Alpha becomes the luminance (SVG's weights 0.2125, 0.7154, 0.0721; SwiftUI does not
        /// publish its own); colour becomes black.
        public static var luminanceToAlpha: Filter {
            var m = ColorMatrix()
            m.r1 = 0; m.g2 = 0; m.b3 = 0; m.a4 = 0
            (m.a1, m.a2, m.a3) = ColorMatrix.svgLuminance
            return Filter(kind: .matrix(m))
        }
    }
}
