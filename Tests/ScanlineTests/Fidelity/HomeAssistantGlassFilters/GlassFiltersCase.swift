// home-assistant/iOS's EntityFilterPickerView (Apache License 2.0, LICENSE.md beside this file),
// its compact style as its snapshot test renders four of them (see SOURCE.md): iOS 26's Liquid
// Glass capsules (`.glassEffect(.regular.interactive(), in: .capsule)`) over a white screen.
import SwiftUI

@MainActor enum GlassFiltersCase {
    struct PickerItem { let id: String; let title: String }

    /// `EntityFilterPickerView(title:icon:pickerItems:selectedItemId:)`, compact, as on iOS 26.
    struct Filter: View {
        let title: String
        let icon: String
        let pickerItems: [PickerItem]
        let selectedItemId: String?

        var body: some View {
            Menu {
                ForEach(pickerItems, id: \.id) { item in
                    Button {} label: {
                        if item.id == (selectedItemId ?? "") {
                            Label(item.title, systemImage: "checkmark")
                        } else {
                            Text(item.title)
                        }
                    }
                }
            } label: {
                HStack(spacing: 4) {
                    Image(systemName: icon)
                    Text(pickerItems.first { $0.id == selectedItemId }?.title ?? title)
                }
            }
            .buttonStyle(.plain)
            .frame(maxWidth: .infinity, alignment: .leading)
            .font(.callout)
            .foregroundStyle(.secondary)
            .padding(.horizontal, 8)
            .padding(.vertical, 4)
            .glassEffect(.regular.interactive(), in: .capsule)
            .contentShape(Capsule())
        }
    }

    /// The test's view: four filters in a padded `VStack`.
    static var filtersBar: some View {
        VStack(alignment: .leading, spacing: 12) {
            Filter(title: "Servers", icon: "server.rack", pickerItems: [.init(id: "1", title: "Home"), .init(id: "2", title: "Office")], selectedItemId: "1")
            Filter(title: "Area", icon: "house.fill", pickerItems: [.init(id: "", title: "All areas"), .init(id: "kitchen", title: "Kitchen")], selectedItemId: nil)
            Filter(title: "Domain", icon: "tag", pickerItems: [.init(id: "", title: "All domains"), .init(id: "light", title: "Light")], selectedItemId: "light")
            Filter(title: "Group by", icon: "list.bullet.rectangle",
                   pickerItems: [.init(id: "area", title: "Group by Area"), .init(id: "domain", title: "Group by Domain")], selectedItemId: "domain")
        }
        .padding()
    }
}
