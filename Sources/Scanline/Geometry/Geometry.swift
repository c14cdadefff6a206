/// An angle, stored in radians, as SwiftUI's `Angle`.
public struct Angle: Hashable, Comparable, Sendable {
    /// The angle in radians.
    public var radians: Double
    /// The angle in degrees.
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }
    /// Zero.
    public init() { radians = 0 }
    /// An angle of `radians`.
    public init(radians: Double) { self.radians = radians }
    /// An angle of `degrees`.
    public init(degrees: Double) { radians = degrees * .pi / 180 }
    /// An angle of `r` radians.
    public static func radians(_ r: Double) -> Angle { Angle(radians: r) }
    /// An angle of `d` degrees.
    public static func degrees(_ d: Double) -> Angle { Angle(degrees: d) }
    /// Zero.
    public static let zero = Angle()
    /// Compares by size.
    public static func < (l: Angle, r: Angle) -> Bool { l.radians < r.radians }
}

/// A point in a rectangle's own unit square: (0, 0) is the top leading corner, (1, 1) the bottom
/// trailing one.
public struct UnitPoint: Hashable, Sendable {
    /// Horizontal position: 0 the leading (left) edge, 1 the trailing edge.
    public var x: CGFloat
    /// Vertical position: 0 the top edge, 1 the bottom edge.
    public var y: CGFloat
    /// The top-leading corner.
    public init() { x = 0; y = 0 }
    /// A point at fractions `x`, `y` of a rectangle.
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
    /// The top-leading corner (0, 0).
    public static let zero = UnitPoint(x: 0, y: 0)
    /// The centre (0.5, 0.5).
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// The middle of the leading edge (0, 0.5).
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// The middle of the trailing edge (1, 0.5).
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// The middle of the top edge (0.5, 0).
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// The middle of the bottom edge (0.5, 1).
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// The top-leading corner (0, 0).
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// The top-trailing corner (1, 0).
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// The bottom-leading corner (0, 1).
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// The bottom-trailing corner (1, 1).
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)

    /// The point this unit point names inside `rect`, in `rect`'s units.
    public func point(in rect: CGRect) -> CGPoint {
        CGPoint(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height)
    }
}

/// Insets on each edge, in points.
public struct EdgeInsets: Hashable, Sendable {
    /// Insets in points, one for each edge.
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    /// No insets.
    public init() { top = 0; leading = 0; bottom = 0; trailing = 0 }
    /// Insets of the given points on each edge.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
}

/// The direction in which text and layouts read.
public enum LayoutDirection: Hashable, Sendable, CaseIterable {
    case leftToRight, rightToLeft
}


// MARK: Angle arithmetic, as SwiftUI's Angle has it

extension Angle: Animatable {
    /// The sum of two angles.
    public static func + (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians + b.radians) }
    /// The difference of two angles.
    public static func - (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians - b.radians) }
    /// The angle turned the other way.
    public static prefix func - (a: Angle) -> Angle { Angle(radians: -a.radians) }
    /// The angle scaled by `k`.
    public static func * (a: Angle, k: Double) -> Angle { Angle(radians: a.radians * k) }
    /// The angle scaled by `k`.
    public static func * (k: Double, a: Angle) -> Angle { Angle(radians: a.radians * k) }
    /// The angle divided by `k`.
    public static func / (a: Angle, k: Double) -> Angle { Angle(radians: a.radians / k) }
    public static func += (a: inout Angle, b: Angle) { a = a + b }
    public static func -= (a: inout Angle, b: Angle) { a = a - b }
    public static func *= (a: inout Angle, k: Double) { a = a * k }
    public static func /= (a: inout Angle, k: Double) { a = a / k }
    /// The angle animates by its radians.
    public var animatableData: Double {
        get { radians }
        set { radians = newValue }
    }
}
