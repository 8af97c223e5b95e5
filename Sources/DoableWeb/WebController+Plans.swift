import DoableCore
import DoableDomain
import Foundation
import Hummingbird
import DoableArt

/// GAME-7 for members: `/plans`, the subscription plans admins describe (retired ones left out), linked discreetly
/// from the sidebar's foot. Doable takes no payment yet, and the page says so.
extension WebController {
    func addPlanRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("plans") { _, context in
            _ = try member(context)
            let plans = try await domain.game.subscriptionPlans()
            let cards = plans.html { plan in
                """
                <li class="plan-card" id="plan-\(plan.id)">
                <h2 class="plan-name">\(plan.name)</h2>
                <p class="plan-price"><strong>\(plan.price.description)</strong> \(Self.perPeriod(plan.period))</p>
                \(plan.description.isEmpty ? "" : HTML("<p class=\"plan-description\">\(plan.description)</p>"))
                </li>
                """
            }
            let list: HTML =
                plans.isEmpty
                ? "<p class=\"empty-state\">No plans are on offer yet.</p>"
                : "<ul class=\"plan-list\">\(cards)</ul>"
            return try await page(
                WebPage(
                    title: "Plans",
                    main: """
                        <div class="plans-page">
                        <h1>Plans</h1>
                        \(Self.paymentNote(admin: false))
                        \(list)
                        </div>
                        """, current: "plans"), context)
        }
    }

    /// GAME-7: every plans page says that nothing can be bought yet.
    static func paymentNote(admin: Bool) -> HTML {
        admin
            ? """
            <p class="notice payment-note" role="note"><strong>Doable does not process payments yet.</strong> Plans \
            describe what is planned: members see them at <a href="/plans">Plans</a>, but nobody can subscribe or \
            pay.</p>
            """
            : """
            <p class="notice payment-note" role="note"><strong>Payment isn't available yet;</strong> these plans \
            describe what is planned.</p>
            """
    }

    /// "per month", "per year".
    static func perPeriod(_ period: SubscriptionPlan.Period) -> String {
        switch period {
        case .month: "per month"
        case .year: "per year"
        }
    }
}
