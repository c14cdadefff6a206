import Foundation
@testable import ScanlineCLI

/// Batch lines as `scanline batch` reads them: the input is split into lines the way the batch
/// splits a jobs file (LF, CRLF or CR), each decoded as a job object and turned into the job's
/// command line, its marker's hash and the files it records. A bad line must be a thrown error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, let job = try? JSONDecoder().decode([String: BatchCommand.Value].self, from: Data(trimmed.utf8)) else { continue }
        _ = BatchCommand.hash(trimmed)
        guard let (argv, output) = try? BatchCommand.argv(job) else { continue }
        // The job's own command must parse its line (or refuse it) without trapping.
        if let command = ScanlineCLI.commands.first(where: { $0.name == argv[0] }) { _ = try? Arguments(Array(argv.dropFirst()), specs: command.options) }
        _ = BatchCommand.fileLines(job, output: output)
    }
    return 0
}
