import Foundation
import HTTPTypes
public import Hummingbird

/// Q-10 (issue 32, item 7): answers over 1 KB in a text format — pages, JSON, stylesheets, scripts, calendars and
/// DAV XML — go out gzipped when the request's `Accept-Encoding` allows it, compressed as they are written
/// (`GzipBodyWriter`), so a streamed answer stays streamed. Never: photos and other images (already compressed),
/// live event streams (`text/event-stream` must reach the browser event by event), `HEAD`, 204 and 304, partial
/// content, an answer that has a `Content-Encoding` already, or one marked `Cache-Control: no-transform` (CalDAV
/// objects, whose ETag is also the `getetag` of every listing). Every answer that could have been compressed says
/// `Vary: Accept-Encoding`, so a cache keeps the two apart; the gzip answer's strong ETag gets its own `-gzip`
/// form, and either form sent back as `If-None-Match` or `If-Match` reaches the handler as the identity tag.
/// gzip only: compress-nio, the library this uses, wraps zlib and has no brotli.
public struct ResponseCompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Bodies of this many bytes or fewer go out as they are: the gzip header and the lost round of a small
    /// answer are worth more than the bytes saved.
    public static var minimumLength: Int { 1024 }

    let pool: GzipCompressorPool

    public init(pool: GzipCompressorPool = .shared) {
        self.pool = pool
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let acceptsGzip = request.method != .head && AcceptEncoding(request.headers).acceptsGzip
        var head = request.head
        var clientHoldsGzip = false
        for name in [HTTPField.Name.ifNoneMatch, .ifMatch] {
            guard let value = head.headerFields[name], let identity = EntityTagCoding.identityList(value) else { continue }
            clientHoldsGzip = true
            head.headerFields[name] = identity
        }
        var response = try await next(clientHoldsGzip ? Request(head: head, body: request.body) : request, context)
        guard Self.isCompressible(response) else { return response }
        if response.status == .notModified {
            // The 304 stands for the representation the client holds: the gzip one when it sent that tag back.
            Self.addVary(&response.headers)
            if clientHoldsGzip, acceptsGzip, let tag = response.headers[.eTag] {
                response.headers[.eTag] = EntityTagCoding.gzipTag(tag)
            }
            return response
        }
        if let length = response.body.contentLength, length <= Self.minimumLength { return response }
        Self.addVary(&response.headers)
        guard acceptsGzip else { return response }
        return compressed(response)
    }

    private func compressed(_ response: Response) -> Response {
        var headers = response.headers
        headers[.contentLength] = nil
        headers[.contentEncoding] = "gzip"
        if let tag = headers[.eTag] { headers[.eTag] = EntityTagCoding.gzipTag(tag) }
        let body = response.body
        let pool = self.pool
        return Response(
            status: response.status, headers: headers,
            body: ResponseBody { writer in
                let lease = try pool.take()
                defer { pool.give(lease) }
                try await body.write(GzipBodyWriter(parent: writer, compressor: lease.compressor))
            })
    }

    /// A text answer with a body that nothing else has encoded, cut or asked to be left alone.
    static func isCompressible(_ response: Response) -> Bool {
        switch response.status.code {
        case 100..<200, 204, 206: return false
        default: break
        }
        let headers = response.headers
        guard headers[.contentEncoding] == nil, headers[.contentRange] == nil else { return false }
        if let cacheControl = headers[.cacheControl], cacheControl.lowercased().contains("no-transform") { return false }
        guard let type = headers[.contentType] else { return response.status == .notModified }
        return CompressibleType.contains(type)
    }

    static func addVary(_ headers: inout HTTPFields) {
        let existing = headers[values: .vary]
        let named = existing.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard !named.contains("accept-encoding"), !named.contains("*") else { return }
        if existing.isEmpty {
            headers[.vary] = "Accept-Encoding"
        } else {
            headers[.vary] = (existing + ["Accept-Encoding"]).joined(separator: ", ")
        }
    }
}
