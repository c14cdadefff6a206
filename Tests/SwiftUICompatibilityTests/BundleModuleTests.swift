// `Image(_:bundle: .module)` in a package of one's own: this target's resources, as SwiftPM
// builds them on Linux from `resources: [.process("Resources")]`: an @2x file, and an asset
// catalog, which SwiftPM keeps as a folder there (actool exists only on macOS).
import SwiftUI
import Testing

@MainActor @Suite struct BundleModuleTests {
    @Test(arguments: [1, 2]) func assetCatalogVariantForTheScale(scale: Int) async throws {
        // badge.png is red at 1x (4 px), badge@2x.png green at 2x (8 px): both 4 points.
        let image = try await SceneRenderer(Image("Badge", bundle: .module), size: CGSize(width: 4, height: 4), scale: CGFloat(scale))
            .still(at: 0)
        let p = image[2 * scale, 2 * scale]
        #expect(scale == 1 ? (p.r == 255 && p.g == 0) : (p.r == 0 && p.g == 255), "scale \(scale): \(p)")
    }

    @Test func processedFileWithAScaleSuffix() async throws {
        // Stripe@2x.png is 8 px, so 4 points: it fills a 4-point frame at scale 2.
        let image = try await SceneRenderer(Image("Stripe", bundle: .module), size: CGSize(width: 4, height: 4), scale: 2).still(at: 0)
        #expect(image[7, 7].b == 255 && image[7, 7].a == 255)
    }
}
