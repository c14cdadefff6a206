import Foundation

// The expansions, from the macros' source text. `SourceText` reads just enough Swift to find
// matching brackets and top-level statements: strings (with interpolations, multi-line and raw
// ones) and comments are skipped as a whole.

/// Swift source as bytes, with bracket matching that skips strings and comments.
struct SourceText {
    let bytes: [UInt8]
    init(_ s: String) { bytes = Array(s.utf8) }

    func text(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }

    /// The index after the string literal that starts at `i` (at its `#`s or its quote).
    func endOfString(_ start: Int) -> Int {
        var i = start, hashes = 0
        while i < bytes.count, bytes[i] == UInt8(ascii: "#") { hashes += 1; i += 1 }
        let multi = i + 2 < bytes.count && bytes[i + 1] == UInt8(ascii: "\"") && bytes[i + 2] == UInt8(ascii: "\"")
        i += multi ? 3 : 1
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\\") {
                // An escape, or an interpolation: `\(`, or `\#(` in a raw string.
                var j = i + 1, h = 0
                while j < bytes.count, bytes[j] == UInt8(ascii: "#"), h < hashes { h += 1; j += 1 }
                if h == hashes, j < bytes.count, bytes[j] == UInt8(ascii: "(") { i = matchingClose(j) + 1; continue }
                i = j + 1
                continue
            }
            if c == UInt8(ascii: "\"") {
                let closes = multi ? (i + 2 < bytes.count && bytes[i + 1] == UInt8(ascii: "\"") && bytes[i + 2] == UInt8(ascii: "\"")) : true
                if closes {
                    var j = i + (multi ? 3 : 1), h = 0
                    while j < bytes.count, bytes[j] == UInt8(ascii: "#"), h < hashes { h += 1; j += 1 }
                    if h == hashes { return j }
                }
            }
            i += 1
        }
        return bytes.count
    }

    /// The index after the comment starting at `i`, or nil if none starts there.
    func endOfComment(_ i: Int) -> Int? {
        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "/") else { return nil }
        if bytes[i + 1] == UInt8(ascii: "/") {
            var j = i + 2
            while j < bytes.count, bytes[j] != 10 { j += 1 }
            return j
        }
        if bytes[i + 1] == UInt8(ascii: "*") {
            var j = i + 2, depth = 1
            while j + 1 < bytes.count, depth > 0 {
                if bytes[j] == UInt8(ascii: "/") && bytes[j + 1] == UInt8(ascii: "*") { depth += 1; j += 2 }
                else if bytes[j] == UInt8(ascii: "*") && bytes[j + 1] == UInt8(ascii: "/") { depth -= 1; j += 2 }
                else { j += 1 }
            }
            return j
        }
        return nil
    }

    /// Whether a string literal starts at `i` (a quote, or `#`s and a quote).
    func startsString(_ i: Int) -> Bool {
        var j = i
        while j < bytes.count, bytes[j] == UInt8(ascii: "#") { j += 1 }
        return j < bytes.count && bytes[j] == UInt8(ascii: "\"")
    }

    /// The index of the bracket closing the one at `open` (`(`, `[` or `{`), or the end.
    func matchingClose(_ open: Int) -> Int {
        var depth = 0, i = open
        while i < bytes.count {
            let c = bytes[i]
            if let end = endOfComment(i) { i = end; continue }
            if startsString(i) && (c == UInt8(ascii: "\"") || (i == 0 || !isIdentifier(bytes[i - 1]))) { i = endOfString(i); continue }
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { depth += 1 }
            if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return bytes.count
    }

    func isIdentifier(_ c: UInt8) -> Bool {
        (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 || c >= 0x80
    }

    /// The index of the first byte at or after `i` that is not white space or a comment.
    func skipTrivia(_ start: Int) -> Int {
        var i = start
        while i < bytes.count {
            if bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1; continue }
            if let end = endOfComment(i) { i = end; continue }
            break
        }
        return i
    }

    /// The statements of `range` at its own level: split at line ends and semicolons outside
    /// brackets, strings and comments. A line that continues an expression (the next one starts
    /// with `.` or an operator, or this one ends with one) stays with its statement.
    func statements(_ range: Range<Int>) -> [String] {
        var out: [String] = []
        var start = range.lowerBound, i = range.lowerBound
        func cut(_ end: Int) {
            let s = text(start..<end).trimmingWhitespace()
            if !s.isEmpty { out.append(s) }
        }
        while i < range.upperBound {
            let c = bytes[i]
            if let end = endOfComment(i) { i = min(end, range.upperBound); continue }
            if startsString(i) && (c == UInt8(ascii: "\"") || i == 0 || !isIdentifier(bytes[i - 1])) { i = min(endOfString(i), range.upperBound); continue }
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { i = min(matchingClose(i) + 1, range.upperBound); continue }
            if c == UInt8(ascii: ";") { cut(i); start = i + 1; i += 1; continue }
            if c == 10 {
                let next = skipTrivia(i + 1)
                let continues = next < range.upperBound && [UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "=")].contains(bytes[next])
                    && !(bytes[next] == UInt8(ascii: "=") && next + 1 < range.upperBound && bytes[next + 1] == UInt8(ascii: "="))
                var back = i - 1
                while back > start, bytes[back] == 32 || bytes[back] == 9 || bytes[back] == 13 { back -= 1 }
                let open = back >= start && [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: ","), UInt8(ascii: "&"), UInt8(ascii: "|")].contains(bytes[back])
                if !continues && !open { cut(i); start = i + 1 }
            }
            i += 1
        }
        cut(range.upperBound)
        return out
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}

/// `#Preview`, in each of its forms: `#Preview { … }`, `#Preview("Name") { … }`,
/// `#Preview("Name", traits: …) { … }`. It expands to a function with a fixed symbol,
/// `scanline_preview_<module>_<file>_<line>`, that returns the preview as an `AnyView`:
/// `scanline render` and `preview` call it by that name. `@Previewable` declarations at the top
/// of the body become the properties of a view that wraps the rest.
enum PreviewMacro {
    static func expand(_ source: String, discriminator: String, location: [String: Any]) throws -> String {
        let t = SourceText(source)
        guard let hash = source.utf8.firstIndex(of: UInt8(ascii: "#")) else { throw MacroError(message: "not a #Preview") }
        let hashAt = source.utf8.distance(from: source.utf8.startIndex, to: hash)
        // The location is where the macro's leading trivia starts: its line is the `#`'s less the
        // line breaks before it.
        var location = location
        location["line"] = (location["line"] as? Int ?? 0) + t.bytes[..<hashAt].filter { $0 == 10 }.count
        var i = hashAt + "#Preview".utf8.count
        i = t.skipTrivia(i)
        var arguments = ""
        if i < t.bytes.count, t.bytes[i] == UInt8(ascii: "(") {
            let close = t.matchingClose(i)
            arguments = t.text((i + 1)..<min(close, t.bytes.count))
            i = t.skipTrivia(close + 1)
        }
        let body: Range<Int>
        if i < t.bytes.count, t.bytes[i] == UInt8(ascii: "{") {
            body = (i + 1)..<t.matchingClose(i)
        } else if let r = arguments.range(of: "body:") {
            // `#Preview(body: { … })`: the closure after the label.
            let a = SourceText(arguments)
            let open = a.skipTrivia(arguments.utf8.distance(from: arguments.utf8.startIndex, to: r.upperBound.samePosition(in: arguments.utf8)!))
            guard open < a.bytes.count, a.bytes[open] == UInt8(ascii: "{") else { throw MacroError(message: "#Preview's body must be a closure") }
            return try expand(a, body: (open + 1)..<a.matchingClose(open), discriminator: discriminator, location: location)
        } else {
            throw MacroError(message: "#Preview needs a body: #Preview(\"Name\") { MyView() }")
        }
        return try expand(t, body: body, discriminator: discriminator, location: location)
    }

    static func expand(_ t: SourceText, body: Range<Int>, discriminator: String, location: [String: Any]) throws -> String {
        let symbol = symbolName(fileID: location["fileID"] as? String ?? "", fileName: location["fileName"] as? String ?? "",
                                line: location["line"] as? Int ?? 0)
        let unique = discriminator + "7previewfMu_"
        // In top-level code (main.swift) the compiler emits a function that an expansion declares
        // twice ("multiple definitions of symbol"): there the preview is a static method of a
        // type of its own, which compiles, and no render finds it.
        let fileName = location["fileName"] as? String ?? ""
        let topLevel = fileName == "main.swift" || fileName.hasSuffix("/main.swift")
        let name = topLevel ? "static " : "@_silgen_name(\"\(symbol)\") "
        let (open, close) = topLevel ? ("@MainActor struct \(unique) {\n", "\n}") : ("", "")
        let statements = t.statements(body)
        let properties = statements.filter { $0.hasPrefix("@Previewable") }
        let rest = statements.filter { !$0.hasPrefix("@Previewable") }
        if properties.isEmpty {
            return open + """
                @MainActor \(name)func \(unique)() -> SwiftUI.AnyView {
                    SwiftUI._previewContent {
                \(t.text(body))
                    }
                }
                """ + close
        }
        let fields = properties.map { "        " + String($0.dropFirst("@Previewable".count)).trimmingWhitespace() }.joined(separator: "\n")
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

    /// `scanline_preview_<module>_<file>_<line>`: the module from the file ID ("Module/File.swift"),
    /// the file's name without `.swift`, letters, digits and `_` kept (docs/MACROS.md).
    static func symbolName(fileID: String, fileName: String, line: Int) -> String {
        let module = fileID.split(separator: "/").first.map(String.init) ?? "main"
        var file = String((fileName.split(separator: "/").last ?? "file"))
        if file.hasSuffix(".swift") { file.removeLast(6) }
        func clean(_ s: String) -> String { String(s.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "_" }) }
        return "scanline_preview_\(clean(module))_\(clean(file))_\(line)"
    }
}

/// `@Entry var name: Type = value` in an extension of `EnvironmentValues` or `Transaction`: a key
/// type `__Key_name` whose default is `value` (nil for an optional without one), and the
/// property's getter and setter through it.
enum EntryMacro {
    static func expand(_ decl: String, role: String) throws -> String {
        let (name, type, value) = try parse(decl)
        let key = "__Key_\(name)"
        switch role {
        case "accessor":
            return "get {\n    self[\(key).self]\n}\nset {\n    self[\(key).self] = newValue\n}"
        case "peer":
            guard let type else { throw MacroError(message: "@Entry needs the property's type: @Entry var \(name): Type = value") }
            let initial: String
            if let value { initial = value } else if type.hasSuffix("?") { initial = "nil" } else {
                throw MacroError(message: "@Entry needs a default value: @Entry var \(name): \(type) = value")
            }
            return "private struct \(key): SwiftUI.EnvironmentKey, SwiftUI.TransactionKey {\n    static var defaultValue: \(type) { \(initial) }\n}"
        default:
            return ""
        }
    }

    /// The name, type and initial value of `var name: Type = value` (attributes and modifiers before it).
    static func parse(_ decl: String) throws -> (String, String?, String?) {
        let t = SourceText(decl)
        guard let varRange = decl.range(of: #"(^|[\s)])var\s"#, options: .regularExpression) else {
            throw MacroError(message: "@Entry goes on a `var`")
        }
        var i = t.skipTrivia(decl.utf8.distance(from: decl.utf8.startIndex, to: varRange.upperBound.samePosition(in: decl.utf8)!))
        let nameStart = i
        while i < t.bytes.count, t.isIdentifier(t.bytes[i]) || t.bytes[i] == UInt8(ascii: "`") { i += 1 }
        let name = t.text(nameStart..<i).replacingOccurrences(of: "`", with: "")
        guard !name.isEmpty else { throw MacroError(message: "@Entry needs a property name") }
        i = t.skipTrivia(i)
        var type: String? = nil, value: String? = nil
        if i < t.bytes.count, t.bytes[i] == UInt8(ascii: ":") {
            let start = i + 1
            var j = start
            while j < t.bytes.count, t.bytes[j] != UInt8(ascii: "=") && t.bytes[j] != UInt8(ascii: "{") {
                if t.bytes[j] == UInt8(ascii: "(") || t.bytes[j] == UInt8(ascii: "[") || t.bytes[j] == UInt8(ascii: "<") {
                    j = t.bytes[j] == UInt8(ascii: "<") ? (t.bytes[j...].firstIndex(of: UInt8(ascii: ">")) ?? j) + 1 : t.matchingClose(j) + 1
                    continue
                }
                j += 1
            }
            type = t.text(start..<min(j, t.bytes.count)).trimmingWhitespace()
            i = j
        }
        if i < t.bytes.count, t.bytes[i] == UInt8(ascii: "=") {
            value = t.text((i + 1)..<t.bytes.count).trimmingWhitespace()
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
            guard !properties.isEmpty else { return "nonisolated var animatableData: SwiftUI.EmptyAnimatableData {\n    get { SwiftUI.EmptyAnimatableData() }\n    set {}\n}" }
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
            return "nonisolated var animatableData: \(type(all)) {\n    get { \(get(all)) }\n    set {\n"
                + set(all, "newValue").map { "        " + $0 }.joined(separator: "\n") + "\n    }\n}"
        default:
            return ""
        }
    }

    /// The name after `struct` (or `class`, `enum`).
    static func typeName(_ decl: String) -> String? {
        guard let r = decl.range(of: #"\b(struct|class|enum|actor)\s+([A-Za-z_][A-Za-z0-9_]*)"#, options: .regularExpression) else { return nil }
        return decl[r].split(whereSeparator: \.isWhitespace).last.map(String.init)
    }

    /// The stored `var name: Type` members of the type's body, in order, without `@AnimatableIgnored`,
    /// `static` and computed ones.
    static func animatedProperties(_ decl: String) throws -> [(String, String)] {
        let t = SourceText(decl)
        guard let open = t.bytes.firstIndex(of: UInt8(ascii: "{")) else { return [] }
        var out: [(String, String)] = []
        for statement in t.statements((open + 1)..<t.matchingClose(open)) {
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
