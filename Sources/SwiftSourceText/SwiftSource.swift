import Foundation

/// Reads the parts of Swift source that `scanline render FILE.swift` and the macro plugin need
/// without a Swift parser (swift-syntax cannot be fetched here): where `#Preview` macros are, with
/// their bodies, which types declare `View` conformance, matching brackets and top-level
/// statements. It scans the text once, skipping comments (nested
/// `/* */` too), string literals (with escapes, `\( … )` interpolations that nest, multi-line
/// `"""` and raw `#"…"#` strings) and character-level noise, so that a brace or a `#Preview` inside
/// a string or a comment is never taken for code.
package struct SwiftSource {
    /// One `#Preview { … }` (or `#Preview("name", traits: …) { … }`).
    package struct Preview: Equatable {
        /// The first argument when it is a string literal (`#Preview("Dark")`), else nil.
        package var name: String?
        /// The text of the `traits:` argument (`.fixedLayout(width: 200, height: 100)`, or several
        /// separated by commas), else nil.
        package var traits: String? = nil
        /// The text between the body closure's braces (the trailing closure, or `body: { … }`).
        package var body: String
        /// The whole macro use, `#Preview` to the closing brace (UTF-8 offsets).
        package var range: Range<Int>
        /// The 1-based line the macro starts on.
        package var line: Int
        /// The 1-based line of the body's opening brace, where `body` starts.
        package var bodyLine: Int? = nil
        package init(name: String?, traits: String? = nil, body: String, range: Range<Int>, line: Int, bodyLine: Int? = nil) {
            self.name = name; self.traits = traits; self.body = body; self.range = range; self.line = line; self.bodyLine = bodyLine
        }
    }
    package enum ScanError: Error, CustomStringConvertible, Equatable {
        case unbalanced(line: Int, what: String)
        package var description: String {
            switch self {
            case .unbalanced(let line, let what): return "line \(line): \(what)"
            }
        }
    }

    package let text: [UInt8]
    package init(_ string: String) { text = Array(string.utf8) }

    /// Bytes that are code (not comment or string), by offset.
    private func codeMask() throws -> [Bool] {
        var code = [Bool](repeating: true, count: text.count)
        var i = 0
        var line = 1
        let n = text.count
        func at(_ k: Int) -> UInt8 { k < n ? text[k] : 0 }
        // Strings and interpolations nest: a stack of what is open.
        enum Open { case string(hashes: Int, multiline: Bool), interpolation(depth: Int) }
        var stack: [Open] = []
        while i < n {
            let c = text[i]
            if c == UInt8(ascii: "\n") { line += 1 }
            if case .string(let hashes, let multiline)? = stack.last {
                code[i] = false
                if c == UInt8(ascii: "\\") {
                    // An escape needs as many # after the backslash as the string has.
                    var k = i + 1, h = 0
                    while h < hashes, at(k) == UInt8(ascii: "#") { k += 1; h += 1 }
                    if h == hashes {
                        if at(k) == UInt8(ascii: "(") {
                            for j in i...k { code[j] = false }
                            stack.append(.interpolation(depth: 0))
                            i = k + 1
                            continue
                        }
                        for j in i...min(k, n - 1) { code[j] = false }
                        if at(k) == UInt8(ascii: "\n") { line += 1 }
                        i = k + 1
                        continue
                    }
                }
                if c == UInt8(ascii: "\"") {
                    let quotes = multiline ? 3 : 1
                    var k = i, q = 0
                    while q < quotes, at(k) == UInt8(ascii: "\"") { k += 1; q += 1 }
                    var h = 0
                    while h < hashes, at(k) == UInt8(ascii: "#") { k += 1; h += 1 }
                    if q == quotes && h == hashes {
                        for j in i..<k { code[j] = false }
                        stack.removeLast()
                        i = k
                        continue
                    }
                }
                if !multiline && c == UInt8(ascii: "\n") {
                    throw ScanError.unbalanced(line: line - 1, what: "a string literal is not closed on its line")
                }
                i += 1
                continue
            }
            // In code (top level or inside an interpolation).
            if c == UInt8(ascii: "/") && at(i + 1) == UInt8(ascii: "/") {
                while i < n && text[i] != UInt8(ascii: "\n") { code[i] = false; i += 1 }
                continue
            }
            if c == UInt8(ascii: "/") && at(i + 1) == UInt8(ascii: "*") {
                let start = line
                var depth = 0
                repeat {
                    if text[i] == UInt8(ascii: "/") && at(i + 1) == UInt8(ascii: "*") { depth += 1; code[i] = false; code[i + 1] = false; i += 2; continue }
                    if text[i] == UInt8(ascii: "*") && at(i + 1) == UInt8(ascii: "/") { depth -= 1; code[i] = false; code[i + 1] = false; i += 2; continue }
                    if text[i] == UInt8(ascii: "\n") { line += 1 }
                    code[i] = false
                    i += 1
                } while depth > 0 && i < n
                if depth > 0 { throw ScanError.unbalanced(line: start, what: "a /* comment is not closed") }
                continue
            }
            // A string opens: optional #s, then " or """.
            var k = i, hashes = 0
            while at(k) == UInt8(ascii: "#") { k += 1; hashes += 1 }
            // (`#` then a quote opens a raw string; `#Preview`, a # then a letter, does not.)
            if at(k) == UInt8(ascii: "\"") {
                let multiline = at(k + 1) == UInt8(ascii: "\"") && at(k + 2) == UInt8(ascii: "\"")
                let end = k + (multiline ? 3 : 1)
                for j in i..<end { code[j] = false }
                stack.append(.string(hashes: hashes, multiline: multiline))
                i = end
                continue
            }
            if case .interpolation(let depth)? = stack.last {
                if c == UInt8(ascii: "(") { stack[stack.count - 1] = .interpolation(depth: depth + 1) }
                if c == UInt8(ascii: ")") {
                    if depth == 0 { code[i] = false; stack.removeLast(); i += 1; continue }
                    stack[stack.count - 1] = .interpolation(depth: depth - 1)
                }
            }
            i += 1
        }
        if let open = stack.last {
            if case .string = open { throw ScanError.unbalanced(line: line, what: "a string literal is not closed") }
            throw ScanError.unbalanced(line: line, what: "an interpolation \\( is not closed")
        }
        return code
    }

    private func lineOf(_ offset: Int) -> Int { 1 + text[..<offset].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } }
    private func string(_ r: Range<Int>) -> String { String(decoding: text[r], as: UTF8.self) }
    private static func isIdentifier(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_") || c >= 0x80
    }

    /// The offset just past the bracket matching the one at `open` (code only).
    private func matching(_ open: Int, _ code: [Bool]) throws -> Int {
        let o = text[open], close: UInt8 = o == UInt8(ascii: "{") ? UInt8(ascii: "}") : o == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "]")
        var depth = 0
        var i = open
        while i < text.count {
            if code[i] {
                if text[i] == o { depth += 1 }
                if text[i] == close { depth -= 1; if depth == 0 { return i + 1 } }
            }
            i += 1
        }
        throw ScanError.unbalanced(line: lineOf(open), what: "'\(Character(UnicodeScalar(o)))' is never closed")
    }

    /// Every `#Preview` in the file, in order.
    package func previews() throws -> [Preview] {
        let code = try codeMask()
        let word = Array("#Preview".utf8)
        var out: [Preview] = []
        var i = 0
        while i + word.count <= text.count {
            guard code[i], text[i] == word[0], Array(text[i..<(i + word.count)]) == word,
                  i + word.count == text.count || !SwiftSource.isIdentifier(text[i + word.count]),
                  i == 0 || !SwiftSource.isIdentifier(text[i - 1]) else { i += 1; continue }
            var k = i + word.count
            func skipSpace() { while k < text.count, !code[k] || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(text[k]) { k += 1 } }
            skipSpace()
            var name: String?, traits: String?
            if k < text.count, text[k] == UInt8(ascii: "(") {
                let end = try matching(k, code)
                // A name is a string literal right after the parenthesis.
                var s = k + 1
                while s < end, text[s] == UInt8(ascii: " ") { s += 1 }
                if s < end, text[s] == UInt8(ascii: "\""), !code[s] {
                    var e = s + 1
                    while e < end, !(text[e] == UInt8(ascii: "\"") && text[e - 1] != UInt8(ascii: "\\")) { e += 1 }
                    name = string((s + 1)..<e)
                }
                // `traits:` as code (not in a string), to the closing parenthesis.
                let label = Array("traits".utf8)
                var t = k + 1
                while t + label.count < end {
                    if code[t], Array(text[t..<(t + label.count)]) == label, !SwiftSource.isIdentifier(text[t - 1]) {
                        var c = t + label.count
                        while c < end, text[c] == UInt8(ascii: " ") { c += 1 }
                        if c < end, text[c] == UInt8(ascii: ":") {
                            traits = string((c + 1)..<(end - 1)).trimmingCharacters(in: .whitespacesAndNewlines)
                            break
                        }
                    }
                    t += 1
                }
                // `#Preview(body: { … })`: the closure after the label.
                if let open = labelled("body", in: (k + 1)..<end, code), text[open] == UInt8(ascii: "{") {
                    let close = try matching(open, code)
                    out.append(Preview(name: name, traits: traits, body: string((open + 1)..<(close - 1)), range: i..<end, line: lineOf(i), bodyLine: lineOf(open)))
                    i = end
                    continue
                }
                k = end
                skipSpace()
            }
            guard k < text.count, text[k] == UInt8(ascii: "{") else {
                throw ScanError.unbalanced(line: lineOf(i), what: "#Preview has no { … } body")
            }
            let end = try matching(k, code)
            out.append(Preview(name: name, traits: traits, body: string((k + 1)..<(end - 1)), range: i..<end, line: lineOf(i), bodyLine: lineOf(k)))
            i = end
        }
        return out
    }

    /// Where the value after `label:` starts in `range` (code only, the label a whole word), or nil.
    private func labelled(_ label: String, in range: Range<Int>, _ code: [Bool]) -> Int? {
        let word = Array(label.utf8)
        var t = range.lowerBound
        while t + word.count < range.upperBound {
            if code[t], Array(text[t..<(t + word.count)]) == word, !SwiftSource.isIdentifier(text[t - 1]) {
                var c = t + word.count
                while c < range.upperBound, text[c] == UInt8(ascii: " ") { c += 1 }
                if c < range.upperBound, text[c] == UInt8(ascii: ":") {
                    c += 1
                    while c < range.upperBound, [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t")].contains(text[c]) { c += 1 }
                    return c < range.upperBound ? c : nil
                }
            }
            t += 1
        }
        return nil
    }

    /// The offset just past the bracket matching the one at `open`.
    package func closing(_ open: Int) throws -> Int { try matching(open, try codeMask()) }

    /// The statements of the text (or of `range`) at its own level: split at line ends and
    /// semicolons outside brackets, strings and comments. A line that ends with an operator or a
    /// comma, or whose next line starts with `.`, `+`, `*`, `?`, `:` or `=` (not `==`), continues
    /// its statement. Comments are dropped from the ends of a statement.
    package func statements(_ range: Range<Int>? = nil) throws -> [String] {
        let code = try codeMask()
        let range = range ?? 0..<text.count
        var out: [String] = []
        var start = range.lowerBound, i = range.lowerBound
        func isSpace(_ c: UInt8) -> Bool { c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r") }
        func cut(_ end: Int) {
            // Comments alone make no statement.
            guard (start..<end).contains(where: { code[$0] && !isSpace(text[$0]) && text[$0] != UInt8(ascii: "\n") }) else { return }
            out.append(String(decoding: text[start..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        while i < range.upperBound {
            let c = text[i]
            if code[i], c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                i = min(try matching(i, code), range.upperBound)
                continue
            }
            if code[i], c == UInt8(ascii: ";") { cut(i); start = i + 1; i += 1; continue }
            if c == UInt8(ascii: "\n") && code[i] {
                var next = i + 1
                while next < range.upperBound, isSpace(text[next]) || text[next] == UInt8(ascii: "\n") { next += 1 }
                let continues = next < range.upperBound && code[next]
                    && [UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "=")].contains(text[next])
                    && !(text[next] == UInt8(ascii: "=") && next + 1 < range.upperBound && text[next + 1] == UInt8(ascii: "="))
                var back = i - 1
                // Back over spaces and comments (a string's closing quote ends the line's code).
                while back > start, isSpace(text[back]) || (!code[back] && text[back] != UInt8(ascii: "\"") && text[back] != UInt8(ascii: "#")) { back -= 1 }
                let open = back >= start && code[back]
                    && [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: ","), UInt8(ascii: "&"), UInt8(ascii: "|")].contains(text[back])
                if !continues && !open { cut(i); start = i + 1 }
            }
            i += 1
        }
        cut(range.upperBound)
        return out
    }

    /// The names of the types the file declares as `View`s (`struct Glow: View`, `: SwiftUI.View`,
    /// `: View, Animatable`, or `extension Glow: View`).
    package func viewTypes() throws -> [String] { try types(conformingTo: "View") }

    /// The types that declare `PreviewProvider` conformance (the previews before `#Preview`).
    package func previewProviders() throws -> [String] { try types(conformingTo: "PreviewProvider") }

    /// The types (or extensions) whose declaration lists `proto` (or `SwiftUI.proto`) among its
    /// conformances, in order, outside comments and strings.
    func types(conformingTo proto: String) throws -> [String] {
        let code = try codeMask()
        var masked = text
        for i in masked.indices where !code[i] { masked[i] = UInt8(ascii: " ") }
        let source = String(decoding: masked, as: UTF8.self)
        var names: [String] = []
        let pattern = #/(?:struct|final\s+class|class|enum|extension)\s+([A-Za-z_][A-Za-z0-9_]*)\s*(?:<[^>{]*>)?\s*:\s*([^{]*)\{/#
        for m in source.matches(of: pattern) {
            let conformances = m.output.2.split(separator: ",").map { $0.split(separator: " ").first.map(String.init) ?? "" }
            let clean = conformances.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            if clean.contains(proto) || clean.contains("SwiftUI." + proto) {
                let n = String(m.output.1)
                if !names.contains(n) { names.append(n) }
            }
        }
        return names
    }

    /// The symbol of the function a `#Preview` expands to (`ScanlineMacros`' `PreviewMacro`),
    /// by which `scanline render` calls it: `scanline_preview_<module>_<file>_<line>`, `file` the
    /// file's name without `.swift`, every character but ASCII letters and digits made `_`, and
    /// `line` the 1-based line of the `#` (docs/MACROS.md).
    package static func previewSymbol(module: String, file: String, line: Int) -> String {
        var name = file
        if name.hasSuffix(".swift") { name.removeLast(6) }
        func clean(_ s: String) -> String {
            String(s.unicodeScalars.map { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) ? Character($0) : "_" })
        }
        return "scanline_preview_\(clean(module))_\(clean(name))_\(line)"
    }

}
