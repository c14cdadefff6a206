// home-assistant/iOS's LocationHistoryListView (Apache License 2.0, LICENSE.md beside this file), as
// its snapshot test renders the "w/ Locations" configuration (see SOURCE.md): the view's body and
// its rows' body, with the two Realm entries' texts written out as the reference shows them.
import SwiftUI

@MainActor enum LocationHistoryCase {
    struct Entry: Identifiable {
        let id: Int
        let date: String
        let trigger: String
    }

    static let entries = [Entry(id: 0, date: "28/2/25, 7:09:33 PM", trigger: "Manual"),
                          Entry(id: 1, date: "28/2/25, 7:09:33 PM", trigger: "Periodic")]

    /// `NavigationView { LocationHistoryListView() }` with two entries.
    static var withLocations: some View {
        NavigationView {
            Form {
                Section {
                    List {
                        ForEach(entries) { entry in
                            NavigationLink {
                                Text(entry.date)
                            } label: {
                                VStack(alignment: .leading) {
                                    Text(entry.date)
                                        .foregroundStyle(.primary)
                                    Text(entry.trigger)
                                        .foregroundStyle(.secondary)
                                }
                            }
                        }
                    }
                }
            }
            .navigationTitle("Location History")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    Button("Clear") {}
                }
            }
        }
    }
}
