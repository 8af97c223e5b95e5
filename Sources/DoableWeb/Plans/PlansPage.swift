import DoableArt
import DoableCore
import DoableDomain

/// GAME-7: the plans page (`/plans`): the subscription plans on offer as cards, and the note that Doable takes no
/// payment yet.
struct PlansPage {
    var plans: [SubscriptionPlan]

    var page: WebPage {
        let cards = plans.html { plan in
            """
            <li class="plan-card" id="plan-\(plan.id)">
            <h2 class="plan-name">\(plan.name)</h2>
            <p class="plan-price"><strong>\(plan.price.description)</strong> \(PlanWords.perPeriod(plan.period))</p>
            \(plan.description.isEmpty ? "" : HTML("<p class=\"plan-description\">\(plan.description)</p>"))
            </li>
            """
        }
        let list: HTML =
            plans.isEmpty
            ? "<p class=\"empty-state\">No plans are on offer yet.</p>"
            : "<ul class=\"plan-list\">\(cards)</ul>"
        return WebPage(
            title: "Plans",
            main: """
                <div class="plans-page">
                <h1>Plans</h1>
                \(PlanWords.paymentNote(admin: false))
                \(list)
                </div>
                """, current: "plans")
    }
}
