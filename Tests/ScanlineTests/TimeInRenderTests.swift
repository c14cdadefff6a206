import Foundation
import Testing
import Dispatch
#if canImport(CoreFoundation)
import CoreFoundation
#endif
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineCLI
@testable import ScanlineBlocks

/// Issue #42: inside a render every clock a view can read is the render clock, timers fire on it,
/// and nothing outside the render moves.
@MainActor @Suite(.serialized) struct TimeInRenderTests {
    /// What the views below read, by name (set on the main actor, or under the lock from other threads).
    final class Readings: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String: Double] = [:]
        subscript(_ key: String) -> Double? {
            get { lock.withLock { values[key] } }
            set { lock.withLock { values[key] = newValue } }
        }
        func clear() { lock.withLock { values = [:] } }
    }
    nonisolated static let readings = Readings()

    /// Every clock of point 1, read while the view is built: seconds since the reference date
    /// for the dated ones, seconds since the render began for the elapsed-time forms.
    struct EveryClock: View {
        @State private var start = Date.now
        let continuousStart = ContinuousClock.now
        let suspendingStart = SuspendingClock.now
        var body: some View {
            TimelineView(.animation) { context in
                let _ = read(context.date)
                Color.clear
            }
        }
        func read(_ date: Date) {
            let r = TimeInRenderTests.readings
            r["context.date"] = date.timeIntervalSinceReferenceDate
            r["Date()"] = Date().timeIntervalSinceReferenceDate
            r["Date.now"] = Date.now.timeIntervalSinceReferenceDate
            r["Date.timeIntervalSinceReferenceDate"] = Date.timeIntervalSinceReferenceDate
            r["start.distance(to:)"] = start.distance(to: date)
            r["-start.timeIntervalSinceNow"] = -start.timeIntervalSinceNow
            r["start"] = start.timeIntervalSinceReferenceDate
            #if canImport(CoreFoundation)
            r["CFAbsoluteTimeGetCurrent()"] = CFAbsoluteTimeGetCurrent()
            #endif
            r["ContinuousClock"] = Double(continuousStart.duration(to: .now).components.seconds) + Double(continuousStart.duration(to: .now).components.attoseconds) * 1e-18
            r["SuspendingClock"] = Double(suspendingStart.duration(to: .now).components.seconds) + Double(suspendingStart.duration(to: .now).components.attoseconds) * 1e-18
            r["DispatchTime.now()"] = Double(DispatchTime.now().uptimeNanoseconds) * 1e-9
            var wall = timespec(), mono = timespec(), tv = timeval()
            clock_gettime(CLOCK_REALTIME, &wall)
            clock_gettime(CLOCK_MONOTONIC, &mono)
            gettimeofday(&tv, nil)
            r["clock_gettime(REALTIME)"] = Double(wall.tv_sec) + Double(wall.tv_nsec) * 1e-9 - Date.timeIntervalBetween1970AndReferenceDate
            r["clock_gettime(MONOTONIC)"] = Double(mono.tv_sec) + Double(mono.tv_nsec) * 1e-9
            r["gettimeofday"] = Double(tv.tv_sec) + Double(tv.tv_usec) * 1e-6 - Date.timeIntervalBetween1970AndReferenceDate
            r["time()"] = Double(time(nil)) - Date.timeIntervalBetween1970AndReferenceDate
            r["systemUptime"] = ProcessInfo.processInfo.systemUptime
            r["DispatchWallTime"] = DispatchWallTime.now() == DispatchWallTime(timespec: wall) ? 1 : 0
        }
    }

    /// The readings a view gets at 1.5 s into a render that starts at `start` (seconds since the
    /// reference date): every dated clock start + 1.5, every elapsed one 1.5, the monotonic ones
    /// one second more than that (RenderTime.swift), each exact to its resolution.
    func expectEveryClock(start: Double) {
        let r = Self.readings
        let at = start + 1.5
        for key in ["context.date", "Date()", "Date.now", "Date.timeIntervalSinceReferenceDate", "CFAbsoluteTimeGetCurrent()", "clock_gettime(REALTIME)"] {
            #expect(r[key] == at, "\(key) at 1.5 s: \(r[key].map { "\($0)" } ?? "not read"), expected \(at)")
        }
        #expect(r["gettimeofday"].map { abs($0 - at) < 1e-6 } == true, "gettimeofday: \(String(describing: r["gettimeofday"]))")
        #expect(r["time()"] == at.rounded(.down), "time(): \(String(describing: r["time()"]))")
        #expect(r["start"] == start, "@State var start = Date.now, made with the view: \(String(describing: r["start"]))")
        for key in ["start.distance(to:)", "-start.timeIntervalSinceNow", "ContinuousClock", "SuspendingClock"] {
            #expect(r[key] == 1.5, "\(key) at 1.5 s: \(r[key].map { "\($0)" } ?? "not read")")
        }
        for key in ["DispatchTime.now()", "clock_gettime(MONOTONIC)", "systemUptime"] {
            #expect(r[key] == RenderClock.uptime(at: 1.5), "\(key) at 1.5 s: \(r[key].map { "\($0)" } ?? "not read")")
        }
        #expect(r["DispatchWallTime"] == 1, "DispatchWallTime.now() is clock_gettime(REALTIME)'s")
    }

    @Test func everyClockReadsTheRenderClock() async throws {
        Self.readings.clear()
        _ = try await SceneRenderer(EveryClock(), size: CGSize(width: 4, height: 4), fps: 10).still(at: 1.5)
        expectEveryClock(start: 0)
    }

    @Test func aStartDateMovesEveryClock() async throws {
        Self.readings.clear()
        let start = try #require(ISO8601DateFormatter().date(from: "2026-12-05T09:41:00Z"))
        _ = try await SceneRenderer(EveryClock(), size: CGSize(width: 4, height: 4), fps: 10, startDate: start).still(at: 1.5)
        expectEveryClock(start: start.timeIntervalSinceReferenceDate)
    }

    /// The shader-time idiom of public effect code: `start.distance(to: context.date)`.
    struct ElapsedShader: View {
        let library: ShaderLibrary
        var explicit: Double?
        @State private var start = Date.now
        var body: some View {
            TimelineView(.animation) { context in
                Rectangle()
                    .colorEffect(library.fade(.float(explicit ?? start.distance(to: context.date))))
            }
        }
    }

    @Test func theElapsedTimeIdiomDrivesAShaderAsAnExplicitTimeDoes() async throws {
        let folder = makeTestFolder("scanline-elapsed")
        let file = folder.appendingPathComponent("Fade.metal")
        try """
            #include <metal_stdlib>
            using namespace metal;
            [[ stitchable ]] half4 fade(float2 p, half4 c, float t) { return half4(fract(t * 0.3), fract(p.x * 0.1 + t), 0.5, 1.0) * c.a; }
            """.write(to: file, atomically: true, encoding: .utf8)
        let library = ShaderLibrary(url: file)
        let size = CGSize(width: 16, height: 4)
        let idiom = try await SceneRenderer(ElapsedShader(library: library), size: size, fps: 10).still(at: 1.5)
        let explicit = try await SceneRenderer(ElapsedShader(library: library, explicit: 1.5), size: size, fps: 10).still(at: 1.5)
        #expect(idiom.pngDataForTests == explicit.pngDataForTests, "at (0, 0): idiom \(idiom[0, 0]), explicit time \(explicit[0, 0])")
        // fract(1.5 × 0.3) = 0.45 of red.
        #expect(abs(Int(idiom[0, 0].r) - 115) <= 1, "red at (0, 0): \(idiom[0, 0])")
    }

    /// A particle system written the way public ones are: it stamps `Date.now` when it is made and
    /// advances by the timeline's date since its last update, emitting 40 particles a second.
    final class Particles: Stepping {
        init() {}
        var lastUpdate = Date.now
        var count = 0
        func update(to date: Date) {
            let delta = date.timeIntervalSince(lastUpdate)
            lastUpdate = date
            if delta > 0 { count += Int((delta * 40).rounded()) }
        }
    }
    /// A particle system steps by the timeline's date and shows its count.
    protocol Stepping: AnyObject { init(); var count: Int { get }; func update(to date: Date) }
    /// Draws `System`'s particles as red columns, one a particle, in a `Canvas` updated by a
    /// `TimelineView(.animation)`, the system stepping in the canvas's renderer.
    struct Emitting<System: Stepping>: View {
        @State private var system = System()
        var body: some View {
            TimelineView(.animation) { context in
                Canvas { ctx, size in
                    system.update(to: context.date)
                    for i in 0..<min(system.count, 16) {
                        ctx.fill(Path(CGRect(x: Double(i), y: 0, width: 1, height: size.height)), with: .color(.red))
                    }
                }
            }
        }
    }

    @Test func aParticleSystemThatStampsDateNowEmitsFromItsFirstFrame() async throws {
        let renderer = try SceneRenderer(Emitting<Particles>(), size: CGSize(width: 16, height: 2), fps: 10)
        let first = try await renderer.frame(1)
        // 0.1 s at 40 a second: 4 particles, the first four columns red, the fifth not.
        #expect(first[0, 1].r == 255 && first[3, 1].r == 255 && first[4, 1].a == 0, "frame 1: \(first[0, 1]) \(first[3, 1]) \(first[4, 1])")
        let later = try await renderer.frame(3)
        #expect(later[11, 1].r == 255 && later[12, 1].a == 0, "frame 3 (12 particles): \(later[11, 1]) \(later[12, 1])")
    }

    /// A system that idles for one update after every second of emitting, as twostraws/Vortex's
    /// does (`emissionDuration` 1, `idleDuration` 0): it depends on its canvas being drawn on every
    /// frame, as a device draws it, and emitted nothing in a still at 1.5 s drawn alone.
    final class Bursts: Stepping {
        init() {}
        var lastUpdate = Date.now, lastIdle = Date.now
        var emitting = true
        var count = 0
        func update(to date: Date) {
            let delta = date.timeIntervalSince(lastUpdate)
            lastUpdate = date
            if emitting && date.timeIntervalSince(lastIdle) > 1 { emitting = false; lastIdle = date }
            else if !emitting && date.timeIntervalSince(lastIdle) > 0 { emitting = true; lastIdle = date }
            if emitting && delta > 0 { count += Int((delta * 10).rounded()) }
        }
    }
    @Test func aCanvasRunsOnEveryFramePlayedBeforeAStill() async throws {
        // At 10 frames a second: one particle a frame, but for the frame after each second of
        // emitting (1.1 s: it idles). Frames 1 ... 15 emit 14: columns 0 ..< 14 red.
        let still = try await SceneRenderer(Emitting<Bursts>(), size: CGSize(width: 16, height: 2), fps: 10).still(at: 1.5)
        #expect(still[13, 1].r == 255 && still[14, 1].a == 0, "14 particles at 1.5 s: \(still[13, 1]) \(still[14, 1])")
        // The same as playing the frames one by one.
        let player = try SceneRenderer(Emitting<Bursts>(), size: CGSize(width: 16, height: 2), fps: 10)
        var played = try await player.frame(0)
        for n in 1...15 { played = try await player.frame(n) }
        #expect(played == still)
    }

    /// `Timer.scheduledTimer`, a `Timer` added to the main run loop, and `RunLoop.main.perform`.
    struct Ticking: View {
        @State private var ticks = 0
        @State private var added = 0
        @State private var performedAt = -1.0
        var body: some View {
            let _ = record()
            Color.clear
                .onAppear {
                    _ = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { _ in MainActor.assumeIsolated { ticks += 1 } }
                    // Fires at 0.4 and 0.8, then invalidates itself.
                    let timer = Timer(timeInterval: 0.4, repeats: true) { t in
                        let last = MainActor.assumeIsolated { added += 1; return added == 2 }
                        if last { t.invalidate() }
                    }
                    RunLoop.main.add(timer, forMode: .common)
                    RunLoop.main.perform { MainActor.assumeIsolated { performedAt = Date.now.timeIntervalSinceReferenceDate } }
                }
        }
        func record() {
            TimeInRenderTests.readings["ticks"] = Double(ticks)
            TimeInRenderTests.readings["added"] = Double(added)
            TimeInRenderTests.readings["performedAt"] = performedAt
        }
    }

    @Test func timersFireOnTheRenderClock() async throws {
        Self.readings.clear()
        let renderer = try SceneRenderer(Ticking(), size: CGSize(width: 4, height: 4), fps: 10)
        _ = try await renderer.still(at: 0.2)
        #expect(Self.readings["ticks"] == 0 && Self.readings["performedAt"] == 0, "at 0.2 s: \(String(describing: Self.readings["ticks"])) ticks, performed at \(String(describing: Self.readings["performedAt"]))")
        _ = try await renderer.still(at: 1.5)
        #expect(Self.readings["ticks"] == 6, "a 0.25 s timer at 1.5 s: \(String(describing: Self.readings["ticks"])) ticks")
        #expect(Self.readings["added"] == 2, "a timer that invalidated itself after 2: \(String(describing: Self.readings["added"]))")
        // No timer of the render is left to fire on the wall clock, and none warned.
        #expect(renderer.warnings.isEmpty, "\(renderer.warnings)")
    }

    /// A `DispatchSourceTimer` on the main queue: every 0.25 s from 0.25, cancelled by its own
    /// handler after 4 ticks; a one-shot one at 0.6 s; one made but never resumed never fires.
    struct DispatchTicking: View {
        final class Sources: @unchecked Sendable { var all: [DispatchSourceTimer] = [] }
        let sources = Sources()
        @State private var ticks = 0
        @State private var once = -1.0
        @State private var idle = 0
        var body: some View {
            let _ = record()
            Color.clear.onAppear {
                let repeating = DispatchSource.makeTimerSource(queue: .main)
                repeating.schedule(deadline: .now() + 0.25, repeating: 0.25)
                repeating.setEventHandler {
                    let stop = MainActor.assumeIsolated { ticks += 1; return ticks == 4 }
                    if stop { repeating.cancel() }
                }
                repeating.resume()
                let oneShot = DispatchSource.makeTimerSource(queue: .main)
                oneShot.setEventHandler { MainActor.assumeIsolated { once = Date.now.timeIntervalSinceReferenceDate } }
                oneShot.schedule(deadline: .now() + .milliseconds(600))
                oneShot.activate()
                let never = DispatchSource.makeTimerSource(queue: .main)
                never.schedule(deadline: .now() + 0.1)
                never.setEventHandler { MainActor.assumeIsolated { idle += 1 } }
                never.activate()
                never.suspend()
                sources.all = [repeating, oneShot, never]
            }
        }
        func record() {
            TimeInRenderTests.readings["dispatchTicks"] = Double(ticks)
            TimeInRenderTests.readings["dispatchOnce"] = once
            TimeInRenderTests.readings["dispatchIdle"] = Double(idle)
        }
    }

    @Test func mainQueueDispatchTimersFireOnTheRenderClock() async throws {
        Self.readings.clear()
        let view = DispatchTicking()
        let renderer = try SceneRenderer(view, size: CGSize(width: 4, height: 4), fps: 10)
        _ = try await renderer.still(at: 0.5)
        #expect(Self.readings["dispatchTicks"] == 2 && Self.readings["dispatchOnce"] == -1, "at 0.5 s: \(String(describing: Self.readings["dispatchTicks"])) ticks")
        _ = try await renderer.still(at: 1.5)
        #expect(Self.readings["dispatchTicks"] == 4, "cancelled after 4: \(String(describing: Self.readings["dispatchTicks"]))")
        // (Foundation's Date.now is seconds + 1e-9 × nanoseconds: 0.6 s reads 0.6000000000000001.)
        #expect(Self.readings["dispatchOnce"].map { abs($0 - 0.6) < 1e-9 } == true, "the one-shot timer at 0.6 s: \(String(describing: Self.readings["dispatchOnce"]))")
        #expect(Self.readings["dispatchIdle"] == 0, "a suspended timer fired")
        #expect(renderer.warnings.isEmpty, "\(renderer.warnings)")
        // Dispatch traps on releasing a suspended source: the third is resumed, then all cancelled.
        view.sources.all[2].resume()
        for s in view.sources.all { s.cancel() }
    }

    /// `Thread.sleep` reads the clock until its time has come: inside a render it returns, and
    /// the sleeping thread's clocks read that much later until the render moves on.
    struct Sleeper: View {
        var body: some View {
            Color.clear.onAppear {
                Thread.sleep(forTimeInterval: 0.02)
                TimeInRenderTests.readings["afterSleep"] = Date.now.timeIntervalSinceReferenceDate
            }
        }
    }

    @Test(.timeLimit(.minutes(1))) func threadSleepReturnsInsideARender() async throws {
        Self.readings.clear()
        _ = try await SceneRenderer(Sleeper(), size: CGSize(width: 4, height: 4), fps: 10).still(at: 0)
        #expect(Self.readings["afterSleep"].map { abs($0 - 0.02) < 1e-9 } == true, "\(String(describing: Self.readings["afterSleep"]))")
    }

    /// What code the view starts sees: a `Task` inherits the render (its clock), a `Task.detached`
    /// and a thread of the view's own read the machine's clock.
    struct Starter: View {
        var body: some View {
            Color.clear.onAppear {
                Task { TimeInRenderTests.readings["task"] = Date.now.timeIntervalSinceReferenceDate }
                Task.detached { TimeInRenderTests.readings["detached"] = Date.now.timeIntervalSinceReferenceDate }
                Thread.detachNewThread { TimeInRenderTests.readings["thread"] = Date.now.timeIntervalSinceReferenceDate }
            }
        }
    }

    @Test func detachedTasksAndThreadsReadTheRealClock() async throws {
        Self.readings.clear()
        let renderer = try SceneRenderer(Starter(), size: CGSize(width: 4, height: 4), fps: 10)
        _ = try await renderer.still(at: 0.5)
        for _ in 0..<3000 where Self.readings["thread"] == nil || Self.readings["detached"] == nil || Self.readings["task"] == nil {
            try await Task.sleep(for: .milliseconds(10), tolerance: nil)
        }
        let now = RenderClock.realDate.timeIntervalSinceReferenceDate
        #expect(Self.readings["task"] == 0, "a Task started in onAppear at 0 s: \(String(describing: Self.readings["task"]))")
        for key in ["detached", "thread"] {
            #expect(Self.readings[key].map { abs($0 - now) < 60 } == true, "\(key): \(String(describing: Self.readings[key])), the machine's clock is \(now)")
        }
    }

    @Test func aThreadOutsideTheRenderReadsTheRealTimeWhileItRuns() async throws {
        let stop = Readings()
        let worst = Readings()
        Thread.detachNewThread {
            while stop["stop"] == nil {
                let d = Date.now.timeIntervalSinceReferenceDate, real = RenderClock.realDate.timeIntervalSinceReferenceDate
                worst["error"] = max(worst["error"] ?? 0, abs(d - real))
                usleep(200)
            }
            stop["stopped"] = 1
        }
        let renderer = try SceneRenderer(EveryClock(), size: CGSize(width: 64, height: 64), fps: 30)
        for n in 0..<30 { _ = try await renderer.frame(n) }
        stop["stop"] = 1
        while stop["stopped"] == nil { try await Task.sleep(for: .milliseconds(1), tolerance: nil) }
        #expect((worst["error"] ?? 99) < 1, "a thread outside the render read a clock \(worst["error"] ?? 99) s off the machine's")
    }

    @Test func twoRendersAtOnceEachSeeTheirOwnClock() async throws {
        final class Box: @unchecked Sendable { var seen: [Double] = [] }
        struct Reader: View {
            let box: Box
            var body: some View {
                TimelineView(.animation) { _ in
                    let _ = box.seen.append(Date.now.timeIntervalSinceReferenceDate)
                    Color.clear
                }
            }
        }
        let a = Box(), b = Box()
        let ra = try SceneRenderer(Reader(box: a), size: CGSize(width: 4, height: 4), fps: 10)
        let rb = try SceneRenderer(Reader(box: b), size: CGSize(width: 4, height: 4), fps: 10, startDate: Date(timeIntervalSinceReferenceDate: 100))
        async let x = ra.still(at: 1)
        async let y = rb.still(at: 2)
        _ = try await (x, y)
        #expect(a.seen.last == 1 && b.seen.last == 102, "\(String(describing: a.seen.last)) and \(String(describing: b.seen.last))")
    }

    /// A view that draws what every clock reads: bars whose lengths come from each reading.
    struct ClockFace: View {
        @State private var start = Date.now
        let continuousStart = ContinuousClock.now
        var body: some View {
            TimelineView(.animation) { context in
                Canvas { ctx, size in
                    var wall = timespec(); clock_gettime(CLOCK_REALTIME, &wall)
                    let values = [context.date.timeIntervalSinceReferenceDate, Date.now.timeIntervalSinceReferenceDate, -start.timeIntervalSinceNow,
                                  Double(continuousStart.duration(to: .now).components.attoseconds) * 1e-15, Double(DispatchTime.now().uptimeNanoseconds % 1_000_000_007),
                                  ProcessInfo.processInfo.systemUptime * 977, Double(wall.tv_nsec), Double(time(nil) % 97)]
                    for (i, v) in values.enumerated() {
                        let w = (v * 13.7).truncatingRemainder(dividingBy: size.width)
                        ctx.fill(Path(CGRect(x: 0, y: Double(i) * 2, width: abs(w), height: 2)), with: .color(.blue))
                    }
                }
            }
        }
    }

    @Test func aViewThatReadsEveryClockGivesTheSameBytesAtOneAndEightThreads() async throws {
        var images: [Data] = []
        for threads in [1, 8, 1] {
            try await RenderContext.$current.withValue(RenderContext(threads: threads)) {
                let renderer = try SceneRenderer(ClockFace(), size: CGSize(width: 64, height: 16), scale: 2, fps: 30)
                images.append(try await renderer.frame(47).pngDataForTests)
            }
        }
        #expect(images[0] == images[1] && images[1] == images[2], "frame 47 differs between runs or thread counts")
    }

    /// jasudev/AnimateText's idiom: a change noticed in `onChange` swaps in new views at value 0,
    /// and `DispatchQueue.main.async` sets 1, which each view animates under its own
    /// `.animation(_:value:)`. The views must be built at 0 before the main queue runs the block.
    struct FadeInOnChange: View {
        @State private var text = "old"
        @State private var value = 0.0
        @State private var swapped = false
        var body: some View {
            HStack(spacing: 0) {
                if swapped {
                    ForEach(0..<3, id: \.self) { i in
                        Color.black.frame(width: 4, height: 4).opacity(value)
                            .animation(.linear(duration: 0.6).delay(Double(i) * 0.1), value: value)
                    }
                } else {
                    Color.red.frame(width: 12, height: 4)
                }
            }
            .onChange(of: text) {
                withAnimation { value = 0 }
                swapped = true
                DispatchQueue.main.async { value = 1 }
            }
            .onAppear { text = "new" }
        }
    }

    @Test func aMainQueueBlockFromAnOnChangeRunsAfterTheViewsItChangedAreBuilt() async throws {
        let renderer = try SceneRenderer(FadeInOnChange(), size: CGSize(width: 12, height: 4), fps: 10)
        let still = try await renderer.still(at: 0.3)
        // Linear fades of 0.6 s from time 0, delayed 0, 0.1 and 0.2 s: at 0.3 s, 1/2, 1/3 and 1/6
        // of black over nothing, alpha 255 × that (one count either way for rounding).
        for (i, expected) in [127.5, 85.0, 42.5].enumerated() {
            let alpha = Double(still[i * 4 + 2, 2].a)
            #expect(abs(alpha - expected) <= 1, "square \(i) at 0.3 s: alpha \(alpha), expected \(expected) (255 × its fade)")
        }
    }

    @Test func thePreviewServesTheSameBytesAsARender() async throws {
        let scene = SceneDescriptor(name: "clock-face", summary: "", seed: "—", parameters: [], size: CGSize(width: 64, height: 16),
                                    duration: 2, make: { _ in AnyView(ClockFace()) }, colorScheme: .light)
        let session = try PreviewSession(scene: scene, size: CGSize(width: 64, height: 16), scale: 1, fps: 30, duration: 2)
        let server = try PreviewServer.start(SceneSource(session), port: 0)
        defer { server.stop() }
        let first = await PreviewServerTests.get("/frame.png?frame=40", port: server.port)
        _ = await PreviewServerTests.get("/frame.png?frame=50", port: server.port)
        let again = await PreviewServerTests.get("/frame.png?frame=40", port: server.port)
        #expect(first.status == 200 && first.body == again.body, "frame 40 served twice")
        let rendered = try await SceneRenderer(ClockFace(), size: CGSize(width: 64, height: 16), scale: 1, fps: 30).frame(40)
        let served = try PNGCodec.decode(first.body)
        #expect(served.pngDataForTests == rendered.pngDataForTests, "the preview's frame 40 against SceneRenderer's")
    }
}

extension PixelBuffer {
    /// The pixels as PNG bytes, to compare two images whole.
    var pngDataForTests: Data { (try? pngData()) ?? Data() }
}
