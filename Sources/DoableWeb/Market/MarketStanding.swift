import DoableCore
import DoableDomain
import Foundation
import DoableArt

/// A member's standing on the marketplace in words: "4.5 ★ from 2 ratings", "finished 3 of 4 assigned postings";
/// and the public profile's section with the latest visible reviews (ACC-3, MKT-6).
enum MarketStanding {
    /// "4.5 ★ from 2 ratings", "5.0 ★ from 1 rating", "No ratings yet".
    static func ratingWords(_ rating: MarketRating) -> String {
        guard let average = rating.average, rating.count > 0 else { return "No ratings yet" }
        return "\(String(format: "%.1f", average)) ★ from \(rating.count) rating\(rating.count == 1 ? "" : "s")"
    }

    /// "Finished 3 of 4 assigned postings", "No postings assigned yet".
    static func completionWords(_ rating: MarketRating) -> String {
        guard rating.assignedCount > 0 else { return "No postings assigned yet" }
        let noun = rating.assignedCount == 1 ? "posting" : "postings"
        return "Finished \(rating.completedCount) of \(rating.assignedCount) assigned \(noun)"
    }

    /// One rating as stars: "★★★★☆" (hidden from screen readers, which hear "4 of 5 stars").
    static func stars(_ rating: Int) -> HTML {
        let filled = max(0, min(5, rating))
        return """
            <span class="stars" aria-hidden="true">\(String(repeating: "★", count: filled) + String(repeating: "☆", count: 5 - filled))</span>\
            <span class="visually-hidden">\(filled) of 5 stars</span>
            """
    }

    /// The public profile's section: the average rating, the completion rate and the latest reviews.
    static func profileSection(
        name: String, rating: MarketRating, reviews: [ReviewView], time: MemberTime,
        shown: Int = 10
    ) -> HTML {
        let items: HTML = reviews.prefix(shown).html { view in
            let reviewer: HTML =
                view.reviewer.map { "<a href=\"/users/\(FormData.encode($0))\">@\($0)</a>" }
                ?? "A former member"
            return """
                <li class="review" id="review-\(view.review.id)">
                <p class="review-meta">\(stars(view.review.rating)) · \(reviewer) · \(time.agoElement(view.review.createdAt))</p>
                \(view.review.body.isEmpty ? "" : HTML("<p class=\"review-body\">\(view.review.body)</p>"))
                </li>
                """
        }
        let list: HTML =
            reviews.isEmpty
            ? "<p class=\"empty-state\">No reviews of \(name) yet.</p>"
            : "<h3 id=\"reviews-heading\">Latest reviews</h3><ul class=\"review-list\" aria-labelledby=\"reviews-heading\">\(items)</ul>"
        let rate = rating.completionRate.map { " (\(Int(($0 * 100).rounded()))%)" } ?? ""
        return """
            <section class="market-standing" aria-labelledby="market-standing-heading">
            <h2 id="market-standing-heading">On the marketplace</h2>
            <dl class="profile-details">
            <dt>Rating</dt><dd class="market-rating">\(ratingWords(rating))</dd>
            <dt>Completed</dt><dd class="market-completion">\(completionWords(rating) + rate)</dd>
            </dl>
            \(list)
            </section>
            """
    }
}
