import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDelivery
import DoableDomain
import DoableHTTP
import Hummingbird

/// REACH-3: the server's push key and the account's push devices. A browser subscribes with what
/// `PushSubscription.toJSON()` gives (`{endpoint, expirationTime, keys: {p256dh, auth}}`).
struct PushController: Sendable {
    let domain: Domain

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("push/key", use: key)
        group.collection("push-subscriptions", list: list, create: subscribe, delete: remove)
        group.post("push-subscriptions/{id}/test", use: test)
    }

    @Sendable func key(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireIdentity()
        return JSONResponse.make(PushKeyDTO(publicKey: try await domain.vapidKey().publicKey))
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let devices = try await domain.reminders.pushSubscriptions(try context.requireIdentity())
        return JSONResponse.make(["pushSubscriptions": devices.map(PushSubscriptionDTO.init)])
    }

    @Sendable func subscribe(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.pushSubscription)
        let endpoint = try body.required("endpoint", body.string)
        let keys = try body.required("keys") { try body.object($0, allowed: RequestFields.pushKeys) }
        let device = try await domain.reminders.subscribePush(
            identity, endpoint: endpoint, p256dh: try keys.required("p256dh", keys.string),
            auth: try keys.required("auth", keys.string), userAgent: request.headers[.userAgent])
        return JSONResponse.make(PushSubscriptionDTO(device), status: .created)
    }

    @Sendable func remove(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await domain.reminders.deletePushSubscription(try context.requireWriter(), id: try context.pathID())
        return JSONResponse.noContent()
    }

    @Sendable func test(_ request: Request, context: AppRequestContext) async throws -> Response {
        let delivery = try await domain.reminders.sendPushTest(try context.requireWriter(), id: try context.pathID())
        return JSONResponse.make(DeliveryDTO(delivery, attempts: []), status: .accepted)
    }
}
