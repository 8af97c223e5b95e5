import DoableArt
import DoableCore

/// GAME-7 in words, for the members' plans page and the admin's.
enum PlanWords {
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
