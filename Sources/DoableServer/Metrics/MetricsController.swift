import DoableCore
import Hummingbird
import NIOCore
import DoableHTTP

/// OPS-3 and issue 10, finding 15: `GET /metrics` in Prometheus's text format. It is never public by default:
/// `doable serve` serves it only on a listener of its own (`--metrics-port`, on `--metrics-host`, loopback unless
/// told otherwise) and/or to callers presenting `--metrics-token` as a bearer token.
struct MetricsController {
    let metrics: ServerMetrics
    /// When set, a request must send `Authorization: Bearer <token>`.
    let token: String?

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("metrics") { request, _ in
            if let token {
                guard let header = request.headers[.authorization], header.count > 7,
                    header.prefix(7).lowercased() == "bearer ",
                    constantTimeEquals(Array(header.utf8.dropFirst(7)), Array(token.utf8))
                else {
                    throw DoableError.unauthenticated("Send 'Authorization: Bearer <metrics token>'.")
                }
            }
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: metrics.render())))
        }
    }
}
