import Testing
import Scanline
import ScanlineBlocks

/// The README's examples, so they keep compiling and working.
struct ReadmeTitle: View {
    var body: some View {
        GlitchText(text: "GLITCH")
            .font(.system(.largeTitle, design: .monospaced, weight: .black))
            .foregroundStyle(.white).padding(40).background(Color.black)
    }
}

struct ReadmeInvert: ColorShaderFunction {
    static let parameters: [ShaderParameter] = []
    init(arguments: ShaderArguments) {}
    func pixel(_ position: SIMD2<Float>, _ color: SIMD4<Float>, _ row: Void) -> SIMD4<Float> {
        SIMD4(color.w - color.x, color.w - color.y, color.w - color.z, color.w)
    }
}

@MainActor @Suite struct ReadmeExampleTests {
    @Test func viewToPNG() async throws {
        let renderer = try SceneRenderer(ReadmeTitle(), size: CGSize(width: 320, height: 160), scale: 2)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("readme-title-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try await renderer.still(at: 0.4).writePNG(to: url)
        #expect(try PixelBuffer(contentsOf: url).width == 640)
    }

    @Test func colorEffectOnAView() async throws {
        ShaderLibrary.default.register(ReadmeInvert.self, as: "readmeInvert")
        let view = Color.white.frame(width: 10, height: 10).colorEffect(ShaderLibrary.readmeInvert())
        let img = try await SceneRenderer(view, size: CGSize(width: 10, height: 10)).still(at: 0)
        #expect(img[5, 5] == (0, 0, 0, 255))
    }
}
