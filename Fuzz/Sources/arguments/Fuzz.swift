import ScanlineCLI

/// The CLI's argument parser: the input is split at newlines into an argument list and parsed
/// against every command's options, then read as numbers and choices the way commands read them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let argv = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for command in ScanlineCLI.commands {
        guard let args = try? Arguments(argv, specs: command.options) else { continue }
        for spec in command.options {
            let name = spec.names[0]
            _ = try? args.double(name, in: 0...100)
            _ = try? args.int(name, in: 0...100)
            _ = try? args.choice(name, [("a", 1), ("b", 2)])
            _ = args.strings(name)
        }
    }
    return 0
}
