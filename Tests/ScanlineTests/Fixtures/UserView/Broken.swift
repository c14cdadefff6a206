import SwiftUI

struct Broken: View {
    var body: some View {
        Text("fine")
            .frame(width: "wide")
    }
}
