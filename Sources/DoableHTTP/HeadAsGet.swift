import HTTPTypes
public import Hummingbird

/// Issue 27, finding 7: `HEAD` is answered for every `GET` route, pages and API alike, as HTTP requires (RFC 9110,
/// 9.3.2): the request is served as the `GET` it stands for, through every middleware, and the answer keeps its
/// status and headers — its length among them — without the body. It wraps the whole router, because the router
/// picks an endpoint by method before any middleware runs (and its own generated `HEAD` endpoints drop the length).
/// The `GET` goes without `Accept-Encoding`: a `HEAD` is answered as the uncompressed `GET`, whose length is
/// known.
public struct HeadAsGet<Inner: HTTPResponderBuilder>: HTTPResponderBuilder {
    let inner: Inner

    public init(inner: Inner) {
        self.inner = inner
    }

    public func buildResponder() -> HeadResponder<Inner.Responder> { HeadResponder(inner: inner.buildResponder()) }

    public struct HeadResponder<Wrapped: HTTPResponder>: HTTPResponder {
        public typealias Context = Wrapped.Context
        let inner: Wrapped

        public func respond(to request: Request, context: Context) async throws -> Response {
            guard request.method == .head else { return try await inner.respond(to: request, context: context) }
            var head = request.head
            head.method = .get
            head.headerFields[.acceptEncoding] = nil
            let response = try await inner.respond(to: Request(head: head, body: request.body), context: context)
            var headers = response.headers
            if headers[.contentLength] == nil, let length = response.body.contentLength {
                headers[.contentLength] = String(length)
            }
            // A new response, not `body = …`: that setter would set the length to the empty body's.
            return Response(status: response.status, headers: headers, body: ResponseBody())
        }
    }
}
