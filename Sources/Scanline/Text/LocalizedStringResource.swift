import Foundation

/// Foundation's `LocalizedStringResource` (iOS 16), which the Foundation of Linux's toolchain does
/// not have: a string to look up in a bundle's strings table, with the value to show when no
/// table has it. Scanline reads no strings tables, so a resource always shows its default value:
/// the literal it was written with, interpolations included (formatted as `Text` formats a
/// `LocalizedStringKey`'s). That is what Apple shows for a key that no table translates.
///
/// Foundation may one day add this type on Linux; code that names it would then need
/// `SwiftUI.LocalizedStringResource` (docs/PORTING.md).
public struct LocalizedStringResource: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// Where the table would be looked up.
    public enum BundleDescription: Hashable, Sendable {
        /// The app's main bundle.
        case main
        /// The bundle at a URL.
        case atURL(URL)
    }
    /// The key in the table.
    public var key: String
    /// The text shown, as written (with interpolated values).
    let value: LocalizedStringKey
    /// The strings table's name (nil: `Localizable`).
    public var table: String?
    public var locale: Locale
    public var bundle: BundleDescription

    /// A resource whose key and default value are `keyAndValue`.
    public init(_ keyAndValue: LocalizedStringKey, table: String? = nil, locale: Locale = .current, bundle: BundleDescription = .main, comment: StaticString? = nil) {
        self.init(key: keyAndValue.plainText, value: keyAndValue, table: table, locale: locale, bundle: bundle)
    }
    /// A resource looked up by `key`, showing `defaultValue` when no table has it.
    public init(_ key: StaticString, defaultValue: LocalizedStringKey, table: String? = nil, locale: Locale = .current, bundle: BundleDescription = .main, comment: StaticString? = nil) {
        self.init(key: key.description, value: defaultValue, table: table, locale: locale, bundle: bundle)
    }
    public init(stringLiteral value: String) { self.init(LocalizedStringKey(value)) }
    public init(stringInterpolation: LocalizedStringKey.StringInterpolation) { self.init(LocalizedStringKey(stringInterpolation: stringInterpolation)) }
    private init(key: String, value: LocalizedStringKey, table: String?, locale: Locale, bundle: BundleDescription) {
        self.key = key; self.value = value; self.table = table; self.locale = locale; self.bundle = bundle
    }

    /// The text shown: the default value with its interpolations.
    public var description: String { value.plainText }
    public static func == (a: Self, b: Self) -> Bool { a.key == b.key && a.value == b.value && a.table == b.table && a.bundle == b.bundle }
    public func hash(into hasher: inout Hasher) { hasher.combine(key); hasher.combine(table) }
}

/// Foundation's protocol of values that can describe themselves as a localized string resource.
public protocol CustomLocalizedStringResourceConvertible {
    var localizedStringResource: LocalizedStringResource { get }
}

extension String {
    /// The text `resource` shows (its default value: Scanline reads no strings tables).
    public init(localized resource: LocalizedStringResource) { self = resource.description }
}

extension LocalizedStringKey {
    /// The key's text, its parts joined as they read.
    var plainText: String { segments.map(\.string).joined() }
}
