import DoableArt
import DoableCore
import DoableDomain

/// ACC-3: another member's public profile: username, display name and only the contact details they chose to show;
/// and their standing on the marketplace: the average rating, the completion rate and the latest reviews.
struct PublicProfilePage {
    var account: Account
    /// The member looking at their own profile.
    var isSelf: Bool
    var rating: MarketRating
    var reviews: [ReviewView]
    var time: MemberTime

    var page: WebPage {
        let email: HTML =
            account.showEmail
            ? "<dt>Email</dt><dd><a href=\"mailto:\(account.email)\">\(account.email)</a></dd>" : ""
        let phone: HTML =
            account.showPhone && account.phone != nil
            ? "<dt>Phone</dt><dd><a href=\"tel:\(account.phone ?? "")\">\(account.phone ?? "")</a></dd>" : ""
        let none: HTML =
            email.isEmpty && phone.isEmpty
            ? "<p>\(account.displayName) shares no contact details.</p>" : ""
        let own: HTML =
            isSelf
            ? "<p class=\"hint\">This is how others see you. <a href=\"/settings\">Edit your profile</a></p>" : ""
        return WebPage(
            title: account.displayName,
            main: """
                <div class="narrow profile">
                <h1>\(account.displayName)</h1>
                <dl class="profile-details"><dt>Username</dt><dd>@\(account.username)</dd>\(email)\(phone)</dl>
                \(none)
                \(own)
                \(MarketStanding.profileSection(name: account.displayName, rating: rating, reviews: reviews, time: time))
                </div>
                """)
    }
}
