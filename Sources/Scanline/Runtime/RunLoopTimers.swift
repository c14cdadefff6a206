// Timers on the render clock (issue #42 point 3): `Timer.scheduledTimer`, a `Timer` added
// to the main run loop, and `RunLoop.main.perform` inside a render. Sources/CScanline/clock.c gives
// whatever such code schedules while a render's code runs a run-loop mode of the render's own
// (`mode`), which no run loop runs by itself; the renderer runs it (`fireDue`) at each instant a
// timer is due in render time, between frames, in order, as it wakes `Task.sleep` and `asyncAfter`.
// CoreFoundation reads the render's clock there too, so it fires exactly the timers due, and a
// repeating timer's next date is its last plus its interval. A `DispatchSourceTimer` made in the
// render on the main queue is kept by clock.c too (its real timer held at "never"), and its
// handler called here at its due instants, on the render's main actor as the main queue would.
#if canImport(CoreFoundation)
import CoreFoundation
#endif
internal import CScanline

enum RunLoopTimers {
    #if canImport(CoreFoundation)
    /// The run-loop mode of everything scheduled inside a render.
    nonisolated(unsafe) static let mode: CFString = CFStringCreateWithCString(nil, "ScanlineRender", CFStringBuiltInEncodings.UTF8.rawValue)
    #endif

    /// Tells clock.c which mode to give timers and blocks scheduled inside a render.
    static func install() {
        #if canImport(CoreFoundation)
        scanline_clock_set_render_mode(Unmanaged.passUnretained(mode).toOpaque())
        #endif
    }

    /// When the earliest timer scheduled inside a render on this thread's run loop is due, in
    /// seconds of render time (its fire date less the start date), or nil when none is. Call it
    /// inside the render (`RenderClock.$current` bound), where the run loop reads render time.
    static func nextDue(_ clock: RenderClock, startDate: Date) -> Double? {
        // A DispatchSourceTimer made in the render on the main queue (clock.c), in render seconds.
        let dispatch = scanline_render_dispatch_next(clock.token)
        let dispatchDue = dispatch == 0 ? nil : (Double(dispatch) - Double(SCANLINE_RENDER_UPTIME_AT_START_NS)) * 1e-9
        #if canImport(CoreFoundation)
        guard gather(clock) > 0 else { return dispatchDue }
        let date = CFRunLoopGetNextTimerFireDate(CFRunLoopGetCurrent(), mode)
        let timerDue = date == 0 ? nil : date - startDate.timeIntervalSinceReferenceDate
        return [timerDue, dispatchDue].compactMap { $0 }.min()
        #else
        return dispatchDue
        #endif
    }

    /// Fires, inside the render, what is due now: the blocks given to `RunLoop.perform`, then the
    /// timers due by now (in fire-date order, on this thread's run loop in the render's mode, which
    /// does not drain the main dispatch queue: CoreFoundation does that only in the common modes),
    /// then the blocks those gave. A timer's next date is known to `nextDue` only after this ran
    /// once since it was scheduled, so the renderer runs it after everything that can schedule one.
    static func fireDue(_ clock: RenderClock) {
        scanline_render_blocks_run(clock.token)
        #if canImport(CoreFoundation)
        if gather(clock) > 0 { _ = CFRunLoopRunInMode(mode, 0, false) }
        #endif
        let (since, _) = clock.clockReading()
        scanline_render_dispatch_fire(clock.token, UInt64(scanline_render_uptime_ns(since)))
        scanline_render_blocks_run(clock.token)
    }

    #if canImport(CoreFoundation)
    /// Moves `clock`'s timers to this thread's run loop; how many it has.
    private static func gather(_ clock: RenderClock) -> Int32 {
        scanline_render_timers_gather(UnsafeMutableRawPointer(Unmanaged.passUnretained(CFRunLoopGetCurrent()).toOpaque()), clock.token)
    }
    #endif

    /// The render of `clock` has ended: its timers stop (invalidated) and its blocks are dropped.
    static func end(_ clock: RenderClock) { scanline_render_timers_end(clock.token) }
}
