// SwiftUI's macros, expanded by the ScanlineMacros plugin (Sources/ScanlineMacros; docs/MACROS.md).

/// A preview of a view, as SwiftUI's `#Preview`: `scanline render FILE.swift --preview NAME` and
/// `scanline preview` show it. In a build it makes a function, and nothing runs.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View)
    = #externalMacro(module: "ScanlineMacros", type: "PreviewMacro")

/// A preview with traits (`.sizeThatFitsLayout`, `.fixedLayout(width:height:)`, orientations…).
@freestanding(declaration)
public macro Preview(_ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>, _ moreTraits: PreviewTrait<Preview.ViewTraits>...,
                     @ViewBuilder body: @escaping @MainActor () -> any View)
    = #externalMacro(module: "ScanlineMacros", type: "PreviewMacro")

/// Marks a `@State` (or other dynamic property) declared at the top of a `#Preview` body: the
/// preview wraps its body in a view that owns it.
@attached(peer)
public macro Previewable() = #externalMacro(module: "ScanlineMacros", type: "PreviewableMacro")

/// A custom value of `EnvironmentValues` or `Transaction` in one line, as SwiftUI's `@Entry`:
/// `extension EnvironmentValues { @Entry var accent: Color = .orange }`.
@attached(accessor)
@attached(peer, names: prefixed(__Key_))
public macro Entry() = #externalMacro(module: "ScanlineMacros", type: "EntryMacro")

/// Makes a type `Animatable` from its stored properties, as SwiftUI's `@Animatable` (iOS 26):
/// `animatableData` pairs each `var`'s own animatable data, in order, except those marked
/// `@AnimatableIgnored`.
@attached(member, names: named(animatableData))
@attached(extension, conformances: Animatable)
public macro Animatable() = #externalMacro(module: "ScanlineMacros", type: "AnimatableMacro")

/// Leaves a stored property out of `@Animatable`'s `animatableData`.
@attached(peer)
public macro AnimatableIgnored() = #externalMacro(module: "ScanlineMacros", type: "AnimatableIgnoredMacro")

/// The content of a `#Preview` as one view.
@MainActor public func _previewContent(@ViewBuilder _ content: () -> any View) -> AnyView { AnyView(content()) }

/// A namespace for what previews take, as SwiftUI's `Preview`.
public struct Preview {
    /// The traits of a view's preview.
    public struct ViewTraits {}
}

/// A trait of a preview, as SwiftUI's: its layout and orientation. Scanline reads the layout
/// (`sizeThatFitsLayout`, `fixedLayout`); orientations are accepted.
public struct PreviewTrait<T> {
    /// What the trait says.
    public enum Layout: Sendable, Equatable { case device, sizeThatFits, fixed(width: CGFloat, height: CGFloat), orientation(String) }
    public let layout: Layout
}

extension PreviewTrait where T == Preview.ViewTraits {
    /// The device's size (Scanline: the render's size).
    public static var defaultLayout: PreviewTrait { PreviewTrait(layout: .device) }
    /// The view's own ideal size.
    public static var sizeThatFitsLayout: PreviewTrait { PreviewTrait(layout: .sizeThatFits) }
    /// A fixed size, in points.
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait { PreviewTrait(layout: .fixed(width: width, height: height)) }
    /// Portrait orientation.
    public static var portrait: PreviewTrait { PreviewTrait(layout: .orientation("portrait")) }
    /// Upside-down portrait orientation.
    public static var portraitUpsideDown: PreviewTrait { PreviewTrait(layout: .orientation("portraitUpsideDown")) }
    /// Landscape, turned left.
    public static var landscapeLeft: PreviewTrait { PreviewTrait(layout: .orientation("landscapeLeft")) }
    /// Landscape, turned right.
    public static var landscapeRight: PreviewTrait { PreviewTrait(layout: .orientation("landscapeRight")) }
}
