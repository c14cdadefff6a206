#if canImport(Glibc)
import Glibc
#endif
internal import CScanline
import Foundation

// Where compiled `.metal` files are kept: the cache folder, its keys (`StableHash`), sealed entries
// and their atomic placement, and the headers written into it. Part of `MetalCompiler`.
extension MetalCompiler {
    /// The cache folder: `$SCANLINE_CACHE_DIR`, else `$XDG_CACHE_HOME/scanline/metal`, else
    /// `~/.cache/scanline/metal`.
    static var defaultCacheFolder: URL {
        let env = ProcessInfo.processInfo.environment
        if let dir = env["SCANLINE_CACHE_DIR"], !dir.isEmpty { return URL(fileURLWithPath: dir).appendingPathComponent("metal") }
        if let xdg = env["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return URL(fileURLWithPath: xdg).appendingPathComponent("scanline/metal") }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/scanline/metal")
    }

    /// The file in a cache entry that records the size and digest of the entry's other files.
    static let sealName = "seal"

    /// Records the size and digest of each of `names` in `folder`, so that a damaged entry is
    /// found before it is used: a truncated shared object gave SIGBUS when loaded, and an edited
    /// listing broke the shader for good (issue #32 point 20). A damaged entry is built again.
    static func seal(_ folder: URL, _ names: [String]) throws {
        var lines = ""
        for name in names {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                throw ShaderError.compileFailed(file: folder.path, message: "cannot read the shader cache's \(name)")
            }
            var h = StableHash(); h.add(data)
            lines += "\(name) \(data.count) \(h.hex)\n"
        }
        try Data(lines.utf8).write(to: folder.appendingPathComponent(sealName))
    }

    /// Whether each of `names` in `folder` is as `seal` recorded it.
    static func isSealed(_ folder: URL, _ names: [String]) -> Bool {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(sealName), encoding: .utf8) else { return false }
        let recorded = Dictionary(text.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: " ", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }, uniquingKeysWith: { a, _ in a })
        for name in names {
            let path = folder.appendingPathComponent(name).path
            guard let want = recorded[name], let size = Int(want.split(separator: " ").first ?? ""),
                  let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  (attributes[.size] as? NSNumber)?.intValue == size,
                  let data = FileManager.default.contents(atPath: path), data.count == size else { return false }
            var h = StableHash(); h.add(data)
            guard want == "\(size) \(h.hex)" else { return false }
        }
        return true
    }

    /// A folder of this process's own in the cache, to build in before renaming into place.
    static func privateFolder(in cache: URL) throws -> URL {
        let work = cache.appendingPathComponent("tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        do {
            try FileManager.default.createDirectory(at: cache.appendingPathComponent("index"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        } catch {
            throw ShaderError.compileFailed(file: cache.path, message: "cannot write the shader cache at \(cache.path): \(error.localizedDescription)")
        }
        return work
    }

    /// Renames `work` to `entry`. When another process put an entry there first, theirs is kept
    /// if `usable`, else ours replaces it.
    static func place(_ work: URL, at entry: URL, cache: URL, usable: (URL) -> Bool) throws {
        guard rename(work.path, entry.path) != 0 else { return }
        if usable(entry) { return }
        let trash = cache.appendingPathComponent("trash-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        _ = rename(entry.path, trash.path)
        try? FileManager.default.removeItem(at: trash)
        guard rename(work.path, entry.path) == 0 else {
            throw ShaderError.compileFailed(file: entry.path, message: "cannot write the shader cache at \(cache.path): \(String(cString: strerror(errno)))")
        }
    }

    /// The second key: the first plus the path and contents of each included file.
    static func entryKey(_ firstKey: String, deps: String) -> String {
        var h = StableHash()
        h.add(firstKey)
        for d in deps.split(separator: "\n") {
            h.add(String(d))
            h.add(FileManager.default.contents(atPath: String(d)) ?? Data("\u{0}missing".utf8))
        }
        return h.hex
    }

    /// Scanline's headers, written once into the cache under their own hash.
    static func headerFolder(_ cache: URL) throws -> URL {
        var h = StableHash()
        for f in MetalHeaders.files { h.add(f.path); h.add(f.text) }
        let folder = cache.appendingPathComponent("include-\(h.hex)")
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("metal_stdlib").path) { return folder }
        let tmp = cache.appendingPathComponent("include-tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        do {
            for f in MetalHeaders.files {
                let url = tmp.appendingPathComponent(f.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try f.text.write(to: url, atomically: false, encoding: .utf8)
            }
        } catch {
            throw ShaderError.compileFailed(file: cache.path, message: "cannot write the shader cache at \(cache.path): \(error.localizedDescription)")
        }
        if rename(tmp.path, folder.path) != 0 { try? FileManager.default.removeItem(at: tmp) }
        return folder
    }
}

/// A 128-bit FNV-1a hash (two 64-bit lanes): stable across runs and platforms, for cache keys.
package struct StableHash {
    private var a: UInt64 = 0xcbf29ce484222325, b: UInt64 = 0x84222325cbf29ce4
    package init() {}
    package mutating func add(_ s: String) { add(bytes: s.utf8) }
    package mutating func add(_ d: Data) { add(bytes: d) }
    package mutating func add<S: Sequence>(bytes: S) where S.Element == UInt8 {
        for byte in bytes { a = (a ^ UInt64(byte)) &* 0x100000001b3; b = (b ^ UInt64(byte)) &* 0x100000001b3 ^ (b >> 29) }
        a = (a ^ 0xff) &* 0x100000001b3; b = (b ^ 0xfe) &* 0x100000001b3   // a separator, so ("ab","c") ≠ ("a","bc")
    }
    package var hex: String { String(a, radix: 16).leftPadded(16) + String(b, radix: 16).leftPadded(16) }
}

private extension String {
    func leftPadded(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
