/// The state that outlives one frame of a rendered view: `@State` storage, animations in flight,
/// which views have appeared and which tasks run. Views are rebuilt every frame; their identity is
/// their structural path, and storage is kept by path.
@MainActor package final class ViewGraph {
    var states: [GraphKey: AnyObject] = [:]
    var tracks: [GraphKey: AnyObject] = [:]
    var appeared: [GraphKey: Double] = [:]
    var seenThisBuild: Set<GraphKey> = []
    var changeValues: [GraphKey: AnyHashable] = [:]
    var startedTasks: Set<GraphKey> = []
    /// The running `.task`s by their view's key, so that a view that disappears cancels its own.
    var tasks: [GraphKey: Task<Void, Never>] = [:]
    var afterBuild: [() -> Void] = []
    /// Phase and keyframe animators' progress, by their view's key; those not seen in a frame go.
    var animators: [GraphKey: AnyObject] = [:]
    var seenAnimators: Set<GraphKey> = []
    /// Custom layouts' caches, by their view's key (made when the layout appears, updated after).
    var layoutCaches: [GraphKey: Any] = [:]
    /// The last value each `onPreferenceChange` delivered, by its view's key.
    var deliveredPreferences: [GraphKey: Any] = [:]
    /// What each dynamic container (`if`, `ForEach`, `.id`…) built last, by its path.
    var dynamicRecords: [GraphKey: DynamicRecord] = [:]
    /// The observable objects the graph follows (`@StateObject`, `@ObservedObject`,
    /// `@EnvironmentObject`), by identity, with their subscriptions.
    var observed: [ObjectIdentifier: ObservedEntry] = [:]
    /// `.onReceive` subscriptions, by their view's key.
    var receivers: [GraphKey: AnyCancellable] = [:]
    /// Each text's last content, by view path, for content transitions.
    var contentRecords: [GraphKey: ContentRecord] = [:]
    /// Each symbol image's last symbol, by view path, for its content transition.
    var symbolRecords: [GraphKey: SymbolRecord] = [:]
    /// How many transition values were found animating so far (a removed view stays while its
    /// build finds some).
    var transitionsAnimating = 0
    /// What `focusedSceneValue` publishes, for `@FocusedValue` (FocusedValues.swift).
    let focusedScene = FocusedSceneValues()
    /// `.onDisappear` actions of the views in the last build, by key: run when their view goes.
    var disappearActions: [GraphKey: () -> Void] = [:]
    /// Warnings for the caller to show (the library never prints), each once, in order.
    package var warnings: [String] { warningLog.messages }
    /// Where warnings collect; drawing code reaches it through the environment.
    let warningLog = WarningLog()

    /// Virtual time: tasks sleep on it.
    package let clock: RenderClock
    /// The time being built, in seconds since the render began.
    package internal(set) var time: Double = 0
    /// Frames per second of the render, or nil for a still.
    var fps: Double?
    /// The date a render shows at time 0 (nil: `Date(timeIntervalSinceReferenceDate: 0)`).
    let startDate: Date?
    /// State changes not yet seen by a build; written from any thread (`@State` may be set off
    /// the main actor), read by the graph.
    nonisolated let changes = StateChanges()
    /// The transaction and time of the last state change not yet seen by a build.
    var pendingChange: (transaction: Transaction?, time: Double)? { changes.pending }
    /// The change that values built now animate under: the one not yet seen by a build while a
    /// build runs, else the one the last build saw (for views built in its layout).
    var activeChange: (transaction: Transaction?, time: Double)? { changes.pending ?? buildChange }
    /// The change the last build saw: its layout animates under that transaction.
    var buildChange: (transaction: Transaction?, time: Double)?
    /// The last `scrollTo`: which view, where, and with which transaction, at what time.
    struct ScrollRequest { var target: ScrollTarget; var transaction: Transaction?; var time: Double }
    var scrollRequest: ScrollRequest?
    var isDirty: Bool { changes.pending != nil }

    /// A graph on `clock`, whose dates count from `startDate` (nil: the reference date, so renders repeat).
    package init(clock: RenderClock = RenderClock(), startDate: Date? = nil) {
        self.clock = clock; self.startDate = startDate
        clock.startDate = startDate ?? Date(timeIntervalSinceReferenceDate: 0)
    }

    /// A render that ends cancels the `.task`s still sleeping on its clock, which would otherwise
    /// wait for an instant that never comes (and keep what they hold alive).
    isolated deinit {
        for task in tasks.values { task.cancel() }
        clock.cancelSleepers()
        RunLoopTimers.end(clock)
    }

    func warn(_ message: String) { warningLog.add(message) }

    /// Builds and lays out the view as it is now, at the clock's time: set by the renderer, so
    /// that a change can be applied in two steps (`willChange`).
    var flush: (@MainActor () -> Void)?
    private var flushing = false
    /// The thread running the appear and change actions of a frame (on the main actor), while
    /// they run.
    nonisolated let buildThread = ThreadMark()

    /// Called before a state change is made, with its transaction. SwiftUI applies each
    /// transaction's changes in turn: when an animated change follows changes made without an
    /// animation that no build has seen yet (`x = -50; withAnimation { x = 50 }`), those are built
    /// first, so the animation starts from the value set just before it. In a frame's appear and
    /// change actions, which run synchronously on the main actor, and in code on the main actor
    /// between builds (a `.task`, a timer's block); off the main actor (a detached task, another
    /// thread) the changes merge into one, which animates from the value shown.
    nonisolated func willChange(_ transaction: Transaction?) {
        guard transaction?.animation != nil, transaction?.disablesAnimations != true,
              let pending = changes.pending, pending.transaction?.animation == nil,
              buildThread.isCurrent || MainActorCheck.isCurrent else { return }
        MainActor.assumeIsolated { if updating == 0 { flushPending() } }
    }
    /// How deep the graph is in views' code run by a build or a layout (`trackingObservables`).
    var updating = 0

    private func flushPending() {
        guard !flushing, let flush else { return }
        flushing = true
        flush()
        flushing = false
    }

    func stateDidChange() {
        changes.record(Transaction.current, at: clock.now.seconds)
    }

    /// The date views see at `seconds`.
    func date(at seconds: Double) -> Date { RenderClock.date(at: seconds, startDate: startDate) }

    /// Builds the node tree for `root` at time `time`, then runs appear and change actions.
    /// The canvas, as the container of `containerRelativeFrame` outside any scroll view (its size
    /// set by the renderer before each layout).
    let rootContainer = ContainerSize()
    /// The screen's safe area (set by the renderer before each layout; none by default).
    let rootSafeArea = SafeAreaRegion()

    func build(_ root: any View, environment: EnvironmentValues, at time: Double) -> Node {
        self.time = time
        // Views not seen last frame (in its build or its layout, where GeometryReader builds) disappeared.
        if !seenThisBuild.isEmpty || !appeared.isEmpty {
            for key in appeared.keys where !seenThisBuild.contains(key) { appeared[key] = nil }
        }
        seenThisBuild = []
        var env = environment
        env.containerSize = rootContainer
        env.safeArea = rootSafeArea
        env.renderStartDate = date(at: 0)
        env.warningLog = warningLog
        let b = NodeBuilder(graph: self, path: "", environment: env, transactionOverride: nil)
        // The change this build sees, kept for the views built later in the frame, in its layout
        // (a GeometryReader's content): they animate under it too.
        buildChange = changes.pending
        // Code that waits (asyncAfter, a clock's sleep) while the view is built, or in an appear
        // action, waits on this render's clock.
        let node = RenderClock.$current.withValue(clock) { watchingForTimers { trackingObservables { b.build(root) } } }
        buildChange = changes.pending
        changes.clear()
        return node
    }

    /// Runs the appear and change actions the last build and layout queued (call after layout).
    func finishFrame() {
        focusedScene.endBuild()
        // An animator whose view went starts over if it comes back.
        for key in animators.keys where !seenAnimators.contains(key) { animators[key] = nil }
        seenAnimators = []
        // A `.task` ends with its view, as in SwiftUI: once a build and its layout no longer
        // have the view, its task is cancelled (at this instant), and starts anew if the view
        // appears again.
        for key in tasks.keys where !seenThisBuild.contains(key) {
            tasks.removeValue(forKey: key)?.cancel()
            startedTasks.remove(key)
            appeared[key] = nil
        }
        // Views that went run their disappear actions, before the appear actions of those that came.
        var actions: [() -> Void] = []
        for (key, action) in disappearActions.sorted(by: { $0.key < $1.key }) where !seenThisBuild.contains(key) {
            disappearActions[key] = nil
            actions.append(action)
        }
        actions += afterBuild
        afterBuild = []
        // While these run, synchronously on the main actor, a change they make may build the view
        // first (`willChange`): the thread is marked for that window only.
        buildThread.mark()
        defer { buildThread.clear() }
        RenderClock.$current.withValue(clock) { watchingForTimers { for a in actions { a() } } }
    }

    /// Animates every view's frame (layout's result) from the frame shown toward the frame just
    /// laid out, under the transaction of the change that moved it, as SwiftUI animates geometry:
    /// a frame that grows animates, and so does the sibling it pushes. A view's frame is kept by
    /// its identity; views seen for the first time appear where they are laid out.
    func animateFrames(_ root: Node) {
        var seen = Set<String>()
        func visit(_ node: Node, snap: Bool) {
            if let id = node.identity, seen.insert(id).inserted {
                let key = GraphKey(id, .frame)
                let target = node.frame
                let track: Track<CGRect.AnimatableData>
                if let t = tracks[key] as? Track<CGRect.AnimatableData> { track = t } else {
                    track = Track(AnimatedValue(target.animatableData)); tracks[key] = track
                }
                if track.value.target != target.animatableData {
                    // A view that follows a matched geometry group's shared frame moves with it.
                    let (transaction, changeTime) = snap ? (nil, time) : buildChange ?? (nil, time)
                    let start = node.transactionOverride != nil ? (node.overrideTime ?? changeTime) : changeTime
                    withTransaction(snap ? Transaction() : node.transactionOverride ?? transaction ?? Transaction()) {
                        track.value.set(target.animatableData, at: min(start, time))
                    }
                }
                if track.value.isAnimating(at: time) {
                    var shown = CGRect.zero
                    shown.animatableData = track.value.value(at: time)
                    node.laidOutSize = node.frame.size
                    node.frame = shown
                }
            }
            // A removed view keeps the frame it had (its own animation of it goes on).
            let snap = snap || (node as? MatchedGeometryNode)?.following == true
            for c in (node as? GroupNode)?.flattened ?? node.children where !(c is RemovedNode) { visit(c, snap: snap) }
        }
        visit(root, snap: false)
    }

    /// Interpolates an animatable value kept at `key`: a change since the last build starts an
    /// animation with the transaction of the state change that caused it.
    func animate<Data: VectorArithmetic>(_ target: Data, key: GraphKey, override: Transaction? = nil, at overrideTime: Double? = nil) -> Data {
        let track: Track<Data>
        if let t = tracks[key] as? Track<Data> { track = t } else {
            track = Track(AnimatedValue(target))
            tracks[key] = track
        }
        if track.value.target != target {
            let (transaction, changeTime) = activeChange ?? (nil, time)
            let start = override != nil ? (overrideTime ?? changeTime) : changeTime
            withTransaction(override ?? transaction ?? Transaction()) { track.value.set(target, at: min(start, time)) }
        }
        return track.value.value(at: time)
    }

    final class Track<Data: VectorArithmetic> {
        var value: AnimatedValue<Data>
        init(_ v: AnimatedValue<Data>) { value = v }
    }

    /// Marks `key` as present in this build; returns true the first time it appears.
    func appear(_ key: GraphKey) -> Bool {
        seenThisBuild.insert(key)
        if appeared[key] == nil { appeared[key] = time; return true }
        return false
    }
    func appearanceTime(_ key: GraphKey) -> Double { appeared[key] ?? time }

    /// Starts `action` once for `key`, as a task on the render clock; `Task.sleep` inside it
    /// follows virtual time.
    func startTask(_ key: GraphKey, _ action: @escaping @MainActor @Sendable () async -> Void) {
        guard !startedTasks.contains(key) else { return }
        startedTasks.insert(key)
        let clock = self.clock
        tasks[key] = clock.run {
            await RenderClock.$current.withValue(clock) { await action() }
        }
    }
}

/// Walks views into nodes, carrying the path (identity) and the environment.
@MainActor struct NodeBuilder {
    let graph: ViewGraph
    var path: String
    var environment: EnvironmentValues
    /// Set by `.animation(_:value:)` for the subtree below it (and by phase animators).
    var transactionOverride: Transaction? = nil
    /// When the change `transactionOverride` animates happened, if not at the build's time (a
    /// phase animator's step that began between frames).
    var overrideTime: Double? = nil
    /// The axis of the innermost `HStack`/`VStack` (or stack-like layout) around the views being
    /// built, through modifiers and groups; nil inside any other container. A `Spacer` grows along it.
    var stackAxis: Axis? = nil
    /// The transition phase of the view being built when a dynamic container inserts, keeps or
    /// removes it (Runtime/Identity.swift); nil inside views that are not such a child.
    var transitionSlot: TransitionSlot? = nil
    /// True inside a transition's body (not its content): values that animate here keep a
    /// removed view on screen.
    var inTransition = false
    /// A `.transition` on a list of views (or further out on a view's modifiers) for the view
    /// that carries the transition below.
    var inheritedTransition: AnyTransition? = nil

    /// The transaction changes here animate with: the subtree's, else the last state change's.
    var currentTransaction: Transaction { transactionOverride ?? graph.activeChange?.transaction ?? Transaction() }

    /// Builds `view` as a child at `path/key`.
    func child(_ view: any View, key: String) -> Node {
        var b = self
        b.path += "/" + key
        return b.build(view)
    }

    func with(_ change: (inout EnvironmentValues) -> Void) -> NodeBuilder {
        var b = self
        change(&b.environment)
        return b
    }

    func build(_ view: any View) -> Node {
        func open<V: View>(_ v: V) -> Node { buildTyped(v) }
        return open(view)
    }

    func buildTyped<V: View>(_ view: V) -> Node {
        var b = self
        if let p = view as? any PrimitiveView {
            if var slot = transitionSlot, !(p is any TransitionTransparent) {
                if slot.use == nil {
                    // The outermost view of a child that comes, stays or goes: the outermost
                    // `.transition` on it applies, or the default one.
                    slot.use = TransitionUse()
                    b.transitionSlot = slot
                    let transition = inheritedTransition ?? (p as? any ModifierChain)?.chainTransition
                    b.inheritedTransition = nil
                    if let transition { return adopt(_TransitionModifier(transition: transition).makeNode(content: view, &b)) }
                    if !(p is any ModifierChain) { b.transitionSlot = nil }
                    return defaultTransition(adopt(p.makeNode(&b)), phase: slot.phase)
                }
                // Only a view's modifiers pass its transition on, to the view they modify.
                if !(p is any ModifierChain) { b.transitionSlot = nil }
            }
            // A `.transition` is for the views of a list, not for what is inside a container.
            if b.inheritedTransition != nil, !(p is any TransitionTransparent), !(p is any ModifierChain) { b.inheritedTransition = nil }
            return adopt(p.makeNode(&b))
        }
        if let shape = view as? any Shape {
            if var slot = transitionSlot, slot.use == nil {
                slot.use = TransitionUse()
                b.transitionSlot = slot
                b.inheritedTransition = nil
                if let transition = inheritedTransition { return adopt(_TransitionModifier(transition: transition).makeNode(content: view, &b)) }
                return defaultTransition(adopt(ShapeNode(shape: animateShape(shape), style: nil)), phase: slot.phase)
            }
            return adopt(ShapeNode(shape: animateShape(shape), style: nil))
        }
        // A composite view: connect its state and environment, animate it if it is animatable,
        // then build its body.
        var v = view
        PropertyLinker.link(&v, path: path, graph: graph, environment: environment)
        if let animatable = v as? any Animatable {
            v = animateValue(animatable, key: GraphKey(path, .animatable)) as! V
        }
        return b.child(v.body, key: "body")
    }

    /// Gives a node made here its environment, identity and animation override, unless a
    /// builder deeper down already did (a modifier that returns its content's node).
    func adopt(_ node: Node) -> Node {
        if !node.hasEnvironment { node.environment = environment }
        if node.identity == nil { node.identity = path; node.transactionOverride = transactionOverride; node.overrideTime = overrideTime }
        return node
    }

    /// Animates `target` kept at `key` under this subtree's transaction (see `ViewGraph.animate`).
    func animate<Data: VectorArithmetic>(_ target: Data, key: GraphKey) -> Data {
        let shown = graph.animate(target, key: key, override: transactionOverride, at: overrideTime)
        if inTransition, let t = graph.tracks[key] as? ViewGraph.Track<Data>, t.value.isAnimating(at: graph.time) { graph.transitionsAnimating += 1 }
        return shown
    }

    /// SwiftUI's default transition, `.opacity`, around a view that has no `.transition`: its
    /// opacity animates from 0 as it appears and to 0 as it leaves.
    func defaultTransition(_ node: Node, phase: TransitionPhase) -> Node {
        transitionSlot?.report?.transitions = true
        var b = self
        b.inTransition = true
        let key = GraphKey(path, .transition)
        if phase == .willAppear { _ = b.animate(0.0, key: key) }
        let opacity = b.animate(phase == .didDisappear ? 0.0 : 1.0, key: key)
        guard opacity < 1 else { return node }
        let wrapped = OpacityNode(node, opacity)
        wrapped.environment = node.environment
        wrapped.identity = key.description
        return wrapped
    }

    /// The shape with its animatable data animated (a corner radius, a trim).
    func animateShape(_ shape: any Shape) -> any Shape {
        animateValue(shape, key: GraphKey(path, .shape)) as? any Shape ?? shape
    }

    /// A colour animated as SwiftUI animates resolved colours: its linear-light sRGB components
    /// and opacity, in the colour scheme it is drawn in. At rest it is the colour itself.
    func animate(_ color: Color, key: GraphKey) -> Color {
        let target = color.resolve(in: environment.colorScheme)
        let shown = animate(target.linearData, key: key)
        return shown == target.linearData ? color : Color(RGBA(linearData: shown))
    }

    func animateValue(_ value: any Animatable, key: GraphKey) -> any Animatable {
        func open<A: Animatable>(_ a: A) -> any Animatable {
            var copy = a
            copy.animatableData = animate(a.animatableData, key: key)
            return copy
        }
        return open(value)
    }
}

/// A thread, remembered for a while so that code on any thread can ask whether it runs on it.
final class ThreadMark: @unchecked Sendable {
    private let lock = NSLock()
    private var thread: pthread_t?
    /// Remembers the current thread.
    func mark() { let me = pthread_self(); lock.withLock { thread = me } }
    /// Forgets it.
    func clear() { lock.withLock { thread = nil } }
    /// Whether the current thread is the one marked.
    var isCurrent: Bool {
        let marked = lock.withLock { thread }
        guard let marked else { return false }
        return pthread_equal(marked, pthread_self()) != 0
    }
}

/// The last state change a build has not seen yet: its transaction and its time on the render
/// clock. Lock-protected, so `@State` can be written from any thread; the next build on the main
/// actor picks it up.
final class StateChanges: @unchecked Sendable {
    private let lock = NSLock()
    private var last: (transaction: Transaction?, time: Double)?
    func record(_ transaction: Transaction?, at time: Double) { lock.withLock { last = (transaction, time) } }
    var pending: (transaction: Transaction?, time: Double)? { lock.withLock { last } }
    func clear() { lock.withLock { last = nil } }
}

/// Whether the caller runs on the main actor, asked without trapping: the concurrency runtime's
/// `swift_task_isCurrentExecutorWithFlags` with no flags (what `Task.immediate` asks; Swift 6.2
/// and later), looked up when first needed. Without it (an older runtime) the answer is false, and
/// changes on the main actor outside a frame's actions merge as they did before.
@_spi(ScanlineTesting) public enum MainActorCheck {
    private typealias Check = @convention(c) (UnsafeRawPointer?, UInt, UInt64) -> Bool
    private static let check: Check? = dlsym(dlopen(nil, RTLD_NOW), "swift_task_isCurrentExecutorWithFlags")
        .map { unsafeBitCast($0, to: Check.self) }
    public static var isCurrent: Bool {
        guard let check else { return false }
        // An executor reference is two words (its identity and its implementation), passed in
        // registers as two integer arguments under both the C and the Swift conventions.
        let words = unsafeBitCast(MainActor.sharedUnownedExecutor, to: (UnsafeRawPointer?, UInt).self)
        return check(words.0, words.1, 0)
    }
}
