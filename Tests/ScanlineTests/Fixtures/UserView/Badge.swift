// A user's file as Xcode would have it: a view, a #Preview whose body has braces, strings and
// comments that look like code, and a second view that the preview does not use.
import SwiftUI

struct Badge: View {
    var label: String = "Badge"
    var fill: Color = .blue
    var body: some View {
        Text(label)
            .font(.headline)
            .foregroundStyle(.white)
            .padding(8)
            .background(fill, in: .capsule)
    }
}

struct Unused: View {
    var body: some View { Text("} not this one { \(1 + 1)") }   /* a } in a comment { */
}

#Preview("Red") {
    // a } in a comment, and "#Preview {" in a string below
    let title = "Hi } { #Preview {"
    VStack {
        Badge(label: String(title.prefix(2)), fill: .red)
    }
    .frame(width: 120, height: 60)
    .background(Color.white)
}

#Preview {
    Badge()
        .frame(width: 120, height: 60)
        .background(Color.yellow)
}
