import Foundation
import Observation

/// An app, as SwiftUI's `App`: the `@main` type of an app target, whose `body` is its scenes.
/// Scanline draws views, not windows, so an app's code compiles here and its previews render
/// (`scanline render PACKAGE --preview NAME` builds app targets too), but running the app
/// (`swift run`) shows no window: `main()` says so in one line on standard error and exits
/// with status 1.
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    /// The app's scenes.
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
    /// The app, made by `main()`.
    @MainActor @preconcurrency init()
}

extension App {
    /// What `@main` calls: on Linux there is no window to show the app's scenes in.
    @MainActor public static func main() {
        FileHandle.standardError.write(Data((AppLaunch.refusal(for: Self.self) + "\n").utf8))
        exit(1)
    }
}

/// What running an app says on Linux.
enum AppLaunch {
    /// The one line `App.main()` prints.
    static func refusal<A: App>(for app: A.Type) -> String {
        "\(A.self): a SwiftUI App shows its scenes in windows, and Scanline has none; render its views with `scanline render` (a package's #Previews by name) or `scanline preview`"
    }
}

/// Part of an app's user interface, as SwiftUI's `Scene`: a `WindowGroup`, or scenes of one's own.
@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    /// The scenes this one is made of.
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: Scene {}

/// Builds an app's scenes from several, as SwiftUI's `SceneBuilder`.
@resultBuilder
public enum SceneBuilder {
    /// One scene, as it is.
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
    /// Several scenes, in order.
    public static func buildBlock<each Content: Scene>(_ content: repeat each Content) -> _TupleScene<(repeat each Content)> {
        _TupleScene(value: (repeat each content))
    }
    /// Each expression in the closure is a scene.
    public static func buildExpression<Content: Scene>(_ content: Content) -> Content { content }
    /// A scene inside `if #available`.
    public static func buildLimitedAvailability<Content: Scene>(_ content: Content) -> Content { content }
}

/// Several scenes (`SceneBuilder`'s).
nonisolated public struct _TupleScene<T>: Scene {
    let value: T
    /// Never called: a group of scenes has no body.
    public var body: Never { fatalError("_TupleScene has no body") }
}

/// A window of an app's views, as SwiftUI's `WindowGroup` (its content is what the app shows).
nonisolated public struct WindowGroup<Content: View>: Scene {
    /// The views each window shows.
    public let content: Content
    /// The title of its windows, if any.
    public let title: Text?
    /// Its identifier, if any.
    public let id: String?
    /// A group of windows that show `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content(); title = nil; id = nil }
    /// A group with an identifier.
    public init(id: String, @ViewBuilder content: () -> Content) { self.content = content(); title = nil; self.id = id }
    /// A group whose windows are called `title`.
    public init(_ title: Text, id: String? = nil, @ViewBuilder content: () -> Content) { self.content = content(); self.title = title; self.id = id }
    /// A group whose windows are called `titleKey`.
    public init(_ titleKey: LocalizedStringKey, id: String? = nil, @ViewBuilder content: () -> Content) { self.init(Text(titleKey), id: id, content: content) }
    /// A group whose windows are called `title`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, id: String? = nil, @ViewBuilder content: () -> Content) { self.init(Text(title), id: id, content: content) }
    /// Never called: a window group has no body.
    public var body: Never { fatalError("WindowGroup has no body") }
}

/// A single window of an app's views, as SwiftUI's `Window` (macOS).
nonisolated public struct Window<Content: View>: Scene {
    /// The views the window shows.
    public let content: Content
    /// Its title and identifier.
    public let title: Text
    public let id: String
    /// A window called `title`, identified by `id`, showing `content`.
    public init(_ title: Text, id: String, @ViewBuilder content: () -> Content) { self.content = content(); self.title = title; self.id = id }
    /// A window called `titleKey`.
    public init(_ titleKey: LocalizedStringKey, id: String, @ViewBuilder content: () -> Content) { self.init(Text(titleKey), id: id, content: content) }
    /// A window called `title`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, id: String, @ViewBuilder content: () -> Content) { self.init(Text(title), id: id, content: content) }
    /// Never called: a window has no body.
    public var body: Never { fatalError("Window has no body") }
}

/// An app's settings window, as SwiftUI's `Settings` (macOS).
nonisolated public struct Settings<Content: View>: Scene {
    /// The views the settings window shows.
    public let content: Content
    /// A settings window showing `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    /// Never called: a settings scene has no body.
    public var body: Never { fatalError("Settings has no body") }
}

/// A scene with a modifier of a window or of the app (`defaultSize`, `commands`…). Scanline shows
/// no windows and runs no app, so such a modifier is kept and changes nothing a render draws.
nonisolated public struct _ModifiedScene<Content: Scene>: Scene {
    /// The scene modified.
    public let content: Content
    /// Never called: the modified scene is `content`.
    public var body: Never { fatalError("_ModifiedScene has no body") }
}

/// How a window may be resized, as SwiftUI's `WindowResizability` (no window here: kept only).
public struct WindowResizability: Sendable, Equatable {
    let rawValue: Int
    /// The system's choice.
    public static let automatic = WindowResizability(rawValue: 0)
    /// The window's size is its content's.
    public static let contentSize = WindowResizability(rawValue: 1)
    /// The window is at least its content's minimum size.
    public static let contentMinSize = WindowResizability(rawValue: 2)
}

/// Menu commands of an app, as SwiftUI's `Commands` (no menu bar here: kept only).
@MainActor @preconcurrency
public protocol Commands {
    associatedtype Body: Commands
    /// The commands this one is made of.
    @CommandsBuilder var body: Body { get }
}
extension Never: Commands {}

/// Builds commands from several, as SwiftUI's `CommandsBuilder`.
@resultBuilder
public enum CommandsBuilder {
    /// No commands.
    public static func buildBlock() -> EmptyCommands { EmptyCommands() }
    /// One group of commands, as it is.
    public static func buildBlock<C: Commands>(_ content: C) -> C { content }
    /// Several commands, in order.
    public static func buildBlock<each C: Commands>(_ content: repeat each C) -> _TupleCommands<(repeat each C)> { _TupleCommands(value: (repeat each content)) }
    /// Each expression is a command group or menu.
    public static func buildExpression<C: Commands>(_ content: C) -> C { content }
}

/// No commands.
nonisolated public struct EmptyCommands: Commands {
    /// No commands.
    public init() {}
    public var body: Never { fatalError("EmptyCommands has no body") }
}
/// Several commands (`CommandsBuilder`'s).
nonisolated public struct _TupleCommands<T>: Commands {
    let value: T
    public var body: Never { fatalError("_TupleCommands has no body") }
}

/// Where a group of commands goes in the standard menus, as SwiftUI's `CommandGroupPlacement`.
public struct CommandGroupPlacement: Sendable {
    let name: String
    public static let appInfo = CommandGroupPlacement(name: "appInfo"), appSettings = CommandGroupPlacement(name: "appSettings")
    public static let systemServices = CommandGroupPlacement(name: "systemServices"), appVisibility = CommandGroupPlacement(name: "appVisibility")
    public static let appTermination = CommandGroupPlacement(name: "appTermination"), newItem = CommandGroupPlacement(name: "newItem")
    public static let saveItem = CommandGroupPlacement(name: "saveItem"), importExport = CommandGroupPlacement(name: "importExport")
    public static let printItem = CommandGroupPlacement(name: "printItem"), undoRedo = CommandGroupPlacement(name: "undoRedo")
    public static let pasteboard = CommandGroupPlacement(name: "pasteboard"), textEditing = CommandGroupPlacement(name: "textEditing")
    public static let textFormatting = CommandGroupPlacement(name: "textFormatting"), toolbar = CommandGroupPlacement(name: "toolbar")
    public static let sidebar = CommandGroupPlacement(name: "sidebar"), windowSize = CommandGroupPlacement(name: "windowSize")
    public static let windowArrangement = CommandGroupPlacement(name: "windowArrangement"), help = CommandGroupPlacement(name: "help")
}

/// A group of menu commands, as SwiftUI's `CommandGroup` (no menu bar here: kept only).
nonisolated public struct CommandGroup<Content: View>: Commands {
    let content: Content
    /// Commands that replace those at `placement`.
    public init(replacing placement: CommandGroupPlacement, @ViewBuilder addition: () -> Content) { content = addition() }
    /// Commands after those at `placement`.
    public init(after placement: CommandGroupPlacement, @ViewBuilder addition: () -> Content) { content = addition() }
    /// Commands before those at `placement`.
    public init(before placement: CommandGroupPlacement, @ViewBuilder addition: () -> Content) { content = addition() }
    public var body: Never { fatalError("CommandGroup has no body") }
}

/// A menu of commands, as SwiftUI's `CommandMenu` (no menu bar here: kept only).
nonisolated public struct CommandMenu<Content: View>: Commands {
    let content: Content
    /// A menu called `name`.
    public init(_ name: LocalizedStringKey, @ViewBuilder content: () -> Content) { self.content = content() }
    /// A menu called `name`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ name: S, @ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { fatalError("CommandMenu has no body") }
}

extension Scene {
    /// The size a new window has (kept only: no windows here).
    nonisolated public func defaultSize(width: CGFloat, height: CGFloat) -> some Scene { _ModifiedScene(content: self) }
    /// The size a new window has (kept only: no windows here).
    nonisolated public func defaultSize(_ size: CGSize) -> some Scene { _ModifiedScene(content: self) }
    /// How the scene's windows may be resized (kept only: no windows here).
    nonisolated public func windowResizability(_ resizability: WindowResizability) -> some Scene { _ModifiedScene(content: self) }
    /// The app's menu commands (kept only: no menu bar here).
    nonisolated public func commands<Content: Commands>(@CommandsBuilder content: () -> Content) -> some Scene { _ModifiedScene(content: self) }
    /// An observable object in the environment of the scene's views (kept only: the scene's views
    /// are not built here; a preview sets its own environment).
    nonisolated public func environment<T: AnyObject & Observable>(_ object: T?) -> some Scene { _ModifiedScene(content: self) }
    /// An observable object for `@EnvironmentObject` in the scene's views (kept only, as `environment(_:)`).
    nonisolated public func environmentObject<T: ObservableObject>(_ object: T) -> some Scene { _ModifiedScene(content: self) }
    /// An action when `value` changes (kept only: the app does not run here).
    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some Scene { _ModifiedScene(content: self) }
    /// An action when `value` changes, given the old and new values (kept only: the app does not run here).
    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some Scene { _ModifiedScene(content: self) }
}
