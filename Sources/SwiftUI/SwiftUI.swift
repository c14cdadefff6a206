// The `SwiftUI` module on Linux: Scanline under SwiftUI's name, so that a file that says
// `import SwiftUI` compiles unchanged, and names qualified with the module (`SwiftUI.Color`,
// `SwiftUI.Angle`) resolve. Package.swift offers this product only where Apple's SwiftUI does not
// exist.
@_exported import Scanline
