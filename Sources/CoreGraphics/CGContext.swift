import Foundation

/// How `CGContext.drawPath(using:)` paints the current path.
public enum CGPathDrawingMode: Int32, Sendable {
    case fill = 0, eoFill, stroke, fillStroke, eoFillStroke
}

/// A CoreGraphics drawing context, as `GraphicsContext.withCGContext(content:)` hands one to
/// SwiftUI code. Here it records what is drawn (the `_Operation`s), and SwiftUI's context draws
/// that, in order, when the closure returns: code written for CoreGraphics runs unchanged, with
/// the same user space as the `GraphicsContext` it came from (points, y down).
///
/// As in CoreGraphics, the current path is kept in the space the context had when the
/// context was made: each point added is mapped by the CTM of that moment, a fill paints that
/// path, and a stroke's width, caps and dash are in the user space of the moment it strokes.
/// Drawing a path ends it (`beginPath` starts another). Graphics state (colours, line style,
/// alpha, CTM, clip) is saved and restored by `saveGState`/`restoreGState`.
public final class CGContext {
    /// A line's style at a stroke, in the user space of the moment.
    public struct _StrokeStyle: Sendable {
        public var width: CGFloat = 1, cap: CGLineCap = .butt, join: CGLineJoin = .miter, miterLimit: CGFloat = 10
        public var dashPhase: CGFloat = 0, dashes: [CGFloat] = []
    }
    /// One thing drawn, in order.
    public enum _Operation {
        /// Painted with `color` at `alpha` (0...1): `path`, in the context's first space.
        case fill(CGPath, CGPathFillRule, color: CGColor, alpha: CGFloat)
        /// `path` (in the first space) stroked in the user space of `ctm` with `style`.
        case stroke(CGPath, ctm: CGAffineTransform, style: _StrokeStyle, color: CGColor, alpha: CGFloat)
        /// Drawing from here to the matching `restore` is clipped to `path` (first space).
        case clip(CGPath, CGPathFillRule)
        case save, restore
    }

    private struct State {
        var ctm = CGAffineTransform.identity
        var fill = CGColor.black, stroke = CGColor.black
        var alpha: CGFloat = 1
        var line = _StrokeStyle()
    }
    private var state = State()
    private var saved: [State] = []
    /// The current path; painting or clipping records it and starts a new one, so a recorded path
    /// is never changed afterwards.
    private var path = CGMutablePath()
    /// What has been drawn, in order.
    public private(set) var _operations: [_Operation] = []

    /// A context that records, for `GraphicsContext.withCGContext`.
    public init() {}

    // MARK: Graphics state
    /// Saves the graphics state (colours, line style, alpha, CTM, clip).
    public func saveGState() { saved.append(state); _operations.append(.save) }
    /// Restores the state last saved; without one, nothing.
    public func restoreGState() {
        guard let s = saved.popLast() else { return }
        state = s
        _operations.append(.restore)
    }
    /// The current transform from user space to the context's first space.
    public var ctm: CGAffineTransform { state.ctm }
    public func concatenate(_ transform: CGAffineTransform) { state.ctm = transform.concatenating(state.ctm) }
    public func translateBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(translationX: x, y: y)) }
    public func scaleBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(scaleX: x, y: y)) }
    /// Rotates user space by `angle` radians.
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }
    public func setFillColor(_ color: CGColor) { state.fill = color }
    public func setStrokeColor(_ color: CGColor) { state.stroke = color }
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { state.fill = CGColor(red: red, green: green, blue: blue, alpha: alpha) }
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { state.stroke = CGColor(red: red, green: green, blue: blue, alpha: alpha) }
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { state.fill = CGColor(gray: gray, alpha: alpha) }
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { state.stroke = CGColor(gray: gray, alpha: alpha) }
    /// The opacity everything drawn is multiplied by, 0...1.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = alpha.isFinite ? min(max(alpha, 0), 1) : 1 }
    public func setLineWidth(_ width: CGFloat) { state.line.width = width }
    public func setLineCap(_ cap: CGLineCap) { state.line.cap = cap }
    public func setLineJoin(_ join: CGLineJoin) { state.line.join = join }
    public func setMiterLimit(_ limit: CGFloat) { state.line.miterLimit = limit }
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) { state.line.dashPhase = phase; state.line.dashes = lengths }

    // MARK: The current path (points in user space, kept in the first space)
    public func beginPath() { path = CGMutablePath() }
    public func move(to point: CGPoint) { path.move(to: point, transform: state.ctm) }
    public func addLine(to point: CGPoint) { path.addLine(to: point, transform: state.ctm) }
    public func addLines(between points: [CGPoint]) { path.addLines(between: points, transform: state.ctm) }
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) { path.addCurve(to: end, control1: control1, control2: control2, transform: state.ctm) }
    public func addQuadCurve(to end: CGPoint, control: CGPoint) { path.addQuadCurve(to: end, control: control, transform: state.ctm) }
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise, transform: state.ctm)
    }
    public func addRect(_ rect: CGRect) { path.addRect(rect, transform: state.ctm) }
    public func addRects(_ rects: [CGRect]) { path.addRects(rects, transform: state.ctm) }
    public func addEllipse(in rect: CGRect) { path.addEllipse(in: rect, transform: state.ctm) }
    public func addPath(_ other: CGPath) { path.addPath(other, transform: state.ctm) }
    public func closePath() { path.closeSubpath() }
    /// Whether the current path is empty.
    public var isPathEmpty: Bool { path.isEmpty }
    /// The current point, in user space.
    public var currentPointOfPath: CGPoint { path.currentPoint.applying(state.ctm.inverted()) }
    /// The current path's bounding box, in user space.
    public var boundingBoxOfPath: CGRect { (path.copy(using: [state.ctm.inverted()]) ?? path).boundingBoxOfPath }

    // MARK: Painting
    public func fillPath(using rule: CGPathFillRule = .winding) { fill(path, rule); beginPath() }
    public func strokePath() { stroke(path); beginPath() }
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: fill(path, .winding)
        case .eoFill: fill(path, .evenOdd)
        case .stroke: stroke(path)
        case .fillStroke: fill(path, .winding); stroke(path)
        case .eoFillStroke: fill(path, .evenOdd); stroke(path)
        }
        beginPath()
    }
    /// Clips what follows to the current path, which it ends.
    public func clip(using rule: CGPathFillRule = .winding) { _operations.append(.clip(path, rule)); beginPath() }
    public func clip(to rect: CGRect) { _operations.append(.clip(mapped { $0.addRect(rect, transform: state.ctm) }, .winding)) }
    public func fill(_ rect: CGRect) { fill(mapped { $0.addRect(rect, transform: state.ctm) }, .winding) }
    public func fill(_ rects: [CGRect]) { fill(mapped { $0.addRects(rects, transform: state.ctm) }, .winding) }
    public func fillEllipse(in rect: CGRect) { fill(mapped { $0.addEllipse(in: rect, transform: state.ctm) }, .winding) }
    public func stroke(_ rect: CGRect) { stroke(mapped { $0.addRect(rect, transform: state.ctm) }) }
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let w = state.line.width
        state.line.width = width
        stroke(rect)
        state.line.width = w
    }
    public func strokeEllipse(in rect: CGRect) { stroke(mapped { $0.addEllipse(in: rect, transform: state.ctm) }) }
    /// Strokes each pair of points as a line of its own.
    public func strokeLineSegments(between points: [CGPoint]) {
        stroke(mapped { p in for k in stride(from: 0, to: points.count - 1, by: 2) { p.move(to: points[k], transform: state.ctm); p.addLine(to: points[k + 1], transform: state.ctm) } })
    }

    private func mapped(_ build: (CGMutablePath) -> Void) -> CGPath { let p = CGMutablePath(); build(p); return p }
    private func fill(_ p: CGPath, _ rule: CGPathFillRule) {
        guard !p.isEmpty else { return }
        _operations.append(.fill(p, rule, color: state.fill, alpha: state.alpha))
    }
    private func stroke(_ p: CGPath) {
        guard !p.isEmpty else { return }
        _operations.append(.stroke(p, ctm: state.ctm, style: state.line, color: state.stroke, alpha: state.alpha))
    }
}
