/// A layer-effect function written in Swift: SwiftUI's
/// `[[stitchable]] half4 f(float2 position, SwiftUI::Layer layer, args…)`.
///
/// The pixel loop is generic over the conforming type, so `pixel` is specialised and inlined: no
/// closure or existential call happens per pixel. Work that is the same along a row (anything that
/// depends only on `position.y`) goes in `row(y:)`, computed once per row and handed to `pixel`.
///
/// Colours are premultiplied RGBA in 0...1, as SIMD4<Float>. Maths is float32; port Metal
/// expressions literally, in the order written.
public protocol LayerShaderFunction: Sendable {
    /// Row-uniform values, computed by `row(y:)`. `Void` when there are none.
    associatedtype Row = Void
    /// The parameters after `position` and `layer`, in order; `Shader.compile` checks arguments
    /// against them.
    static var parameters: [ShaderParameter] { get }
    /// Reads the (already checked) arguments; called once per frame.
    init(arguments: ShaderArguments)
    /// Work shared by every pixel of a row; `y` is the row's centre in points.
    func row(y: Float) -> Row
    /// The colour at `position` (points, the pixel's centre, in the layer's local space).
    func pixel(_ position: SIMD2<Float>, _ layer: Layer, _ row: Row) -> SIMD4<Float>
}

extension LayerShaderFunction where Row == Void {
    /// No per-row work.
    @inlinable public func row(y: Float) {}
}

/// A color-effect function: SwiftUI's `half4 f(float2 position, half4 color, args…)`.
public protocol ColorShaderFunction: Sendable {
    associatedtype Row = Void
    static var parameters: [ShaderParameter] { get }
    init(arguments: ShaderArguments)
    func row(y: Float) -> Row
    /// The new premultiplied colour of the pixel at `position` whose colour is `color`.
    func pixel(_ position: SIMD2<Float>, _ color: SIMD4<Float>, _ row: Row) -> SIMD4<Float>
}

extension ColorShaderFunction where Row == Void {
    /// No per-row work.
    @inlinable public func row(y: Float) {}
}

/// A distortion-effect function: SwiftUI's `float2 f(float2 position, args…)`, returning where
/// the pixel at `position` takes its colour from (points).
public protocol DistortionShaderFunction: Sendable {
    associatedtype Row = Void
    static var parameters: [ShaderParameter] { get }
    init(arguments: ShaderArguments)
    func row(y: Float) -> Row
    func pixel(_ position: SIMD2<Float>, _ row: Row) -> SIMD2<Float>
}

extension DistortionShaderFunction where Row == Void {
    /// No per-row work.
    @inlinable public func row(y: Float) {}
}

/// The arguments of one shader call, decoded once per frame. Indices count the parameters after
/// the implicit ones, from 0. They were checked against the declared parameters before the
/// function was made, so a getter of the wrong kind only happens for a wrongly declared function;
/// it returns zeros rather than trapping.
public struct ShaderArguments: Sendable {
    let values: [Shader.Argument.Value]
    /// The bounds of what the shader applies to, in points.
    public let boundingRect: CGRect
    let colorScheme: ColorScheme

    /// Arguments as a function sees them, for a shader over `boundingRect` (points).
    public init(_ arguments: [Shader.Argument], boundingRect: CGRect, colorScheme: ColorScheme) {
        values = arguments.map(\.value); self.boundingRect = boundingRect; self.colorScheme = colorScheme
    }
    /// Arguments for a shader over all of `source`.
    @usableFromInline init(_ arguments: [Shader.Argument], source: PixelBuffer, colorScheme: ColorScheme) {
        self.init(arguments, boundingRect: CGRect(origin: .zero, size: source.size), colorScheme: colorScheme)
    }
    /// How many arguments were bound.
    public var count: Int { values.count }

    /// Argument `i` as a `float` (0 if it is missing or another kind).
    public func float(_ i: Int) -> Float {
        if i < values.count, case .float(let v) = values[i] { return v }
        return 0
    }
    /// Argument `i` as a `float2` (zero if it is missing or another kind).
    public func float2(_ i: Int) -> SIMD2<Float> {
        if i < values.count, case .float2(let v) = values[i] { return v }
        return .zero
    }
    /// Argument `i` as a `float3` (zero if it is missing or another kind).
    public func float3(_ i: Int) -> SIMD3<Float> {
        if i < values.count, case .float3(let v) = values[i] { return v }
        return .zero
    }
    /// Argument `i` as a `float4`; `.boundingRect` gives (x, y, width, height) in points.
    public func float4(_ i: Int) -> SIMD4<Float> {
        guard i < values.count else { return .zero }
        switch values[i] {
        case .float4(let v): return v
        case .boundingRect:
            let r = boundingRect
            return SIMD4(Float(r.minX), Float(r.minY), Float(r.width), Float(r.height))
        default: return .zero
        }
    }
    /// Argument `i` as an array of floats (empty if missing).
    public func floatArray(_ i: Int) -> [Float] {
        if i < values.count, case .floatArray(let v) = values[i] { return v }
        return []
    }
    /// A colour argument, premultiplied.
    public func color(_ i: Int) -> SIMD4<Float> {
        if i < values.count, case .color(let c) = values[i] { return ShaderArguments.premultiplied(c, colorScheme) }
        return .zero
    }
    /// Argument `i` as premultiplied colours (empty if missing).
    public func colorArray(_ i: Int) -> [SIMD4<Float>] {
        if i < values.count, case .colorArray(let cs) = values[i] { return cs.map { ShaderArguments.premultiplied($0, colorScheme) } }
        return []
    }
    /// Argument `i` as a texture (an empty texture if missing).
    public func texture(_ i: Int) -> Texture {
        if i < values.count, case .image(let img) = values[i] { return Texture(img) }
        return Texture(empty: ())
    }
    /// Argument `i` as raw bytes (empty if missing).
    public func data(_ i: Int) -> Data {
        if i < values.count, case .data(let d) = values[i] { return d }
        return Data()
    }
    static func premultiplied(_ c: Color, _ scheme: ColorScheme) -> SIMD4<Float> {
        let v = c.resolve(in: scheme)
        let a = Float(v.opacity)
        return SIMD4(Float(v.red) * a, Float(v.green) * a, Float(v.blue) * a, a)
    }
}

/// Where a layer's pixels sit in the view's own space. Pixels are counted on the device's grid:
/// pixel u (a "local pixel" index) covers device pixel X₀ + u, where X₀ is the device pixel that
/// holds the view's origin, and its centre is at ((u + 0.5) − phase) / scale points. The layer
/// buffer's pixel 0 is local pixel `originX`. An image on its own (`PixelBuffer.layerEffect`) has
/// origin 0, phase 0 and its own scale, so pixel i's centre is (i + 0.5) / scale, as before.
public struct LayerGeometry: Sendable, Equatable {
    /// The local pixel index of the buffer's first column and row (negative when the buffer
    /// starts left of or above the view, as a padded layer does).
    public var originX: Int, originY: Int
    /// Where the view's origin falls inside its device pixel, in pixels, 0 ≤ phase < 1 (0 when
    /// the view sits on whole pixels).
    public var phaseX: Float, phaseY: Float
    /// Device pixels per point along each axis (the display scale times any scale effect).
    public var scaleX: Float, scaleY: Float
    /// Transparent pixels imagined beyond the buffer's edges, which `sample` clamps to.
    public var padX: Int, padY: Int
    /// The view's bounds in its own space, in points (`.boundingRect` arguments).
    public var bounds: CGRect

    /// The geometry of an image on its own, with `padding` transparent pixels around it.
    public static func image(_ image: PixelBuffer, padding: (x: Int, y: Int) = (0, 0)) -> LayerGeometry {
        LayerGeometry(originX: 0, originY: 0, phaseX: 0, phaseY: 0, scaleX: Float(image.scale), scaleY: Float(image.scale),
                      padX: padding.x, padY: padding.y, bounds: CGRect(origin: .zero, size: image.size))
    }
    /// True when pixel i's centre is (i + 0.5) / scale in both axes, as for an image on its own.
    public func isImageAligned(_ image: PixelBuffer) -> Bool {
        originX == 0 && originY == 0 && phaseX == 0 && phaseY == 0 && scaleX == Float(image.scale) && scaleY == Float(image.scale)
    }
    /// The centre of buffer column `i`, in points.
    @inlinable public func x(_ i: Int) -> Float { ((Float(i + originX) + 0.5) - phaseX) / scaleX }
    /// The centre of buffer row `j`, in points.
    @inlinable public func y(_ j: Int) -> Float { ((Float(j + originY) + 0.5) - phaseY) / scaleY }
}

/// The rasterised content a layer effect reads, as `SwiftUI::Layer`: the view's pixels (padded
/// by `maxSampleOffset`). `sample` filters bilinearly and clamps to the layer's edge pixels.
public struct Layer: @unchecked Sendable {
    @usableFromInline let pixels: UnsafePointer<UInt8>
    @usableFromInline let width: Int, height: Int
    @usableFromInline let geometry: LayerGeometry

    @usableFromInline init(pixels: UnsafePointer<UInt8>, width: Int, height: Int, geometry: LayerGeometry) {
        self.pixels = pixels; self.width = width; self.height = height; self.geometry = geometry
    }

    /// The premultiplied colour at column `x`, row `y` of the content (pixels); transparent outside.
    @inlinable @inline(__always) func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
        guard x >= 0, y >= 0, x < width, y < height else { return .zero }
        return Layer.load(pixels + (y * width + x) * 4)
    }

    /// Four bytes as 0...1 floats.
    @inlinable @inline(__always) static func load(_ p: UnsafePointer<UInt8>) -> SIMD4<Float> {
        SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3])) * (1 / 255 as Float)
    }

    /// ⌊x⌋ for |x| < 2³¹ without a libm call (baseline x86-64 has no rounding instruction).
    @inlinable @inline(__always) static func floorInt(_ x: Float) -> Int {
        let i = Int(x)
        return Float(i) > x ? i - 1 : i
    }

    /// The colour at `p` (points, local space), bilinearly filtered, premultiplied, 0...1.
    @inlinable @inline(__always) public func sample(_ p: SIMD2<Float>) -> SIMD4<Float> {
        // In local pixels, centres sit at whole numbers (see LayerGeometry); clamp to the centres
        // of the (padded) layer's edge pixels, then move to buffer indices.
        let g = geometry
        var x = p.x * g.scaleX - 0.5 + g.phaseX, y = p.y * g.scaleY - 0.5 + g.phaseY
        let minX = Float(g.originX - g.padX), maxX = Float(g.originX + width - 1 + g.padX)
        let minY = Float(g.originY - g.padY), maxY = Float(g.originY + height - 1 + g.padY)
        if !(x >= minX) { x = minX }   // also catches NaN
        if x > maxX { x = maxX }
        if !(y >= minY) { y = minY }
        if y > maxY { y = maxY }
        let lx = Layer.floorInt(x), ly = Layer.floorInt(y)
        let fx = x - Float(lx), fy = y - Float(ly)
        let ix = lx - g.originX, iy = ly - g.originY
        let a: SIMD4<Float>, b: SIMD4<Float>, c: SIMD4<Float>, d: SIMD4<Float>
        if ix >= 0 && iy >= 0 && ix + 1 < width && iy + 1 < height {
            let p0 = pixels + (iy * width + ix) * 4, p1 = p0 + width * 4
            a = Layer.load(p0); b = Layer.load(p0 + 4); c = Layer.load(p1); d = Layer.load(p1 + 4)
        } else {
            a = texel(ix, iy); b = texel(ix + 1, iy); c = texel(ix, iy + 1); d = texel(ix + 1, iy + 1)
        }
        let top = a + (b - a) * fx
        let bottom = c + (d - c) * fx
        return top + (bottom - top) * fy
    }
}

/// How a texture is read outside 0...1 and between texels.
public struct Sampler: Hashable, Sendable {
    /// What a coordinate outside 0...1 reads: the texture repeated, its edge texel, or transparent.
    public enum Address: Hashable, Sendable { case `repeat`, clampToEdge, clampToZero }
    /// Between texels: bilinear interpolation, or the nearest texel.
    public enum Filter: Hashable, Sendable { case linear, nearest }
    /// How coordinates outside 0...1 read.
    public var address: Address
    /// How texels are blended.
    public var filter: Filter
    /// A sampler; by default clamped to the edge, bilinear.
    public init(address: Address = .clampToEdge, filter: Filter = .linear) { self.address = address; self.filter = filter }
}

/// An image argument as the shader sees it (Metal's `texture2d<half>`): sampled with normalised
/// coordinates, (0, 0) the top-left corner and (1, 1) the bottom-right.
public struct Texture: @unchecked Sendable {
    /// Premultiplied RGBA floats, 0...1.
    @usableFromInline let storage: [Float]
    public let width: Int, height: Int

    init(_ image: Image) {
        if case let .floats(w, h, values) = image.source {
            storage = values; width = w; height = h
        } else {
            let p = image.pixels.converted(to: .premultiplied)
            storage = p.bytes.map { Float($0) / 255 }; width = p.width; height = p.height
        }
    }
    init(empty: ()) { storage = [0, 0, 0, 0]; width = 1; height = 1 }

    /// The float RGBA values, for kernels.
    public var values: [Float] { storage }

    @inlinable func texel(_ x: Int, _ y: Int, _ address: Sampler.Address) -> SIMD4<Float> {
        var x = x, y = y
        switch address {
        case .repeat:
            x %= width; if x < 0 { x += width }
            y %= height; if y < 0 { y += height }
        case .clampToEdge:
            x = min(max(x, 0), width - 1); y = min(max(y, 0), height - 1)
        case .clampToZero:
            if x < 0 || y < 0 || x >= width || y >= height { return .zero }
        }
        let i = (y * width + x) * 4
        return storage.withUnsafeBufferPointer { s in SIMD4(s[i], s[i + 1], s[i + 2], s[i + 3]) }
    }

    /// The premultiplied colour at normalised `uv`.
    @inlinable public func sample(_ sampler: Sampler, _ uv: SIMD2<Float>) -> SIMD4<Float> {
        let x = uv.x * Float(width) - 0.5, y = uv.y * Float(height) - 0.5
        guard x.isFinite, y.isFinite, abs(x) < 1e9, abs(y) < 1e9 else { return .zero }
        if sampler.filter == .nearest {
            return texel(Int((x + 0.5).rounded(.down)), Int((y + 0.5).rounded(.down)), sampler.address)
        }
        let x0 = x.rounded(.down), y0 = y.rounded(.down)
        let fx = x - x0, fy = y - y0
        let ix = Int(x0), iy = Int(y0)
        let a = texel(ix, iy, sampler.address), b = texel(ix + 1, iy, sampler.address)
        let c = texel(ix, iy + 1, sampler.address), d = texel(ix + 1, iy + 1, sampler.address)
        let top = a + (b - a) * fx
        let bottom = c + (d - c) * fx
        return top + (bottom - top) * fy
    }
}
