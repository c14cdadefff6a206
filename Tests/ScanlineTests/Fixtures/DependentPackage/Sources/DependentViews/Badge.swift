// A user's views in a library target of their own, with SwiftUI's macros under plain `swift build`
// (issue #43 point 1): `@Entry`, `@Animatable` with `@AnimatableIgnored`, `#Preview` with
// `@Previewable`. DependentPackageTests builds the package by path, `make test-git-dependent` by
// git URL, and both render the preview with `scanline render PACKAGE --preview Badge`.
import SwiftUI
import ScanlineBlocks

public struct Badge: View {
    public init() {}
    public var body: some View {
        Text("Hi").padding().background(.blue.gradient, in: .capsule).chromaticGlitch(0.5)
    }
}

extension EnvironmentValues {
    @Entry public var badgeScale: Double = 2
}

/// A bar whose width animates; its label does not.
@Animatable public struct Meter: Shape {
    public var level: Double
    @AnimatableIgnored public var label: String
    public init(level: Double, label: String) { self.level = level; self.label = label }
    public func path(in rect: CGRect) -> Path { Path(CGRect(x: 0, y: 0, width: rect.width * level, height: rect.height)) }
}

#Preview("Badge") {
    @Previewable @State var on = true
    VStack {
        Badge().opacity(on ? 1 : 0.5)
        Meter(level: 0.5, label: "half").fill(.green).frame(width: 40, height: 6)
    }
}
