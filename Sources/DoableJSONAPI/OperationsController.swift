import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import Foundation
import Hummingbird
import NIOCore
import DoableHTTP

/// OPS-3 and INTEROP-3: health, readiness and the API description.
struct OperationsController: Sendable {
    let domain: Domain

    /// Issue 28: written from the contract target once per process, so the document and the types the server
    /// encodes with cannot disagree. Built when first asked for (a static is initialised on first use), so a
    /// server nobody asks does not carry the document's building in its memory.
    static let renderedDocument = ByteBuffer(string: OpenAPIDocument.rendered())

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("healthz") { _, _ in JSONResponse.make(["status": "ok"]) }
        router.get("readyz") { _, _ in
            do {
                // Issue 34: within a second, whatever the database does (a load balancer's check must not time out).
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await domain.ping() }
                    group.addTask {
                        try await Task.sleep(for: .seconds(1))
                        throw StoreError.unavailable
                    }
                    defer { group.cancelAll() }
                    try await group.next()
                }
                if domain.storage.isFull {
                    return ErrorMiddleware.response(
                        status: .serviceUnavailable, code: "storage_full",
                        message: "The database's storage is full: writes are refused until space is freed (reads go on).",
                        field: nil, headers: [.retryAfter: "30"])
                }
                return JSONResponse.make(["status": "ready"])
            } catch {
                return ErrorMiddleware.response(
                    status: .serviceUnavailable, code: "not_ready",
                    message: "The database does not answer.", field: nil)
            }
        }
        router.get("api/v1/openapi.json") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: Self.renderedDocument))
        }
    }
}
