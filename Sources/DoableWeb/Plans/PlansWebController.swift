import DoableCore
import DoableDomain
import Hummingbird

/// GAME-7 for members: `/plans`, the subscription plans admins describe (retired ones left out), linked discreetly
/// from the sidebar's foot. Doable takes no payment yet, and the page says so (`PlansPage`).
struct PlansWebController: WebArea {
    let shell: WebShell
    let game: GameService

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("plans") { _, context in
            _ = try member(context)
            return try await page(PlansPage(plans: try await game.subscriptionPlans()).page, context)
        }
    }
}
