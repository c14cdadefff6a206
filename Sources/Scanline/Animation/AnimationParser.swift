extension Animation {
    /// What `parse` accepts, for error messages and `scanline curve --help`.
    public static let grammar = """
        linear | easeIn | easeOut | easeInOut [(duration: S)], timingCurve(x1, y1, x2, y2[, duration: S]), \
        spring[(response: R, dampingFraction: Z[, blendDuration: S]) | (duration: S, bounce: B)], \
        smooth | snappy | bouncy [(duration: S, extraBounce: B)], interactiveSpring(…), default, \
        interpolatingSpring(mass: M, stiffness: K, damping: C[, initialVelocity: V]); \
        then any of .delay(S) .speed(X) .repeatCount(N[, autoreverses: true|false]) .repeatForever([autoreverses: …])
        """

    /// Parses SwiftUI's spelling of an animation, e.g. `spring(response: 0.55, dampingFraction: 0.9).delay(0.15)`
    /// or `.linear(duration: 1.6).repeatForever(autoreverses: false)`.
    public static func parse(_ text: String) throws -> Animation {
        var p = AnimationParser(text: text)
        return try p.parse()
    }
}

/// A small recursive-descent parser for `Animation.parse`.
struct AnimationParser {
    let text: String
    var chars: [Character]
    var i = 0
    init(text: String) { self.text = text; chars = Array(text) }

    func fail(_ why: String) -> ScanlineError {
        .invalidArgument(name: "animation", value: text, reason: "\(why). Accepted: \(Animation.grammar)")
    }

    mutating func skipSpace() { while i < chars.count, chars[i].isWhitespace { i += 1 } }
    mutating func eat(_ c: Character) -> Bool {
        skipSpace()
        if i < chars.count, chars[i] == c { i += 1; return true }
        return false
    }
    mutating func identifier() -> String {
        skipSpace()
        var s = ""
        while i < chars.count, chars[i].isLetter || chars[i].isNumber { s.append(chars[i]); i += 1 }
        return s
    }

    enum Value { case number(Double), bool(Bool) }

    /// `(label: value, value, …)`, or nothing when there are no parentheses.
    mutating func arguments() throws -> [(label: String?, value: Value)] {
        guard eat("(") else { return [] }
        var args: [(String?, Value)] = []
        if eat(")") { return [] }
        repeat {
            skipSpace()
            let save = i
            var label: String? = identifier()
            if label!.isEmpty || !eat(":") { i = save; label = nil }
            skipSpace()
            var token = ""
            while i < chars.count, !",)".contains(chars[i]) { token.append(chars[i]); i += 1 }
            token = token.trimmingCharacters(in: .whitespaces)
            if token == "true" || token == "false" { args.append((label, .bool(token == "true"))) }
            else if let v = Double(token), v.isFinite { args.append((label, .number(v))) }
            else { throw fail("'\(token)' is not a number") }
        } while eat(",")
        guard eat(")") else { throw fail("missing ')'") }
        return args
    }

    func number(_ args: [(label: String?, value: Value)], _ label: String?, at index: Int, default d: Double? = nil) throws -> Double {
        let hit = label.flatMap { l in args.first { $0.label == l } } ?? (index < args.count && args[index].label == nil ? args[index] : nil)
        if let hit { if case .number(let v) = hit.value { return v }; throw fail("\(label ?? "argument") must be a number") }
        if let d { return d }
        throw fail("missing \(label ?? "argument \(index + 1)")")
    }
    func bool(_ args: [(label: String?, value: Value)], _ label: String, default d: Bool) throws -> Bool {
        guard let hit = args.first(where: { $0.label == label }) else { return d }
        if case .bool(let b) = hit.value { return b }
        throw fail("\(label) must be true or false")
    }
    func check(_ args: [(label: String?, value: Value)], allowed: [String?]) throws {
        for a in args where !allowed.contains(a.label) { throw fail("unexpected argument '\(a.label ?? "unlabelled")'") }
    }

    mutating func parse() throws -> Animation {
        _ = eat(".")
        let name = identifier()
        let args = try arguments()
        var animation: Animation
        switch name {
        case "linear", "easeIn", "easeOut", "easeInOut":
            try check(args, allowed: ["duration", nil])
            let d = try number(args, "duration", at: 0, default: 0.35)
            animation = ["linear": Animation.linear(duration: d), "easeIn": .easeIn(duration: d),
                         "easeOut": .easeOut(duration: d), "easeInOut": .easeInOut(duration: d)][name]!
        case "timingCurve":
            try check(args, allowed: [nil, "duration"])
            animation = .timingCurve(try number(args, nil, at: 0), try number(args, nil, at: 1), try number(args, nil, at: 2),
                                     try number(args, nil, at: 3), duration: try number(args, "duration", at: 4, default: 0.35))
        case "default": animation = .default
        case "spring", "interactiveSpring":
            if args.contains(where: { $0.label == "duration" || $0.label == "bounce" }) {
                try check(args, allowed: ["duration", "bounce", "blendDuration"])
                animation = .spring(duration: try number(args, "duration", at: 9, default: 0.5), bounce: try number(args, "bounce", at: 9, default: 0),
                                    blendDuration: try number(args, "blendDuration", at: 9, default: 0))
            } else if args.isEmpty && name == "spring" {
                animation = .spring
            } else {
                try check(args, allowed: ["response", "dampingFraction", "blendDuration"])
                let interactive = name == "interactiveSpring"
                animation = .spring(response: try number(args, "response", at: 9, default: interactive ? 0.15 : 0.5),
                                    dampingFraction: try number(args, "dampingFraction", at: 9, default: interactive ? 0.86 : 0.825),
                                    blendDuration: try number(args, "blendDuration", at: 9, default: interactive ? 0.25 : 0))
            }
        case "smooth", "snappy", "bouncy":
            try check(args, allowed: ["duration", "extraBounce"])
            let d = try number(args, "duration", at: 9, default: 0.5), e = try number(args, "extraBounce", at: 9, default: 0)
            animation = name == "smooth" ? .smooth(duration: d, extraBounce: e) : name == "snappy" ? .snappy(duration: d, extraBounce: e) : .bouncy(duration: d, extraBounce: e)
        case "interpolatingSpring":
            try check(args, allowed: ["mass", "stiffness", "damping", "initialVelocity"])
            animation = .interpolatingSpring(mass: try number(args, "mass", at: 9, default: 1), stiffness: try number(args, "stiffness", at: 9),
                                             damping: try number(args, "damping", at: 9), initialVelocity: try number(args, "initialVelocity", at: 9, default: 0))
        case "": throw fail("expected an animation name")
        default: throw fail("unknown animation '\(name)'")
        }
        while eat(".") {
            let modifier = identifier()
            let margs = try arguments()
            switch modifier {
            case "delay": animation = animation.delay(try number(margs, nil, at: 0))
            case "speed": animation = animation.speed(try number(margs, nil, at: 0))
            case "repeatCount":
                let n = try number(margs, nil, at: 0)
                guard n == n.rounded(), abs(n) < 1e6 else { throw fail("repeatCount takes a whole number") }
                animation = animation.repeatCount(Int(n), autoreverses: try bool(margs, "autoreverses", default: true))
            case "repeatForever": animation = animation.repeatForever(autoreverses: try bool(margs, "autoreverses", default: true))
            default: throw fail("unknown modifier '.\(modifier)'")
            }
        }
        skipSpace()
        guard i == chars.count else { throw fail("unexpected '\(String(chars[i...]))'") }
        return animation
    }
}
