/// A value attached to part of a `Text` with `customAttribute(_:)`, which a `TextRenderer` reads
/// back from the runs it marks with `run[MyAttribute.self]`.
public protocol TextAttribute: Hashable {}

/// Text as SwiftUI has it: styled segments that concatenate with `+`. Each segment keeps its own
/// font, colour, traits and custom attributes, so a renderer sees them as separate runs.
public struct Text: @unchecked Sendable, Equatable {
    struct Segment: Hashable {
        var string: String
        var font: Font?
        var foreground: Color?
        var weight: Font.Weight?
        var italic = false
        var monospaced = false
        /// The design for a font that names none (`Text.fontDesign`).
        var design: Font.Design?
        /// Extra space between characters, in points (`tracking` and `kerning` add up).
        var letterSpacing: CGFloat = 0
        /// `Text.fontWidth`, for a font that sets none.
        var width: Font.Width?
        /// `Text.monospacedDigit()`.
        var monospacedDigit = false
        /// `underline(_:pattern:color:)` and `strikethrough(_:pattern:color:)`.
        var underline: LineStyle?
        var strikethrough: LineStyle?
        var attributes: [ObjectIdentifier: AnyHashable] = [:]
    }

    /// How an underline or a strikethrough is drawn, as SwiftUI's `Text.LineStyle`.
    public struct LineStyle: Hashable, Sendable {
        /// The line's dashes, as SwiftUI's `Text.LineStyle.Pattern`. Scanline's dashes, in line
        /// thicknesses t (Apple publishes none): dot t on, t off; dash 3t, t; dash-dot 3t, t, t, t;
        /// dash-dot-dot 3t, t, t, t, t, t.
        public enum Pattern: Hashable, Sendable {
            case solid, dot, dash, dashDot, dashDotDot
            /// On and off lengths, in line thicknesses (empty: solid).
            var dashes: [CGFloat] {
                switch self {
                case .solid: return []
                case .dot: return [1, 1]
                case .dash: return [3, 1]
                case .dashDot: return [3, 1, 1, 1]
                case .dashDotDot: return [3, 1, 1, 1, 1, 1]
                }
            }
        }
        /// The dashes.
        public var pattern: Pattern
        /// The colour; nil draws in the text's own.
        public var color: Color?
        /// A line of `pattern` in `color` (nil: the text's).
        public init(pattern: Pattern = .solid, color: Color? = nil) { self.pattern = pattern; self.color = color }
        /// A solid line in the text's colour.
        public static let single = LineStyle()
    }

    /// Underlined (or not, with `false`), at the font's underline position and thickness.
    public func underline(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        map { $0.underline = isActive ? LineStyle(pattern: pattern, color: color) : nil }
    }
    /// Struck through (or not), at the font's strikethrough position and thickness.
    public func strikethrough(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        map { $0.strikethrough = isActive ? LineStyle(pattern: pattern, color: color) : nil }
    }
    var segments: [Segment]

    /// Text shown as written (no localisation lookup happens here).
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) { segments = [Segment(string: String(content))] }
    /// Text from a string literal, whose interpolations may be other texts, keeping their styles
    /// (`Text("Build \(emphasised) with SwiftUI")`), and numbers formatted as SwiftUI formats
    /// them (see `LocalizedStringKey`). No localisation table is looked up.
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        segments = key.segments.isEmpty ? [Segment(string: "")] : key.segments
    }
    /// A text shown exactly as given (no localisation here either way).
    public init(verbatim content: String) { segments = [Segment(string: content)] }
    /// The text a `LocalizedStringResource` shows (its default value, interpolations formatted
    /// as a `LocalizedStringKey`'s).
    @_disfavoredOverload
    public init(_ resource: LocalizedStringResource) { self.init(resource.value) }
    /// A value as `format` writes it (`Text(date, format: .dateTime)`, `Text(0.5, format: .percent)`).
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {
        self.init(verbatim: format.format(input))
    }

    /// The characters of every segment, in order.
    public var string: String { segments.map(\.string).joined() }

    /// The two texts run together, each keeping its own styling.
    public static func + (lhs: Text, rhs: Text) -> Text {
        var t = lhs
        t.segments += rhs.segments
        return t
    }

    private func map(_ change: (inout Segment) -> Void) -> Text {
        var t = self
        for i in t.segments.indices { change(&t.segments[i]) }
        return t
    }

    /// The font of every segment that has none yet (inner settings win, as in SwiftUI).
    public func font(_ font: Font?) -> Text { map { if $0.font == nil { $0.font = font } } }
    /// The colour of every segment that has none yet.
    public func foregroundStyle(_ color: Color) -> Text { map { if $0.foreground == nil { $0.foreground = color } } }
    /// The colour of every segment that has none yet.
    public func foregroundColor(_ color: Color?) -> Text { map { if $0.foreground == nil { $0.foreground = color } } }
    /// Bold, unless `isActive` is false.
    public func bold(_ isActive: Bool = true) -> Text { isActive ? fontWeight(.bold) : self }
    /// The weight of every segment that has none yet.
    public func fontWeight(_ weight: Font.Weight?) -> Text { map { if $0.weight == nil { $0.weight = weight } } }
    /// Italic, unless `isActive` is false.
    public func italic(_ isActive: Bool = true) -> Text { map { if isActive { $0.italic = true } } }
    /// Monospaced, unless `isActive` is false.
    public func monospaced(_ isActive: Bool = true) -> Text { map { if isActive { $0.monospaced = true } } }
    /// The design of every segment whose font names none (inner settings win).
    public func fontDesign(_ design: Font.Design?) -> Text { map { if $0.design == nil { $0.design = design } } }
    /// Adds `tracking` points of space between characters: n − 1 gaps on a line of n (Pango's
    /// letter spacing, which leaves none at a line's end). SwiftUI's tracking also turns off
    /// optional ligatures; this does not.
    public func tracking(_ tracking: CGFloat) -> Text { map { $0.letterSpacing += tracking.isFinite ? tracking : 0 } }
    /// Adds `kerning` points between characters (see `tracking`).
    public func kerning(_ kerning: CGFloat) -> Text { map { $0.letterSpacing += kerning.isFinite ? kerning : 0 } }
    /// The letter width of every segment whose font sets none.
    public func fontWidth(_ width: Font.Width?) -> Text { map { if $0.width == nil { $0.width = width } } }
    /// Digits of one width in every segment (OpenType `tnum`).
    public func monospacedDigit() -> Text { map { $0.monospacedDigit = true } }
    /// Attaches `value` to every segment that has no attribute of its type yet.
    public func customAttribute<T: TextAttribute>(_ value: T) -> Text {
        map { if $0.attributes[ObjectIdentifier(T.self)] == nil { $0.attributes[ObjectIdentifier(T.self)] = AnyHashable(value) } }
    }

    /// A case to show text in (`View.textCase(_:)`).
    public enum Case: Hashable, Sendable { case uppercase, lowercase }

    /// The font request for a segment: its font (or the environment's, or `.body`) with its traits.
    /// The space between this text's lines in `environment`, points: the widest of its
    /// system-font segments' text-style gaps (`Font.lineGap`); Pango has one spacing a layout.
    func lineGap(in environment: EnvironmentValues) -> CGFloat {
        Text.lineGap(of: segments.map { request(for: $0, environment: environment) })
    }
    /// The space between lines for segments resolved to `requests` (see `lineGap(in:)`).
    static func lineGap(of requests: [FontRequest]) -> CGFloat {
        requests.filter { $0.family == nil }.map(\.lineGap).max() ?? 0
    }

    func request(for s: Segment, environment: EnvironmentValues) -> FontRequest {
        var font = s.font ?? environment.font ?? .body
        if font.design == nil, let d = s.design ?? environment.fontDesign { font.design = d }
        if let w = s.weight ?? environment.fontWeight { font = font.weight(w) }
        if s.italic { font = font.italic() }
        if s.monospaced { font = font.monospaced() }
        if font.width == nil, let w = s.width ?? environment.fontWidth { font = font.width(w) }
        if s.monospacedDigit || environment.monospacedDigit { font = font.monospacedDigit() }
        var r = font.resolved(dynamicTypeSize: environment.dynamicTypeSize)
        r.pointSize *= environment.textScale
        r.lineGap *= environment.textScale
        return r
    }
}

/// A string literal for a `Text`, as SwiftUI's `LocalizedStringKey`: its interpolations are kept
/// as the text's parts. A `Text` keeps its own styling; an integer shows as `%lld` and a
/// floating-point number as `%lf` would (six decimals), as in SwiftUI; `specifier:` takes a
/// printf format; anything else shows as `String(describing:)`.
public struct LocalizedStringKey: Equatable, @unchecked Sendable, ExpressibleByStringInterpolation {
    var segments: [Text.Segment]
    /// The key for `value`, as it reads.
    public init(_ value: String) { segments = [Text.Segment(string: value)] }
    public init(stringLiteral value: String) { self.init(value) }
    public init(stringInterpolation: StringInterpolation) { segments = stringInterpolation.segments }
    public static func == (a: Self, b: Self) -> Bool { a.segments == b.segments }

    /// Whether `specifier` is a printf format with one numeric conversion and nothing a format
    /// function could read or write beyond the one value given.
    static func isSafeNumberSpecifier(_ specifier: String) -> Bool {
        let chars = Array(specifier.unicodeScalars)
        var conversions = 0
        var i = 0
        while i < chars.count {
            guard chars[i] == "%" else { i += 1; continue }
            i += 1
            guard i < chars.count else { return false }
            if chars[i] == "%" { i += 1; continue }
            while i < chars.count, "-+ #0'".unicodeScalars.contains(chars[i]) { i += 1 }
            while i < chars.count, ("0"..."9").contains(chars[i]) { i += 1 }
            if i < chars.count, chars[i] == "." {
                i += 1
                while i < chars.count, ("0"..."9").contains(chars[i]) { i += 1 }
            }
            while i < chars.count, "hlLqjzt".unicodeScalars.contains(chars[i]) { i += 1 }
            guard i < chars.count, "diouxXfFeEgGaA".unicodeScalars.contains(chars[i]) else { return false }
            conversions += 1
            i += 1
        }
        return conversions == 1
    }

    /// The parts of an interpolated literal.
    public struct StringInterpolation: StringInterpolationProtocol, @unchecked Sendable {
        var segments: [Text.Segment] = []
        public init(literalCapacity: Int, interpolationCount: Int) {}
        mutating func add(_ s: String) {
            if let last = segments.indices.last, segments[last] == Text.Segment(string: segments[last].string) {
                segments[last].string += s
            } else {
                segments.append(Text.Segment(string: s))
            }
        }
        public mutating func appendLiteral(_ literal: String) { if !literal.isEmpty { add(literal) } }
        /// A string, as it reads.
        public mutating func appendInterpolation(_ string: String) { add(string) }
        /// Another text, with its own font, colour and attributes.
        public mutating func appendInterpolation(_ text: Text) { segments += text.segments }
        /// An integer, as `%lld` prints it.
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) { add(String(value)) }
        /// A floating-point number, as `%lf` prints it (six decimals), as SwiftUI shows it.
        public mutating func appendInterpolation(_ value: Double) { add(String(format: "%lf", value)) }
        /// A floating-point number, as `%lf` prints it (six decimals), as SwiftUI shows it.
        public mutating func appendInterpolation(_ value: Float) { add(String(format: "%lf", Double(value))) }
        /// A floating-point number, as `%lf` prints it (six decimals), as SwiftUI shows it.
        public mutating func appendInterpolation(_ value: CGFloat) { add(String(format: "%lf", Double(value))) }
        /// A number formatted by a printf `specifier` (`"%.2f"`, `"%03d"`, `"%lld"`). The specifier
        /// must hold exactly one numeric conversion (`d i u o x X f F e E g G a A`, with flags,
        /// width, precision and length) and any number of `%%`; anything else, `%n` or `%s`
        /// included, is never handed to a format function and the value shows as it reads.
        public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) {
            if LocalizedStringKey.isSafeNumberSpecifier(specifier) {
                add(String(format: specifier, value))
            } else {
                add(String(describing: value))
            }
        }
        /// Anything else, as `String(describing:)` reads.
        @_disfavoredOverload
        public mutating func appendInterpolation<T>(_ value: T) { add(String(describing: value)) }
    }
}

/// Where the lines of a multi-line text sit: at the reading start, centred, or at the end.
public enum TextAlignment: Hashable, Sendable, CaseIterable { case leading, center, trailing }
