/// Shader arguments written as text, as `scanline apply FILE.metal:fn --arg name=value` takes them.
public enum ShaderArgumentText {
    /// A value for one parameter, possibly changing over time.
    public enum Value: Sendable {
        /// A fixed argument.
        case constant(Shader.Argument)
        /// A `float` following keyframes (seconds → value).
        case keyframes(ValueKeyframes)
        /// The argument at `time` (seconds).
        public func argument(at time: Double) -> Shader.Argument {
            switch self {
            case .constant(let a): return a
            case .keyframes(let k): return .float(k.value(at: time))
            }
        }
    }

    /// Parses `text` for a parameter of `kind`:
    /// - `.float`: `1.5`, or keyframes `0:0,2:1` (seconds:value, linear between);
    /// - `.float2`…`.float4`: `x,y[,z[,w]]`; a `float4` also takes `bounds` (the effect's bounding rectangle);
    /// - `.color`: `#rrggbb`, `#rrggbbaa` or a colour name;
    /// - `.floatArray`: `1,2,3`; `.colorArray`: `#ff0000,#0000ff`;
    /// - `.image`: a PNG or JPEG path; `.data`: a file whose bytes are passed.
    /// Throws `ScanlineError.invalidArgument` naming the parameter.
    public static func parse(_ text: String, name: String, kind: Shader.Argument.Kind) throws -> Value {
        func bad(_ why: String) -> ScanlineError { .invalidArgument(name: name, value: text, reason: why) }
        func numbers(_ n: Int?) throws -> [Float] {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let values = parts.compactMap { DecimalText.float($0) }
            guard values.count == parts.count, !parts.isEmpty else { throw bad("expects decimal numbers that fit a float (±3.4e38) separated by commas") }
            if let n, values.count != n { throw bad("expects \(n) numbers separated by commas (x,y\(n > 2 ? ",z" : "")\(n > 3 ? ",w" : ""))") }
            return values
        }
        switch kind {
        case .float:
            if text.contains(":") { return .keyframes(try ValueKeyframes.parse(text, name: name, range: -1e9...1e9)) }
            return .constant(.float(try numbers(1)[0]))
        case .float2: let v = try numbers(2); return .constant(.float2(v[0], v[1]))
        case .float3: let v = try numbers(3); return .constant(.float3(v[0], v[1], v[2]))
        case .float4:
            if text == "bounds" { return .constant(.boundingRect) }
            let v = try numbers(4); return .constant(.float4(v[0], v[1], v[2], v[3]))
        case .color:
            do { return .constant(.color(try Color.parse(text))) } catch { throw bad("expects #rrggbb, #rrggbbaa or a colour name") }
        case .floatArray: return .constant(.floatArray(try numbers(nil)))
        case .colorArray:
            do { return .constant(.colorArray(try text.split(separator: ",").map { try Color.parse(String($0).trimmingCharacters(in: .whitespaces)) })) }
            catch { throw bad("expects colours (#rrggbb, #rrggbbaa or names) separated by commas") }
        case .image: return .constant(.image(try Image(contentsOf: URL(fileURLWithPath: text))))
        case .data:
            guard let d = FileManager.default.contents(atPath: text) else { throw ScanlineError.fileNotFound(path: text) }
            return .constant(.data(d))
        }
    }
}
