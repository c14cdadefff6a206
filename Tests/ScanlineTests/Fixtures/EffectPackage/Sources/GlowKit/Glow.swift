import SwiftUI

public extension View {
    /// Paints the view in `color`, through the package's own shader.
    func glowTint(_ color: Color) -> some View {
        #if GLOW_TINT && !GLOW_IOS_ONLY
        colorEffect(ShaderLibrary.bundle(.module).glowTint(.color(color)))
        #else
        self
        #endif
    }
}

/// The package's image, from its resource bundle.
public struct Dot: View {
    public init() {}
    public var body: some View { Image("dot", bundle: .module).resizable() }
}

extension EnvironmentValues {
    /// How wide a ring is drawn, in points.
    @Entry public var ringWidth: CGFloat = 4
}

/// A ring whose trim animates, as @Animatable makes it (iOS 26).
@Animatable
public struct Ring: Shape {
    public var trim: Double
    @AnimatableIgnored public var label: String = ""
    public init(trim: Double) { self.trim = trim }
    public func path(in rect: CGRect) -> Path {
        Path(ellipseIn: rect).trimmedPath(from: 0, to: trim)
    }
}
