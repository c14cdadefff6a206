import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// For a test that runs the `scanline` binary, `make`, or builds a package: its work happens in
    /// child processes that are not built with the sanitizer, so under `make sanitize` (which sets
    /// `SCANLINE_SANITIZER`) it would only repeat `make test`'s run and see nothing. It is
    /// skipped there, with this reason in the output; `make test` runs it.
    static var spawnsProcesses: Self {
        .disabled(if: ProcessInfo.processInfo.environment["SCANLINE_SANITIZER"] != nil,
                  "its work runs in unsanitized child processes; make test runs it")
    }
}
