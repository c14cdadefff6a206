import Foundation
import Testing
import Scanline
@testable import ScanlineCore
@testable import ScanlineExport
@testable import ScanlineBlocks
@testable import ScanlineCLI
#if canImport(Glibc)
import Glibc
#endif

/// Issue #18, point 5 (part): `scanline preview`'s server, spoken to over raw sockets from a
/// thread of their own (the main actor renders the frames meanwhile).
@MainActor @Suite(.serialized) struct PreviewServerTests {
    /// Sends `request` as it is to 127.0.0.1:`port` and returns the status and the body.
    nonisolated static func raw(_ request: [UInt8], port: UInt16) -> (status: Int, body: Data) {
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(s) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard ok == 0 else { return (-1, Data()) }
        _ = request.withUnsafeBytes { send(s, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(s, &buffer, buffer.count, 0)
            if n <= 0 { break }
            data += buffer[0..<n]
        }
        guard let split = data.range(of: Data([13, 10, 13, 10])) else { return (-2, data) }
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? -3
        return (status, data[split.upperBound...])
    }
    /// `raw`, off the main actor.
    static func request(_ text: String, port: UInt16) async -> (status: Int, body: Data) {
        await withCheckedContinuation { done in
            Thread.detachNewThread { done.resume(returning: raw(Array(text.utf8), port: port)) }
        }
    }
    static func get(_ path: String, port: UInt16, host: String? = nil) async -> (status: Int, body: Data) {
        await request("GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\r\n", port: port)
    }

    @Test func servesThePageTheFactsAndFramesEqualToRender() async throws {
        let scene = SceneRegistry.named("counter")!
        let session = try PreviewSession(scene: scene, size: CGSize(width: 200, height: 120), scale: 1, fps: 10, duration: 2)
        let server = try PreviewServer.start(SceneSource(session), port: 0)
        defer { server.stop() }
        let page = await Self.get("/", port: server.port)
        #expect(page.status == 200 && String(decoding: page.body, as: UTF8.self).contains("/frame.png?"))
        let info = await Self.get("/info", port: server.port)
        #expect(info.status == 200 && String(decoding: info.body, as: UTF8.self).contains(#""frames":20"#))
        // Frame 9 (0.9 s), asked for after frame 15: the same pixels render gives at 0.9 s.
        _ = await Self.get("/frame.png?frame=15", port: server.port)
        let shown = await Self.get("/frame.png?frame=9&scheme=dark", port: server.port)
        #expect(shown.status == 200)
        var env = EnvironmentValues(); env.colorScheme = .dark
        let expected = try await SceneRenderer(try scene.make(SceneArguments([:])), size: CGSize(width: 200, height: 120), scale: 1, fps: 10,
                                               environment: env).still(at: 0.9)
        #expect(try PNGCodec.decode(shown.body).bytes == expected.bytes)
        // Save as: the same export as render (a GIF of the loop), and the frame as a PNG.
        let gif = await Self.get("/export?format=gif&scheme=dark", port: server.port)
        #expect(gif.status == 200 && gif.body.starts(with: Data("GIF89a".utf8)))
        let png = await Self.get("/export?format=png&frame=9&scheme=dark", port: server.port)
        #expect(png.status == 200 && png.body == shown.body)
        #expect(await Self.get("/export?format=exe", port: server.port).status == 400)
        let head = await Self.request("HEAD /info HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n", port: server.port)
        #expect(head.status == 200 && head.body.isEmpty)
    }

    @Test func previewsOnADevice() async throws {
        // Issue #28 point 3: the page shows the view on a device, with its status bar, at the
        // device's size; the frames are what render --device draws.
        let scene = SceneRegistry.named("counter")!
        let session = try PreviewSession(scene: scene, size: CGSize(width: 10, height: 10), scale: 1, device: .iPhoneSE, fps: 10, duration: 1)
        let server = try PreviewServer.start(SceneSource(session), port: 0)
        defer { server.stop() }
        let info = String(decoding: await Self.get("/info", port: server.port).body, as: UTF8.self)
        #expect(info.contains(#""width":375.0"#) && info.contains(#""height":667.0"#), "\(info)")
        let shown = await Self.get("/frame.png?frame=3&dynamicType=xLarge", port: server.port)
        var env = EnvironmentValues(); env.colorScheme = scene.colorScheme
        let expected = try await SceneRenderer(try scene.make(SceneArguments([:])), device: DeviceConfiguration.iPhoneSE.dynamicTypeSize(.xLarge),
                                               chrome: true, scale: 1, fps: 10, environment: env).still(at: 0.3)
        let frame = try PNGCodec.decode(shown.body)
        #expect(frame.width == 375 && frame.height == 667 && frame.bytes == expected.bytes)
    }

    @Test func refusesWhatItDoesNotServeAndKeepsServing() async throws {
        let session = try PreviewSession(scene: SceneRegistry.named("counter")!, size: CGSize(width: 40, height: 30), scale: 1, fps: 10, duration: 1)
        let server = try PreviewServer.start(SceneSource(session), port: 0)
        defer { server.stop() }
        let p = server.port
        #expect(await Self.get("/../etc/passwd", port: p).status == 400)
        #expect(await Self.get("/%2e%2e/etc/passwd", port: p).status == 400)
        #expect(await Self.get("http://127.0.0.1/info", port: p).status == 400)
        #expect(await Self.get("//etc/passwd", port: p).status == 400)
        #expect(await Self.get("/nothing-here", port: p).status == 404)
        #expect(await Self.get("/info", port: p, host: "evil.example:\(p)").status == 421)
        #expect(await Self.request("GET /info HTTP/1.1\r\n\r\n", port: p).status == 421)        // no Host at all
        #expect(await Self.request("POST / HTTP/1.1\r\nHost: 127.0.0.1:\(p)\r\nContent-Length: 2\r\n\r\nhi", port: p).status == 405)
        #expect(await Self.request("GET /info HTTP/1.1\r\nHost: 127.0.0.1:\(p)\r\nContent-Length: 5\r\n\r\nhello", port: p).status == 413)
        let huge = "GET /info HTTP/1.1\r\nHost: 127.0.0.1:\(p)\r\nX-Padding: " + String(repeating: "a", count: 40_000) + "\r\n\r\n"
        #expect(await Self.request(huge, port: p).status == 431)
        #expect(await Self.request("NONSENSE\r\n\r\n", port: p).status == 400)
        // Fifty at once, from fifty threads: every one answered.
        let statuses = await withTaskGroup(of: Int.self) { group in
            for i in 0..<50 { group.addTask { await Self.get(i % 2 == 0 ? "/info" : "/frame.png?frame=\(i % 10)", port: p).status } }
            var all: [Int] = []
            for await s in group { all.append(s) }
            return all
        }
        #expect(statuses.count == 50 && statuses.allSatisfy { $0 == 200 }, "\(statuses)")
        #expect(await Self.get("/info", port: p).status == 200)
    }

    /// Issue #32 point 18 and point 20's duplicate Host: slow clients holding connections open do
    /// not keep others from being served, a head that does not arrive in time gets 408, and two
    /// Host headers are refused.
    @Test func slowClientsDoNotStarveOthers() async throws {
        let session = try PreviewSession(scene: SceneRegistry.named("counter")!, size: CGSize(width: 40, height: 30), scale: 1, fps: 10, duration: 1)
        let server = try PreviewServer.start(SceneSource(session), port: 0, headDeadline: 2)
        defer { server.stop() }
        let p = server.port
        #expect(await Self.request("GET /info HTTP/1.1\r\nHost: evil.example:\(p)\r\nHost: 127.0.0.1:\(p)\r\n\r\n", port: p).status == 400)
        #expect(await Self.request("GET /info HTTP/1.1\r\nHost: 127.0.0.1:\(p)\r\nHost: evil.example:\(p)\r\n\r\n", port: p).status == 400)
        // 200 connections (more than the 128 served at once) that send one byte of a head and stop.
        var slow: [Int32] = []
        defer { for s in slow { close(s) } }
        for _ in 0..<200 {
            let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET); addr.sin_port = p.bigEndian; addr.sin_addr.s_addr = inet_addr("127.0.0.1")
            let ok = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            #expect(ok == 0)
            _ = send(s, "G", 1, Int32(MSG_NOSIGNAL))
            slow.append(s)
        }
        // Everyone else is still served.
        for _ in 0..<3 { #expect(await Self.get("/info", port: p).status == 200) }
        // A slow head is answered 408 once its deadline passes, and closed.
        let first = slow[0]
        var buffer = [UInt8](repeating: 0, count: 512)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(first, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let n = recv(first, &buffer, buffer.count, 0)
        #expect(n > 0 && String(decoding: buffer[0..<max(0, n)], as: UTF8.self).hasPrefix("HTTP/1.1 408"), "\(n) bytes: \(String(decoding: buffer[0..<max(0, n)], as: UTF8.self))")
    }

    /// Issue #32 point 14: asking once for each of the 72 setting combinations keeps the
    /// renderers and frames of the last few only.
    @Test func settingsKeptAreBounded() async throws {
        let session = try PreviewSession(scene: SceneRegistry.named("counter")!, size: CGSize(width: 40, height: 30), scale: 1, fps: 10, duration: 1)
        var combinations: [PreviewSettings] = []
        for scheme in [nil, ColorScheme.light, .dark] {
            for size in DynamicTypeSize.allCases.prefix(12) {
                for motion in [false, true] {
                    var s = PreviewSettings(); s.scheme = scheme; s.dynamicType = size; s.reduceMotion = motion
                    combinations.append(s)
                }
            }
        }
        #expect(combinations.count == 72)
        var last = Data()
        for s in combinations { last = try await session.frame(3, s) }
        #expect(session.frames.count == PreviewSession.settingsKept, "\(session.frames.count) settings kept")
        #expect(Set(session.frames.keys) == Set(combinations.suffix(PreviewSession.settingsKept)))
        #expect(session.cachedBytes == session.frames.values.reduce(0) { $0 + $1.bytes })
        // The one shown last still gives the same frame, from its cache or rendered again.
        #expect(try await session.frame(3, combinations[71]) == last)
    }

    @Test func theCommandRefusesWhatItCannotDo() async {
        var o = Output()
        #expect(await ScanlineCLI.run(["preview", "/no/such/Glow.swift"], output: &o) == 1)
        #expect(o.stderr.contains("/no/such/Glow.swift"), "\(o.stderr)")
        var u = Output()
        #expect(await ScanlineCLI.run(["preview", "no-such-scene"], output: &u) == 2)
        var v = Output()
        #expect(await ScanlineCLI.run(["preview", "counter", "--view", "Badge"], output: &v) == 2)
        #expect(v.stderr.contains("--view applies to your own .swift files"), "\(v.stderr)")
        var w = Output()
        #expect(await ScanlineCLI.run(["preview"], output: &w) == 2)
    }

    /// The preview child's side of its pipe, in this process: the same frames as the page's.
    @Test func theChildAnswersFramesInfoWarningsAndExports() async throws {
        let session = try PreviewSession(scene: SceneRegistry.named("counter")!, size: CGSize(width: 60, height: 40), scale: 1, fps: 10, duration: 1)
        let info = String(decoding: try await PreviewChild.answer("info", session), as: UTF8.self)
        #expect(info.contains(#""frames":10"#), "\(info)")
        var dark = PreviewSettings(); dark.scheme = .dark; dark.dynamicType = .xxLarge
        #expect(dark.wire == "dark 5 0")
        #expect(try PreviewSettings(wire: dark.wire.split(separator: " ")[...]) == dark)
        let png = try await PreviewChild.answer("frame 4 \(dark.wire)", session)
        #expect(png == (try await session.frame(4, dark)))
        #expect(try JSONSerialization.jsonObject(with: try await PreviewChild.answer("warnings", session)) as? [String] == [])
        let folder = makeTestFolder("scanline-preview-child")
        let gif = folder.appendingPathComponent("a b.gif")
        _ = try await PreviewChild.answer("export gif \(dark.wire) \(gif.path)", session)
        #expect(try Data(contentsOf: gif).starts(with: Data("GIF89a".utf8)))
        await #expect(throws: (any Error).self) { try await PreviewChild.answer("export exe - 3 0 /tmp/x", session) }
        await #expect(throws: (any Error).self) { try await PreviewChild.answer("frame 1 dark 99 0", session) }
        await #expect(throws: (any Error).self) { try await PreviewChild.answer("rm -rf /", session) }
    }
}

/// inotify, as editors save: in place, and by writing a new file renamed over the old one.
@Suite struct FileWatcherTests {
    final class Seen: @unchecked Sendable {
        let lock = NSLock()
        var changes: [[String]] = []
        func add(_ c: [String]) { lock.withLock { changes.append(c) } }
        var all: [[String]] { lock.withLock { changes } }
        /// Waits up to 10 s for `count` changes (a loaded machine, under a sanitizer, is slow).
        func wait(for count: Int) -> [[String]] {
            for _ in 0..<1000 where all.count < count { usleep(10_000) }
            return all
        }
    }

    @Test func reportsSavesInPlaceAndByRenameAndNothingElse() throws {
        let folder = makeTestFolder("scanline-watch")
        let a = folder.appendingPathComponent("A.swift").path, b = folder.appendingPathComponent("B.metal").path
        try "a".write(toFile: a, atomically: false, encoding: .utf8)
        try "b".write(toFile: b, atomically: false, encoding: .utf8)
        let seen = Seen()
        // Saves closer together than `settle` are one change: 0.5 s, so that a busy machine's pause
        // between the two writes below cannot split them (0.1 s could, under ThreadSanitizer in CI).
        let watcher = try FileWatcher([a, b], settle: 0.5) { seen.add($0) }
        defer { watcher.stop() }
        usleep(100_000)
        try "a2".write(toFile: a, atomically: false, encoding: .utf8)          // in place
        #expect(seen.wait(for: 1) == [[a]])
        try "b2".write(toFile: b, atomically: true, encoding: .utf8)           // a new file renamed over
        #expect(seen.wait(for: 2) == [[a], [b]])
        try "c".write(toFile: folder.appendingPathComponent("Other.swift").path, atomically: false, encoding: .utf8)
        try "a3".write(toFile: a, atomically: false, encoding: .utf8)
        try "b3".write(toFile: b, atomically: false, encoding: .utf8)          // close together: one change
        #expect(seen.wait(for: 3) == [[a], [b], [a, b]])
        close(open(a, O_WRONLY))                                                // closed for writing, nothing written
        usleep(1_000_000)
        #expect(seen.all.count == 3, "an unwatched file in the folder, or a close without a write, is not a change")
    }
}
