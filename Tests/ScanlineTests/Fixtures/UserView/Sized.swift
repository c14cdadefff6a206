import SwiftUI

// Canvases without --size: a view's ideal size, and each #Preview trait that sets one.
struct FixedCard: View {
    var body: some View { Color.orange.frame(width: 90, height: 30) }
}

struct Flexible: View {
    var body: some View { Color.orange }
}

struct Words: View {
    var body: some View { Text("Hello, world").padding(6).background(Color.yellow) }
}

#Preview("fixed", traits: .fixedLayout(width: 200, height: 100)) {
    Flexible()
}

#Preview("fits", traits: .sizeThatFitsLayout) {
    FixedCard()
}

#Preview("phone", traits: .portrait) {
    Flexible()
}

#Preview("wide", traits: .landscapeLeft) {
    Flexible()
}

#Preview("plain") {
    Words()
}
