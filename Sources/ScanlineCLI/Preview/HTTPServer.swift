import Scanline
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 server for `scanline preview`, written over POSIX sockets (no outside
/// package can be fetched here). It listens on 127.0.0.1 only, answers GET and HEAD, one request
/// per connection, and refuses what it does not serve:
/// - a request head over `maxHead` bytes: 431; a request with a body: 413;
/// - a method other than GET or HEAD: 405; a target that is not an absolute path, or that has a
///   `..` segment (also percent-encoded) or a backslash: 400;
/// - a `Host` other than 127.0.0.1 or localhost (with this port): 421, so that a web page on
///   another site cannot reach it through DNS rebinding.
/// - a request head that has not arrived whole within `headDeadline`: 408.
/// Heads are read for every connection by one thread; each complete request is served on a thread
/// of its own (at most `maxConnections`), so several tabs work at once.
final class HTTPServer: @unchecked Sendable {
    struct Request {
        let method: String
        let path: String
        let query: [String: String]
    }
    struct Response {
        var status: Int
        var contentType: String
        var body: Data
        var headers: [(String, String)] = []
        static func text(_ status: Int, _ text: String) -> Response {
            Response(status: status, contentType: "text/plain; charset=utf-8", body: Data((text + "\n").utf8))
        }
    }
    typealias Handler = @Sendable (Request) -> Response

    static let maxHead = 16 * 1024
    let port: UInt16
    private let socket: Int32
    private let handler: Handler
    /// Connections served at once, at most; more get 503.
    static let maxConnections = 128
    /// Connections whose request head is still arriving, at most.
    static let maxPending = 512
    /// Seconds a request head has to arrive whole.
    let headDeadline: Double
    private var open = 0
    private var stopped = false
    private let lock = NSLock()

    /// Listens on 127.0.0.1:`port` (0: a free port, read back in `port`).
    init(port requested: UInt16, headDeadline: Double = 10, handler: @escaping Handler) throws {
        self.handler = handler
        self.headDeadline = headDeadline
        let s = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard s >= 0 else { throw ScanlineError.invalidArgument(name: "port", value: "\(requested)", reason: "cannot open a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = requested.bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(s, 64) == 0 else {
            let why = String(cString: strerror(errno))
            close(s)
            throw ScanlineError.invalidArgument(name: "port", value: "\(requested)", reason: "cannot listen on 127.0.0.1:\(requested): \(why)")
        }
        var got = sockaddr_in()
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &got) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(s, $0, &len) } }
        socket = s
        port = UInt16(bigEndian: got.sin_port)
    }

    /// A connection whose request head is still arriving.
    private struct Pending {
        let socket: Int32
        var head: [UInt8] = []
        /// When its head must be complete (seconds, monotonic).
        let deadline: Double
    }

    /// Reads request heads for every connection on one thread, with `poll`, and hands each
    /// complete head to a thread of its own. A head must arrive whole within `headDeadline`
    /// seconds (else 408): 128 clients sending a byte every 3 s held every serving slot and made
    /// the preview answer 503 to everyone (issue #32 point 18). Heads still arriving do not take
    /// serving slots; past `maxPending` of them, the oldest is closed.
    func start() {
        let thread = Thread { [self] in
            var pending: [Pending] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            defer { for p in pending { close(p.socket) } }
            while !lock.withLock({ stopped }) {
                var fds = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0)]
                fds += pending.map { pollfd(fd: $0.socket, events: Int16(POLLIN), revents: 0) }
                let now = HTTPServer.now()
                var soonest: Int32 = 500
                if let deadline = pending.map(\.deadline).min() { soonest = max(0, Int32((deadline - now) * 1000) + 1) }
                let ready = poll(&fds, nfds_t(fds.count), min(soonest, 500))
                if lock.withLock({ stopped }) { return }
                if ready < 0 { if errno != EINTR { usleep(10_000) }; continue }
                var keep: [Pending] = []
                let time = HTTPServer.now()
                for (i, var p) in pending.enumerated() {
                    let events = fds[i + 1].revents
                    if events != 0 {
                        let n = recv(p.socket, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                        if n <= 0 {
                            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { keep.append(p) } else { close(p.socket) }
                            continue
                        }
                        p.head += buffer[0..<n]
                        if let r = HTTPServer.find([13, 10, 13, 10], in: p.head, from: max(0, p.head.count - n - 3)) {
                            dispatch(p.socket, head: Array(p.head[..<(r + 4)]))
                            continue
                        }
                        if p.head.count > HTTPServer.maxHead { dispatch(p.socket, head: nil); continue }
                    }
                    if time >= p.deadline {
                        send(p.socket, .text(408, "the request head did not arrive within \(Int(headDeadline)) s"), waiting: false)
                        close(p.socket)
                        continue
                    }
                    keep.append(p)
                }
                pending = keep
                if fds[0].revents != 0 {
                    let c = accept(socket, nil, nil)
                    if c < 0 {
                        // Out of file descriptors (EMFILE, ENFILE) the connection stays queued and
                        // poll says so at once: wait instead of spinning.
                        if errno != EINTR && errno != ECONNABORTED { usleep(50_000) }
                        continue
                    }
                    if pending.count >= HTTPServer.maxPending {
                        let oldest = pending.removeFirst()
                        close(oldest.socket)
                    }
                    pending.append(Pending(socket: c, deadline: HTTPServer.now() + headDeadline))
                }
            }
        }
        thread.start()
    }

    /// Serves a complete head (nil: one over `maxHead`) on a thread of its own, or answers 503
    /// when `maxConnections` are being served.
    private func dispatch(_ c: Int32, head: [UInt8]?) {
        // A thread per connection: each waits while the main actor renders, and Dispatch's
        // pool grows slowly past blocked threads (50 requests at once took 24 s on it).
        let admitted = lock.withLock { () -> Bool in
            guard open < HTTPServer.maxConnections else { return false }
            open += 1
            return true
        }
        guard admitted else { send(c, .text(503, "too many connections at once"), waiting: false); close(c); return }
        Thread.detachNewThread {
            self.serve(c, head: head)
            self.lock.withLock { self.open -= 1 }
        }
    }

    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Stops accepting; connections being served finish.
    func stop() {
        lock.withLock { stopped = true }
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }

    private func serve(_ c: Int32, head: [UInt8]?) {
        defer {
            // Close gently: say we are done, then read what the client still sends (a header
            // cut off at the limit, say), so that it reads our answer instead of a reset.
            shutdown(c, Int32(SHUT_WR))
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var scratch = [UInt8](repeating: 0, count: 4096)
            var drained = 0
            while drained < 1 << 20 { let n = recv(c, &scratch, scratch.count, 0); if n <= 0 { break }; drained += n }
            close(c)
        }
        guard let head else { send(c, .text(431, "request header fields too large")); return }
        send(c, respond(to: String(decoding: head, as: UTF8.self)))
    }

    static func find(_ needle: [UInt8], in hay: [UInt8], from start: Int = 0) -> Int? {
        guard hay.count >= needle.count, start <= hay.count - needle.count else { return nil }
        for i in start...(hay.count - needle.count) where hay[i] == needle[0] && Array(hay[i..<(i + needle.count)]) == needle { return i }
        return nil
    }

    /// The response to a request head (no body is read: none is accepted).
    func respond(to head: String) -> Response {
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return .text(400, "bad request line") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return .text(400, "bad header line") }
            let name = line[..<colon].lowercased()
            // Two Hosts (or two lengths) are ambiguous: which one a proxy read is unknown (RFC 9112 §3.2).
            if headers[name] != nil, ["host", "content-length", "transfer-encoding"].contains(name) { return .text(400, "more than one \(name) header") }
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let method = parts[0], target = parts[1]
        guard method == "GET" || method == "HEAD" else { return Response(status: 405, contentType: "text/plain", body: Data("only GET and HEAD\n".utf8), headers: [("Allow", "GET, HEAD")]) }
        let allowed = ["127.0.0.1:\(port)", "localhost:\(port)"]
        guard let host = headers["host"], allowed.contains(host.lowercased()) else { return .text(421, "this server answers only to 127.0.0.1:\(port) and localhost:\(port)") }
        if let length = headers["content-length"], length != "0" { return .text(413, "no request bodies here") }
        if headers["transfer-encoding"] != nil { return .text(413, "no request bodies here") }
        guard target.hasPrefix("/"), !target.hasPrefix("//") else { return .text(400, "the target must be a path") }
        let pathPart = String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
        guard let path = pathPart.removingPercentEncoding, !path.contains("\\"), !path.contains("\0"),
              !path.split(separator: "/").contains("..") else { return .text(400, "the path must not leave what is served") }
        var query: [String: String] = [:]
        if let q = target.split(separator: "?", maxSplits: 1).dropFirst().first {
            for pair in q.split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                if kv.count == 2 { query[kv[0]] = kv[1] } else if kv.count == 1 { query[kv[0]] = "" }
            }
        }
        var response = handler(Request(method: method, path: path, query: query))
        if method == "HEAD" { response.headers.append(("X-Body-Length", "\(response.body.count)")); response.body = Data() }
        return response
    }

    /// Sends `r`; without `waiting`, only what the socket takes at once (a short error answer
    /// from the head-reading thread, which must not block on a client that does not read).
    private func send(_ c: Int32, _ r: Response, waiting: Bool = true) {
        let reason = [200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout", 413: "Content Too Large",
                      421: "Misdirected Request", 431: "Request Header Fields Too Large", 500: "Internal Server Error",
                      503: "Service Unavailable"][r.status] ?? "Status"
        var head = "HTTP/1.1 \(r.status) \(reason)\r\nContent-Type: \(r.contentType)\r\nContent-Length: \(r.body.count)\r\nConnection: close\r\nCache-Control: no-store\r\n"
        for (k, v) in r.headers { head += "\(k): \(v)\r\n" }
        head += "\r\n"
        var bytes = Data(head.utf8)
        bytes += r.body
        bytes.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let n = Glibc.send(c, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL) | (waiting ? 0 : Int32(MSG_DONTWAIT)))
                if n <= 0 { return }
                sent += n
            }
        }
    }
}
