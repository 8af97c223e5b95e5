import DoableArt
import DoableCore
import DoableDomain

/// ADMIN-1: the accounts of the server, searched by username, name or email, a page at a time: each with its name,
/// username and email, when it was made and last seen, its state in words (Admin, Disabled, Email not confirmed,
/// Two-factor) and the link to manage it. A list of cards rather than a table, so it reads on a phone.
struct AdminAccountsPage {
    var page: AccountPage
    var search: String
    var offset: Int
    var pageSize: Int
    var time: MemberTime

    var body: HTML {
        let rows = page.accounts.html { row($0) }
        let shown =
            page.accounts.isEmpty
            ? ""
            : "\(offset + 1)–\(offset + page.accounts.count) of \(page.total)"
        let summary: HTML =
            search.isEmpty
            ? "\(page.total) \(page.total == 1 ? "account" : "accounts")\(page.total > pageSize ? ", showing \(shown)" : "")"
            : "\(page.total) \(page.total == 1 ? "account matches" : "accounts match") “\(search)”\(page.total > pageSize ? ", showing \(shown)" : "")"
        let list: HTML =
            page.accounts.isEmpty
            ? "<p class=\"empty-state\">No account matches “\(search)”. Search by username, name or email.</p>"
            : "<ul class=\"admin-accounts\" aria-label=\"Accounts\">\(rows)</ul>"
        return """
            <form method="get" action="/admin/accounts" role="search" aria-label="Search accounts" class="admin-search">
            <label for="account-search">Search accounts</label>
            <span class="inline-add"><input id="account-search" type="search" name="q" value="\(search)" maxlength="254" placeholder="Username, name or email"><button type="submit" class="button">Search</button></span>
            </form>
            <p class="admin-count" role="status">\(summary)</p>
            \(list)
            \(pager)
            """
    }

    private var pager: HTML {
        guard page.total > pageSize else { return "" }
        let query = search.isEmpty ? "" : "q=\(FormData.encode(search))&"
        let previous: HTML =
            offset > 0
            ? "<a class=\"button\" href=\"/admin/accounts?\(query)offset=\(max(0, offset - pageSize))\" rel=\"prev\">Previous</a>"
            : ""
        let next: HTML =
            offset + pageSize < page.total
            ? "<a class=\"button\" href=\"/admin/accounts?\(query)offset=\(offset + pageSize)\" rel=\"next\">Next</a>"
            : ""
        return "<nav class=\"pager\" aria-label=\"Pages of accounts\">\(previous)\(next)</nav>"
    }

    private func row(_ account: Account) -> HTML {
        let seen: HTML = account.lastSeenAt.map { "last seen \(time.agoElement($0))" } ?? "never seen"
        return """
            <li class="admin-account\(account.isDisabled ? " is-disabled" : "")" id="account-\(account.id)">
            <div class="admin-account-text">
            <a class="admin-account-name" href="/admin/accounts/\(account.id)"><strong>\(account.displayName)</strong> <span>@\(account.username)</span></a>
            <span class="admin-account-meta">\(account.email)</span>
            <span class="admin-account-meta">Joined \(time.words(account.createdAt.civilDate)), \(seen)</span>
            \(AdminAccountBadges(account: account, requiresVerifiedEmail: false).html)
            </div>
            <a class="button" href="/admin/accounts/\(account.id)" aria-label="Manage \(account.username)">Manage</a>
            </li>
            """
    }
}

/// An account's state in words, as badges: Admin, Disabled, Email not confirmed, Two-factor.
struct AdminAccountBadges {
    var account: Account
    var requiresVerifiedEmail: Bool

    var html: HTML {
        var badges: [HTML] = []
        if account.isAdmin { badges.append("<li class=\"state-badge is-admin\">Admin</li>") }
        if account.isDisabled { badges.append("<li class=\"state-badge is-disabled\">Disabled</li>") }
        if account.emailVerifiedAt == nil { badges.append("<li class=\"state-badge\">Email not confirmed</li>") }
        if account.hasTwoFactor { badges.append("<li class=\"state-badge is-ok\">Two-factor</li>") }
        guard !badges.isEmpty else { return "" }
        return "<ul class=\"state-badges\" aria-label=\"State of \(account.username)\">\(badges)</ul>"
    }
}
