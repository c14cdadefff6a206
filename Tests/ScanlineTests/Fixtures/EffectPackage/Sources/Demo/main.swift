import SwiftUI
import GlowKitUI

// An app target: not built by `scanline render` (its main would clash with the render's own).
print("demo")
