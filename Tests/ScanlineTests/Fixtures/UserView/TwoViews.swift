import SwiftUI

// Two views in one file: UserViewBuildTests renders both at once, with --view, into one cache
// (issue #32 point 1), and each picture must be its own.
struct RedSquare: View {
    var body: some View { Color.red.frame(width: 8, height: 8) }
}

struct BlueSquare: View {
    var body: some View { Color.blue.frame(width: 8, height: 8) }
}
