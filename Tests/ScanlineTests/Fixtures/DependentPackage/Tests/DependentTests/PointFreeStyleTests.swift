// Tests as swift-snapshot-testing's users write them: only the import is chosen per platform
// (DependentPackageTests records, passes and changes them). swift-corelibs-xctest cannot list a
// synchronous @MainActor test method (it stops on "Could not cast value of type … @MainActor"),
// so the XCTest one is async; Swift Testing takes either.
import SwiftUI
#if canImport(UIKit)
import SnapshotTesting
#else
import ScanlineTesting
#endif
import Testing
import XCTest

final class PointFreeStyleTests: XCTestCase {
    @MainActor func testCard() async {
        assertSnapshot(of: Tag(), as: .image(layout: .fixed(width: 80, height: 40)))
    }
}

@MainActor @Suite struct PointFreeStyleSuite {
    @Test func cardDarkAndLarge() {
        let traits = UITraitCollection(traitsFrom: [.init(userInterfaceStyle: .dark), .init(preferredContentSizeCategory: .accessibilityMedium)])
        assertSnapshot(of: Tag(), as: .image(layout: .sizeThatFits, traits: traits))
    }

    @Test func strategies() {
        assertSnapshots(of: Tag(), as: [
            "phone": .image(layout: .device(config: .iPhoneSe)),
            "tolerant": .image(precision: 0.99, perceptualPrecision: 0.98, layout: .fixed(width: 80, height: 40)),
        ])
    }
}
