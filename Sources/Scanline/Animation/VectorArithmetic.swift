/// A value that animations can scale and add, as SwiftUI's `VectorArithmetic`.
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies every component by `rhs`.
    mutating func scale(by rhs: Double)
    /// The squared length, used to decide when a spring has settled.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// A copy with every component multiplied by `rhs`.
    public func scaled(by rhs: Double) -> Self { var v = self; v.scale(by: rhs); return v }
    /// Moves `amount` of the way (0...1) towards `other`.
    public mutating func interpolate(towards other: Self, amount: Double) {
        self += (other - self).scaled(by: amount)
    }
    /// A copy moved `amount` of the way (0...1) towards `other`.
    public func interpolated(towards other: Self, amount: Double) -> Self {
        var v = self; v.interpolate(towards: other, amount: amount); return v
    }
}

extension Double: VectorArithmetic {
    /// Multiplies by `rhs`.
    public mutating func scale(by rhs: Double) { self *= rhs }
    /// The square of the value.
    public var magnitudeSquared: Double { self * self }
}
extension Float: VectorArithmetic {
    /// Multiplies by `rhs`.
    public mutating func scale(by rhs: Double) { self *= Float(rhs) }
    /// The square of the value.
    public var magnitudeSquared: Double { Double(self * self) }
}
extension CGFloat: VectorArithmetic {
    /// Multiplies by `rhs`.
    public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }
    /// The square of the value.
    public var magnitudeSquared: Double { Double(self * self) }
}

/// Two animatable values side by side.
@frozen public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    /// The first value.
    public var first: First
    /// The second value.
    public var second: Second
    /// A pair of `first` and `second`.
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }
    /// Both zero.
    public static var zero: Self { Self(.zero, .zero) }
    /// Component-wise sum.
    public static func + (l: Self, r: Self) -> Self { Self(l.first + r.first, l.second + r.second) }
    /// Component-wise difference.
    public static func - (l: Self, r: Self) -> Self { Self(l.first - r.first, l.second - r.second) }
    /// Scales both values.
    public mutating func scale(by rhs: Double) { first.scale(by: rhs); second.scale(by: rhs) }
    /// The sum of both values' squared lengths.
    public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

extension AnimatablePair: Sendable where First: Sendable, Second: Sendable {}

/// Animatable data for values that do not animate.
public struct EmptyAnimatableData: VectorArithmetic, Sendable {
    /// The only value.
    public init() {}
    /// The only value.
    public static var zero: Self { Self() }
    /// Nothing to add.
    public static func + (l: Self, r: Self) -> Self { l }
    /// Nothing to subtract.
    public static func - (l: Self, r: Self) -> Self { l }
    /// Nothing to scale.
    public mutating func scale(by rhs: Double) {}
    /// Always 0: there is nothing to settle.
    public var magnitudeSquared: Double { 0 }
}

/// A value whose changes can be animated: its `animatableData` is interpolated.
public protocol Animatable {
    associatedtype AnimatableData: VectorArithmetic
    var animatableData: AnimatableData { get set }
}

extension Animatable where Self: VectorArithmetic {
    /// The value itself.
    public var animatableData: Self {
        get { self }
        set { self = newValue }
    }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    /// Nothing animates.
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

extension Double: Animatable {}
extension Float: Animatable {}
extension CGFloat: Animatable {}

extension CGPoint: Animatable {
    /// x and y, in points.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { x = newValue.first; y = newValue.second }
    }
}
extension CGSize: Animatable {
    /// Width and height, in points.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(width, height) }
        set { width = newValue.first; height = newValue.second }
    }
}
extension CGRect: Animatable {
    /// Origin and size, in points.
    public var animatableData: AnimatablePair<CGPoint.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(origin.animatableData, size.animatableData) }
        set { origin.animatableData = newValue.first; size.animatableData = newValue.second }
    }
}
/// Colour components animate in straight sRGB: red, green, blue and opacity.
extension RGBA: Animatable {
    /// Red, green, blue and opacity, 0...1.
    public var animatableData: AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>> {
        get { AnimatablePair(AnimatablePair(red, green), AnimatablePair(blue, opacity)) }
        set { red = newValue.first.first; green = newValue.first.second; blue = newValue.second.first; opacity = newValue.second.second }
    }
}
