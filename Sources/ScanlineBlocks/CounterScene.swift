// SPDX-License-Identifier: MIT
// The `counter` scene (issue #17): a number that ticks with `.contentTransition(.numericText(value:))`.
import Scanline

/// A big number stepping through `values` every `step` seconds with a snappy spring, its
/// changed digits rolling up as it rises and down as it falls, above a caption. The values
/// end where they start, so the loop (`values.count × step` seconds) is seamless.
public struct CounterDemo: View {
    /// The numbers shown, one per step; the first is shown at 0 s.
    nonisolated public static let values = [1280, 1281, 1299, 1300, 1280]
    /// Seconds each number is shown.
    nonisolated public static let step: TimeInterval = 0.8
    /// Seconds in one loop.
    nonisolated public static var loop: TimeInterval { Double(values.count) * step }
    let caption: String
    @State private var index = 0
    /// The counter with `caption` under it.
    public init(caption: String = "listeners live") { self.caption = caption }

    public var body: some View {
        let value = CounterDemo.values[index]
        VStack(spacing: 6) {
            Text("\(value)")
                .font(.system(size: 84, weight: .bold, design: .rounded))
                .monospacedDigit()
                .contentTransition(.numericText(value: Double(value)))
            Text(caption)
                .font(.system(size: 20, weight: .medium))
                .foregroundStyle(.secondary)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(CounterDemo.step))
                withAnimation(.snappy) { index = (index + 1) % CounterDemo.values.count }
            }
        }
    }
}
