import Foundation

// The expansions, from the macros' source text, read with `SwiftSource` (the scanner
// `scanline render` reads users' files with): strings and comments are skipped as a whole.
import SwiftSourceText

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// `#Preview`, in each of its forms: `#Preview { … }`, `#Preview("Name") { … }`,
/// `#Preview("Name", traits: …) { … }`. It expands to a function with a fixed symbol,
/// `scanline_preview_<module>_<file>_<line>`, that returns the preview as an `AnyView`:
/// `scanline render` and `preview` call it by that name. `@Previewable` declarations at the top
/// of the body become the properties of a view that wraps the rest.
enum PreviewMacro {
    static func expand(_ source: String, discriminator: String, location: [String: Any]) throws -> String {
        let preview: SwiftSource.Preview
        do {
            guard let first = try SwiftSource(source).previews().first else { throw MacroError(message: "not a #Preview") }
            preview = first
        } catch let e as SwiftSource.ScanError {
            throw MacroError(message: "#Preview: \(e)")
        }
        // The location is where the macro's leading trivia starts: the `#` is `line - 1` lines on.
        var location = location
        location["line"] = (location["line"] as? Int ?? 1) + preview.line - 1
        return try expand(body: preview.body, discriminator: discriminator, location: location)
    }

    static func expand(body: String, discriminator: String, location: [String: Any]) throws -> String {
        let symbol = symbolName(fileID: location["fileID"] as? String ?? "", fileName: location["fileName"] as? String ?? "",
                                line: location["line"] as? Int ?? 0)
        let unique = discriminator + "7previewfMu_"
        // In top-level code (main.swift) the compiler emits a function that an expansion declares
        // twice ("multiple definitions of symbol"): there the preview is a static method of a
        // type of its own, with the same symbol (a type without generic parameters passes no
        // `self`, so the render calls it as it calls a global function).
        let fileName = location["fileName"] as? String ?? ""
        let topLevel = fileName == "main.swift" || fileName.hasSuffix("/main.swift")
        let name = (topLevel ? "@_silgen_name(\"\(symbol)\") static " : "@_silgen_name(\"\(symbol)\") ")
        let (open, close) = topLevel ? ("@MainActor struct \(unique) {\n", "\n}") : ("", "")
        let statements: [String]
        do { statements = try SwiftSource(body).statements() } catch { throw MacroError(message: "#Preview: \(error)") }
        let properties = statements.filter { $0.hasPrefix("@Previewable") }
        let rest = statements.filter { !$0.hasPrefix("@Previewable") }
        if properties.isEmpty {
            return open + """
                @MainActor \(name)func \(unique)() -> SwiftUI.AnyView {
                    SwiftUI._previewContent {
                \(body)
                    }
                }
                """ + close
        }
        let fields = properties.map { "        " + String($0.dropFirst("@Previewable".count)).trimmed }.joined(separator: "\n")
        return open + """
            @MainActor \(name)func \(unique)() -> SwiftUI.AnyView {
                struct Previewed: SwiftUI.View {
            \(fields)
                    var body: some SwiftUI.View {
            \(rest.map { "            " + $0 }.joined(separator: "\n"))
                    }
                }
                return SwiftUI.AnyView(Previewed())
            }
            """ + close
    }

    /// `scanline_preview_<module>_<file>_<line>`: the module from the file ID ("Module/File.swift").
    static func symbolName(fileID: String, fileName: String, line: Int) -> String {
        SwiftSource.previewSymbol(module: fileID.split(separator: "/").first.map(String.init) ?? "main",
                                  file: String(fileName.split(separator: "/").last ?? "file"), line: line)
    }
}

/// `@Entry var name: Type = value` in an extension of `EnvironmentValues`, `Transaction`,
/// `FocusedValues` or `ContainerValues`: a key type `__Key_name` (an `_EntryKey`, which each takes as a
/// key) whose default is `value` (nil for an optional without one), and the property's getter and
/// setter through it.
enum EntryMacro {
    static func expand(_ decl: String, role: String) throws -> String {
        let (name, type, value) = try parse(decl)
        let key = "__Key_\(name)"
        switch role {
        case "accessor":
            return "get {\n    self[\(key).self]\n}\nset {\n    self[\(key).self] = newValue\n}"
        case "peer":
            guard let type else {
                // `@Entry var flag = false`: the key's type is inferred from the value.
                guard let value else { throw MacroError(message: "@Entry needs a type or a default value: @Entry var \(name): Type = value") }
                return "private struct \(key): SwiftUI._EntryKey {\n    static let defaultValue = \(value)\n}"
            }
            let initial: String
            if let value { initial = value } else if type.hasSuffix("?") { initial = "nil" } else {
                throw MacroError(message: "@Entry needs a default value: @Entry var \(name): \(type) = value")
            }
            return "private struct \(key): SwiftUI._EntryKey {\n    static var defaultValue: \(type) { \(initial) }\n}"
        default:
            return ""
        }
    }

    /// The name, type and initial value of `var name: Type = value` (attributes and modifiers before it).
    static func parse(_ decl: String) throws -> (String, String?, String?) {
        let source = SwiftSource(decl), bytes = source.text
        guard let varRange = decl.range(of: #"(^|[\s)])var\s"#, options: .regularExpression) else {
            throw MacroError(message: "@Entry goes on a `var`")
        }
        func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }
        func isName(_ c: UInt8) -> Bool { (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 || c == 96 || c >= 0x80 }
        var i = decl.utf8.distance(from: decl.utf8.startIndex, to: varRange.upperBound.samePosition(in: decl.utf8)!)
        while i < bytes.count, isSpace(bytes[i]) { i += 1 }
        let nameStart = i
        while i < bytes.count, isName(bytes[i]) { i += 1 }
        let name = String(decoding: bytes[nameStart..<i], as: UTF8.self).replacingOccurrences(of: "`", with: "")
        guard !name.isEmpty else { throw MacroError(message: "a property name is missing") }
        while i < bytes.count, isSpace(bytes[i]) { i += 1 }
        var type: String? = nil, value: String? = nil
        if i < bytes.count, bytes[i] == UInt8(ascii: ":") {
            // The type runs to `=` or `{` outside brackets (generic arguments included).
            let start = i + 1
            var j = start
            while j < bytes.count, bytes[j] != UInt8(ascii: "="), bytes[j] != UInt8(ascii: "{") {
                if bytes[j] == UInt8(ascii: "(") || bytes[j] == UInt8(ascii: "[") { j = try source.closing(j); continue }
                if bytes[j] == UInt8(ascii: "<") { j = (bytes[j...].firstIndex(of: UInt8(ascii: ">")) ?? j) + 1; continue }
                j += 1
            }
            type = String(decoding: bytes[start..<min(j, bytes.count)], as: UTF8.self).trimmed
            i = j
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "=") {
            value = String(decoding: bytes[(i + 1)...], as: UTF8.self).trimmed
        }
        return (name, type, value)
    }
}

/// `@Animatable` on a struct (iOS 26): `animatableData` made of its stored `var`s with a written
/// type, in order, each through its own `animatableData` (one alone, two as an `AnimatablePair`,
/// more as pairs nested to the right), leaving out those marked `@AnimatableIgnored`; and the
/// `Animatable` conformance when the type lacks it.
enum AnimatableMacro {
    static func expand(_ decl: String, role: String, conformances: String?) throws -> String {
        switch role {
        case "extension":
            guard let conformances, conformances.contains("Animatable"), let name = typeName(decl) else { return "" }
            return "extension \(name): SwiftUI.Animatable {}"
        case "member":
            let properties = try animatedProperties(decl)
            // A public type's animatableData is public, as the protocol's requirement must be.
            let access = accessLevel(decl)
            guard !properties.isEmpty else { return access + "nonisolated var animatableData: SwiftUI.EmptyAnimatableData {\n    get { SwiftUI.EmptyAnimatableData() }\n    set {}\n}" }
            func type(_ ps: ArraySlice<(String, String)>) -> String {
                ps.count == 1 ? "\(ps.first!.1).AnimatableData" : "SwiftUI.AnimatablePair<\(ps.first!.1).AnimatableData, \(type(ps.dropFirst()))>"
            }
            func get(_ ps: ArraySlice<(String, String)>) -> String {
                ps.count == 1 ? "\(ps.first!.0).animatableData" : "SwiftUI.AnimatablePair(\(ps.first!.0).animatableData, \(get(ps.dropFirst())))"
            }
            func set(_ ps: ArraySlice<(String, String)>, _ path: String) -> [String] {
                ps.count == 1 ? ["\(ps.first!.0).animatableData = \(path)"]
                    : ["\(ps.first!.0).animatableData = \(path).first"] + set(ps.dropFirst(), path + ".second")
            }
            let all = ArraySlice(properties)
            return access + "nonisolated var animatableData: \(type(all)) {\n    get { \(get(all)) }\n    set {\n"
                + set(all, "newValue").map { "        " + $0 }.joined(separator: "\n") + "\n    }\n}"
        default:
            return ""
        }
    }

    /// `public ` (for `public` and `open` types), `package ` or nothing: the access the type's
    /// declaration writes before `struct`.
    static func accessLevel(_ decl: String) -> String {
        guard let r = decl.range(of: #"\b(struct|class|enum|actor)\s"#, options: .regularExpression) else { return "" }
        let words = decl[..<r.lowerBound].split(whereSeparator: { !$0.isLetter })
        if words.contains("public") || words.contains("open") { return "public " }
        return words.contains("package") ? "package " : ""
    }

    /// The name after `struct` (or `class`, `enum`).
    static func typeName(_ decl: String) -> String? {
        guard let r = decl.range(of: #"\b(struct|class|enum|actor)\s+([A-Za-z_][A-Za-z0-9_]*)"#, options: .regularExpression) else { return nil }
        return decl[r].split(whereSeparator: \.isWhitespace).last.map(String.init)
    }

    /// The stored `var name: Type` members of the type's body, in order, without `@AnimatableIgnored`,
    /// `static` and computed ones.
    static func animatedProperties(_ decl: String) throws -> [(String, String)] {
        let source = SwiftSource(decl)
        guard let open = source.text.firstIndex(of: UInt8(ascii: "{")) else { return [] }
        var out: [(String, String)] = []
        for statement in try source.statements((open + 1)..<(try source.closing(open) - 1)) {
            guard statement.range(of: #"(^|\s)var\s"#, options: .regularExpression) != nil,
                  !statement.contains("@AnimatableIgnored"), statement.range(of: #"(^|\s)static\s"#, options: .regularExpression) == nil,
                  !statement.hasPrefix("func "), statement.range(of: #"(^|\s)(func|init|subscript)[\s(]"#, options: .regularExpression) == nil else { continue }
            let (name, type, _) = try EntryMacro.parse(statement)
            // A body after the type is a computed property (or one with observers): not animated.
            if let brace = statement.firstIndex(of: "{"), statement.firstIndex(of: "=").map({ brace < $0 }) ?? true { continue }
            guard let type else { throw MacroError(message: "@Animatable needs the type of '\(name)' written: var \(name): Double") }
            out.append((name, type))
        }
        return out
    }
}
