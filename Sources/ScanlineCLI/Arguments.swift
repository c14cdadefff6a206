import Scanline

/// A usage mistake: exit code 2, with the command's help pointed at.
public struct UsageError: Error, CustomStringConvertible, Equatable {
    /// The message, printed after "scanline <command>: ".
    public let message: String
    /// A usage error saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// One option a command accepts. `value` names the argument it takes (nil for a flag).
public struct OptionSpec: Sendable {
    /// The option's spellings, long first: `["--output", "-o"]`.
    public let names: [String]
    /// The value's placeholder in help (`FILE`), or nil for a flag.
    public let value: String?
    /// One line of help.
    public let help: String
    /// An option with its spellings, value placeholder and help.
    public init(_ names: [String], value: String? = nil, help: String) {
        self.names = names; self.value = value; self.help = help
    }
}

/// The parsed command line of one command: its positional arguments and its options' values.
/// All argument parsing in the CLI goes through here.
public struct Arguments: Equatable {
    /// Arguments that are not options, in order.
    public var positionals: [String] = []
    var values: [String: String] = [:]
    /// Every value of each option, in order, for options that may be repeated (`--arg a=1 --arg b=2`).
    var repeated: [String: [String]] = [:]
    var flags: Set<String> = []
    /// The arguments as given.
    public private(set) var raw: [String] = []

    /// Parses `argv` (without the command name) against `specs`. `--name=value` and `--name value`
    /// both work; `--` ends options.
    public init(_ argv: [String], specs: [OptionSpec]) throws {
        raw = argv
        var i = 0
        var onlyPositionals = false
        func spec(for name: String) -> OptionSpec? { specs.first { $0.names.contains(name) } }
        while i < argv.count {
            let arg = argv[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("-") || arg == "-" || Double(arg) != nil {
                positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            var name = arg, inline: String? = nil
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                name = String(arg[..<eq]); inline = String(arg[arg.index(after: eq)...])
            }
            guard let s = spec(for: name) else {
                let known = specs.flatMap(\.names).filter { $0.hasPrefix("--") }
                let close = known.first { $0.hasPrefix(name) || name.hasPrefix($0) }
                throw UsageError("unknown option '\(name)'" + (close.map { " (did you mean \($0)?)" } ?? ""))
            }
            let key = s.names[0]
            if s.value == nil {
                if inline != nil { throw UsageError("\(name) takes no value") }
                flags.insert(key)
            } else if let inline {
                values[key] = inline
                repeated[key, default: []].append(inline)
            } else {
                guard i < argv.count else { throw UsageError("\(name) needs a value (\(s.value!))") }
                values[key] = argv[i]
                repeated[key, default: []].append(argv[i])
                i += 1
            }
        }
    }

    /// True when the flag was given.
    public func has(_ flag: String) -> Bool { flags.contains(flag) }
    /// The value given for option `name`, as typed (the last one, if it was given more than once).
    public func string(_ name: String) -> String? { values[name] }
    /// Every value given for option `name`, in order.
    public func strings(_ name: String) -> [String] { repeated[name] ?? [] }

    /// A number option: must parse and be finite; `range` bounds it when given.
    public func double(_ name: String, in range: ClosedRange<Double>? = nil) throws -> Double? {
        guard let text = values[name] else { return nil }
        guard let v = DecimalText.double(text) else { throw UsageError("\(name) expects a number, written in decimal (2.5, 1e3), got '\(text)'") }
        if let range, !range.contains(v) {
            throw UsageError("\(name) must be between \(Self.format(range.lowerBound)) and \(Self.format(range.upperBound)), got \(text)")
        }
        return v
    }

    /// A whole-number option within `range`; anything else is a usage error.
    public func int(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = values[name] else { return nil }
        guard let v = Int(text), range.contains(v) else {
            throw UsageError("\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return v
    }

    /// One of a fixed set of names (case-insensitive).
    public func choice<T>(_ name: String, _ options: [(String, T)]) throws -> T? {
        guard let text = values[name] else { return nil }
        if let hit = options.first(where: { $0.0.lowercased() == text.lowercased() }) { return hit.1 }
        throw UsageError("\(name) must be one of \(options.map(\.0).joined(separator: ", ")), got '\(text)'")
    }

    static func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }

    /// The options as parsed, in a canonical order (each option by its first name, in name order,
    /// with every value it was given; then the flags), leaving out `dropping`, then `--` and the
    /// positionals: parsed again, they give the same arguments, however the command line wrote
    /// them (`--fps=10` or `--fps 10`, `-o` or `--output`, in any order).
    func canonicalWords(dropping: Set<String> = []) -> (options: [String], positionals: [String]) {
        var words: [String] = []
        for key in repeated.keys.sorted() where !dropping.contains(key) {
            for v in repeated[key] ?? [] { words += [key, v] }
        }
        words += flags.sorted().filter { !dropping.contains($0) }
        return (words, positionals)
    }

    /// Every value the command line gives, positionals and options' values, but those of
    /// `dropping`, in canonical order (the files a command may read are among them).
    func givenValues(dropping: Set<String> = []) -> [String] {
        positionals + repeated.keys.sorted().filter { !dropping.contains($0) }.flatMap { repeated[$0] ?? [] }
    }
}
