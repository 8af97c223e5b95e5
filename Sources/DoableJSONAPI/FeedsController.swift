import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import Hummingbird
import DoableHTTP

/// INTEROP-2: the caller's private ICS feed URLs, and a new secret for them.
struct FeedsController: Sendable {
    let transfer: TransferService
    let trustedProxies: TrustedProxies

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("feeds", use: list)
        group.post("feeds/rotate", use: rotate)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let links = try await transfer.feedLinks(try context.requireIdentity())
        return JSONResponse.make(FeedsDTO(links, origin: origin(request, context)))
    }

    /// Any body is ignored: there is nothing to choose.
    @Sendable func rotate(_ request: Request, context: AppRequestContext) async throws -> Response {
        let links = try await transfer.rotateFeedKey(try context.requireWriter())
        return JSONResponse.make(FeedsDTO(links, origin: origin(request, context)))
    }

    private func origin(_ request: Request, _ context: AppRequestContext) -> String {
        request.publicOrigin(trustedProxies: trustedProxies, peer: context.peerAddress, cameOverTLS: context.cameOverTLS)
    }
}
