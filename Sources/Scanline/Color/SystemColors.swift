/// UIKit's semantic colours, light and dark, with the classic (iOS 13–18) values of
/// docs/reference ios-metrics.md §3.1 (Flutter's `colors.dart`, which names each symbol). The
/// controls and containers draw with these.
enum SystemColor {
    static let label = Color.system("label", light: RGBA(0, 0, 0), dark: RGBA(255, 255, 255))
    static let secondaryLabel = Color.system("secondaryLabel", light: RGBA(60, 60, 67, 153.0 / 255), dark: RGBA(235, 235, 245, 153.0 / 255))
    static let tertiaryLabel = Color.system("tertiaryLabel", light: RGBA(60, 60, 67, 76.0 / 255), dark: RGBA(235, 235, 245, 76.0 / 255))
    /// Placeholder text: tertiaryLabel's values.
    static let placeholderText = Color.system("placeholderText", light: RGBA(60, 60, 67, 76.0 / 255), dark: RGBA(235, 235, 245, 76.0 / 255))
    static let separator = Color.system("separator", light: RGBA(60, 60, 67, 73.0 / 255), dark: RGBA(84, 84, 88, 153.0 / 255))
    static let opaqueSeparator = Color.system("opaqueSeparator", light: RGBA(198, 198, 200), dark: RGBA(56, 56, 58))
    static let systemBackground = Color.system("systemBackground", light: RGBA(255, 255, 255), dark: RGBA(0, 0, 0))
    static let secondarySystemBackground = Color.system("secondarySystemBackground", light: RGBA(242, 242, 247), dark: RGBA(28, 28, 30))
    static let tertiarySystemBackground = Color.system("tertiarySystemBackground", light: RGBA(255, 255, 255), dark: RGBA(44, 44, 46))
    static let systemFill = Color.system("systemFill", light: RGBA(120, 120, 128, 51.0 / 255), dark: RGBA(120, 120, 128, 91.0 / 255))
    static let secondarySystemFill = Color.system("secondarySystemFill", light: RGBA(120, 120, 128, 40.0 / 255), dark: RGBA(120, 120, 128, 81.0 / 255))
    static let tertiarySystemFill = Color.system("tertiarySystemFill", light: RGBA(118, 118, 128, 30.0 / 255), dark: RGBA(118, 118, 128, 61.0 / 255))
    static let quaternarySystemFill = Color.system("quaternarySystemFill", light: RGBA(116, 116, 128, 20.0 / 255), dark: RGBA(118, 118, 128, 45.0 / 255))
    static let systemGray4 = Color.system("systemGray4", light: RGBA(209, 209, 214), dark: RGBA(58, 58, 60))
}
