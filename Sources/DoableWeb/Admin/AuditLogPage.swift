import DoableArt
import DoableCore
import DoableDomain

/// ADMIN-2: the admins' audit log, newest first, a page at a time: when, who, what in words, to whom, and what
/// else the action said (a disable's reason, an invitation's address). A list, so a phone reads it whole.
struct AuditLogPage {
    var entries: [AuditEntry]
    /// The oldest entry's id when there may be older ones.
    var older: AuditEntryID?
    var isFirstPage: Bool
    var time: MemberTime

    var body: HTML {
        let rows = entries.html { row($0) }
        let list: HTML =
            entries.isEmpty
            ? "<p class=\"empty-state\">No admin actions yet. Disabling, enabling, deleting, admin changes and invitations are listed here.</p>"
            : "<ol class=\"audit-log\" aria-label=\"Admin actions, newest first\">\(rows)</ol>"
        let pager: HTML =
            older == nil && isFirstPage
            ? ""
            : """
            <nav class="pager" aria-label="Pages of the audit log">\(isFirstPage ? "" : HTML("<a class=\"button\" href=\"/admin/audit\">Newest</a>"))\
            \(older.map { HTML("<a class=\"button\" href=\"/admin/audit?before=\($0)\" rel=\"next\">Older</a>") })</nav>
            """
        return """
            <p>Every action an admin takes on accounts and invitations, with who took it and when. The command line's
            actions show as “command line”.</p>
            \(list)
            \(pager)
            """
    }

    private func row(_ entry: AuditEntry) -> HTML {
        let target: HTML = entry.targetName.isEmpty ? "" : " <strong>\(entry.targetName)</strong>"
        let detail: HTML = entry.detail.isEmpty ? "" : "<span class=\"audit-detail\">“\(entry.detail)”</span>"
        return """
            <li class="audit-entry"><span class="audit-when">\(time.words(time.date(of: entry.at))) \(time.time(of: entry.at))</span>
            <span class="audit-what"><strong>\(entry.actorName)</strong> \(Self.words(entry.action))\(target)</span>
            \(detail)</li>
            """
    }

    static func words(_ action: AuditEntry.Action) -> String {
        switch action {
        case .disable: "disabled"
        case .enable: "enabled"
        case .delete: "deleted"
        case .grantAdmin: "made an admin:"
        case .revokeAdmin: "removed admin from"
        case .create: "created"
        case .resetPasswordLink: "made a password reset link for"
        case .invite: "made an invitation"
        case .revokeInvitation: "withdrew an invitation"
        }
    }
}
