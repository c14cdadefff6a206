// From bradleymackey/vault-ios, Vault/Sources/VaultiOS/Views/General/LiteratureView.swift at
// 8d637a35 (BSD 3-Clause, LICENSE beside this file; Copyright (c) 2024, Bad Bundle Limited). The
// view's raw-text branch, unchanged; its Markdown branch needs the MarkdownUI package and is left
// out, so the body text is a `String` here rather than their `FormattedString`.
import SwiftUI

/// A view that displays a single block of scrolling text.
struct LiteratureView: View {
    var title: String
    var bodyText: String
    var bodyColor: Color

    init(title: String, bodyText: String, bodyColor: Color) {
        self.title = title
        self.bodyText = bodyText
        self.bodyColor = bodyColor
    }

    var body: some View {
        ScrollView(.vertical, showsIndicators: true) {
            VStack(alignment: .leading) {
                Text(bodyText)
                    .font(.body)
                    .foregroundStyle(bodyColor)
                    .frame(maxWidth: .infinity, alignment: .leading)
            }
            .padding(.vertical, 8)
            .padding(24)
        }
        .navigationTitle(Text(title))
    }
}

/// Their test (Vault/Tests/VaultiOSTests/LiteratureViewSnapshotTests.swift, `test_layout_rawText`):
/// the view in a `NavigationStack`, framed as their `framedForTest()` frames it (390 × 1000,
/// "iPhone 14 width"), snapshotted `as: .image`.
@MainActor enum VaultLiteratureCase {
    static var rawText: some View {
        NavigationStack {
            LiteratureView(title: "Title", bodyText: "Body\n\nText\nTest", bodyColor: .secondary)
        }
        .frame(width: 390, height: 1000)
    }
}
