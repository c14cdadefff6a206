// Time in a render (issue #42): one clock for everything a view can read. docs/TIME.md tells the
// whole story; this file is where the pieces meet.
//
// - The render clock (`RenderClock`) holds the render's time, moved by the renderer frame by
//   frame, and its start date.
// - `RenderClock.current`, a task-local, says which render the running code belongs to. The
//   renderer binds it while it makes the view, builds, lays out and draws a frame, runs appear and
//   change actions, and in every `.task`; a task started inside inherits it, a `Task.detached` or a
//   thread of the view's own does not (they read the real clock).
// - The C library's time functions (Sources/CScanline/clock.c) ask `clockSource` on every read:
//   inside a render they answer the render's time, so `Date.now`, `ContinuousClock.now`,
//   `DispatchTime.now()`, `CFAbsoluteTimeGetCurrent()`, `ProcessInfo.systemUptime`, `time()`…
//   all agree with `TimelineView`'s `context.date`.
// - Run-loop timers and performed blocks scheduled inside a render are fired by the renderer at
//   their instants (RunLoopTimers.swift).
internal import CScanline
import Synchronization

extension RenderClock {
    /// Answers the C library's clocks for the code of a render (see the file's comment): the render
    /// time of `RenderClock.current`, or 0 for the real clock. Called on every clock read of the
    /// process once a render has been made, from any thread: it reads a task-local and takes the
    /// clock's lock, and nothing in it reads a clock.
    private static let clockSource: scanline_render_time_source = { sinceStart, startEpoch, render in
        guard let clock = RenderClock.current, let sinceStart, let startEpoch, let render else { return 0 }
        let reading = clock.clockReading()
        sinceStart.pointee = reading.sinceStart
        startEpoch.pointee = reading.startEpoch
        render.pointee = clock.token
        return 1
    }

    /// What names this render to clock.c (its timers, blocks and sleeps are kept under it): its
    /// serial number, never reused in the process (an address would be, by a later render).
    var token: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: UInt(serial))! }

    /// The next render clock's serial number.
    static let serials = Atomic<UInt64>(1)

    private static let installed: Void = {
        scanline_clock_set_source(clockSource)
        RunLoopTimers.install()
    }()

    /// Makes the process's clocks follow renders from now on (once; a process that never renders
    /// keeps the C library's clocks untouched).
    static func installClockSource() { _ = installed }

    /// Runs `body` outside any render: every clock it reads is the machine's. Scanline's own
    /// work that waits for something (a child process: the Metal compiler, ffmpeg) runs this way,
    /// as Foundation's `Process.waitUntilExit` waits on a run loop with deadlines from the clock.
    public static func outsideRender<T>(_ body: () throws -> T) rethrows -> T {
        try RenderClock.$current.withValue(nil) { try body() }
    }

    /// The machine's real time, whatever code asks: for Scanline's own progress, ETA and
    /// deadlines, which must not follow a render's clock.
    public static var realDate: Date {
        var ts = timespec()
        scanline_real_clock_gettime(Int32(CLOCK_REALTIME), &ts)
        return Date(timeIntervalSince1970: Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9)
    }

    /// The reading of the monotonic clocks (`ContinuousClock`, `DispatchTime`, `systemUptime`) at
    /// `seconds` into a render, in seconds: one second at the start (see
    /// SCANLINE_RENDER_UPTIME_AT_START_NS).
    public static func uptime(at seconds: Double) -> Double { Double(SCANLINE_RENDER_UPTIME_AT_START_NS) * 1e-9 + seconds }
}
