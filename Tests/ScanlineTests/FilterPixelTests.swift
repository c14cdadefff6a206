import Foundation
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

/// Every `GraphicsContext.Filter` and every blend mode on a small image, against values computed
/// here from the published definitions (SVG 1.1 / W3C Filter Effects matrices, W3C Compositing and
/// Blending formulas, Apple's plusDarker), not from Scanline's code.
@Suite struct FilterPixelTests {
    typealias RGB = (Double, Double, Double)
    /// Colours that are whole bytes, so the input is exact.
    static let source: RGB = (204.0 / 255, 102.0 / 255, 51.0 / 255)

    /// The straight colour of one pixel after drawing `color` through `filter`.
    func filtered(_ filter: GraphicsContext.Filter, _ c: RGB = source, alpha: Double = 1) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        try renderStraight(3, 3) { ctx in
            ctx.addFilter(filter)
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 3, height: 3)), with: .color(Color(red: c.0, green: c.1, blue: c.2, opacity: alpha)))
        }[1, 1]
    }
    func expect(_ got: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ want: RGB, alpha: Double = 1, tolerance: Int = 1,
                _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        func b(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }
        let ok = abs(Int(got.r) - b(want.0)) <= tolerance && abs(Int(got.g) - b(want.1)) <= tolerance
            && abs(Int(got.b) - b(want.2)) <= tolerance && abs(Int(got.a) - b(alpha)) <= tolerance
        #expect(ok, "\(what): got \(got), want \((b(want.0), b(want.1), b(want.2), b(alpha)))", sourceLocation: sourceLocation)
    }
    /// Rows of a 3 × 3 matrix applied to a colour.
    func apply(_ rows: [[Double]], _ c: RGB) -> RGB {
        func row(_ r: [Double]) -> Double { r[0] * c.0 + r[1] * c.1 + r[2] * c.2 }
        return (row(rows[0]), row(rows[1]), row(rows[2]))
    }

    @Test func colourFiltersFollowTheirDefinitions() throws {
        let (r, g, b) = Self.source
        expect(try filtered(.brightness(0.2)), (r + 0.2, g + 0.2, b + 0.2), "brightness adds")
        expect(try filtered(.contrast(0.5)), (0.5 * r + 0.25, 0.5 * g + 0.25, 0.5 * b + 0.25), "contrast a·C + 0.5 − 0.5a")
        for s in [0.0, 0.5, 2.0] {
            // SVG 1.1 feColorMatrix type="saturate".
            let rows = [[0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s],
                        [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s],
                        [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s]]
            expect(try filtered(.saturation(s)), apply(rows, Self.source), "saturation \(s)")
        }
        for a in [0.25, 1.0] {
            let n = 1 - a   // W3C Filter Effects grayscale
            let rows = [[0.2126 + 0.7874 * n, 0.7152 - 0.7152 * n, 0.0722 - 0.0722 * n],
                        [0.2126 - 0.2126 * n, 0.7152 + 0.2848 * n, 0.0722 - 0.0722 * n],
                        [0.2126 - 0.2126 * n, 0.7152 - 0.7152 * n, 0.0722 + 0.9278 * n]]
            expect(try filtered(.grayscale(a)), apply(rows, Self.source), "grayscale \(a)")
        }
        for degrees in [90.0, 200.0] {
            let t = degrees * .pi / 180, c = cos(t), s = sin(t)
            // SVG hue-rotate: K + cos θ · C + sin θ · S.
            let k = [0.213, 0.715, 0.072]
            let cr = [[0.787, -0.715, -0.072], [-0.213, 0.285, -0.072], [-0.213, -0.715, 0.928]]
            let sr = [[-0.213, -0.715, 0.928], [0.143, 0.140, -0.283], [-0.787, 0.715, 0.072]]
            let rows = (0..<3).map { i in (0..<3).map { j in k[j] + c * cr[i][j] + s * sr[i][j] } }
            expect(try filtered(.hueRotation(.degrees(degrees))), apply(rows, Self.source), "hue rotation \(degrees)°")
        }
        expect(try filtered(.colorInvert()), (1 - r, 1 - g, 1 - b), "invert")
        expect(try filtered(.colorInvert(0.25)), (0.25 + r * 0.5, 0.25 + g * 0.5, 0.25 + b * 0.5), "invert a + C(1 − 2a)")
        expect(try filtered(.colorMultiply(Color(red: 0.5, green: 1, blue: 0.2))), (r * 0.5, g, b * 0.2), "multiply")
        var swap = ColorMatrix()
        swap.r1 = 0; swap.r3 = 1; swap.b1 = 1; swap.b3 = 0; swap.a4 = 0.5
        expect(try filtered(.colorMatrix(swap)), (b, g, r), alpha: 0.5, "matrix: red and blue swapped, half alpha")
        // luminanceToAlpha: SVG's weights, colour black.
        expect(try filtered(.luminanceToAlpha), (0, 0, 0), alpha: 0.2125 * r + 0.7154 * g + 0.0721 * b, "luminance to alpha")
        // On a translucent pixel the matrix sees straight components.
        expect(try filtered(.colorInvert(), alpha: 0.6), (1 - r, 1 - g, 1 - b), alpha: 0.6, tolerance: 2, "invert, translucent")
    }

    /// iOS 18's matrix over premultiplied components, and `alphaMultiply` as Scanline reads it
    /// (the colour becomes the given one, alpha is multiplied by its opacity).
    @Test func premultipliedMatrixAndAlphaMultiply() throws {
        let (r, g, b) = Self.source
        // 0.25 added to green at alpha 0.5: on premultiplied components that is 0.5 of straight
        // green; on straight ones, 0.25.
        var addGreen = ColorMatrix()
        addGreen.g5 = 0.25
        expect(try filtered(.colorMatrix(addGreen, isPremultiplied: true), alpha: 0.5), (r, g + 0.5, b), alpha: 0.5, tolerance: 2, "premultiplied: + 0.25 of alpha 0.5")
        expect(try filtered(.colorMatrix(addGreen, isPremultiplied: false), alpha: 0.5), (r, g + 0.25, b), alpha: 0.5, tolerance: 2, "straight: + 0.25")
        // A premultiplied result is kept within its alpha: green 0.2 + 0.8 stops at 0.5, straight 1.
        addGreen.g5 = 0.8
        expect(try filtered(.colorMatrix(addGreen, isPremultiplied: true), alpha: 0.5), (r, 1, b), alpha: 0.5, tolerance: 2, "premultiplied, clamped to alpha")
        expect(try filtered(.alphaMultiply(Color(red: 0, green: 0, blue: 1, opacity: 0.5)), alpha: 0.6), (0, 0, 1), alpha: 0.3, tolerance: 2, "alpha multiplied, colour taken")
    }

    @Test func alphaThresholdBlurAndShadow() throws {
        let red = Color(red: 1, green: 0, blue: 0)
        expect(try filtered(.alphaThreshold(min: 0.5, color: red), alpha: 0.6), (1, 0, 0), "alpha in range: the colour")
        #expect(try filtered(.alphaThreshold(min: 0.5, color: red), alpha: 0.4).a == 0)
        #expect(try filtered(.alphaThreshold(min: 0.2, max: 0.5, color: red), alpha: 0.6).a == 0)
        // A one-pixel column blurred with σ = 1 px: the centre keeps 1/Σ exp(−k²/2), k = −3…3.
        let blurred = try renderStraight(9, 5) { ctx in
            ctx.addFilter(.blur(radius: 1))
            ctx.fill(Path(CGRect(x: 4, y: -10, width: 1, height: 30)), with: .color(.white))
        }
        let sum = (-3...3).map { exp(-Double($0 * $0) / 2) }.reduce(0, +)
        #expect(abs(Int(blurred[4, 2].a) - Int((255 / sum).rounded())) <= 1)
        #expect(abs(Int(blurred[5, 2].a) - Int((255 * exp(-0.5) / sum).rounded())) <= 1)
        // Shadows: a 2 × 2 white square with a black shadow 3 px right, σ 0.
        func shadow(_ options: GraphicsContext.ShadowOptions) throws -> PixelBuffer {
            try renderStraight(8, 2) { ctx in
                ctx.addFilter(.shadow(color: Color(white: 0), radius: 0, x: 3, y: 0, options: options))
                ctx.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 2)), with: .color(.white))
            }
        }
        let below = try shadow([]), only = try shadow(.shadowOnly), above = try shadow(.shadowAbove), inner = try shadow(.invertsAlpha)
        #expect(below[1, 0] == (255, 255, 255, 255) && below[3, 0] == (255, 255, 255, 255) && below[5, 0] == (0, 0, 0, 255) && below[7, 0].a == 0)
        #expect(only[1, 0].a == 0 && only[3, 0] == (0, 0, 0, 255) && only[6, 0] == (0, 0, 0, 255))
        #expect(above[3, 0] == (0, 0, 0, 255) && above[1, 0] == (255, 255, 255, 255))
        // Inverted alpha: the shadow comes from outside the square, moved 3 px right: over x 0…2
        // it is the outside (left of the canvas) shifted in, drawn below the square.
        #expect(inner[1, 0] == (255, 255, 255, 255) && inner[5, 0].a == 0)
    }

    // MARK: Blend modes

    /// W3C separable blend functions of backdrop b and source s (straight components).
    static func separable(_ mode: BlendMode, _ b: Double, _ s: Double) -> Double? {
        switch mode {
        case .normal: return s
        case .multiply: return b * s
        case .screen: return b + s - b * s
        case .overlay: return separable(.hardLight, s, b)
        case .darken: return min(b, s)
        case .lighten: return max(b, s)
        case .colorDodge: return b == 0 ? 0 : (s == 1 ? 1 : min(1, b / (1 - s)))
        case .colorBurn: return b == 1 ? 1 : (s == 0 ? 0 : 1 - min(1, (1 - b) / s))
        case .hardLight: return s <= 0.5 ? b * 2 * s : separable(.screen, b, 2 * s - 1)
        case .softLight:
            if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
            let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
            return b + (2 * s - 1) * (d - b)
        case .difference: return abs(b - s)
        case .exclusion: return b + s - 2 * b * s
        default: return nil
        }
    }
    /// W3C non-separable blend functions.
    static func nonSeparable(_ mode: BlendMode, _ b: [Double], _ s: [Double]) -> [Double]? {
        func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
        func clip(_ c: [Double]) -> [Double] {
            let l = lum(c), n = c.min()!, x = c.max()!
            var c = c
            if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
            if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
            return c
        }
        func setLum(_ c: [Double], _ l: Double) -> [Double] { let d = l - lum(c); return clip(c.map { $0 + d }) }
        func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
        func setSat(_ c: [Double], _ s: Double) -> [Double] {
            let order = (0..<3).sorted { c[$0] < c[$1] }
            let (mn, md, mx) = (order[0], order[1], order[2])
            var out = [0.0, 0, 0]
            if c[mx] > c[mn] { out[md] = (c[md] - c[mn]) * s / (c[mx] - c[mn]); out[mx] = s }
            return out
        }
        switch mode {
        case .hue: return setLum(setSat(s, sat(b)), lum(b))
        case .saturation: return setLum(setSat(b, sat(s)), lum(b))
        case .color: return setLum(s, lum(b))
        case .luminosity: return setLum(b, lum(s))
        default: return nil
        }
    }
    /// Porter–Duff factors (Fa for the source, Fb for the backdrop).
    static func porterDuff(_ mode: BlendMode, _ aS: Double, _ aB: Double) -> (Double, Double)? {
        switch mode {
        case .clear: return (0, 0)
        case .copy: return (1, 0)
        case .sourceIn: return (aB, 0)
        case .sourceOut: return (1 - aB, 0)
        case .sourceAtop: return (aB, 1 - aS)
        case .destinationOver: return (1 - aB, 1)
        case .destinationIn: return (0, aS)
        case .destinationOut: return (0, 1 - aS)
        case .destinationAtop: return (1 - aB, aS)
        case .xor: return (1 - aB, 1 - aS)
        case .plusLighter: return (1, 1)
        default: return nil
        }
    }
    /// The expected straight result of source `s` (alpha `aS`) over backdrop `b` (alpha `aB`).
    static func composite(_ mode: BlendMode, b: [Double], aB: Double, s: [Double], aS: Double) -> ([Double], Double) {
        if let (fa, fb) = porterDuff(mode, aS, aB) {
            let a = min(1, fa * aS + fb * aB)
            let c = (0..<3).map { min(1, fa * aS * s[$0] + fb * aB * b[$0]) }
            return (a > 0 ? c.map { $0 / a } : [0, 0, 0], a)
        }
        if mode == .plusDarker {
            // Apple: R = max(0, 1 − ((1 − D) + (1 − S))) on premultiplied values, with alpha the sum.
            let a = min(1, aS + aB)
            let c = (0..<3).map { max(0, a - ((aB - aB * b[$0]) + (aS - aS * s[$0]))) }
            return (a > 0 ? c.map { $0 / a } : [0, 0, 0], a)
        }
        let mixed = nonSeparable(mode, b, s) ?? (0..<3).map { separable(mode, b[$0], s[$0])! }
        let a = aS + aB - aS * aB
        let c = (0..<3).map { aS * (1 - aB) * s[$0] + aB * (1 - aS) * b[$0] + aS * aB * mixed[$0] }
        return (a > 0 ? c.map { $0 / a } : [0, 0, 0], a)
    }

    @Test(arguments: BlendMode.allCases) func blendMode(_ mode: BlendMode) throws {
        let b = [153.0 / 255, 102.0 / 255, 230.0 / 255], s = [204.0 / 255, 128.0 / 255, 77.0 / 255]
        for aS in [1.0, 204.0 / 255] {
            // Backdrop on the left pixel only; the source covers both.
            let img = try renderStraight(2, 1) { ctx in
                ctx.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .color(Color(red: b[0], green: b[1], blue: b[2])))
                var c = ctx
                c.blendMode = mode
                c.fill(Path(CGRect(x: 0, y: 0, width: 2, height: 1)), with: .color(Color(red: s[0], green: s[1], blue: s[2], opacity: aS)))
            }
            for (x, aB) in [(0, 1.0), (1, 0.0)] {
                let (want, a) = Self.composite(mode, b: b, aB: aB, s: s, aS: aS)
                let got = img[x, 0]
                func byte(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }
                let tolerance = 2
                let alphaOK = abs(Int(got.a) - byte(a)) <= tolerance
                let colourOK = a < 0.02 || [got.r, got.g, got.b].enumerated().allSatisfy { abs(Int($1) - byte(want[$0])) <= tolerance }
                #expect(alphaOK && colourOK, "\(mode.name) source alpha \(aS), backdrop alpha \(aB): got \(got), want \(want.map(byte)) alpha \(byte(a))")
            }
        }
    }
}
