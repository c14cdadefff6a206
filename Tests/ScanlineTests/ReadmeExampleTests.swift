import Testing
import Scanline
import ScanlineBlocks
import ScanlineTesting
import Foundation

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

/// The README's screen (its "Screens as iOS draws them" section), as written there.
struct ReadmeSettings: View {
    var body: some View {
        NavigationStack {
            List {
                Section {
                    Toggle("Airplane Mode", isOn: .constant(false))
                    NavigationLink("Wi-Fi") { Text("Wi-Fi") }
                    LabeledContent("Bluetooth", value: "On")
                }
                Section("Display") {
                    Picker("Appearance", selection: .constant(0)) {
                        Text("Light").tag(0); Text("Dark").tag(1); Text("Auto").tag(2)
                    }
                    .pickerStyle(.segmented)
                    Stepper("Text size: 17", value: .constant(17), in: 12...30)
                }
            }
            .navigationTitle("Settings")
            .toolbar {
                Button("Edit") {}
            }
        }
    }
}

@MainActor @Suite struct ReadmeExampleTests {
    /// The README's screen image is what this code renders, pixel for pixel.
    @Test func theSettingsScreenIsTheREADMEsPicture() async throws {
        let image = try await SceneRenderer(ReadmeSettings(), device: .iPhone15, chrome: true, scale: 1).still(at: 0)
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let picture = docs.appendingPathComponent("docs/images/screen-settings-iphone15.png")
        if TestPaths.isRecording { try image.pngData().write(to: picture); return }
        let shown = try PixelBuffer(contentsOf: picture)
        let diff = ImageDifference(reference: shown, actual: try PNGCodec.decode(image.pngData()))
        #expect(diff.isMatch, "the README's screen differs from what its code renders: \(diff.summary)")
    }

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
