import Foundation
import ScanlineBlocks

/// WebVTT and SRT: any bytes parse to cues or throw one error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(bytes: data, count: size)
    for hint in [nil, SubtitleParser.Format.srt, .webVTT] {
        if let r = try? SubtitleParser.parse(bytes, hint: hint) {
            for line in r.transcript.lines { _ = line.formattedTimestamp; _ = r.transcript.currentLineIndex(at: line.start) }
        }
    }
    return 0
}
