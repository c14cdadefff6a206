import Scanline

/// The preview's routes, over any `PreviewSource`:
/// - `/`: the page (PreviewPage);
/// - `/info`: the loop's facts, JSON;
/// - `/status`: the build's state and compile errors, JSON (the page polls it);
/// - `/frame.png?frame=N&scheme=&dynamicType=&reduceMotion=`: one frame;
/// - `/export?format=gif|mp4|png&frame=N&…`: the file `render` would write, as a download.
enum PreviewServer {
    /// Starts serving `source` on 127.0.0.1:`port` (0: a free port); a request head has
    /// `headDeadline` seconds to arrive.
    static func start(_ source: PreviewSource, port: UInt16, headDeadline: Double = 10) throws -> HTTPServer {
        let server = try HTTPServer(port: port, headDeadline: headDeadline) { request in respond(source, request) }
        server.start()
        return server
    }

    static func respond(_ source: PreviewSource, _ r: HTTPServer.Request) -> HTTPServer.Response {
        do {
            let n = Int(r.query["frame"] ?? "0") ?? 0
            switch r.path {
            case "/", "/index.html":
                return HTTPServer.Response(status: 200, contentType: "text/html; charset=utf-8", body: Data(PreviewPage.html.utf8))
            case "/info":
                return HTTPServer.Response(status: 200, contentType: "application/json", body: Data(try source.info().utf8))
            case "/status":
                return HTTPServer.Response(status: 200, contentType: "application/json", body: Data(source.status().utf8))
            case "/frame.png":
                return HTTPServer.Response(status: 200, contentType: "image/png", body: try source.frame(n, try PreviewSettings(query: r.query)))
            case "/export":
                let format = r.query["format"] ?? "gif"
                let (data, type) = try source.export(format, frame: n, try PreviewSettings(query: r.query))
                let file = source.name.replacingOccurrences(of: " ", with: "-")
                return HTTPServer.Response(status: 200, contentType: type, body: data,
                                           headers: [("Content-Disposition", "attachment; filename=\"\(file).\(format)\"")])
            default:
                return .text(404, "not found")
            }
        } catch let e as PreviewUnavailable {
            return .text(503, e.message)
        } catch {
            return .text(400, "\(error)")
        }
    }
}

/// No frame can be served yet: the first build is running, or failed.
struct PreviewUnavailable: Error { let message: String }
