import DoableArt
import DoableCore
import DoableDelivery
import DoableDomain

/// NOTIF-3: the section of an email link's page that stops emails of its kind, or says they are off.
struct StopEmailsSection {
    var visit: EmailLinkVisit

    var html: HTML {
        let kind = visit.link.kind.emailKind
        guard visit.identity.account.preferences.notificationChannels.channels(for: kind).email else {
            return """
                <section class="email-action" aria-labelledby="stop-heading"><h2 id="stop-heading">Emails</h2>
                <p>You no longer get emails about \(kind.emailTopic). To turn them back on, sign in and open
                <a href="/settings/notifications">Notification settings</a>.</p></section>
                """
        }
        return """
            <section class="email-action" aria-labelledby="stop-heading"><h2 id="stop-heading">Stop these emails</h2>
            <p>No more emails about \(kind.emailTopic). Doable's notification centre still shows them.</p>
            <form method="post" action="\(visit.base)/unsubscribe"><input type="hidden" name="from" value="page">
            <button type="submit" class="button danger">Stop emails about \(kind.emailTopic)</button>
            </form></section>
            """
    }
}

/// NOTIF-3: `GET /email/{token}/unsubscribe` asks before stopping the emails of its kind; and what the one-click
/// unsubscribe answers.
struct UnsubscribePage {
    var visit: EmailLinkVisit

    var page: EmailLinkPage {
        let topic = visit.link.kind.emailKind.emailTopic
        let isOn = visit.identity.account.preferences.notificationChannels.channels(for: visit.link.kind.emailKind).email
        guard isOn else {
            return EmailLinkPage(
                title: "You no longer get emails about \(topic)",
                main: """
                    <p>Doable's notification centre still shows them, if it is on for them. To change this, sign in and open
                    <a href="/settings/notifications">Notification settings</a>.</p>
                    """)
        }
        return EmailLinkPage(
            title: "Stop emails about \(topic)?",
            main: """
                <p>Doable will send no more emails about \(topic) to \(visit.identity.account.email). Its notification
                centre still shows them, and you can turn emails back on in
                <a href="/settings/notifications">Notification settings</a>.</p>
                <form method="post" action="\(visit.base)/unsubscribe"><input type="hidden" name="from" value="page">
                <button type="submit" class="button danger">Stop these emails</button>
                </form>
                """)
    }

    /// The answer to the mail client's one-click POST (or a page's button without the script's redirect).
    static func unsubscribed(_ message: String) -> EmailLinkPage {
        EmailLinkPage(title: "Unsubscribed", main: "<p>\(message)</p>")
    }
}
