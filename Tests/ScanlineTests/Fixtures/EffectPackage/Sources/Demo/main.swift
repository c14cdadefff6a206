import SwiftUI
import GlowKitUI

// A tool's target, with top-level code: `scanline render` builds it with its entry point renamed,
// so its preview renders beside the render's own main and this code never runs.
print("demo")

#Preview("Demo") { Color.orange.frame(width: 6, height: 6) }
