// Toolbars: the items a view puts in its navigation bar or bottom toolbar (`.toolbar { … }`),
// passed up to the `NavigationStack` around it as a preference, and the bars' visibility and
// background. The bars themselves are drawn by `NavigationStack` (NavigationStack.swift).

/// Where a toolbar item goes (SwiftUI's `ToolbarItemPlacement`).
public struct ToolbarItemPlacement: Hashable, Sendable {
    enum Slot: Hashable, Sendable { case leading, trailing, principal, bottom, hidden }
    let slot: Slot
    /// The platform's choice: the navigation bar's trailing end on iOS.
    public static let automatic = ToolbarItemPlacement(slot: .trailing)
    /// The leading end of the navigation bar.
    public static let topBarLeading = ToolbarItemPlacement(slot: .leading)
    /// The trailing end of the navigation bar.
    public static let topBarTrailing = ToolbarItemPlacement(slot: .trailing)
    /// The leading end of the navigation bar (the name before iOS 17).
    public static let navigationBarLeading = ToolbarItemPlacement(slot: .leading)
    /// The trailing end of the navigation bar (the name before iOS 17).
    public static let navigationBarTrailing = ToolbarItemPlacement(slot: .trailing)
    /// The middle of the navigation bar, in place of the title.
    public static let principal = ToolbarItemPlacement(slot: .principal)
    /// The most used action: the trailing end on iOS.
    public static let primaryAction = ToolbarItemPlacement(slot: .trailing)
    /// A secondary action: the trailing end on iOS.
    public static let secondaryAction = ToolbarItemPlacement(slot: .trailing)
    /// Confirming a modal: the trailing end.
    public static let confirmationAction = ToolbarItemPlacement(slot: .trailing)
    /// Cancelling a modal: the leading end.
    public static let cancellationAction = ToolbarItemPlacement(slot: .leading)
    /// Destroying something in a modal: the trailing end.
    public static let destructiveAction = ToolbarItemPlacement(slot: .trailing)
    /// The bottom toolbar.
    public static let bottomBar = ToolbarItemPlacement(slot: .bottom)
    /// Status in the middle of the bottom toolbar.
    public static let status = ToolbarItemPlacement(slot: .bottom)
    /// Above the keyboard, which a render never shows: not drawn.
    public static let keyboard = ToolbarItemPlacement(slot: .hidden)
}

/// The bars a toolbar modifier talks about (SwiftUI's `ToolbarPlacement`).
public struct ToolbarPlacement: Hashable, Sendable {
    let bar: Bar
    enum Bar: Hashable, Sendable { case navigation, bottom, tab }
    /// The platform's choice: the navigation bar on iOS.
    public static let automatic = ToolbarPlacement(bar: .navigation)
    /// The navigation bar.
    public static let navigationBar = ToolbarPlacement(bar: .navigation)
    /// The bottom toolbar.
    public static let bottomBar = ToolbarPlacement(bar: .bottom)
    /// The tab bar.
    public static let tabBar = ToolbarPlacement(bar: .tab)
}

/// One item as the toolbar builder collects them: where it goes and what it shows.
public struct _ToolbarEntry {
    let placement: ToolbarItemPlacement
    let view: AnyView
}

/// Content of a toolbar (SwiftUI's `ToolbarContent`): `ToolbarItem`s, `ToolbarItemGroup`s and
/// types of one's own whose `body` is made of them.
@MainActor @preconcurrency public protocol ToolbarContent {
    associatedtype Body: ToolbarContent
    @ToolbarContentBuilder var body: Body { get }
    /// The items, in order (Scanline's: collected from `body` unless the type is an item itself).
    func _toolbarEntries() -> [_ToolbarEntry]
}

extension ToolbarContent {
    public func _toolbarEntries() -> [_ToolbarEntry] { body._toolbarEntries() }
}

/// Toolbar content a person could rearrange (SwiftUI's `CustomizableToolbarContent`); a render
/// shows it as declared.
public protocol CustomizableToolbarContent: ToolbarContent {}

extension Never: ToolbarContent, CustomizableToolbarContent {
    public func _toolbarEntries() -> [_ToolbarEntry] { [] }
}

/// A toolbar item: `content` at `placement` (SwiftUI's `ToolbarItem`).
public struct ToolbarItem<ID, Content: View>: ToolbarContent, CustomizableToolbarContent {
    let placement: ToolbarItemPlacement
    let content: Content
    public var body: Never { fatalError("ToolbarItem has no body") }
    public func _toolbarEntries() -> [_ToolbarEntry] { [_ToolbarEntry(placement: placement, view: AnyView(content))] }
}

extension ToolbarItem where ID == () {
    /// An item at `placement` (default: the navigation bar's trailing end).
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement; self.content = content()
    }
}

extension ToolbarItem where ID == String {
    /// An item with an identity for customisation (shown as declared).
    public init(id: String, placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement; self.content = content()
    }
}

/// Several items at one placement, side by side (SwiftUI's `ToolbarItemGroup`).
public struct ToolbarItemGroup<Content: View>: ToolbarContent {
    let placement: ToolbarItemPlacement
    let content: Content
    /// The items of `content` at `placement`.
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement; self.content = content()
    }
    public var body: Never { fatalError("ToolbarItemGroup has no body") }
    public func _toolbarEntries() -> [_ToolbarEntry] { [_ToolbarEntry(placement: placement, view: AnyView(content))] }
}

/// Toolbar items put together by `ToolbarContentBuilder`.
public struct _ToolbarItems: ToolbarContent, CustomizableToolbarContent {
    let entries: [_ToolbarEntry]
    public var body: Never { fatalError("_ToolbarItems has no body") }
    public func _toolbarEntries() -> [_ToolbarEntry] { entries }
}

/// Builds toolbar content from items, `if`, `if`–`else` and `switch` (SwiftUI's
/// `ToolbarContentBuilder`).
@MainActor @resultBuilder public enum ToolbarContentBuilder {
    /// The body of items that have none (`fatalError()`).
    public static func buildExpression(_ never: Never) -> Never {}
    public static func buildBlock(_ never: Never) -> Never {}
    public static func buildExpression<C: ToolbarContent>(_ content: C) -> _ToolbarItems { _ToolbarItems(entries: content._toolbarEntries()) }
    public static func buildBlock(_ parts: _ToolbarItems...) -> _ToolbarItems { _ToolbarItems(entries: parts.flatMap(\.entries)) }
    public static func buildOptional(_ part: _ToolbarItems?) -> _ToolbarItems { part ?? _ToolbarItems(entries: []) }
    public static func buildEither(first: _ToolbarItems) -> _ToolbarItems { first }
    public static func buildEither(second: _ToolbarItems) -> _ToolbarItems { second }
    public static func buildLimitedAvailability(_ part: _ToolbarItems) -> _ToolbarItems { part }
}

/// What the views under a navigation stack ask of its bars: title, display mode, items,
/// visibility and background. Inner values give way to outer ones, as preferences do.
struct NavigationBarRequest {
    var title: Text?
    var displayMode: NavigationBarItem.TitleDisplayMode?
    /// The views for values pushed on the stack, by the values' type (`navigationDestination(for:)`).
    var destinations: [ObjectIdentifier: (AnyHashable) -> AnyView] = [:]
    /// A screen pushed by `navigationDestination(isPresented:)` or `(item:)`, when it is.
    var presented: AnyView?
    var backButtonHidden = false
    var items: [_ToolbarEntry] = []
    var hidden: [ToolbarPlacement.Bar: Bool] = [:]
    var background: [ToolbarPlacement.Bar: Visibility] = [:]
    var backgroundStyle: [ToolbarPlacement.Bar: AnyShapeStyle] = [:]
}

struct NavigationBarKey: PreferenceKey {
    static var defaultValue: NavigationBarRequest { NavigationBarRequest() }
    /// Siblings' requests: titles and modes from the first that sets one, items of all in order.
    static func reduce(value: inout NavigationBarRequest, nextValue: () -> NavigationBarRequest) {
        let next = nextValue()
        value.title = value.title ?? next.title
        value.displayMode = value.displayMode ?? next.displayMode
        value.destinations.merge(next.destinations) { a, _ in a }
        value.presented = value.presented ?? next.presented
        value.backButtonHidden = value.backButtonHidden || next.backButtonHidden
        value.items += next.items
        value.hidden.merge(next.hidden) { a, _ in a }
        value.background.merge(next.background) { a, _ in a }
        value.backgroundStyle.merge(next.backgroundStyle) { a, _ in a }
    }
}

/// The parts of `NavigationBarItem` SwiftUI code names.
public enum NavigationBarItem {
    /// How a navigation title is shown.
    public enum TitleDisplayMode: Hashable, Sendable {
        /// Large at the root of a stack (iOS's default there).
        case automatic
        /// Small, in the middle of the standard bar.
        case inline
        /// Large, below the standard bar.
        case large
    }
}

/// How a toolbar's title is shown (iOS 17's `ToolbarTitleDisplayMode`).
public struct ToolbarTitleDisplayMode: Hashable, Sendable {
    let mode: NavigationBarItem.TitleDisplayMode
    /// iOS's choice: large at the root of a stack.
    public static let automatic = ToolbarTitleDisplayMode(mode: .automatic)
    /// Large, below the standard bar.
    public static let large = ToolbarTitleDisplayMode(mode: .large)
    /// Small, in the middle of the standard bar.
    public static let inline = ToolbarTitleDisplayMode(mode: .inline)
    /// Large, and small once scrolled (a render never scrolls: large).
    public static let inlineLarge = ToolbarTitleDisplayMode(mode: .large)
}

extension View {
    nonisolated func navigationBarRequest(_ change: @escaping (inout NavigationBarRequest) -> Void) -> some View {
        transformPreference(NavigationBarKey.self, change)
    }
    /// The title of the navigation bar of the stack around the view.
    nonisolated public func navigationTitle(_ title: Text) -> some View { navigationBarRequest { $0.title = title } }
    /// The title of the navigation bar, from a localized key.
    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { navigationTitle(Text(titleKey)) }
    /// The screen's title, from a localized string resource.
    @_disfavoredOverload
    nonisolated public func navigationTitle(_ titleResource: LocalizedStringResource) -> some View { navigationTitle(Text(titleResource)) }
    /// The title of the navigation bar.
    @_disfavoredOverload
    nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { navigationTitle(Text(title)) }
    /// The title of the navigation bar, from a view (its text when it is a `Text`; otherwise the
    /// bar shows no title).
    @_disfavoredOverload
    nonisolated public func navigationTitle<V: View>(@ViewBuilder _ title: () -> V) -> some View {
        let t = title()
        return navigationBarRequest { if let text = t as? Text { $0.title = text } }
    }
    /// How the title is shown: large below the bar or inline in it.
    nonisolated public func navigationBarTitleDisplayMode(_ mode: NavigationBarItem.TitleDisplayMode) -> some View {
        navigationBarRequest { $0.displayMode = mode }
    }
    /// How the title is shown (iOS 17's name).
    nonisolated public func toolbarTitleDisplayMode(_ mode: ToolbarTitleDisplayMode) -> some View { navigationBarTitleDisplayMode(mode.mode) }
    /// The title and its display mode at once (before iOS 14).
    nonisolated public func navigationBarTitle(_ title: Text, displayMode: NavigationBarItem.TitleDisplayMode = .automatic) -> some View {
        navigationBarRequest { $0.title = title; $0.displayMode = displayMode }
    }
    /// The title (before iOS 14).
    @_disfavoredOverload
    nonisolated public func navigationBarTitle<S: StringProtocol>(_ title: S) -> some View { navigationBarTitle(Text(title)) }
    /// Hides the navigation bar (before iOS 16: `toolbar(.hidden, for: .navigationBar)`).
    nonisolated public func navigationBarHidden(_ hidden: Bool) -> some View { navigationBarRequest { $0.hidden[.navigation] = hidden } }
    /// Hides the back button of a pushed screen.
    nonisolated public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View {
        navigationBarRequest { $0.backButtonHidden = $0.backButtonHidden || hidesBackButton }
    }
    /// Views to show as toolbar items: in the navigation bar's trailing end.
    nonisolated public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
        let view = AnyView(content())
        return navigationBarRequest { $0.items.append(_ToolbarEntry(placement: .automatic, view: view)) }
    }
    /// Toolbar items, each at its placement.
    public func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content) -> some View {
        let entries = content()._toolbarEntries()
        return navigationBarRequest { $0.items += entries }
    }
    /// Toolbar items with an identity for customisation (shown as declared).
    public func toolbar<Content: CustomizableToolbarContent>(id: String, @ToolbarContentBuilder content: () -> Content) -> some View {
        let entries = content()._toolbarEntries()
        return navigationBarRequest { $0.items += entries }
    }
    /// Shows or hides the bars named in `bars` (`.hidden` hides; `.visible` and `.automatic` show).
    nonisolated public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        navigationBarRequest { r in for b in bars { r.hidden[b.bar] = visibility == .hidden } }
    }
    /// Whether the bars in `bars` show their background at rest (`.visible`) or only the
    /// content's (`.automatic`, `.hidden`: iOS's look when content is scrolled to the top).
    nonisolated public func toolbarBackground(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        navigationBarRequest { r in for b in bars { r.background[b.bar] = visibility } }
    }
    /// The bars' background, shown when their background is visible.
    nonisolated public func toolbarBackground<S: ShapeStyle>(_ style: S, for bars: ToolbarPlacement...) -> some View {
        let s = AnyShapeStyle(style)
        return navigationBarRequest { r in for b in bars { r.backgroundStyle[b.bar] = s } }
    }
}
