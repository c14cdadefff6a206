// From pointfreeco/swift-snapshot-testing, Tests/SnapshotTestingTests/SnapshotTestingTests.swift
// (testSwiftUIView_iOS), commit 6bb6c9a; MIT licence, Copyright (c) 2019 Point-Free, Inc. (LICENSE
// beside this file). The view is theirs, unchanged but for its name (`MyView`, declared inside
// their test function there); its references were recorded by Apple's
// SwiftUI on an iOS simulator at 2x (references/ beside it).
import SwiftUI

struct PointFreeCheckedView: View {
    var body: some View {
        HStack {
            Image(systemName: "checkmark.circle.fill")
            Text("Checked").fixedSize()
        }
        .padding(5)
        .background(RoundedRectangle(cornerRadius: 5.0).fill(Color.blue))
        .padding(10)
    }
}
