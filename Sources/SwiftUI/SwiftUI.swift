// The `SwiftUI` module on Linux: Scanline under SwiftUI's name, so that a file that says
// `import SwiftUI` compiles unchanged, and names qualified with the module (`SwiftUI.Color`,
// `SwiftUI.Angle`) resolve. Package.swift offers this product only where Apple's SwiftUI does not
// exist.
@_exported import Scanline

import Foundation

extension Foundation.Bundle {
    /// A stand-in for the `Bundle.module` SwiftPM makes for a target with resources. On Apple's
    /// platforms SwiftPM counts a target's asset catalogs and `.metal` files as resources without
    /// their being declared; on Linux it does not, so it makes no `Bundle.module` for a target
    /// whose only resources are those, and code that names it stopped compiling ("type 'Bundle'
    /// has no member 'module'"). This one is the main bundle. A target's own `Bundle.module`,
    /// when SwiftPM makes one, shadows it (a module's own declaration wins over an imported one).
    /// `scanline render PACKAGE` and `scanline preview PACKAGE` build such targets with their
    /// catalogs and shaders as resources, so their images, colours and shaders are found there.
    public static var module: Bundle { Bundle.main }
}
