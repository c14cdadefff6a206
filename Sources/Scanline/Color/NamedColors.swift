/// Finds a named colour as SwiftUI's `Color(_:bundle:)` does: `NAME.colorset/Contents.json` in
/// an asset catalog of the bundle's resources (the main bundle's when nil), as Xcode writes it:
/// a universal colour, and one for the dark appearance (`"appearances": [{"appearance":
/// "luminosity", "value": "dark"}]`) when there is one. Components are written as fractions
/// (`"0.500"`), as hexadecimal bytes (`"0xF1"`) or as whole bytes (`"241"`). `srgb`,
/// `extended-srgb` and `display-p3` colour spaces are read as sRGB (Scanline draws in sRGB; a
/// Display P3 colour's numbers are taken as they are), `gray-gamma-22` and `extended-gray` as
/// greys.
enum NamedColors {
    /// The light and dark colours of `name`, or nil when no catalog in `roots` has it.
    static func find(_ name: String, in roots: [URL]) -> (light: RGBA, dark: RGBA)? {
        guard !name.isEmpty, !name.contains("/") else { return nil }
        for root in roots {
            for catalog in ImageResources.catalogs(in: root) {
                let file = catalog.appendingPathComponent("\(name).colorset/Contents.json")
                guard let data = FileManager.default.contents(atPath: file.path),
                      let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { continue }
                var light: RGBA?, dark: RGBA?
                for entry in json["colors"] as? [[String: Any]] ?? [] {
                    guard let color = entry["color"] as? [String: Any], let rgba = rgba(color) else { continue }
                    let appearances = entry["appearances"] as? [[String: Any]] ?? []
                    if appearances.contains(where: { $0["value"] as? String == "dark" }) { dark = dark ?? rgba }
                    else if appearances.isEmpty { light = light ?? rgba }
                }
                if let light { return (light, dark ?? light) }
            }
        }
        return nil
    }

    /// A colorset entry's colour, or nil when it has none Scanline can read.
    static func rgba(_ color: [String: Any]) -> RGBA? {
        guard let c = color["components"] as? [String: Any] else { return nil }
        func component(_ key: String) -> Double? {
            if let d = c[key] as? Double { return d }
            guard let text = (c[key] as? String)?.trimmingCharacters(in: .whitespaces) else { return nil }
            if text.lowercased().hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16).map { Double($0) / 255 } }
            if !text.contains("."), let whole = Int(text) { return whole > 1 ? Double(whole) / 255 : Double(whole) }
            return Double(text)
        }
        let alpha = component("alpha") ?? 1
        if let white = component("white") { return RGBA(red: white, green: white, blue: white, opacity: alpha) }
        guard let r = component("red"), let g = component("green"), let b = component("blue") else { return nil }
        return RGBA(red: r, green: g, blue: b, opacity: alpha)
    }

    /// Names already warned about, so each is said once.
    nonisolated(unsafe) static var warned: Set<String> = []
    static let lock = NSLock()
}

extension Color {
    /// A colour from an asset catalog, as SwiftUI's `Color(_:bundle:)`: `name.colorset` in the
    /// bundle's resources (the main bundle's when nil; see `NamedColors`), with its dark
    /// appearance when it has one. A name found nowhere is clear, and a line on standard error
    /// says so once, as SwiftUI logs "No color named … found in asset catalog".
    public init(_ name: String, bundle: Bundle? = nil) {
        if let found = NamedColors.find(name, in: ImageResources.roots(bundle: bundle, folder: nil)) {
            self.init(storage: .adaptive(light: found.light, dark: found.dark, name: name))
            return
        }
        let first = NamedColors.lock.withLock { NamedColors.warned.insert(name).inserted }
        if first {
            FileHandle.standardError.write(Data("warning: no color named '\(name)' found in asset catalog for \((bundle ?? Bundle.main).bundleURL.path); it draws clear\n".utf8))
        }
        self.init(storage: .adaptive(light: RGBA(red: 0, green: 0, blue: 0, opacity: 0), dark: RGBA(red: 0, green: 0, blue: 0, opacity: 0), name: name))
    }
}

extension Color {
    /// The app's accent colour, as SwiftUI's `Color.accentColor`: the main bundle's `AccentColor`
    /// colour set (as Xcode's app template names it), else system blue.
    public static var accentColor: Color {
        if let found = NamedColors.find("AccentColor", in: ImageResources.roots(bundle: nil, folder: nil)) {
            return Color(storage: .adaptive(light: found.light, dark: found.dark, name: "AccentColor"))
        }
        return .blue
    }
}
