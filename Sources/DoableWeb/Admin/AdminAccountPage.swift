import DoableArt
import DoableCore
import DoableDomain

/// ADMIN-1: one account for an admin: who it is, its state, and the actions: disable with the reason the member
/// will be shown (or enable), grant or revoke admin, and delete at the foot (it asks first). A refusal — the last
/// admin, the admin's own account — comes back as the form's error.
struct AdminAccountPage {
    var account: Account
    var isSelf: Bool
    var time: MemberTime
    var form: FormData
    var errors: FormErrors
    var csrf: HTML

    var body: HTML {
        let seen: HTML = account.lastSeenAt.map { time.agoElement($0) } ?? "never"
        let verified: HTML =
            account.emailVerifiedAt.map { "confirmed \(time.words($0.civilDate))" } ?? "not confirmed"
        let disabledNote: HTML =
            account.isDisabled
            ? "<p class=\"notice\" role=\"status\">Disabled. The member is told: “\(account.disabledReason ?? "")”</p>"
            : ""
        return """
            <p><a href="/admin/accounts">All accounts</a></p>
            <h3 class="admin-account-title">\(account.displayName) <span>@\(account.username)</span></h3>
            \(AdminAccountBadges(account: account, requiresVerifiedEmail: false).html)
            \(disabledNote)
            <dl class="admin-facts">
            <dt>Email</dt><dd>\(account.email) (\(verified))</dd>
            <dt>Joined</dt><dd>\(time.words(account.createdAt.civilDate))</dd>
            <dt>Last seen</dt><dd>\(seen)</dd>
            <dt>Two-factor sign-in</dt><dd>\(account.hasTwoFactor ? "on" : "off")</dd>
            </dl>
            \(errors.summary)
            \(isSelf ? HTML("<p class=\"hint\">This is your own account: another admin disables, demotes or deletes it.</p>") : "")
            \(disableForm)
            \(adminForm)
            \(deleteForm)
            """
    }

    private var disableForm: HTML {
        if account.isDisabled {
            return """
                <h3 id="enable-heading">Enable</h3>
                <form method="post" action="/admin/accounts/\(account.id)/enable" class="settings-form" aria-labelledby="enable-heading">\(csrf)
                <p>\(account.username) can sign in again.</p>
                <button type="submit" class="button primary">Enable \(account.username)</button>
                </form>
                """
        }
        return """
            <h3 id="disable-heading">Disable</h3>
            <form method="post" action="/admin/accounts/\(account.id)/disable" class="settings-form" aria-labelledby="disable-heading" novalidate>\(csrf)
            <p>Every session, token and app password of \(account.username) ends at once, and signing in shows the reason.</p>
            \(Field.textarea("reason", label: "Reason", value: form["reason"], hint: "The member is shown this when they try to sign in (up to 500 characters).", errors: errors, rows: 3))
            <button type="submit" class="button">Disable \(account.username)</button>
            </form>
            """
    }

    private var adminForm: HTML {
        """
        <h3 id="admin-heading">Admin</h3>
        <form method="post" action="/admin/accounts/\(account.id)/admin" class="settings-form" aria-labelledby="admin-heading">\(csrf)
        <input type="hidden" name="isAdmin" value="\(account.isAdmin ? "0" : "1")">
        <p>\(account.isAdmin ? "\(account.username) is an admin: they manage accounts and the server's catalogues." : "Admins manage accounts, the marketplace's categories and the game's catalogues.")</p>
        <button type="submit" class="button">\(account.isAdmin ? "Remove admin from \(account.username)" : "Make \(account.username) an admin")</button>
        </form>
        """
    }

    private var deleteForm: HTML {
        """
        <h3 id="delete-heading">Delete</h3>
        <form method="post" action="/admin/accounts/\(account.id)/delete" class="danger-zone" aria-labelledby="delete-heading" \
        data-confirm="Delete \(account.username) and everything of theirs? This cannot be undone.">\(csrf)
        <p>Deletes the account and everything that is theirs — lists, tasks, photos — as if they deleted it themselves. It cannot be undone.</p>
        <button type="submit" class="button danger">Delete \(account.username)</button>
        </form>
        """
    }
}
