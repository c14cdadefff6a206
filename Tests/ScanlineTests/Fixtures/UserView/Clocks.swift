import SwiftUI
#if canImport(CoreFoundation)
import CoreFoundation
#endif

// Reads every clock while it is built, and schedules a Timer, as public SwiftUI code does. At the
// render's last frame it prints one line: UserViewBuildTests checks the numbers (issue #42).
struct Clocks: View {
    @State private var start = Date.now
    @State private var ticks = 0
    let continuousStart = ContinuousClock.now
    var body: some View {
        TimelineView(.animation) { context in
            let _ = report(context.date)
            // Bars as long as each clock's reading (mod the width): the same bytes every run only
            // if every clock is the render's.
            Canvas { ctx, size in
                var wall = timespec()
                clock_gettime(CLOCK_REALTIME, &wall)
                let values = [Date.now.timeIntervalSince1970, -start.timeIntervalSinceNow, ProcessInfo.processInfo.systemUptime * 977,
                              Double(DispatchTime.now().uptimeNanoseconds % 1_000_003), Double(wall.tv_nsec % 1_000_003), Double(ticks)]
                for (i, v) in values.enumerated() {
                    ctx.fill(Path(CGRect(x: 0, y: Double(i), width: (v * 13.7).truncatingRemainder(dividingBy: size.width), height: 1)), with: .color(.red))
                }
            }
        }
        .onAppear { Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { _ in MainActor.assumeIsolated { ticks += 1 } } }
    }

    func report(_ date: Date) {
        var mono = timespec()
        clock_gettime(CLOCK_MONOTONIC, &mono)
        let elapsed = continuousStart.duration(to: .now).components
        let line = [
            "context=\(date.timeIntervalSince1970)", "now=\(Date.now.timeIntervalSince1970)",
            "elapsed=\(start.distance(to: date))", "continuous=\(Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)",
            "uptime=\(ProcessInfo.processInfo.systemUptime)", "monotonic=\(mono.tv_sec).\(mono.tv_nsec)", "time=\(time(nil))", "ticks=\(ticks)",
        ].joined(separator: " ")
        FileHandle.standardError.write(Data("clocks: \(line)\n".utf8))
    }
}
