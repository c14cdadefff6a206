import Foundation

extension GraphicsContext {
    /// Runs CoreGraphics drawing code in this context, as SwiftUI's `withCGContext(content:)`: the
    /// `CGContext` has this context's user space (points, y down), and what `content` draws is
    /// drawn here, in order, with this context's transform, clip, opacity, blend mode and filters
    /// (CoreGraphics.swift's `CGContext` records it; this draws the record).
    public func withCGContext(content: (CGContext) throws -> Void) rethrows {
        let cg = CGContext()
        try content(cg)
        var context = self, saved: [GraphicsContext] = []
        func color(_ c: CGColor) -> Shading { .color(Color(cgColor: c)) }
        for operation in cg._operations {
            switch operation {
            case .save: saved.append(context)
            case .restore: if let c = saved.popLast() { context = c }
            case let .clip(path, rule): context.clip(to: Path(path), style: FillStyle(eoFill: rule == .evenOdd))
            case let .fill(path, rule, fill, alpha):
                var c = context
                c.opacity *= Double(alpha)
                c.fill(Path(path), with: color(fill), style: FillStyle(eoFill: rule == .evenOdd))
            case let .stroke(path, ctm, line, stroke, alpha):
                // Stroked in the user space of its moment: the path is mapped back into it.
                var c = context
                c.opacity *= Double(alpha)
                c.concatenate(ctm)
                c.stroke(Path(path).applying(ctm.inverted()), with: color(stroke),
                         style: StrokeStyle(lineWidth: line.width, lineCap: line.cap, lineJoin: line.join, miterLimit: line.miterLimit,
                                            dash: line.dashes, dashPhase: line.dashPhase))
            }
        }
    }
}
