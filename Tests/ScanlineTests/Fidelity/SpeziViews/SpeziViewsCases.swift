// The views of StanfordSpezi/SpeziViews' snapshot tests at 5242bd9 (MIT, LICENSE.md beside this
// file), as their tests build them (Tests/SpeziViewsTests/SnapshotTests+Lists.swift, +Controls,
// +Texts). `ListRow` is theirs, unchanged (ListRow.swift). `CaseIterablePicker` and
// `OptionSetPicker` need SpeziFoundation and `LocalizedStringResource`, so the two are written
// out here as the bodies they build for these tests: the picker over `Version`'s cases with its
// label, and the inline option-set picker's section of buttons (`button(for:)`: the title tinted
// primary, a spacer, a semibold accent-colour checkmark for a selected option).
import SwiftUI

@MainActor enum SpeziViewsCases {
    /// SnapshotTests+Lists.swift, `listRow()`: "iphone-regular", and "iphone-XA3" with
    /// `.dynamicTypeSize(.accessibility3)`.
    static var listRow: some View {
        List {
            ListRow("San Francisco") {
                Text(verbatim: "20 °C, Sunny")
            }
        }
    }

    /// SnapshotTests+Controls.swift, `caseIterablePicker()`:
    /// `List { CaseIterablePicker("Clean Code", selection: .constant(Version.versionA)) }`.
    static var caseIterablePicker: some View {
        List {
            Picker(selection: .constant(Version.versionA)) {
                ForEach(Version.allCases, id: \.hashValue) { value in
                    Text(value.title)
                        .tag(value)
                }
            } label: {
                Text("Clean Code")
            }
        }
    }
    enum Version: CaseIterable, Hashable {
        case versionA, versionB
        var title: String { self == .versionA ? "A" : "B" }
    }

    /// SnapshotTests+Controls.swift, `optionSetPicker()`, "option-picker-inline":
    /// `OptionSetPicker("Code", selection: .constant([.option1, .option2]), style: .inline, allowEmptySelection: true)`
    /// in a `List`.
    static var optionSetPickerInline: some View {
        List {
            Section {
                ForEach([1, 2], id: \.self) { rawValue in
                    Button {
                    } label: {
                        HStack {
                            Text("Option \(rawValue)")
                                .tint(.primary)
                            Spacer()
                            Image(systemName: "checkmark")
                                .foregroundStyle(Color.accentColor)
                                .fontWeight(.semibold)
                                .accessibilityHidden(true)
                        }
                    }
                }
            } header: {
                Text("Code")
            }
        }
    }

    /// SnapshotTests+Texts.swift, `labeledContent()`.
    static var labeledContent: some View {
        LabeledContent("Clean") {
            Text(verbatim: "Code")
        }
    }
}
