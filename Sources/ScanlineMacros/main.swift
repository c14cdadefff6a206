// SwiftUI's macros for Linux (`#Preview`, `@Previewable`, `@Entry`, `@Animatable`): a compiler plugin that
// speaks the compiler's plugin messages on standard input and output and expands the macros by
// reading their source text. It uses no swift-syntax, which SwiftPM cannot fetch here, so a
// package that depends on Scanline by path or by git URL builds with plain `swift build` and no
// unsafe flags. docs/MACROS.md says what each macro expands to, and the limits of reading text.
import Foundation

// MARK: - Messages

/// One message: an 8-byte little-endian length, then that many bytes of JSON.
func readMessage() -> [String: Any]? {
    var header = [UInt8](repeating: 0, count: 8)
    guard readFully(&header) else { return nil }
    let length = header.enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
    guard length > 0, length < 1 << 30 else { return nil }
    var body = [UInt8](repeating: 0, count: length)
    guard readFully(&body) else { return nil }
    return (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
}

func readFully(_ buffer: inout [UInt8]) -> Bool {
    var got = 0
    while got < buffer.count {
        let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress! + got, $0.count - got) }
        if n <= 0 { return false }
        got += n
    }
    return true
}

func writeMessage(_ message: [String: Any]) {
    guard let json = try? JSONSerialization.data(withJSONObject: message) else { return }
    var bytes = (0..<8).map { UInt8((json.count >> (8 * $0)) & 0xff) }
    bytes += json
    var sent = 0
    while sent < bytes.count {
        let n = bytes.withUnsafeBytes { write(1, $0.baseAddress! + sent, $0.count - sent) }
        if n <= 0 { exit(1) }
        sent += n
    }
}

/// The answer to an expansion: the source, or an error diagnostic at the macro's start.
func result(_ expansion: Result<String, MacroError>, at syntax: [String: Any]) -> [String: Any] {
    switch expansion {
    case .success(let source):
        return ["expandMacroResult": ["expandedSource": source, "diagnostics": [Any]()]]
    case .failure(let error):
        let location = syntax["location"] as? [String: Any] ?? [:]
        let file = location["fileName"] as? String ?? ""
        let offset = location["offset"] as? Int ?? 0
        let diagnostic: [String: Any] = ["message": error.message, "severity": "error",
                                         "position": ["fileName": file, "offset": offset],
                                         "highlights": [Any](), "notes": [Any](), "fixIts": [Any]()]
        return ["expandMacroResult": ["diagnostics": [diagnostic]]]
    }
}

struct MacroError: Error { let message: String }

// MARK: - The loop

while let message = readMessage() {
    if message["getCapability"] != nil {
        writeMessage(["getCapabilityResult": ["capability": ["protocolVersion": 7]]])
    } else if let request = message["expandFreestandingMacro"] as? [String: Any] {
        let macro = request["macro"] as? [String: Any] ?? [:]
        let syntax = request["syntax"] as? [String: Any] ?? [:]
        let discriminator = request["discriminator"] as? String ?? "$s"
        let source = syntax["source"] as? String ?? ""
        let location = syntax["location"] as? [String: Any] ?? [:]
        switch macro["typeName"] as? String {
        case "PreviewMacro":
            writeMessage(result(Result { try PreviewMacro.expand(source, discriminator: discriminator, location: location) }
                .mapError { $0 as? MacroError ?? MacroError(message: "\($0)") }, at: syntax))
        default:
            writeMessage(result(.failure(MacroError(message: "Scanline has no macro \(macro["typeName"] ?? "?")")), at: syntax))
        }
    } else if let request = message["expandAttachedMacro"] as? [String: Any] {
        let macro = request["macro"] as? [String: Any] ?? [:]
        let role = request["macroRole"] as? String ?? ""
        let attribute = request["attributeSyntax"] as? [String: Any] ?? [:]
        let decl = (request["declSyntax"] as? [String: Any])?["source"] as? String ?? ""
        let expansion: Result<String, MacroError>
        switch macro["typeName"] as? String {
        case "EntryMacro": expansion = Result { try EntryMacro.expand(decl, role: role) }.mapError { $0 as? MacroError ?? MacroError(message: "\($0)") }
        case "AnimatableMacro":
            let conformances = (request["conformanceListSyntax"] as? [String: Any])?["source"] as? String
            expansion = Result { try AnimatableMacro.expand(decl, role: role, conformances: conformances) }.mapError { $0 as? MacroError ?? MacroError(message: "\($0)") }
        case "PreviewableMacro", "AnimatableIgnoredMacro": expansion = .success("")
        default: expansion = .failure(MacroError(message: "Scanline has no macro \(macro["typeName"] ?? "?")"))
        }
        writeMessage(result(expansion, at: attribute))
    } else {
        // A message this plugin does not know (loadPluginLibrary): say so without failing.
        writeMessage(["expandMacroResult": ["diagnostics": [Any]()]])
    }
}
