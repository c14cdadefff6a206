internal import CCairo
internal import CPango
internal import CPNG
internal import CGif
internal import CWebP
#if canImport(Glibc)
import Glibc
#endif

/// The versions of the libraries that decide a render's bytes. A render split into shards is
/// byte-identical to a single one only when every machine has the same ones, so each shard file
/// carries them and `joinShards` refuses shards whose versions differ. The C libraries are read
/// from the libraries this process loaded; x264 and libvpx run inside the ffmpeg child process,
/// so they are read from the files ffmpeg loads (`ldd`) and, on Debian, the packages that own
/// those files (`dpkg-query`).
public enum LibraryVersions {
    /// Scanline's own version.
    public static let scanline = "0.1.0"

    /// Name → version, for every library in the list; `unknown` where it cannot be read.
    /// Computed once per process (reading ffmpeg's takes a few child processes).
    public static let current: [(name: String, version: String)] = {
        var list: [(String, String)] = [("scanline", scanline)]
        list.append(("cairo", String(cString: cairo_version_string())))
        list.append(("pango", String(cString: pango_version_string())))
        list.append(("harfbuzz", String(cString: hb_version_string())))
        let fc = Int(FcGetVersion())
        list.append(("fontconfig", "\(fc / 10000).\(fc / 100 % 100).\(fc % 100)"))
        list.append(("zlib", String(cString: zlibVersion())))
        list.append(("libpng", String(cString: png_get_libpng_ver(nil))))
        list.append(("giflib", "\(GIFLIB_MAJOR).\(GIFLIB_MINOR).\(GIFLIB_RELEASE)"))
        let webp = Int(WebPGetEncoderVersion())
        list.append(("libwebp", "\(webp >> 16).\((webp >> 8) & 0xFF).\(webp & 0xFF)"))
        list += ffmpegVersions()
        return list
    }()

    /// The list as a dictionary, as shard files carry it.
    public static var dictionary: [String: String] { Dictionary(uniqueKeysWithValues: current.map { ($0.name, $0.version) }) }

    /// ffmpeg's version, and those of the x264 and libvpx it loads.
    static func ffmpegVersions() -> [(String, String)] {
        guard let ffmpeg = try? FFmpeg.locate("ffmpeg") else { return [("ffmpeg", "not found"), ("x264", "not found"), ("libvpx", "not found")] }
        var out: [(String, String)] = []
        let first = (try? FFmpeg.run(ffmpeg, ["-version"], what: "report its version")).map { String(decoding: $0, as: UTF8.self) }?
            .split(separator: "\n").first.map(String.init) ?? ""
        // "ffmpeg version 5.1.6-0+deb12u1 Copyright …"
        let words = first.split(separator: " ")
        out.append(("ffmpeg", words.count > 2 && words[1] == "version" ? String(words[2]) : "unknown"))
        let ldd = (try? run("/usr/bin/ldd", [ffmpeg.path])) ?? ""
        for (name, soname) in [("x264", "libx264.so"), ("libvpx", "libvpx.so")] {
            // "	libx264.so.164 => /lib/x86_64-linux-gnu/libx264.so.164 (0x…)"
            guard let line = ldd.split(separator: "\n").first(where: { $0.contains(soname) }),
                  let arrow = line.range(of: "=> ") else { out.append((name, "not loaded by ffmpeg")); continue }
            let path = String(line[arrow.upperBound...].split(separator: " ").first ?? "")
            let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            var version = URL(fileURLWithPath: real).lastPathComponent
            if let owner = (try? run("/usr/bin/dpkg-query", ["-S", real]))?.split(separator: ":").first.map(String.init),
               let v = try? run("/usr/bin/dpkg-query", ["-W", "-f", "${Version}", owner]), !v.isEmpty {
                version = "\(v) (\(owner))"
            }
            out.append((name, version))
        }
        return out
    }

    private static func run(_ tool: String, _ args: [String]) throws -> String {
        try RenderClock.outsideRender { try runNow(tool, args) }
    }

    private static func runNow(_ tool: String, _ args: [String]) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: tool) else { throw ScanlineError.fileNotFound(path: tool) }
        let ended = try ChildProcess.run(URL(fileURLWithPath: tool), args, stderr: .discard)
        guard ended.status == 0, !ended.crashed else { throw ScanlineError.renderFailed(reason: "\(tool) failed") }
        return String(decoding: ended.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
