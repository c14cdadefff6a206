// A user's snapshot tests (DependentPackageTests runs them with and without recording).
import SwiftUI
import ScanlineTesting
import Testing

struct Tag: View {
    var body: some View {
        Text("New").font(.caption).bold().padding(6).background(.orange, in: .capsule)
    }
}

@MainActor @Suite struct SnapshotTests {
    @Test func tag() async {
        await assertSnapshot(of: Tag(), size: CGSize(width: 60, height: 30), scale: 1)
    }
    @Test func tagOverTime() async {
        await assertSnapshot(of: Tag().opacity(0.5), size: CGSize(width: 60, height: 30), scale: 1, at: [0, 0.5])
    }
    @Test func missing() async {
        await assertSnapshot(of: Tag(), size: CGSize(width: 60, height: 30), scale: 1, named: "never-recorded")
    }
    @Test func changed() async {
        await assertSnapshot(of: Tag(), size: CGSize(width: 60, height: 30), scale: 1, named: "changed")
    }
    @Test func tolerated() async {
        await assertSnapshot(of: Tag(), size: CGSize(width: 60, height: 30), scale: 1, named: "changed",
                             tolerance: SnapshotTolerance(perPixel: 0, share: 1))
    }
    @Test func warns() async {
        await assertSnapshot(of: Image(systemName: "no.such.symbol"), size: CGSize(width: 30, height: 30), scale: 1,
                             named: "warns", failOnWarnings: true)
    }
}
