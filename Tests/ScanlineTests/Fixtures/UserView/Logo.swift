import SwiftUI

// An image beside the file, found by name as in an app's assets.
struct Logo: View {
    var body: some View {
        Image("dot").resizable().frame(width: 20, height: 20)
    }
}
