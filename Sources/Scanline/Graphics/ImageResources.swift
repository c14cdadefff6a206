/// Finds a named image as SwiftUI's `Image(_:bundle:)` does, on Linux, where SwiftPM copies a
/// target's resources (asset catalogs included, unprocessed) into its resource bundle:
/// - asset catalogs: `*.xcassets/NAME.imageset/Contents.json` lists a file per scale (`1x`, `2x`,
///   `3x`); the one for the display scale is taken, else the nearest larger, else the largest;
/// - files: `NAME.png`, `NAME@2x.png`, `NAME@3x.png` (and `.jpg`, `.jpeg`), chosen the same way.
/// The image keeps the scale of the variant it came from, so it has the same size in points.
enum ImageResources {
    /// Where to look: the bundle's resources (the main bundle's when nil), then `folder`.
    static func roots(bundle: Bundle?, folder: URL?) -> [URL] {
        var roots: [URL] = []
        if let r = (bundle ?? Bundle.main).resourceURL ?? bundle?.bundleURL { roots.append(r) }
        if let folder { roots.append(folder) }
        return roots
    }

    static func find(_ name: String, in roots: [URL], displayScale: CGFloat) -> Image? {
        guard !name.isEmpty, !name.contains("/") else { return nil }
        for root in roots {
            if let url = assetCatalogVariant(name, in: root, scale: displayScale) ?? fileVariant(name, in: root, scale: displayScale),
               let image = try? Image(contentsOf: url.url, scale: url.scale) {
                return image
            }
        }
        return nil
    }

    /// The variant to use among (scale, url) pairs: the display scale, else the nearest larger,
    /// else the largest.
    static func pick(_ variants: [(scale: CGFloat, url: URL)], for scale: CGFloat) -> (url: URL, scale: CGFloat)? {
        let sorted = variants.sorted { $0.scale < $1.scale }
        guard let v = sorted.first(where: { $0.scale >= scale }) ?? sorted.last else { return nil }
        return (v.url, v.scale)
    }

    static func fileVariant(_ name: String, in root: URL, scale: CGFloat) -> (url: URL, scale: CGFloat)? {
        var variants: [(scale: CGFloat, url: URL)] = []
        for (suffix, s) in [("", 1.0), ("@2x", 2.0), ("@3x", 3.0)] as [(String, CGFloat)] {
            for ext in ["png", "jpg", "jpeg"] {
                let url = root.appendingPathComponent("\(name)\(suffix).\(ext)")
                if FileManager.default.fileExists(atPath: url.path) { variants.append((s, url)); break }
            }
        }
        return pick(variants, for: scale)
    }

    /// The asset catalogs (`*.xcassets`) directly in `root` or one folder down (SwiftPM keeps a
    /// resource folder's structure for `.copy`, and flattens files for `.process`), in path order.
    static func catalogs(in root: URL) -> [URL] {
        let fm = FileManager.default
        var catalogs: [URL] = []
        for entry in (try? fm.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)) ?? [] {
            if entry.pathExtension == "xcassets" { catalogs.append(entry); continue }
            var isDir: ObjCBool = false
            if fm.fileExists(atPath: entry.path, isDirectory: &isDir), isDir.boolValue {
                catalogs += ((try? fm.contentsOfDirectory(at: entry, includingPropertiesForKeys: nil)) ?? []).filter { $0.pathExtension == "xcassets" }
            }
        }
        return catalogs.sorted { $0.path < $1.path }
    }

    /// Asset catalogs directly in `root` or one folder down (SwiftPM keeps a resource folder's
    /// structure for `.copy`, and flattens files for `.process`).
    static func assetCatalogVariant(_ name: String, in root: URL, scale: CGFloat) -> (url: URL, scale: CGFloat)? {
        let fm = FileManager.default
        struct Contents: Decodable {
            struct Entry: Decodable { var filename: String?; var scale: String? }
            var images: [Entry]?
        }
        for catalog in catalogs(in: root) {
            let set = catalog.appendingPathComponent("\(name).imageset")
            guard let data = fm.contents(atPath: set.appendingPathComponent("Contents.json").path),
                  let contents = try? JSONDecoder().decode(Contents.self, from: data) else { continue }
            let variants: [(scale: CGFloat, url: URL)] = (contents.images ?? []).compactMap { e in
                guard let file = e.filename else { return nil }
                let s = CGFloat(Double((e.scale ?? "1x").dropLast()) ?? 1)
                return (s, set.appendingPathComponent(file))
            }.filter { fm.fileExists(atPath: $0.url.path) }
            if let v = pick(variants, for: scale) { return v }
        }
        return nil
    }
}
