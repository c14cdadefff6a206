import Scanline

/// `scanline curve`: prints, and optionally plots, an animation's value and velocity over time.
enum CurveCommand {
    static let command = Command(
        name: "curve",
        summary: "Print or plot an animation curve (value and velocity over time), as SwiftUI runs it.",
        usage: "curve <animation> [--step S] [--duration S] [-o curve.png]",
        options: [
            OptionSpec(["--step"], value: "SECONDS", help: "Time between printed rows. Default 0.05."),
            OptionSpec(["--duration"], value: "SECONDS", help: "How long to show. Default: until it finishes (at most 10 s; 2 s for repeatForever)."),
            OptionSpec(["--output", "-o"], value: "FILE", help: "Also plot the curve to a PNG."),
            CommonOptions.json,
        ],
        examples: [
            "scanline curve \"spring(response: 0.55, dampingFraction: 0.9)\"",
            "scanline curve \".easeInOut(duration: 0.6).delay(0.2)\" --step 0.1",
            "scanline curve bouncy -o bouncy.png",
        ],
        run: run)

    @Sendable static func run(_ args: Arguments, _ output: inout Output) throws {
        guard args.positionals.count == 1 else {
            throw UsageError(args.positionals.isEmpty ? "missing the animation, e.g. \"spring(response: 0.55, dampingFraction: 0.9)\"" : "expected one animation (quote it)")
        }
        let animation: Animation
        do { animation = try Animation.parse(args.positionals[0]) } catch let e as ScanlineError { throw UsageError(e.description) }
        let step = try args.double("--step", in: 0.001...10) ?? 0.05
        let natural = animation.duration
        let duration = try args.double("--duration", in: 0.001...600) ?? (natural.isFinite ? min(max(natural, step), 10) : 2)
        guard duration / step <= 100_000 else { throw UsageError("--duration / --step gives more than 100000 rows") }
        output.print("# \(animation)")
        output.print("#      t      value   velocity")
        let n = Int((duration / step).rounded())
        for k in 0...n {
            let t = Double(k) * step
            output.print(String(format: "%8.3f %10.6f %10.6f", t, animation.value(at: t), animation.velocity(at: t)) + (animation.isFinished(at: t) ? "  finished" : ""))
        }
        if args.string("--output") != nil {
            let url = try CommonOptions.pngOutputURL(args)
            let image = try plot(animation, duration: duration)
            try image.writePNG(to: url)
            output.warn("wrote \(url.path)")
            output.report?.wrote(url.path, format: "png", width: image.width, height: image.height)
        }
    }

    /// A 640×360 pt chart: value in cyan, velocity (scaled to fit) in orange, 0 and 1 marked.
    static func plot(_ animation: Animation, duration: Double) throws -> PixelBuffer {
        let size = CGSize(width: 640, height: 360), inset: CGFloat = 40
        let samples = (0...600).map { Double($0) / 600 * duration }
        let values = samples.map { animation.value(at: $0) }, velocities = samples.map { animation.velocity(at: $0) }
        let lo = min(0, values.min() ?? 0), hi = max(1, values.max() ?? 1)
        let vmax = max(velocities.map(abs).max() ?? 1, 1e-9)
        let plot = CGRect(x: inset, y: inset, width: size.width - 2 * inset, height: size.height - 2 * inset)
        func x(_ t: Double) -> CGFloat { plot.minX + CGFloat(t / duration) * plot.width }
        func y(_ v: Double) -> CGFloat { plot.maxY - CGFloat((v - lo) / (hi - lo)) * plot.height }
        return try PixelBuffer.render(size: size, scale: 2, background: Color(white: 0.1)) { ctx in
            for level in [0.0, 1.0] {
                var p = Path(); p.move(to: CGPoint(x: plot.minX, y: y(level))); p.addLine(to: CGPoint(x: plot.maxX, y: y(level)))
                ctx.stroke(p, with: .color(Color(white: 0.4)), style: StrokeStyle(lineWidth: 1, dash: [4, 4]))
                ctx.draw(Text(level == 0 ? "0" : "1").font(.caption).foregroundStyle(Color(white: 0.7)), at: CGPoint(x: inset / 2, y: y(level)))
            }
            var velocity = Path(), value = Path()
            for (k, t) in samples.enumerated() {
                let pv = CGPoint(x: x(t), y: y(lo + (velocities[k] / vmax * 0.5 + 0.5) * (hi - lo)))
                let pt = CGPoint(x: x(t), y: y(values[k]))
                if k == 0 { velocity.move(to: pv); value.move(to: pt) } else { velocity.addLine(to: pv); value.addLine(to: pt) }
            }
            ctx.stroke(velocity, with: .color(.orange), lineWidth: 1.5)
            ctx.stroke(value, with: .color(.cyan), style: StrokeStyle(lineWidth: 2.5, lineJoin: .round))
            ctx.draw(Text("\(animation)").font(.system(size: 12, design: .monospaced)).foregroundStyle(.white),
                     at: CGPoint(x: inset, y: inset / 2), anchor: .leading)
            ctx.draw(Text(String(format: "%.2f s", duration)).font(.caption).foregroundStyle(Color(white: 0.7)),
                     at: CGPoint(x: plot.maxX, y: plot.maxY + 14), anchor: .trailing)
            ctx.draw(Text("value").font(.caption).foregroundStyle(.cyan), at: CGPoint(x: plot.maxX, y: inset / 2), anchor: .trailing)
            ctx.draw(Text("velocity").font(.caption).foregroundStyle(.orange), at: CGPoint(x: plot.maxX - 50, y: inset / 2), anchor: .trailing)
        }
    }
}
