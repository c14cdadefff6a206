internal import CPango
internal import CCairo

/// Pango units are 1/1024 of a point (our fonts are laid out at 72 dpi, so a Pango point is a
/// Scanline point). Every conversion goes through these two helpers.
enum PangoUnits {
    static func points(_ v: Int32) -> CGFloat { CGFloat(v) / CGFloat(PANGO_SCALE) }
    /// A sum of Pango units kept in 64 bits: a line's x adds glyph widths, and Pango's 32-bit units
    /// reach only 2,097,151 points (a 2000-character word at 2000 points overflowed; issue #32 point 9).
    static func points(_ v: Int64) -> CGFloat { CGFloat(v) / CGFloat(PANGO_SCALE) }
    static func pango(_ p: CGFloat) -> Int32 { Int32((p * CGFloat(PANGO_SCALE)).rounded()) }
}

/// What a font request resolved to: the face fontconfig picked, and the file it lives in.
public struct FontResolution: Hashable, Sendable, CustomStringConvertible {
    /// What was asked for.
    public var request: FontRequest
    /// The family asked for (the design's family, or the custom name).
    public var requestedFamily: String
    /// The family of the face that will draw the text.
    public var family: String
    /// The face's style name, e.g. "Black" or "Bold Italic".
    public var style: String
    /// The face's OpenType weight class (100…900), read from the font.
    public var weightClass: Int
    /// The font file fontconfig chose.
    public var file: String
    /// True when fontconfig would thicken a lighter face to fake the weight.
    public var isSynthesizedBold: Bool
    /// True when the requested family is not installed and the default family is used instead.
    public var isFallback: Bool

    /// The request and the face that serves it, for `scanline fonts`.
    public var description: String {
        var s = "\(family) \(style) (weight \(weightClass)) \(file)"
        if isSynthesizedBold { s += " [synthesised bold]" }
        if isFallback { s += " [fallback: '\(requestedFamily)' is not installed]" }
        return s
    }
}

/// The bridge to fontconfig and Pango's font map: one shared font map at 72 dpi with unhinted,
/// grey-antialiased metrics, so layouts do not depend on the output's scale. Pango's font map is
/// not thread-safe, so it is reached only through `withPango`, which holds the lock.
final class FontSystem: @unchecked Sendable {
    static let shared = FontSystem()

    /// The family each design resolves to, from Debian's font packages (see `make setup`).
    static let designFamilies: [Font.Design: String] = [
        .default: "Noto Sans", .serif: "Noto Serif", .rounded: "Quicksand", .monospaced: "Noto Sans Mono",
    ]
    static let fallbackFamily = "Noto Sans"

    private let lock = NSLock()
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    private var installedFamilies: Set<String> = []

    /// Pango's font map and context, which only the holder of the lock may use. Only `withPango`
    /// makes one, so no code reaches them without the lock (it was held by convention before).
    struct Pango {
        let fontMap: UnsafeMutablePointer<PangoFontMap>
        let context: OpaquePointer
        let system: FontSystem
        fileprivate init(_ s: FontSystem) { fontMap = s.fontMap; context = s.context; system = s }
    }

    /// Runs `body` with Pango's handles, holding the lock for the whole call: everything that
    /// lays out text or loads a font through Pango runs inside one of these.
    func withPango<R>(_ body: (Pango) throws -> R) rethrows -> R {
        lock.lock(); defer { lock.unlock() }
        return try body(Pango(self))
    }

    private init() {
        fontMap = pango_cairo_font_map_new()!
        pango_cairo_font_map_set_resolution(OpaquePointer(fontMap), 72)
        context = pango_font_map_create_context(fontMap)!
        let options = FontSystem.makeFontOptions()
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>? = nil
        var count: Int32 = 0
        pango_font_map_list_families(fontMap, &families, &count)
        if let families {
            for i in 0..<Int(count) {
                if let f = families[i], let name = pango_font_family_get_name(f) {
                    installedFamilies.insert(String(cString: name).lowercased())
                }
            }
            g_free(families)
        }
    }

    /// Unhinted outlines and metrics, grey antialiasing: identical layouts at every scale.
    static func makeFontOptions() -> OpaquePointer {
        let o = cairo_font_options_create()!
        cairo_font_options_set_hint_style(o, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(o, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(o, CAIRO_ANTIALIAS_GRAY)
        return o
    }

    func isInstalled(_ family: String) -> Bool { installedFamilies.contains(family.lowercased()) }

    /// The family to ask Pango for, and whether that is a fallback.
    func family(for request: FontRequest) -> (name: String, isFallback: Bool) {
        if let name = request.family {
            return isInstalled(name) ? (name, false) : (FontSystem.fallbackFamily, true)
        }
        // Debian's Quicksand registers its Light and Medium faces as families of their own.
        if request.design == .rounded {
            if request.weight.rawValue <= 300, isInstalled("Quicksand Light") { return ("Quicksand Light", false) }
            if request.weight == .medium, isInstalled("Quicksand Medium") { return ("Quicksand Medium", false) }
        }
        return (FontSystem.designFamilies[request.design]!, false)
    }

    /// A new Pango font description for `request`; the caller frees it.
    func description(for request: FontRequest) -> OpaquePointer {
        let desc = pango_font_description_new()!
        // Characters the family lacks (emoji, Arabic, Hebrew, CJK…) fall back through fontconfig.
        pango_font_description_set_family(desc, family(for: request).name)
        pango_font_description_set_weight(desc, PangoWeight(UInt32(request.weight.rawValue)))
        pango_font_description_set_style(desc, request.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_stretch(desc, PangoStretch(UInt32(request.stretch)))
        pango_font_description_set_absolute_size(desc, Double(request.pointSize) * Double(PANGO_SCALE))
        return desc
    }

    /// Resolves `request` to the face that draws its first family's characters.
    func resolve(_ request: FontRequest) -> FontResolution {
        withPango { pango in resolve(request, pango) }
    }

    private func resolve(_ request: FontRequest, _ pango: Pango) -> FontResolution {
        let (familyName, isFallback) = family(for: request)
        let desc = description(for: request)
        defer { pango_font_description_free(desc) }
        var result = FontResolution(request: request, requestedFamily: request.family ?? familyName, family: "?",
                                    style: "?", weightClass: 0, file: "?", isSynthesizedBold: false, isFallback: isFallback)
        guard let font = pango_font_map_load_font(pango.fontMap, pango.context, desc) else {
            return result
        }
        defer { g_object_unref(font) }
        let info = FontSystem.patternInfo(font)
        result.family = info.family
        result.style = info.style
        result.weightClass = info.weightClass
        result.file = info.file
        result.isSynthesizedBold = info.embolden
        return result
    }

    struct PatternInfo { var family = "?", style = "?", file = "?", weightClass = 0, embolden = false, isColor = false }

    /// Reads fontconfig's description of a Pango font (family, style, file, weight, colour).
    static func patternInfo(_ font: UnsafeMutablePointer<PangoFont>) -> PatternInfo {
        var info = PatternInfo()
        let fcFont = UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)
        guard let pattern = fcFont.pointee.font_pattern else { return info }
        func string(_ key: String) -> String? {
            var value: UnsafeMutablePointer<FcChar8>? = nil
            guard FcPatternGetString(pattern, key, 0, &value) == FcResultMatch, let value else { return nil }
            return String(cString: value)
        }
        func bool(_ key: String) -> Bool {
            var value: FcBool = 0
            return FcPatternGetBool(pattern, key, 0, &value) == FcResultMatch && value != 0
        }
        info.family = string("family") ?? "?"
        info.style = string("style") ?? "?"
        info.file = string("file") ?? "?"
        info.embolden = bool("embolden")
        info.isColor = bool("color")
        var weight: Int32 = 0
        if FcPatternGetInteger(pattern, "weight", 0, &weight) == FcResultMatch {
            info.weightClass = Int(FcWeightToOpenType(weight))
        }
        return info
    }
}

extension Font {
    /// The face this font resolves to at `dynamicTypeSize`, for `scanline fonts` and for checks.
    public func resolution(dynamicTypeSize: DynamicTypeSize = .large) -> FontResolution {
        FontSystem.shared.resolve(resolved(dynamicTypeSize: dynamicTypeSize))
    }
}
