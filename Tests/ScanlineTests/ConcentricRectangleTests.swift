// ConcentricRectangle, ContainerRelativeShape and containerShape (issue #29 point 4): corner radii
// worked out from the container's radius and the inset, checked at pixels on the corner's diagonal.
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport

@MainActor @Suite struct ConcentricRectangleTests {
    func render<V: View>(_ v: V, width: CGFloat = 200, height: CGFloat = 120) async throws -> PixelBuffer {
        try await SceneRenderer(v.frame(width: width, height: height), size: CGSize(width: width, height: height), scale: 1,
                                environment: EnvironmentValues(), background: .white).still(at: 0)
    }
    let red = Color(red: 1, green: 0, blue: 0)
    func isRed(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r > 250 && p.g < 40 && p.b < 40 }
    func isWhite(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r > 250 && p.g > 250 && p.b > 250 }
    /// Whether the corner at (x0, y0) (top-left of the shape) is rounded by about `r`: the pixel whose
    /// centre lies `r`·(1 − 1/√2) − 1.5 pt along the diagonal is outside, the one 1.5 pt past it inside.
    func hasRadius(_ image: PixelBuffer, _ x0: Int, _ y0: Int, _ r: Double) -> Bool {
        let d = r * (1 - 1 / 2.0.squareRoot())
        let outside = Int((d - 1.5).rounded(.down)), inside = Int((d + 1.5).rounded(.up))
        return isWhite(image[x0 + outside, y0 + outside]) && isRed(image[x0 + inside, y0 + inside])
    }

    @Test func concentricCornersFollowTheContainer() async throws {
        // A container rounded by 30; a ConcentricRectangle 10 pt inside it: radius 30 − 10 = 20.
        let v = ConcentricRectangle().fill(red).padding(10).containerShape(RoundedRectangle(cornerRadius: 30))
        let image = try await render(v)
        let r20 = hasRadius(image, 10, 10, 20), r30 = hasRadius(image, 10, 10, 30), r8 = hasRadius(image, 10, 10, 8)
        #expect(r20, "top-left corner of radius 20")
        #expect(!r30 && !r8, "not 30, not 8")
        // The bottom-right corner too (mirrored).
        let mirrored = isWhite(image[189 - 3, 109 - 3]) && isRed(image[189 - 8, 109 - 8])
        #expect(mirrored, "bottom-right corner of radius 20")
        // 26 pt inside (radius 30 − 26 = 4), with a minimum of 12: 12.
        let minimum = try await render(ConcentricRectangle(corners: .concentric(minimum: .fixed(12))).fill(red).padding(26)
            .containerShape(RoundedRectangle(cornerRadius: 30)))
        let r12 = hasRadius(minimum, 26, 26, 12)
        #expect(r12, "the minimum wins")
        // ContainerRelativeShape is the container's shape fitted to the frame: the same 20.
        let relative = try await render(ContainerRelativeShape().fill(red).padding(10).containerShape(RoundedRectangle(cornerRadius: 30)))
        let same = relative.bytes == image.bytes
        #expect(same, "ContainerRelativeShape draws what ConcentricRectangle() does")
    }

    @Test func uniformFixedAndNoContainer() async throws {
        // Insets 10 (leading) and 30 (top) in a container of 40: the top-left inset is 30 (radius
        // 10), the bottom-right 10 (radius 30); uniform, every corner takes 30.
        func shape(_ uniform: Bool) -> some View {
            ConcentricRectangle(corners: .concentric, isUniform: uniform).fill(red)
                .padding(.leading, 10).padding(.top, 30).padding(.trailing, 10).padding(.bottom, 10)
                .containerShape(RoundedRectangle(cornerRadius: 40))
        }
        let each = try await render(shape(false)), uniform = try await render(shape(true))
        let eachR = hasRadius(each, 10, 30, 10), uniformR = hasRadius(uniform, 10, 30, 30)
        #expect(eachR, "top-left: 40 − max(10, 30)")
        #expect(uniformR, "uniform: the largest, 30")
        // Fixed corners ignore the container; with no container concentric corners are square.
        let fixed = try await render(ConcentricRectangle(corners: .fixed(16)).fill(red).padding(10).containerShape(Circle()))
        let r16 = hasRadius(fixed, 10, 10, 16)
        #expect(r16, "fixed 16 inside a circle")
        let alone = try await render(ConcentricRectangle().fill(red).padding(10))
        let square = isRed(alone[10, 10])
        #expect(square, "no container: a square corner")
    }

    @Test func onADeviceTheScreenIsTheContainer() async throws {
        // iPhone 15: its display corner radius R; a ConcentricRectangle 8 pt inside the screen
        // (ignoring the safe area) has corners of R − 8.
        let device = DeviceConfiguration.iPhone15
        let r = Double(device.displayCornerRadius)
        let v = ConcentricRectangle().fill(red).padding(8).ignoresSafeArea()
        let image = try await SceneRenderer(v, device: device, scale: 1, background: .white).still(at: 0)
        let concentric = hasRadius(image, 8, 8, r - 8)
        #expect(r > 20 && concentric, "corner of \(r - 8)")
    }
}
