import SwiftUI
import GlowKitUI

// An app's target, as Xcode writes one: a @main App whose scene is a WindowGroup.
@main
struct GlowApp: App {
    var body: some Scene {
        WindowGroup("Glow") {
            AppSwatch()
        }
    }
}

struct AppSwatch: View {
    var body: some View { Color.purple.frame(width: 8, height: 8) }
}

#Preview("App") { AppSwatch() }
