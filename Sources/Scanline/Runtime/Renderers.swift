/// Renders a view over virtual time, frame by frame: the engine behind `ImageRenderer`,
/// `scanline render` and the exporters.
///
/// Frame n is at exactly n/fps seconds. Before each frame, time advances on the render clock:
/// tasks started by `.task` (which may `Task.sleep`) wake at their exact instants and their state
/// changes are applied at those instants, so animations start where SwiftUI would start them. A
/// render is a pure function of the view, the size, the environment and the time.
@MainActor public final class SceneRenderer {
    /// The canvas in points.
    public let size: CGSize
    /// Pixels per point.
    public let scale: CGFloat
    /// The frames' size in pixels: `size` × `scale`, rounded up.
    public var pixelSize: (width: Int, height: Int) { (try? PixelBuffer.pixelSize(for: size, scale: scale)) ?? (0, 0) }
    /// Frames per second: frame n is at n/fps seconds.
    public let fps: Double
    /// The environment the view is built in (colour scheme, Dynamic Type, Reduce Motion…).
    public var environment: EnvironmentValues
    /// Painted under every frame; nil leaves frames transparent.
    public let background: Color?
    /// The screen's insets from its edges to its safe area (points): the view is offered the
    /// canvas less these and placed inside them; views that ignore the safe area reach past them.
    public let safeAreaInsets: EdgeInsets
    /// The view graph: state, tasks and animations across frames.
    package private(set) var graph: ViewGraph
    let root: any View
    private var lastTime: Double = -1
    private let startDate: Date?

    /// - Parameters:
    ///   - size: the canvas in points; the view is proposed this size and centred in it.
    ///   - scale: pixels per point.
    ///   - fps: frames per second, for timelines and frame numbers.
    ///   - startDate: the date shown at time 0; nil shows `Date(timeIntervalSinceReferenceDate: t)`.
    ///     Every clock the view reads inside the render reads this plus the render's time.
    ///   - safeAreaInsets: the screen's status bar, notch and home indicator (points); none by default.
    ///
    /// The view is made here, inside the render, at its time 0: `@State private var start =
    /// Date.now` in it is the start date, as on a device it is the moment the view was made.
    public init<V: View>(_ view: @autoclosure () throws -> V, size: CGSize, scale: CGFloat = 1, fps: Double = 30,
                         environment: EnvironmentValues = EnvironmentValues(), background: Color? = nil, startDate: Date? = nil,
                         safeAreaInsets: EdgeInsets = EdgeInsets()) throws {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw ScanlineError.invalidArgument(name: "size", value: "\(size.width)x\(size.height)", reason: "width and height must be finite and greater than 0")
        }
        let insets = [safeAreaInsets.top, safeAreaInsets.leading, safeAreaInsets.bottom, safeAreaInsets.trailing]
        guard insets.allSatisfy({ $0.isFinite && $0 >= 0 }), safeAreaInsets.top + safeAreaInsets.bottom < size.height,
              safeAreaInsets.leading + safeAreaInsets.trailing < size.width else {
            throw ScanlineError.invalidArgument(name: "safeAreaInsets", value: "\(insets)", reason: "insets must be finite, ≥ 0 and leave part of the canvas")
        }
        self.safeAreaInsets = safeAreaInsets
        guard fps.isFinite, fps > 0, fps <= 240 else {
            throw ScanlineError.invalidArgument(name: "fps", value: "\(fps)", reason: "must be in 0<fps≤240")
        }
        let graph = ViewGraph(startDate: startDate)
        self.root = try RenderClock.$current.withValue(graph.clock) { try view() }
        self.graph = graph
        self.size = size; self.scale = scale; self.fps = fps
        var env = environment
        env.displayScale = scale
        self.environment = env
        self.background = background
        self.startDate = startDate
        graph.fps = fps
        connectFlush()
    }

    /// The device whose status bar and home indicator are drawn over every frame, if any.
    public private(set) var chrome: DeviceConfiguration?
    /// The screen's corner radius (points) when rendering on a device: the container shape of
    /// `ConcentricRectangle`s outside any `containerShape`.
    private(set) var screenCornerRadius: CGFloat?

    /// Renders `view` full screen on `device`: its size, scale, safe area and Dynamic Type size
    /// (the environment's other values stay), over the window's systemBackground (white, or black
    /// in dark mode) unless `background` says otherwise. With `chrome`, the device's status bar
    /// and home indicator are drawn over the view (`DeviceChrome` gives their geometry).
    /// `scale` (pixels per point) replaces the device's own where given.
    public convenience init<V: View>(_ view: @autoclosure () throws -> V, device: DeviceConfiguration, chrome: Bool = false, scale: CGFloat? = nil,
                                     fps: Double = 30, environment: EnvironmentValues = EnvironmentValues(), background: Color? = nil,
                                     startDate: Date? = nil) throws {
        var env = environment
        env.dynamicTypeSize = device.dynamicTypeSize
        try self.init(try view(), size: device.size, scale: scale ?? device.scale, fps: fps, environment: env, background: background ?? ListLook.systemBackground,
                      startDate: startDate, safeAreaInsets: device.safeAreaInsets)
        self.chrome = chrome ? device : nil
        screenCornerRadius = device.displayCornerRadius
    }

    /// Lets the graph build and lay out the view now, between a change and the next (`ViewGraph.willChange`).
    private func connectFlush() {
        graph.flush = { [unowned self] in layout(graph.build(root, environment: environment, at: graph.clock.now.seconds)) }
    }

    /// The environment frames are drawn in: the render's, reporting to the graph's warnings.
    var drawingEnvironment: EnvironmentValues {
        var env = environment
        env.warningLog = graph.warningLog
        return env
    }

    /// The time of frame `n`, in seconds.
    public func time(ofFrame n: Int) -> Double { RenderClock.frameTime(n, fps: fps) }

    /// Advances virtual time to `t` and builds the view tree there. A time earlier than the last
    /// one replays from 0 in a fresh graph (state, tasks and animations start over), so any
    /// frame can be asked for in any order and shows what playback shows.
    func advance(to t: Double) async -> Node {
        if lastTime >= 0 && t < lastTime - 1e-9 {
            let earlier = graph.warnings
            graph = ViewGraph(startDate: startDate)
            graph.fps = fps
            connectFlush()
            for w in earlier { graph.warn(w) }
            lastTime = -1
        }
        // Everything the view's code does from here reads the render's clock (RenderTime.swift).
        return await RenderClock.$current.withValue(graph.clock) { await play(to: t) }
    }

    private func play(to t: Double) async -> Node {
        if lastTime < 0 {
            _ = buildSettled(at: 0) // the first frame starts tasks and appear actions
            lastTime = 0
        }
        let target = max(t, lastTime)
        // Play every frame in between (built and laid out, not drawn), so a still at t shows what
        // frame-by-frame playback shows: changes noticed on a frame (onChange, scrollTo) start there.
        var n = Int((lastTime * fps).rounded(.down)) + 1
        while RenderClock.frameTime(n, fps: fps) < target - 1e-9 {
            await step(to: RenderClock.frameTime(n, fps: fps))
            runCanvases(buildSettled(at: RenderClock.frameTime(n, fps: fps)))
            n += 1
        }
        await step(to: target)
        lastTime = target
        return buildSettled(at: target)
    }

    /// Builds and lays out the view at `time`, then again at the same instant while the appear and
    /// change actions that ran left state changed (at most 8 times over), as a device updates its
    /// views until they settle before it draws a frame and before the main queue runs what they
    /// gave it: `DispatchQueue.main.async { value = 1 }` in an `onChange` then lands after the
    /// views the change inserted were built with the old value, and animates them from it
    /// (jasudev/AnimateText's letters).
    private func buildSettled(at time: Double) -> Node {
        var node = graph.build(root, environment: environment, at: time)
        layout(node)
        for _ in 0..<8 where graph.isDirty {
            node = graph.build(root, environment: environment, at: time)
            layout(node)
        }
        return node
    }

    /// Runs the renderer of every `Canvas` in `node`'s tree into a context that draws nothing (its
    /// clip is empty). On a device a canvas redraws on every frame its view is rendered, and code
    /// that keeps state in its renderer depends on those calls: twostraws/Vortex steps its particle
    /// systems there by the timeline's date, and drew nothing in a still when only the frame asked
    /// for ran it (its emitter idles once a second, and one step of 1.5 s landed on the idle).
    private func runCanvases(_ node: Node) {
        var canvases: [CanvasNode] = []
        func collect(_ n: Node) {
            if let c = n as? CanvasNode { canvases.append(c) }
            for c in (n as? GroupNode)?.flattened ?? n.children { collect(c) }
        }
        collect(node)
        guard !canvases.isEmpty else { return }
        _ = try? RenderClock.$current.withValue(graph.clock) {
            try CairoSurface.render(size: CGSize(width: 1, height: 1), environment: drawingEnvironment) { ctx in
                var nothing = ctx
                nothing.clip(to: Path(CGRect.zero))
                for canvas in canvases { canvas.draw(nothing) }
            }
        }
    }

    /// Moves the clock to `t`, rebuilding at each instant a woken task, a run-loop timer or a
    /// performed block changed state. Timers scheduled in the render fire at their due instants
    /// (RunLoopTimers.swift), interleaved with the tasks' wake-ups.
    private func step(to t: Double) async {
        // What is due at an instant (performed blocks, timers), then a build if state changed.
        let settle: @MainActor () -> Void = { [self] in
            RunLoopTimers.fireDue(graph.clock)
            if graph.isDirty { _ = buildSettled(at: graph.clock.now.seconds) }
        }
        // Tasks the view started without a clock (`Task { … }` in an action) run now, at the
        // instant they were started in, before time moves on.
        await Task.yield()
        settle()
        // A repeating timer fires once an instant here; the bound keeps a zero interval finite,
        // and a timer that CoreFoundation does not fire at its date cannot hold the render.
        var last: Double? = nil, stuck = 0
        for _ in 0..<1_000_000 {
            guard let due = RunLoopTimers.nextDue(graph.clock, startDate: graph.clock.startDate), due <= t + 1e-9 else { break }
            if due == last { stuck += 1; if stuck > 2 { break } } else { stuck = 0 }
            last = due
            await graph.clock.advance(to: .init(seconds: max(due, graph.clock.now.seconds)), afterEach: settle)
            settle()
        }
        await graph.clock.advance(to: .init(seconds: t), afterEach: settle)
    }

    /// The canvas less the safe-area insets, in points.
    var safeRect: CGRect {
        CGRect(x: safeAreaInsets.leading, y: safeAreaInsets.top, width: size.width - safeAreaInsets.leading - safeAreaInsets.trailing,
               height: size.height - safeAreaInsets.top - safeAreaInsets.bottom)
    }

    func layout(_ node: Node) {
        graph.rootContainer.size = size
        let safe = safeRect
        graph.rootSafeArea.safe = safe
        graph.rootSafeArea.full = CGRect(origin: .zero, size: size)
        graph.trackingObservables {
            let s = node.sizeThatFits(ProposedViewSize(safe.size))
            let w = s.width.finiteOr(safe.width), h = s.height.finiteOr(safe.height)
            node.place(in: CGRect(x: safe.minX + (safe.width - w) / 2, y: safe.minY + (safe.height - h) / 2, width: w, height: h),
                       proposal: ProposedViewSize(safe.size))
        }
        graph.matchGeometry(node)
        graph.animateFrames(node)
        graph.finishFrame()
    }

    /// Renders frame `n`. Frames in order are cheapest; an earlier frame replays from the start.
    public func frame(_ n: Int) async throws -> PixelBuffer { try await still(at: time(ofFrame: n)) }

    /// Renders the view at `t` seconds; an earlier time than the last replays from 0.
    public func still(at t: Double) async throws -> PixelBuffer { try await surface(at: t).pixelBuffer() }

    /// What went wrong so far without stopping the render, once each: an unknown SF Symbol or
    /// image name, an unregistered shader or one given the wrong arguments, a failing filter, a
    /// `Timer` on the wall clock. A snapshot test can fail on them (`failOnWarnings`).
    public var warnings: [String] { graph.warnings }

    /// Frame `n` as drawn, before any conversion to RGBA (for the video encoder).
    package func frameSurface(_ n: Int) async throws -> CairoSurface { try await surface(at: time(ofFrame: n)) }

    func surface(at t: Double) async throws -> CairoSurface {
        guard t.isFinite, t >= 0 else { throw ScanlineError.invalidArgument(name: "time", value: "\(t)", reason: "must be a finite number of seconds ≥ 0") }
        return try draw(await advance(to: t))
    }

    /// The first frame, at once, without letting time or tasks run: what a device shows the
    /// moment a view is first laid out, after its appear actions (state they set shows, as it
    /// does on a device's first frame). For callers that cannot wait, as swift-snapshot-testing's
    /// synchronous `assertSnapshot` cannot; a renderer used for it starts over at time 0.
    @_spi(ScanlineTesting) public func firstFrameNow() throws -> PixelBuffer {
        graph = ViewGraph(startDate: startDate)
        graph.fps = fps
        connectFlush()
        lastTime = -1
        return try RenderClock.$current.withValue(graph.clock) {
            try draw(buildSettled(at: 0)).pixelBuffer()
        }
    }

    /// Draws a laid-out tree, with the device's chrome when there is one.
    private func draw(_ node: Node) throws -> CairoSurface {
        // Drawing runs the view's code too (a Canvas's closure, a TextRenderer): on the render clock.
        try RenderClock.$current.withValue(graph.clock) {
            try CairoSurface.render(size: size, scale: scale, background: background, environment: drawingEnvironment) { ctx in
                var ctx = ctx
                // On a device, the screen is the container shape (its display's corner radius).
                if let r = screenCornerRadius {
                    ctx.container = ContainerCorners(rect: CGRect(origin: .zero, size: size), radii: [r, r, r, r])
                }
                node.draw(ctx)
                chrome.map { DeviceChrome(device: $0).draw(ctx, colorScheme: environment.colorScheme) }
            }
        }
    }

    /// The drawing operations of the frame at `t`, in order (the view rendered with a `DrawLog`).
    public func drawLog(at t: Double) async throws -> [DrawLog.Entry] {
        let node = await advance(to: t)
        let log = DrawLog()
        _ = try RenderClock.$current.withValue(graph.clock) {
            try PixelBuffer.render(size: size, scale: scale, environment: drawingEnvironment, log: log) { ctx in node.draw(ctx) }
        }
        return log.entries
    }

    /// Every node's frame at `t`, one per line, for layout tests.
    public func layoutDump(at t: Double = 0) async -> String { await advance(to: t).dump() }

    /// What a screen reader would read at `t`.
    public func accessibilityElements(at t: Double = 0) async -> [AccessibilityElement] { await advance(to: t).accessibilityElements() }
}

/// Renders a view to an image, as SwiftUI's `ImageRenderer`: at `scale`, sized to its ideal size
/// (or to `proposedSize`), transparent unless `isOpaque`.
@MainActor public final class ImageRenderer<Content: View> {
    /// The view to render.
    public var content: Content
    /// Pixels per point. Default 1.
    public var scale: CGFloat = 1
    /// The size offered to the view, in points; unspecified renders it at its ideal size.
    public var proposedSize: ProposedViewSize = .unspecified
    /// When true, the image has a white background and no transparency.
    public var isOpaque = false
    /// The environment the view is rendered in.
    public var environment = EnvironmentValues()

    /// A renderer for `view`.
    public init(content view: Content) { content = view }

    /// The view's size for `proposedSize`, in points (at least 1 × 1).
    public var size: CGSize {
        let s = measuredSize
        return CGSize(width: max(1, s.width.finiteOr(1)), height: max(1, s.height.finiteOr(1)))
    }

    /// The view's size for `proposedSize` as it measures itself, in points: zero for a view with
    /// none (`EmptyView`), infinite for one that takes all it is offered.
    @_spi(ScanlineTesting) public var measuredSize: CGSize {
        let graph = ViewGraph()
        var env = environment
        env.displayScale = scale
        return RenderClock.$current.withValue(graph.clock) {
            graph.build(content, environment: env, at: 0).sizeThatFits(proposedSize)
        }
    }

    /// The rendered image at time 0, or nil if the view has no size.
    public var pixelBuffer: PixelBuffer? {
        let graph = ViewGraph()
        return RenderClock.$current.withValue(graph.clock) { render(in: graph) }
    }

    private func render(in graph: ViewGraph) -> PixelBuffer? {
        var env = environment
        env.displayScale = scale
        let node = graph.build(content, environment: env, at: 0)
        graph.rootContainer.size = proposedSize.width.flatMap { w in proposedSize.height.map { CGSize(width: w, height: $0) } }
        let s = node.sizeThatFits(proposedSize)
        let size = CGSize(width: s.width.finiteOr(1), height: s.height.finiteOr(1))
        guard size.width > 0, size.height > 0 else { return nil }
        node.place(in: CGRect(origin: .zero, size: size), proposal: proposedSize)
        graph.finishFrame()
        return try? PixelBuffer.render(size: size, scale: scale, background: isOpaque ? .white : nil, environment: env) { node.draw($0) }
    }

    /// The image as PNG data.
    public func pngData() -> Data? { try? pixelBuffer?.pngData() }
}
