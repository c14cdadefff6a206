import Foundation

/// The attributes of an `AttributedString` that `Text(_:)` reads, as SwiftUI's
/// `AttributeScopes.SwiftUIAttributes`: `font`, `foregroundColor`, `strikethroughStyle`,
/// `underlineStyle`, `kern`, `tracking` and `baselineOffset`. Set them as on Apple's platforms
/// (`string.foregroundColor = .red`, `AttributeContainer().font(.title)`). Each run of the string
/// becomes a segment of the text with those attributes, as `Text + Text` makes one.
/// `backgroundColor` and `baselineOffset` are carried and not drawn (Scanline's text has no run
/// backgrounds or raised runs yet).
extension AttributeScopes {
    public struct SwiftUIAttributes: AttributeScope {
        /// The run's font.
        public let font: FontAttribute
        /// The run's colour.
        public let foregroundColor: ForegroundColorAttribute
        /// The run's background colour (carried, not drawn).
        public let backgroundColor: BackgroundColorAttribute
        /// A line through the run.
        public let strikethroughStyle: StrikethroughStyleAttribute
        /// A line under the run.
        public let underlineStyle: UnderlineStyleAttribute
        /// Extra space after each character, points.
        public let kern: KerningAttribute
        /// Extra space between characters, points.
        public let tracking: TrackingAttribute
        /// How far the run's baseline is raised, points (carried, not drawn).
        public let baselineOffset: BaselineOffsetAttribute
        /// Foundation's own attributes.
        public let foundation: FoundationAttributes

        public enum FontAttribute: AttributedStringKey { public typealias Value = Font; public static let name = "SwiftUI.Font" }
        public enum ForegroundColorAttribute: AttributedStringKey { public typealias Value = Color; public static let name = "SwiftUI.ForegroundColor" }
        public enum BackgroundColorAttribute: AttributedStringKey { public typealias Value = Color; public static let name = "SwiftUI.BackgroundColor" }
        public enum StrikethroughStyleAttribute: AttributedStringKey { public typealias Value = Text.LineStyle; public static let name = "SwiftUI.StrikethroughStyle" }
        public enum UnderlineStyleAttribute: AttributedStringKey { public typealias Value = Text.LineStyle; public static let name = "SwiftUI.UnderlineStyle" }
        public enum KerningAttribute: AttributedStringKey { public typealias Value = CGFloat; public static let name = "SwiftUI.Kern" }
        public enum TrackingAttribute: AttributedStringKey { public typealias Value = CGFloat; public static let name = "SwiftUI.Tracking" }
        public enum BaselineOffsetAttribute: AttributedStringKey { public typealias Value = CGFloat; public static let name = "SwiftUI.BaselineOffset" }
    }
    /// SwiftUI's attributes, for `AttributedString(_:including:)` and `AttributeContainer`.
    public var swiftUI: SwiftUIAttributes.Type { SwiftUIAttributes.self }
}

extension AttributeDynamicLookup {
    /// `string.foregroundColor`, `container.font(…)`: SwiftUI's attributes by name.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.SwiftUIAttributes, T>) -> T {
        self[T.self]
    }
}

extension Text {
    /// Text from an attributed string: each run a segment with the run's SwiftUI attributes
    /// (`AttributeScopes.SwiftUIAttributes`). A modifier on the text (`.font`, `.foregroundColor`)
    /// applies to the runs that set none, as it does to concatenated texts.
    nonisolated public init(_ attributedContent: AttributedString) {
        typealias A = AttributeScopes.SwiftUIAttributes
        var segments: [Segment] = []
        for run in attributedContent.runs {
            var s = Segment(string: String(attributedContent[run.range].characters))
            s.font = run[A.FontAttribute.self]
            s.foreground = run[A.ForegroundColorAttribute.self]
            s.strikethrough = run[A.StrikethroughStyleAttribute.self]
            s.underline = run[A.UnderlineStyleAttribute.self]
            for spacing in [run[A.KerningAttribute.self], run[A.TrackingAttribute.self]] {
                if let spacing, spacing.isFinite { s.letterSpacing += spacing }
            }
            segments.append(s)
        }
        self.segments = segments.isEmpty ? [Segment(string: "")] : segments
    }
}
