// `import Scanline` gives Foundation too, as `import SwiftUI` does, so seed code that uses `Date`,
// `CGSize` or `sin` compiles with one import.
@_exported import Foundation
