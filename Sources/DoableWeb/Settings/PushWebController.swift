import DoableArt
import DoableCore
import DoableDelivery
import DoableDomain
import DoableHTTP
import Hummingbird

/// REACH-3 in the browser: the device list's actions and the subscription push.js posts, through the same domain
/// operations as `/api/v1/push-subscriptions`.
struct PushWebController: WebArea {
    let shell: WebShell
    let domain: Domain

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.post("settings/push") { request, context in try await subscribe(request, context) }
        web.post("settings/push/{id}/test") { _, context in try await test(context) }
        web.post("settings/push/{id}/delete") { _, context in try await remove(context) }
    }

    /// The section of Settings › Notifications, with the installation's key (made on first use).
    static func section(_ identity: Identity, domain: Domain, csrf: HTML) async throws -> PushDevicesSection {
        return PushDevicesSection(
            devices: try await domain.reminders.pushSubscriptions(identity), publicKey: try await domain.vapidKey().publicKey,
            csrf: csrf, time: MemberTime(preferences: identity.account.preferences))
    }

    private func subscribe(_ request: Request, _ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let form = context.web.form
        let device = try await domain.reminders.subscribePush(
            identity, endpoint: form["endpoint"] ?? "", p256dh: form["p256dh"] ?? "", auth: form["auth"] ?? "",
            userAgent: request.headers[.userAgent])
        return WebResponse.done(
            context, redirect: "/settings/notifications#push-\(device.id)",
            toast: Flash(message: "Push notifications reach \(device.deviceName) now."), focus: "push-\(device.id)")
    }

    private func test(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        _ = try await domain.reminders.sendPushTest(identity, id: try context.pathID())
        return WebResponse.done(
            context, redirect: "/settings/notifications#push-heading",
            toast: Flash(message: "Sent a test notification. It should appear on the device in a moment."))
    }

    private func remove(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        try await domain.reminders.deletePushSubscription(identity, id: try context.pathID())
        return WebResponse.done(
            context, redirect: "/settings/notifications#push-heading",
            toast: Flash(message: "That device gets no more push notifications."))
    }
}
