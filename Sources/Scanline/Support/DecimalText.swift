/// Numbers as people type them on a command line or in a jobs file: decimal notation only
/// (`12`, `-0.5`, `.25`, `1e3`). Swift's `Double(String)` also reads hexadecimal (`0x10` is 16),
/// `inf` and `nan`, which no option means (issue #32 point 20).
public enum DecimalText {
    /// `text` as a finite Double, or nil when it is not a decimal number or does not fit.
    public static func double<S: StringProtocol>(_ text: S) -> Double? {
        var digits = 0, dot = false, exponent = false, exponentDigits = 0
        var i = text.startIndex
        if i < text.endIndex, text[i] == "+" || text[i] == "-" { i = text.index(after: i) }
        while i < text.endIndex {
            let c = text[i]
            switch c {
            case "0"..."9": if exponent { exponentDigits += 1 } else { digits += 1 }
            case "." where !dot && !exponent: dot = true
            case "e" where !exponent && digits > 0, "E" where !exponent && digits > 0:
                exponent = true
                let next = text.index(after: i)
                if next < text.endIndex, text[next] == "+" || text[next] == "-" { i = next }
            default: return nil
            }
            i = text.index(after: i)
        }
        guard digits > 0, !exponent || exponentDigits > 0, let v = Double(String(text)), v.isFinite else { return nil }
        return v
    }

    /// `text` as a finite Float (a shader's argument), or nil: `1e39` does not fit one.
    public static func float<S: StringProtocol>(_ text: S) -> Float? {
        guard let d = double(text), Float(d).isFinite else { return nil }
        return Float(d)
    }
}
