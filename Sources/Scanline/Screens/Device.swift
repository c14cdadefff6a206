// The screens of iPhones and iPads: size, scale, safe areas and corner radius, in portrait and
// landscape. `scanline render --device`, the preview page's device menu and ScanlineTesting's
// `.device(config:)` all read this one table.
//
// Sources (docs/reference ios-metrics.md §1.1 gives each with its citation):
// - sizes, scales and safe areas: the community device table of flutter_device_preview, checked
//   against a live app's printout for the 59/34 of the iPhone 14 Pro class; its known errors (the
//   14 Pro's size, the iPad Pro 11"'s insets) corrected there;
// - display corner radii: UIScreen's `_displayCornerRadius` as public code reads it per model
//   (39 X class, 44 mini, 47.33 iPhone 12–14, 53.33 the Max/Plus of that class, 55 the 14 Pro
//   class, 18 iPads with rounded screens); the iPhone 16 Pro's 62 is Scanline's estimate from its
//   larger screen (uncertain: no source read gives it);
// - Scanline's choices, marked "uncertain" in the reference: iPad Air and iPad (A16) insets 24/20
//   (the family of the 11" Pro; the table's 20/0 is for older iPads), and no status bar in an
//   iPhone's landscape (iOS 13 and later hide it; the table's SE row keeps 20).

/// A device's screen: its size in points, pixels per point, safe-area insets and corner radius,
/// in portrait or landscape, with the Dynamic Type size it renders at (iOS's default, `.large`).
public struct DeviceConfiguration: Hashable, Sendable {
    /// How the device is held.
    public enum Orientation: String, Hashable, Sendable, CaseIterable {
        case portrait, landscape
    }
    /// What sits at the top of the screen: the status bar's layout.
    public enum TopFeature: String, Hashable, Sendable {
        /// A 20 pt status bar across the top (iPhone SE and older, iPads).
        case statusBar
        /// A notch, the status bar's items to either side of it (iPhone X to 14).
        case notch
        /// The Dynamic Island, a 126 × 37.33 pt capsule 11 pt from the top (iPhone 14 Pro and later).
        case dynamicIsland
    }

    /// The name the device is known by ("iPhone 16 Pro").
    public let name: String
    /// Other models with the same screen ("iPhone 14" for the iPhone 13), for lookup by name.
    public let otherNames: [String]
    /// The screen in portrait, in points.
    public let portraitSize: CGSize
    /// Pixels per point.
    public let scale: CGFloat
    /// The safe-area insets in portrait (points): status bar or sensor housing, home indicator.
    public let portraitSafeArea: EdgeInsets
    /// The safe-area insets in landscape (points), with the device turned to the left (sensor on
    /// the leading side; iOS keeps both sides equal).
    public let landscapeSafeArea: EdgeInsets
    /// The radius of the screen's rounded corners (points); 0 for square ones.
    public let displayCornerRadius: CGFloat
    /// The status bar's layout.
    public let topFeature: TopFeature
    /// Whether a home indicator shows at the bottom (Face ID devices).
    public let hasHomeIndicator: Bool
    /// How the device is held.
    public var orientation: Orientation = .portrait
    /// The Dynamic Type size the screen renders at.
    public var dynamicTypeSize: DynamicTypeSize = .large

    /// The screen in the current orientation, in points.
    public var size: CGSize { orientation == .portrait ? portraitSize : CGSize(width: portraitSize.height, height: portraitSize.width) }
    /// The safe-area insets in the current orientation, in points.
    public var safeAreaInsets: EdgeInsets { orientation == .portrait ? portraitSafeArea : landscapeSafeArea }
    /// Whether the device is an iPad.
    public var isPad: Bool { name.hasPrefix("iPad") }

    /// The same device in `orientation`.
    public func oriented(_ orientation: Orientation) -> DeviceConfiguration { var d = self; d.orientation = orientation; return d }
    /// The same device held sideways.
    public var landscape: DeviceConfiguration { oriented(.landscape) }
    /// The same device at another Dynamic Type size.
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> DeviceConfiguration { var d = self; d.dynamicTypeSize = size; return d }

    init(_ name: String, also otherNames: [String] = [], _ width: CGFloat, _ height: CGFloat, scale: CGFloat,
         top: CGFloat, bottom: CGFloat, landscape: EdgeInsets, radius: CGFloat, top feature: TopFeature) {
        self.name = name; self.otherNames = otherNames
        portraitSize = CGSize(width: width, height: height); self.scale = scale
        portraitSafeArea = EdgeInsets(top: top, leading: 0, bottom: bottom, trailing: 0)
        landscapeSafeArea = landscape
        displayCornerRadius = radius; topFeature = feature; hasHomeIndicator = bottom > 0
    }

    private static func sideways(_ side: CGFloat, bottom: CGFloat) -> EdgeInsets { EdgeInsets(top: 0, leading: side, bottom: bottom, trailing: side) }

    /// iPhone SE (2nd and 3rd generation), and the iPhone 8: 375 × 667 @2x, a 20 pt status bar.
    public static let iPhoneSE = DeviceConfiguration("iPhone SE", also: ["iPhone SE (3rd generation)", "iPhone SE (2nd generation)", "iPhone 8"],
                                                     375, 667, scale: 2, top: 20, bottom: 0, landscape: EdgeInsets(), radius: 0, top: .statusBar)
    /// iPhone 13 (and 12, 13 Pro, 14): 390 × 844 @3x, a notch.
    public static let iPhone13 = DeviceConfiguration("iPhone 13", also: ["iPhone 14", "iPhone 13 Pro", "iPhone 12", "iPhone 12 Pro"],
                                                     390, 844, scale: 3, top: 47, bottom: 34, landscape: sideways(47, bottom: 21), radius: 47.33, top: .notch)
    /// iPhone 13 Pro Max (and 12 Pro Max, 14 Plus): 428 × 926 @3x, a notch.
    public static let iPhone13ProMax = DeviceConfiguration("iPhone 13 Pro Max", also: ["iPhone 14 Plus", "iPhone 12 Pro Max"],
                                                           428, 926, scale: 3, top: 47, bottom: 34, landscape: sideways(47, bottom: 21), radius: 53.33, top: .notch)
    /// iPhone 15 (and 14 Pro, 15 Pro, 16): 393 × 852 @3x, the Dynamic Island.
    public static let iPhone15 = DeviceConfiguration("iPhone 15", also: ["iPhone 16", "iPhone 15 Pro", "iPhone 14 Pro"],
                                                     393, 852, scale: 3, top: 59, bottom: 34, landscape: sideways(59, bottom: 21), radius: 55, top: .dynamicIsland)
    /// iPhone 15 Pro Max (and 14 Pro Max, 15 Plus, 16 Plus): 430 × 932 @3x, the Dynamic Island.
    public static let iPhone15ProMax = DeviceConfiguration("iPhone 15 Pro Max", also: ["iPhone 16 Plus", "iPhone 15 Plus", "iPhone 14 Pro Max"],
                                                           430, 932, scale: 3, top: 59, bottom: 34, landscape: sideways(59, bottom: 21), radius: 55, top: .dynamicIsland)
    /// iPhone 16 Pro: 402 × 874 @3x, the Dynamic Island lower (62 pt safe top). Xcode's default preview device for iOS 18.
    public static let iPhone16Pro = DeviceConfiguration("iPhone 16 Pro", 402, 874, scale: 3, top: 62, bottom: 34,
                                                        landscape: sideways(62, bottom: 21), radius: 62, top: .dynamicIsland)
    /// iPhone 16 Pro Max (and 17 Pro Max): 440 × 956 @3x.
    public static let iPhone16ProMax = DeviceConfiguration("iPhone 16 Pro Max", also: ["iPhone 17 Pro Max"], 440, 956, scale: 3, top: 62, bottom: 34,
                                                           landscape: sideways(62, bottom: 21), radius: 62, top: .dynamicIsland)
    /// iPad 10.2" (7th–9th generation): 810 × 1080 @2x, square corners, a home button.
    public static let iPad = DeviceConfiguration("iPad", also: ["iPad 10.2-inch", "iPad (9th generation)"], 810, 1080, scale: 2, top: 20, bottom: 0,
                                                 landscape: EdgeInsets(top: 20, leading: 0, bottom: 0, trailing: 0), radius: 0, top: .statusBar)
    /// iPad Air (4th generation and later) and iPad (A16): 820 × 1180 @2x.
    public static let iPadAir = DeviceConfiguration("iPad Air", also: ["iPad (A16)", "iPad Air 4"], 820, 1180, scale: 2, top: 24, bottom: 20,
                                                    landscape: EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0), radius: 18, top: .statusBar)
    /// iPad Pro 11" (M4): 834 × 1210 @2x.
    public static let iPadPro11 = DeviceConfiguration("iPad Pro 11-inch", also: ["iPad Pro 11"], 834, 1210, scale: 2, top: 24, bottom: 20,
                                                      landscape: EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0), radius: 18, top: .statusBar)
    /// iPad Pro 13" (M4): 1032 × 1376 @2x.
    public static let iPadPro13 = DeviceConfiguration("iPad Pro 13-inch", also: ["iPad Pro 13"], 1032, 1376, scale: 2, top: 24, bottom: 20,
                                                      landscape: EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0), radius: 18, top: .statusBar)

    /// Every device, smallest first.
    public static let all: [DeviceConfiguration] = [.iPhoneSE, .iPhone13, .iPhone15, .iPhone16Pro, .iPhone13ProMax, .iPhone15ProMax,
                                                    .iPhone16ProMax, .iPad, .iPadAir, .iPadPro11, .iPadPro13]

    /// The device called `name` (its name or another model's with the same screen), ignoring
    /// case, spaces, hyphens and brackets: "iphone-16-pro" and "iPhone 16 Pro" are the same. A
    /// trailing " landscape" turns it.
    public static func named(_ name: String) -> DeviceConfiguration? {
        func key(_ s: String) -> String { String(s.lowercased().filter { $0.isLetter || $0.isNumber }).replacingOccurrences(of: "inch", with: "") }
        var k = key(name), orientation = Orientation.portrait
        if k.hasSuffix("landscape") { k.removeLast("landscape".count); orientation = .landscape }
        if k.hasSuffix("portrait") { k.removeLast("portrait".count) }
        return all.first { d in ([d.name] + d.otherNames).contains { key($0) == k } }?.oriented(orientation)
    }
}
