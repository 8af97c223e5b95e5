import DoableArt
import DoableCore
import DoableDomain

/// ACC-12: invitation links, for those who may make them: the form (an email, or anyone with the link; how many
/// days it lasts), the link just made (shown this once, with Copy, and whether it was emailed), and the open
/// invitations with Withdraw.
struct InvitationsPage {
    /// The invitation just made, with its link; `emailed` when it went to its address.
    struct Made {
        var invitation: Invitation
        var link: String
        var emailed: Bool
    }

    var made: Made?
    var open: [Invitation]
    var defaultDays: Int
    var isAdmin: Bool
    var time: MemberTime
    var form: FormData
    var errors: FormErrors
    var csrf: HTML

    var body: HTML {
        let rows = open.html { row($0) }
        let list: HTML =
            open.isEmpty
            ? "<p class=\"empty-state\">No open invitations. Invite someone with the form above.</p>"
            : "<ul class=\"session-list\" aria-labelledby=\"open-invitations\">\(rows)</ul>"
        return """
            \(made.map(madeNotice))
            <p>An invitation is a link that lets one person create an account on this server. It works once, until it
            expires. Made for an email address, only that address can use it, and Doable emails it when it can.</p>
            \(errors.summary)
            <form method="post" action="/settings/invitations" class="settings-form" novalidate>\(csrf)
            \(Field.input("email", label: "Email", value: form["email"], type: "email", hint: "Leave it empty for a link anyone can use.", errors: errors, extra: " autocomplete=\"off\" maxlength=\"254\""))
            \(Field.input("days", label: "Lasts for (days)", value: form["days"] ?? String(defaultDays), type: "number", hint: "1 to 90 days.", required: true, errors: errors, extra: " min=\"1\" max=\"90\" inputmode=\"numeric\""))
            <button type="submit" class="button primary">Make invitation</button>
            </form>
            <h3 id="open-invitations">\(isAdmin ? "Open invitations (everyone's)" : "Your open invitations")</h3>
            \(list)
            """
    }

    private func madeNotice(_ made: Made) -> HTML {
        let who: HTML = made.invitation.email.map { "for <strong>\($0)</strong>" } ?? "that anyone can use once"
        let sent: HTML =
            made.emailed
            ? "Doable emailed it to \(made.invitation.email ?? ""). You can also pass the link on yourself:"
            : "<strong>Copy the link now</strong> and send it yourself: Doable shows it only this once."
        return """
            <div class="new-secret" role="status">
            <h3>Invitation made</h3>
            <p>An invitation \(who), until \(time.words(made.invitation.expiresAt.civilDate)). \(sent)</p>
            <label for="invitation-link">Invitation link</label>
            <div class="copy-row"><input id="invitation-link" class="secret" type="text" readonly value="\(made.link)" autocomplete="off" spellcheck="false"><button type="button" class="button" data-copy="invitation-link" data-name="the invitation link" hidden>\(Icon.copy.html)Copy</button></div>
            </div>
            """
    }

    private func row(_ invitation: Invitation) -> HTML {
        let who = invitation.email ?? "Anyone with the link"
        let what = invitation.listID == nil ? "to join" : "to a shared list"
        return """
            <li class="session-item" id="invitation-\(invitation.id)"><div class="session-text">
            <strong class="session-name">\(who)</strong>
            <span class="session-meta">Invited \(what) on \(time.words(invitation.createdAt.civilDate)); expires \(time.words(invitation.expiresAt.civilDate))</span></div>
            <form method="post" action="/settings/invitations/\(invitation.id)/revoke" class="inline-form" data-confirm="Withdraw the invitation for \(who)? Its link stops working.">
            \(csrf)<input type="hidden" name="back" value="/settings/invitations">
            <button type="submit" class="button quiet-danger" aria-label="Withdraw the invitation for \(who)">Withdraw</button>
            </form></li>
            """
    }
}
