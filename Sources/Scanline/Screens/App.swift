import Foundation

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
