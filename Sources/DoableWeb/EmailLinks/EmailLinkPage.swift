import DoableArt
import DoableCore
import DoableDelivery
import DoableDomain

/// NOTIF-2 and NOTIF-3: a page an email's link opens, without the signed-in chrome: the browser may be signed in as
/// someone else, or not at all.
struct EmailLinkPage {
    var title: String
    var main: HTML

    var page: WebPage {
        WebPage(
            title: title,
            main: """
                <div class="narrow email-link">
                <h1>\(title)</h1>
                \(main)
                </div>
                """)
    }

    /// A link that is incomplete, changed or expired.
    static let badLink = EmailLinkPage(
        title: "This link does not work",
        main: """
            <p>The link is incomplete, was changed, or is older than 30 days: links in emails work for 30 days.</p>
            <p>To choose which emails you get, sign in and open
            <a href="/settings/notifications">Notification settings</a>.</p>
            """)

    /// A link whose account was deleted or disabled.
    static let accountGone = EmailLinkPage(
        title: "This account no longer exists",
        main: """
            <p>The account this email was sent for was deleted or disabled, so Doable sends it nothing more.</p>
            """)

    /// A link about emails of a kind, with no reminder named.
    static func emails(_ visit: EmailLinkVisit) -> EmailLinkPage {
        EmailLinkPage(
            title: "Emails about \(visit.link.kind.emailTopic)", main: StopEmailsSection(visit: visit).html)
    }

    /// A reminder's link when the reminder or its task is gone.
    static func reminderGone(_ visit: EmailLinkVisit) -> EmailLinkPage {
        EmailLinkPage(
            title: "This reminder is gone",
            main: """
                <p>The reminder, or its task, was deleted, or you no longer have access to the task.</p>
                \(StopEmailsSection(visit: visit).html)
                """)
    }
}
