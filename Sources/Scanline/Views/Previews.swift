/// Xcode's previews, as SwiftUI declares them, so that files written for Xcode compile as they
/// are. Scanline has no canvas to show them in; `previews` is an ordinary view that a test or a
/// renderer may draw (`SceneRenderer(MyView_Previews.previews, …)`).
@MainActor @preconcurrency
public protocol PreviewProvider {
    /// The previews' view.
    associatedtype Previews: View
    /// The views Xcode would show.
    @ViewBuilder @MainActor @preconcurrency static var previews: Previews { get }
    /// The platform Xcode would preview on (nil: the target's).
    static var platform: PreviewPlatform? { get }
}

extension PreviewProvider {
    /// None: the target's platform.
    public static var platform: PreviewPlatform? { nil }
}

/// A platform to preview on (accepted; a render has one platform).
public enum PreviewPlatform: Sendable, Hashable {
    case iOS, macOS, tvOS, watchOS, visionOS
}

/// How Xcode sizes a preview (accepted; a render's size is its own).
public enum PreviewLayout: Sendable, Hashable {
    /// The device's screen.
    case device
    /// The view's ideal size.
    case sizeThatFits
    /// A fixed size, in points.
    case fixed(width: CGFloat, height: CGFloat)
}

/// A device to preview on, by name (accepted; a render has no device).
public struct PreviewDevice: RawRepresentable, ExpressibleByStringLiteral, Sendable, Hashable {
    /// The device's name, as Xcode lists it.
    public let rawValue: String
    /// The device called `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The device called `value`.
    public init(stringLiteral value: String) { rawValue = value }
}

extension View {
    /// Accepted for Xcode's previews; changes nothing here.
    nonisolated public func previewLayout(_ value: PreviewLayout) -> some View { self }
    /// Accepted for Xcode's previews; changes nothing here.
    nonisolated public func previewDisplayName(_ value: String?) -> some View { self }
    /// Accepted for Xcode's previews; changes nothing here.
    nonisolated public func previewDevice(_ value: PreviewDevice?) -> some View { self }
    /// Accepted for Xcode's previews; changes nothing here.
    nonisolated public func previewInterfaceOrientation(_ value: InterfaceOrientation) -> some View { self }
}

/// An orientation for a preview (accepted).
public struct InterfaceOrientation: Sendable, Hashable {
    let name: String
    /// Upright.
    public static let portrait = InterfaceOrientation(name: "portrait")
    /// Upside down.
    public static let portraitUpsideDown = InterfaceOrientation(name: "portraitUpsideDown")
    /// Turned left.
    public static let landscapeLeft = InterfaceOrientation(name: "landscapeLeft")
    /// Turned right.
    public static let landscapeRight = InterfaceOrientation(name: "landscapeRight")
}

extension View {
    /// The colour scheme for this view and everything inside (SwiftUI sets it for the whole
    /// window; a render's window is the view it draws). Nil leaves the scheme as it is.
    nonisolated public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View {
        environmentChange { if let colorScheme { $0.colorScheme = colorScheme } }
    }
}

// MARK: Xcode's library

/// Views and modifiers a package offers Xcode's library, as SwiftUI's: accepted, so a package
/// that declares them compiles; nothing reads them here.
@MainActor public protocol LibraryContentProvider {
    /// The views offered.
    @LibraryContentBuilder var views: [LibraryItem] { get }
    /// The modifiers offered, applied to `base`.
    @LibraryContentBuilder func modifiers(base: ModifierBase) -> [LibraryItem]
    /// The placeholder a modifier item is applied to.
    associatedtype ModifierBase = Never
}

extension LibraryContentProvider {
    public var views: [LibraryItem] { [] }
    public func modifiers(base: ModifierBase) -> [LibraryItem] { [] }
}

/// One entry of Xcode's library: a snippet with its title and category.
public struct LibraryItem {
    /// Where Xcode's library lists an item.
    public struct Category: Hashable, Sendable {
        let name: String
        public static let control = Category(name: "control")
        public static let effect = Category(name: "effect")
        public static let layout = Category(name: "layout")
        public static let other = Category(name: "other")
    }
    /// The item's title (nil: Xcode makes one from the snippet).
    public let title: String?
    public let category: Category
    public let visible: Bool
    public init<Content>(_ snippet: @autoclosure () -> Content, visible: Bool = true, title: String? = nil,
                         category: Category = .control, matchingSignature: String? = nil) {
        self.title = title; self.category = category; self.visible = visible
    }
}

/// Collects `LibraryItem`s.
@resultBuilder public enum LibraryContentBuilder {
    public static func buildBlock(_ items: LibraryItem...) -> [LibraryItem] { items }
    public static func buildBlock(_ items: [LibraryItem]...) -> [LibraryItem] { items.flatMap { $0 } }
    public static func buildExpression(_ item: LibraryItem) -> [LibraryItem] { [item] }
    public static func buildExpression(_ items: [LibraryItem]) -> [LibraryItem] { items }
}
