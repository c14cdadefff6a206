// `import Scanline` gives Foundation too, as `import SwiftUI` does, so seed code that uses `Date`,
// `CGSize` or `sin` compiles with one import.
@_exported import Foundation
// And CoreGraphics (Apple's, or the stand-in on Linux): CGAffineTransform, CGPath, CGLineCap …
#if canImport(CoreGraphics)
@_exported import CoreGraphics
#endif
// And Combine (Apple's, or the stand-in on Linux), as SwiftUI re-exports it: ObservableObject,
// @Published and publishers with `import SwiftUI` alone.
#if canImport(Combine)
@_exported import Combine
#endif
// And QuartzCore's value types (Apple's, or the stand-in on Linux): CATransform3D for
// ProjectionTransform, which `import SwiftUI` reaches on Apple's platforms through UIKit/AppKit.
#if canImport(QuartzCore)
@_exported import QuartzCore
#endif
// And Observation (the toolchain's), as SwiftUI re-exports it: `@Observable` with `import SwiftUI`.
@_exported import Observation
