// The same check from XCTest.
import SwiftUI
import ScanlineTesting
import XCTest

final class XCTestSnapshots: XCTestCase {
    @MainActor func testTag() async {
        await assertSnapshot(of: Tag(), size: CGSize(width: 60, height: 30), scale: 1)
    }
    @MainActor func testMissingInXCTest() async {
        await assertSnapshot(of: Tag(), size: CGSize(width: 60, height: 30), scale: 1, named: "never-recorded-xctest")
    }
}
