/// The Dynamic Type sizes, smallest to largest.
public enum DynamicTypeSize: Int, Hashable, Comparable, CaseIterable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// True for accessibility1 … accessibility5.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }
    /// Smaller sizes come first.
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// The short names the CLI accepts: xSmall … xxxLarge, accessibility1 … accessibility5 (or ax1 … ax5).
    public static func parse(_ text: String) throws -> DynamicTypeSize {
        let t = text.lowercased()
        for c in allCases where "\(c)".lowercased() == t || c.shortName == t { return c }
        throw ScanlineError.invalidArgument(name: "dynamic type size", value: text,
            reason: "expected one of " + allCases.map { "\($0)" }.joined(separator: ", "))
    }
    var shortName: String { isAccessibilitySize ? "ax\(rawValue - 6)" : "\(self)".lowercased() }
}

/// A font, as SwiftUI's `Font`: a text style that follows Dynamic Type, or a fixed size, with a
/// design, a weight and traits. It becomes a real face through fontconfig when text is laid out
/// (see `FontResolution`).
public struct Font: Hashable, Sendable {
    /// The text styles, largest first; each has a point size for every Dynamic Type size (`pointSizes`).
    public enum TextStyle: String, Hashable, CaseIterable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }
    /// Type designs: the default sans serif, serif, rounded and monospaced (see the README's font table for the families).
    public enum Design: String, Hashable, CaseIterable, Sendable { case `default`, serif, rounded, monospaced }
    /// Weights, lightest to heaviest, with the OpenType weight class each resolves to.
    public enum Weight: Int, Hashable, CaseIterable, Sendable {
        case ultraLight = 100, thin = 200, light = 300, regular = 400, medium = 500
        case semibold = 600, bold = 700, heavy = 800, black = 900
    }

    enum Base: Hashable, Sendable {
        case style(TextStyle)
        case size(CGFloat)
        case custom(String, size: CGFloat, relativeTo: TextStyle?)
    }
    var base: Base
    var design: Design?
    var weight: Weight?
    var isItalic = false
    var width: Width?
    var hasMonospacedDigits = false

    /// How wide the letters are, as SwiftUI's `Font.Width`: 0 is standard, negative narrower.
    /// SwiftUI does not publish the values of its named widths; Scanline uses −0.3, −0.2, 0 and
    /// 0.2, and asks fontconfig for the face of the nearest stretch (see `FontRequest.stretch`).
    public struct Width: Hashable, Sendable {
        /// The width, 0 standard.
        public var value: CGFloat
        /// A width from its value.
        public init(_ value: CGFloat) { self.value = value.isFinite ? value : 0 }
        /// The narrowest: extra-condensed faces.
        public static let compressed = Width(-0.3)
        /// Condensed faces.
        public static let condensed = Width(-0.2)
        /// The family's normal width.
        public static let standard = Width(0)
        /// Expanded faces.
        public static let expanded = Width(0.2)
    }
    /// This font at `width`.
    public func width(_ width: Width) -> Font { var f = self; f.width = width; return f }
    /// This font with digits of one width (OpenType `tnum`), so changing numbers do not jiggle.
    public func monospacedDigit() -> Font { var f = self; f.hasMonospacedDigits = true; return f }

    /// A text style's system font: its size follows Dynamic Type.
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font(base: .style(style), design: design, weight: weight)
    }
    /// A system font of a fixed size in points.
    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(base: .size(size), design: design, weight: weight)
    }
    /// A font family by name, `size` points at the default Dynamic Type size, scaling with Dynamic
    /// Type as `.body` does (as SwiftUI's). A family that is not installed falls back to the
    /// default design's family (Noto Sans); `scanline fonts --family NAME` shows the outcome.
    public static func custom(_ name: String, size: CGFloat) -> Font {
        Font(base: .custom(name, size: size, relativeTo: .body))
    }
    /// A font family by name at `fixedSize` points, whatever the Dynamic Type size.
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font {
        Font(base: .custom(name, size: fixedSize, relativeTo: nil))
    }
    /// A font family by name whose size scales with Dynamic Type like `textStyle`.
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font {
        Font(base: .custom(name, size: size, relativeTo: textStyle))
    }

    /// 34 pt at the large (default) Dynamic Type size.
    public static let largeTitle = system(.largeTitle)
    /// 28 pt at the large size.
    public static let title = system(.title)
    /// 22 pt at the large size.
    public static let title2 = system(.title2)
    /// 20 pt at the large size.
    public static let title3 = system(.title3)
    /// 17 pt semibold at the large size.
    public static let headline = system(.headline)
    /// 15 pt at the large size.
    public static let subheadline = system(.subheadline)
    /// 17 pt at the large size: the default for text.
    public static let body = system(.body)
    /// 16 pt at the large size.
    public static let callout = system(.callout)
    /// 13 pt at the large size.
    public static let footnote = system(.footnote)
    /// 12 pt at the large size.
    public static let caption = system(.caption)
    /// 11 pt at the large size.
    public static let caption2 = system(.caption2)

    /// The same font at `weight`.
    public func weight(_ weight: Weight) -> Font { var f = self; f.weight = weight; return f }
    /// The same font, bold.
    public func bold() -> Font { weight(.bold) }
    /// The same font, italic.
    public func italic() -> Font { var f = self; f.isItalic = true; return f }
    /// The same font in the monospaced design.
    public func monospaced() -> Font { var f = self; f.design = .monospaced; return f }

    /// Point sizes of each text style at each Dynamic Type size (Apple's HIG table for iOS),
    /// in `DynamicTypeSize` order, xSmall … accessibility5.
    public static let pointSizes: [TextStyle: [CGFloat]] = [
        .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        .title: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        .caption: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
    ]

    /// The point size of `style` at `size`.
    public static func pointSize(_ style: TextStyle, at size: DynamicTypeSize) -> CGFloat {
        pointSizes[style]![size.rawValue]
    }

    /// The weight a text style has when none is set: headline is semibold, the rest regular.
    static func defaultWeight(_ style: TextStyle) -> Weight { style == .headline ? .semibold : .regular }

    /// What this font asks fontconfig for at a Dynamic Type size.
    public func resolved(dynamicTypeSize: DynamicTypeSize = .large) -> FontRequest {
        var r = request(dynamicTypeSize)
        r.width = width?.value ?? 0
        r.monospacedDigits = hasMonospacedDigits
        return r
    }
    private func request(_ dynamicTypeSize: DynamicTypeSize) -> FontRequest {
        switch base {
        case .style(let s):
            var r = FontRequest(family: nil, design: design ?? .default, weight: weight ?? Font.defaultWeight(s),
                                pointSize: Font.pointSize(s, at: dynamicTypeSize), italic: isItalic)
            r.lineGap = Font.lineGap(s, pointSize: r.pointSize)
            return r
        case .size(let p):
            return FontRequest(family: nil, design: design ?? .default, weight: weight ?? .regular, pointSize: p, italic: isItalic)
        case let .custom(name, size, rel):
            let scaled = rel.map { size * Font.pointSize($0, at: dynamicTypeSize) / Font.pointSize($0, at: .large) } ?? size
            return FontRequest(family: name, design: design ?? .default, weight: weight ?? .regular, pointSize: scaled, italic: isItalic)
        }
    }
}

extension Font {
    /// Apple's system font's line height per point of size: its ascender (0.95218) minus its
    /// descender (−0.24124), as `UIFont.lineHeight` gives them for SF (body, 17 pt: 16.187 and
    /// −4.101, 20.287 in all; docs/reference ios-metrics.md §2.1).
    static let systemLineHeightRatio: CGFloat = (16.187 + 4.101) / 17

    /// Each text style's leading (the distance from one line's baseline to the next) at the
    /// Large size, points: Apple's HIG table for iOS (body 17 pt on 22).
    static let styleLeading: [TextStyle: (size: CGFloat, leading: CGFloat)] = [
        .largeTitle: (34, 41), .title: (28, 34), .title2: (22, 28), .title3: (20, 25), .headline: (17, 22), .body: (17, 22),
        .callout: (16, 21), .subheadline: (15, 20), .footnote: (13, 18), .caption: (12, 16), .caption2: (11, 13),
    ]
    /// The space between the lines of a text in `style` at `pointSize`, points: its leading
    /// (scaled with the size from the Large one) less SF's line height, never below 0. A
    /// three-line body text Apple's SwiftUI drew (iOS 18, bradleymackey/vault-ios'
    /// `test_layout_rawText.1.png`) has its lines 22.0 pt apart, where SF's line is 20.29; a
    /// single line is 20.29 tall (swift-snapshot-testing's own picture), so the space is between
    /// lines only.
    static func lineGap(_ style: TextStyle, pointSize: CGFloat) -> CGFloat {
        guard let l = styleLeading[style], pointSize.isFinite else { return 0 }
        return max(0, pointSize * (l.leading / l.size - systemLineHeightRatio))
    }
}

/// A font reduced to what fontconfig needs: a family (or a design), a weight, a size in points.
public struct FontRequest: Hashable, Sendable {
    /// A family asked for by name (`Font.custom`), or nil for the design's family.
    public var family: String?
    /// The design, when no family is named.
    public var design: Font.Design
    /// The weight.
    public var weight: Font.Weight
    /// Size in points.
    public var pointSize: CGFloat
    /// True for an italic face.
    public var italic: Bool
    /// The letter width (`Font.Width.value`, 0 standard).
    public var width: CGFloat = 0
    /// Space between lines, points: a text style's leading less the line height (0 for a font
    /// of a given size or family).
    public var lineGap: CGFloat = 0
    /// Digits of one width (the OpenType `tnum` feature).
    public var monospacedDigits = false

    /// The fontconfig stretch for `width`: ≤ −0.25 extra-condensed, ≤ −0.15 condensed, below 0
    /// semi-condensed, 0 normal, up to 0.15 semi-expanded, up to 0.25 expanded, then extra-expanded.
    var stretch: Int {
        switch width {
        case ...(-0.25): return 1
        case ...(-0.15): return 2
        case ..<0: return 3
        case 0: return 4
        case ...0.15: return 5
        case ...0.25: return 6
        default: return 7
        }
    }
}
