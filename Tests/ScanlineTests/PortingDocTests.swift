import Foundation
import Testing
@testable import ScanlineCLI

/// Issue #27 point 6: every API docs/PORTING.md names as supported (its "Your own SwiftUI code"
/// part, up to the first "not there" of each bullet or paragraph) is a public symbol of the
/// modules a SwiftUI file gets on Linux: Scanline (which `import SwiftUI` re-exports) and the
/// stand-ins. The symbols come from the toolchain's `swift-symbolgraph-extract`, run on this
/// build's modules; a name the doc gives that none declares fails the test, with its line.
/// Issue #43 point 7: a modifier (a leading-dot name that `View` has) is checked among `View`'s
/// members with its labels, and `Type.member` among that type's, not by name alone.
@Suite(.spawnsProcesses) struct PortingDocTests {
    /// Names in the supported parts that are not Swift API of ours: Foundation's (Linux has the
    /// CG geometry types there), SwiftPM's, OpenType's and the like.
    static let notOurs: Set<String> = [
        // Foundation's (Linux has the CG geometry types there) and the standard library's.
        "CGFloat", "CGPoint", "CGSize", "CGRect", "insetBy", "union", "intersection", "midX", "contains", "Date", "sin",
        "Bundle", "Task", "sleep", "RawRepresentable", "CGBlendMode", "DispatchQueue", "asyncAfter", "ContinuousClock", "SuspendingClock", "Timer", "scheduledTimer",
        "RunLoop", "OperationQueue", "main", "perform", "DispatchSourceTimer", "timeIntervalSinceNow", "now", "systemUptime",
        // CoreFoundation's and the C library's clocks (docs/TIME.md).
        "CFAbsoluteTimeGetCurrent", "clock_gettime", "gettimeofday", "Hashable", "Equatable", "Sendable", "Never", "Void", "Double", "Int", "String",
        // Modules, file kinds and the toolchain's Observation.
        "SwiftUI", "Scanline", "simd", "CoreGraphics", "Combine", "QuartzCore", "Foundation", "Testing", "metal", "Observable", "Observation", "Animatable",
        // Swift keywords and attributes.
        "if", "switch", "willSet", "nonisolated", "async", "preconcurrency",
        // Words of other specifications: SwiftPM's resource rules, OpenType's tnum, SVG's saturate, MSL's half4.
        "process", "copy", "tnum", "saturate", "half4",
        // Parameter names and parts of expressions, not symbols.
        "symbols", "t", "double", "simd_", "minLength", "blendDuration", "maxSampleOffset", "3",
        // Apple's sample code's own types, which the guide says compile.
        "MyEqualWidthHStack", "MyRadialLayout", "Rank", "TextTransition", "AppearanceEffectRenderer", "EmphasisAttribute",
        // `#Preview` is read by `scanline render` from the source text, not declared.
        "Preview",
        // `_VariadicView`'s members and roots, which the symbol graph leaves out (SubviewsTests uses each).
        "Tree", "Children", "_VariadicView_UnaryViewRoot", "_VariadicView_MultiViewRoot",
    ]

    /// The public symbols of the modules, as `swift-symbolgraph-extract` writes them.
    struct SymbolGraph: Decodable {
        struct Symbol: Decodable {
            struct Names: Decodable { let title: String }
            let pathComponents: [String]
            let names: Names
        }
        let symbols: [Symbol]
    }

    /// What the modules declare: every symbol's title (and a nested one's last part too), and each
    /// type's members by the type's path (`View`, `Text.Layout`) with their titles.
    struct Symbols {
        var titles = Set<String>()
        var members: [String: Set<String>] = [:]

        /// The titles of the members of a type whose path is `owner` or ends with it (`Layout`
        /// finds `Text.Layout`'s).
        func members(of owner: String) -> Set<String> {
            members.reduce(into: Set<String>()) { all, entry in
                if entry.key == owner || entry.key.hasSuffix("." + owner) { all.formUnion(entry.value) }
            }
        }
    }

    static func symbols() throws -> Symbols {
        let built = Binary.url.deletingLastPathComponent()
        let kit = try PrebuiltScanline.load(built, currentToolchain: try PrebuiltScanline.currentToolchain(Self.tool("swiftc")))
        let out = makeTestFolder("scanline-symbols")
        defer { try? FileManager.default.removeItem(at: out) }
        var args = ["-target", "x86_64-unknown-linux-gnu", "-I", kit.modules.path, "-minimum-access-level", "public",
                    "-module-cache-path", out.appendingPathComponent("cache").path, "-output-dir", out.path]
        for map in kit.moduleMaps { args += ["-Xcc", "-fmodule-map-file=" + map.path] }
        for flag in try PrebuiltScanline.cFlags() { args += ["-Xcc", flag] }
        var symbols = Symbols()
        for module in ["Scanline", "ScanlineCore", "ScanlineExport", "ScanlineBlocks", "CoreGraphics", "simd", "Combine", "QuartzCore"] {
            let (code, text) = try runTool(Self.tool("swift-symbolgraph-extract"), ["-module-name", module] + args)
            #expect(code == 0, "symbols of \(module): \(text.suffix(2000))")
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: out.path) where file.hasSuffix(".symbols.json") {
            let graph = try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: out.appendingPathComponent(file)))
            for symbol in graph.symbols {
                let title = symbol.names.title
                symbols.titles.insert(title)
                // A nested member's title is qualified (`Image.ResizingMode.stretch`); the doc
                // may name it by its last part.
                let head = title.split(separator: "(", maxSplits: 1).first.map(String.init) ?? title
                if let dot = head.lastIndex(of: ".") { symbols.titles.insert(String(title[title.index(after: dot)...])) }
                if symbol.pathComponents.count >= 2, let own = symbol.pathComponents.last {
                    symbols.members[symbol.pathComponents.dropLast().joined(separator: "."), default: []].insert(own)
                }
            }
        }
        return symbols
    }

    static func tool(_ name: String) -> URL {
        let path = ((ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(name)" } + ["/opt/swift/usr/bin/\(name)"])
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/opt/swift/usr/bin/\(name)"
        return URL(fileURLWithPath: path)
    }

    /// The API names of the supported parts, with their lines: each backticked name or call
    /// (`.mask(alignment:_:)`, `CGPath(rect:transform:)`, `@StateObject`, `Type.member`).
    static func claimedNames() throws -> [(name: String, line: Int)] {
        let doc = try String(contentsOf: SharedPackageBuild.checkout.appendingPathComponent("docs/PORTING.md"), encoding: .utf8)
        let lines = doc.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("## Your own SwiftUI code") }) else { return [] }
        // Bullets and paragraphs, each with the line it starts on.
        var blocks: [(text: String, line: Int)] = []
        for (n, line) in lines.enumerated().dropFirst(start) {
            if line.hasPrefix("- ") || line.hasPrefix("#") || blocks.isEmpty || line.trimmingCharacters(in: .whitespaces).isEmpty
                || (blocks.last?.text.isEmpty ?? true) {
                blocks.append((line, n + 1))
            } else {
                blocks[blocks.count - 1].text += "\n" + line
            }
        }
        var names: [(String, Int)] = []
        for block in blocks {
            // Claims end at "Not there" (what follows lists what is absent); a sentence that says
            // something is absent, not there or differs claims nothing.
            var text = block.text
            if let r = text.range(of: "Not there") { text = String(text[..<r.lowerBound]) }
            if text.hasPrefix("What still differs") { continue }
            for sentence in text.components(separatedBy: ". ") {
                let lower = sentence.lowercased()
                if ["absent", "not there", "not honoured", "does not compile", "is not", "are not"].contains(where: lower.contains) { continue }
                var rest = Substring(sentence)
                while let open = rest.firstIndex(of: "`") {
                    let after = rest[rest.index(after: open)...]
                    guard let close = after.firstIndex(of: "`") else { break }
                    // The line of the name: the block's first line plus the line breaks before it.
                    let offset = block.text.range(of: String(rest[..<close]))?.lowerBound
                    let line = block.line + (offset.map { block.text[..<$0].filter { $0 == "\n" }.count } ?? 0)
                    names.append((String(after[..<close]), line))
                    rest = after[after.index(after: close)...]
                }
            }
        }
        return names
    }

    /// What a doc name needs: a symbol's name, and for a call its argument labels (a call may
    /// leave out defaulted arguments, so the labels need only appear in order); nil when the name
    /// is not an API name at all (a snippet, a parameter label).
    static func required(_ raw: String) -> (name: String, labels: [String]?)? {
        var s = raw
        if s.hasPrefix(".") || s.hasPrefix("@") || s.hasPrefix("#") { s.removeFirst() }
        for module in ["SwiftUI.", "Scanline.", "Combine.", "CoreGraphics.", "QuartzCore."] where s.hasPrefix(module) { s.removeFirst(module.count) }
        // A file's name (`Device.swift`) is no API name.
        if [".swift", ".md", ".metal", ".png"].contains(where: s.hasSuffix) { return nil }
        guard let first = s.first, first.isLetter || first == "_", !s.hasSuffix(":"),
              s.allSatisfy({ $0.isLetter || $0.isNumber || "_.:()".contains($0) }) else { return nil }
        guard let paren = s.firstIndex(of: "(") else { return (s.split(separator: ".").last.map(String.init) ?? s, nil) }
        let base = String(s[..<paren]), inside = s[s.index(after: paren)...].dropLast()
        guard s.hasSuffix(")") else { return nil }
        let name = base.split(separator: ".").last.map(String.init) ?? base
        // `f(a:b:)` names its labels; `f(x)` or `f(.x)` is a call with a value: the name only.
        let labels = inside.isEmpty ? [] : inside.hasSuffix(":") ? inside.split(separator: ":").map(String.init) : nil
        return (name.first?.isUppercase == true && labels != nil ? "init" : name, labels)
    }

    /// Whether `labels` appear in order among the labels of `title` (`f(a:b:c:)`).
    static func matches(_ title: String, name: String, labels: [String]) -> Bool {
        guard title.hasPrefix(name + "("), title.hasSuffix(")") else { return false }
        let own = title.dropFirst(name.count + 1).dropLast().split(separator: ":").map(String.init)
        var i = 0
        for label in own where i < labels.count && label == labels[i] { i += 1 }
        return i == labels.count
    }

    /// The test names the guide cites (`SmallAPITests`, `aFileThatImportsCombineRenders`), which
    /// must name a suite or test of this package.
    static func isATestOfOurs(_ name: String) throws -> Bool {
        let tests = SharedPackageBuild.checkout.appendingPathComponent("Tests")
        guard let files = FileManager.default.enumerator(atPath: tests.path) else { return false }
        for case let file as String in files where file.hasSuffix(".swift") && !file.contains("Fixtures/") {
            let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
            if text.contains("struct \(name) ") || text.contains("func \(name)(") { return true }
        }
        return false
    }

    /// Whether `title` (`f(a:b:)`, `f`) is named `name` and, when `labels` are given, has them.
    static func fits(_ title: String, name: String, labels: [String]?) -> Bool {
        guard let labels else { return (title.split(separator: "(").first.map(String.init) ?? title) == name }
        return matches(title, name: name, labels: labels)
    }

    /// Where the doc says which type a name belongs to, the name is looked for among that type's
    /// members: a leading-dot name that `View` has (a modifier: `.mask(alignment:_:)`) must be one
    /// of `View`'s with those labels, not another type's of the same name; `Type.member` must be
    /// a member of `Type`. Nil: the doc does not say (the name is checked among all symbols).
    static func owned(_ raw: String, _ need: (name: String, labels: [String]?), in symbols: Symbols) -> Bool? {
        var s = raw
        for module in ["SwiftUI.", "Scanline.", "Combine.", "CoreGraphics.", "QuartzCore."] where s.hasPrefix(module) { s.removeFirst(module.count) }
        if s.hasPrefix(".") {
            guard need.name.first?.isLowercase == true else { return nil }
            let view = symbols.members(of: "View")
            guard view.contains(where: { fits($0, name: need.name, labels: nil) }) else { return nil }
            return view.contains { fits($0, name: need.name, labels: need.labels) }
        }
        let path = (s.split(separator: "(").first.map(String.init) ?? s).split(separator: ".").map(String.init)
        guard path.count >= 2, path[0].first?.isUppercase == true, need.name != "init" else { return nil }
        let owner = path.dropLast().joined(separator: ".")
        guard !notOurs.contains(path[0]) else { return nil }
        return symbols.members(of: owner).contains { fits($0, name: need.name, labels: need.labels) }
    }

    @Test func everyAPIThePortingGuideCallsSupportedExists() throws {
        let symbols = try Self.symbols()
        let titles = symbols.titles
        #expect(titles.count > 1000, "\(titles.count) symbols read")
        #expect(symbols.members(of: "View").count > 150, "\(symbols.members(of: "View").count) members of View read")
        let baseNames = Set(titles.map { $0.split(separator: "(").first.map(String.init) ?? $0 })
        var missing: [String] = []
        var checked = 0
        for (name, line) in try Self.claimedNames() {
            guard let need = Self.required(name), !Self.notOurs.contains(need.name) else { continue }
            checked += 1
            let found: Bool
            if let owned = Self.owned(name, need, in: symbols) {
                found = owned
            } else if need.name.hasSuffix("Tests") || (need.labels == nil && need.name.first?.isLowercase == true && !baseNames.contains(need.name)) {
                let ours = try Self.isATestOfOurs(need.name)
                found = baseNames.contains(need.name) || ours
            } else if let labels = need.labels, need.name == "init" {
                let type = (name.split(separator: "(").first.map(String.init) ?? name).split(separator: ".").last.map(String.init) ?? ""
                found = (baseNames.contains(type) || Self.notOurs.contains(type)) && titles.contains { Self.matches($0, name: "init", labels: labels) }
            } else if let labels = need.labels {
                found = titles.contains { Self.matches($0, name: need.name, labels: labels) }
            } else {
                found = baseNames.contains(need.name)
            }
            if !found { missing.append("docs/PORTING.md:\(line): `\(name)`") }
        }
        #expect(checked > 300, "\(checked) names checked")
        #expect(missing.isEmpty, "\(missing.count) names the guide calls supported are not there:\n\(missing.joined(separator: "\n"))")
    }
}
