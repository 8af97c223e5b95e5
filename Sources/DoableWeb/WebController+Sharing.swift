import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird
import DoableArt
import DoableHTTP

/// What the share form holds: what was typed, and why it was refused.
struct ShareForm: Sendable {
    var login = ""
    var role = ListRole.editor.rawValue
    var errors = FormErrors()
}

/// COLLAB-1 in the browser: the Members section of a list's settings page (`/lists/{id}/edit#members`), sharing by
/// username or email, changing a role, removing a member, handing the list over, and leaving it. Every action is
/// the Domain's, which checks the caller's role again; a refusal shows its message by the field it names.
extension WebController {
    func addSharingRoutes(to web: RouterGroup<WebRequestContext>) {
        web.post("lists/{id}/members") { _, context in try await share(context) }
        web.post("lists/{id}/members/{accountId}") { _, context in try await changeRole(context) }
        web.post("lists/{id}/members/{accountId}/remove") { _, context in try await removeMember(context) }
        web.post("lists/{id}/leave") { _, context in try await leave(context) }
    }

    // MARK: The section

    /// The owner and members with their roles; for an admin or the owner the controls that change them and the
    /// share form; for anyone but the owner the way out.
    func membersSection(_ context: WebRequestContext, _ view: ListView, share: ShareForm = ShareForm())
        async throws -> HTML
    {
        let identity = try member(context)
        let list = view.list
        let members = try await domain.sharing.members(identity, listID: list.id)
        let rows = members.html { memberRow($0, view: view, me: identity.account.id, context: context) }
        let shareForm: HTML
        if view.role < .admin {
            shareForm = "<p class=\"hint\">The owner and admins of this list share it and change roles.</p>"
        } else if list.isInbox {
            shareForm = "<p class=\"hint\">The Inbox is yours alone; share another list instead.</p>"
        } else {
            shareForm = shareFormHTML(list, share: share, context: context)
        }
        // Handing the list over needs an admin; say so, or the owner never finds "Make owner".
        let handOverHint: HTML =
            view.role == .owner && members.contains(where: { $0.role != .owner })
            ? "<p class=\"hint\">To hand this list over, make a member an admin; then choose Make owner beside them.</p>"
            : ""
        let leave: HTML =
            view.role == .owner
            ? ""
            : """
            <form method="post" action="/lists/\(list.id)/leave" class="leave-form" data-inplace \
            data-confirm="Leave “\(list.name)”? You lose access to it until someone shares it with you again.">\
            \(csrfField(context))<input type="hidden" name="back" value="/lists/\(list.id)">\
            <button type="submit" class="button danger">Leave list</button></form>
            """
        return """
            <section id="members" class="members" aria-labelledby="members-heading">
            <h2 id="members-heading">Members</h2>
            <ul class="member-list">\(rows)</ul>
            \(handOverHint)
            \(shareForm)
            \(leave)
            </section>
            """
    }

    private func memberRow(_ person: MemberView, view: ListView, me: AccountID, context: WebRequestContext) -> HTML {
        let list = view.list
        let isMe = person.accountID == me
        let name = person.username
        let who: HTML = """
            <span class="member-who"><span class="member-name">\(person.displayName)</span> \
            <a class="member-username" href="/users/\(person.username)">@\(person.username)</a>\(isMe ? " (you)" : "")</span>
            """
        guard view.role >= .admin, person.role != .owner, !isMe else {
            return """
                <li class="member" id="member-\(person.accountID)">\(who) <span class="member-role">\(person.role.rawValue.capitalized)</span></li>
                """
        }
        let version: HTML = """
            <input type="hidden" name="version" value="\(person.version)">\
            <input type="hidden" name="back" value="/lists/\(list.id)/edit">
            """
        let options = ListRoleWords.grantable.html { value, title in
            "<option value=\"\(value)\"\(attribute: "selected", if: value == person.role.rawValue)>\(title)</option>"
        }
        let handOver: HTML =
            view.role == .owner && person.role == .admin
            ? """
            <form method="post" action="/lists/\(list.id)/members/\(person.accountID)" class="inline-form" data-inplace \
            data-confirm="Make \(name) the owner of “\(list.name)”? You stay on as an admin.">\(csrfField(context))\(version)\
            <input type="hidden" name="role" value="owner">\
            <button type="submit" class="button" aria-label="Make owner: \(name)">Make owner</button></form>
            """ : ""
        return """
            <li class="member" id="member-\(person.accountID)">\(who)
            <div class="member-actions">
            <form method="post" action="/lists/\(list.id)/members/\(person.accountID)" class="inline-form member-role-form" \
            data-inplace>\(csrfField(context))\(version)
            <label class="visually-hidden" for="role-\(person.accountID)">Role of \(name)</label>\
            <select id="role-\(person.accountID)" name="role">\(options)</select> \
            <button type="submit" class="button" aria-label="Change role: \(name)">Change role</button></form>
            <form method="post" action="/lists/\(list.id)/members/\(person.accountID)/remove" class="inline-form" data-inplace \
            data-confirm="Remove \(name) from “\(list.name)”? They lose access to its tasks.">\(csrfField(context))\(version)\
            <button type="submit" class="button danger" aria-label="Remove \(name)">Remove</button></form>
            \(handOver)</div></li>
            """
    }

    private func shareFormHTML(_ list: TaskList, share: ShareForm, context: WebRequestContext) -> HTML {
        let login = Field.input(
            "login", label: "Username or email", value: share.login, required: true,
            errors: share.errors, extra: " autocomplete=\"off\" maxlength=\"254\"")
        let role = Field.select(
            "role", label: "Role", options: ListRoleWords.grantable, selected: share.role,
            errors: share.errors)
        return """
            <form method="post" action="/lists/\(list.id)/members" class="share-form" aria-label="Share" data-inplace novalidate>
            <h3>Share this list</h3>
            \(csrfField(context))
            \(share.errors.summary)
            <div class="field-row">\(login)\(role)</div>
            <p class="hint">Viewers read the list; editors also add, change and complete its tasks; admins also share it \
            and change its settings.</p>
            <button type="submit" class="button primary">Share</button>
            </form>
            """
    }

    // MARK: The actions

    private func share(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let view = try await domain.tasks.list(identity, id: try context.pathID())
        let form = context.web.form
        do {
            let added = try await domain.sharing.addMember(
                identity, listID: view.list.id, login: form["login"],
                role: form["role"])
            return WebResponse.done(
                context, redirect: "/lists/\(view.list.id)/edit#members",
                toast: Flash(
                    message: "Shared “\(view.list.name)” with \(added.username) as \(added.role.rawValue)",
                    undo: UndoToken([.removeMember(view.list.id, added.accountID)]).encoded),
                focus: "f-login")
        } catch let error as DoableError where !context.web.wantsJSON && Self.isFormError(error) {
            var share = ShareForm(login: form["login"] ?? "", role: form["role"] ?? ListRole.editor.rawValue)
            share.errors = FormErrors(error, fields: ["login", "role"])
            return try await listSettingsPage(context, view, share: share, status: error.httpStatus)
        }
    }

    private func changeRole(_ context: WebRequestContext) async throws -> Response {
        let (identity, view, person) = try await memberActedOn(context)
        let form = context.web.form
        let role = form["role"]
        let list = view.list
        if role == ListRole.owner.rawValue, !form.isOn("confirmed"), !context.web.wantsJSON {
            return try await confirmPage(
                context, title: "Make \(person.username) the owner of “\(list.name)”?",
                message: "They will own the list and its tasks; you stay on as an admin.",
                action: "/lists/\(list.id)/members/\(person.accountID)",
                button: "Make owner")
        }
        let updated = try await domain.sharing.updateMember(
            identity, listID: list.id, accountID: person.accountID,
            role: role, ifVersion: form.version)
        let back = "/lists/\(list.id)/edit#members"
        if updated.role == .owner {
            return WebResponse.done(
                context, redirect: back,
                toast: Flash(
                    message: "\(updated.username) now owns “\(list.name)”; you are an admin of it."))
        }
        let undo: String? =
            person.role == updated.role
            ? nil
            : UndoToken([.memberRole(list.id, person.accountID, person.role)]).encoded
        return WebResponse.done(
            context, redirect: back,
            toast: Flash(
                message: "\(updated.username) is now \(ListRoleWords.withArticle(updated.role)) of “\(list.name)”",
                undo: undo), focus: "role-\(person.accountID)")
    }

    private func removeMember(_ context: WebRequestContext) async throws -> Response {
        let (identity, view, person) = try await memberActedOn(context)
        if person.accountID == identity.account.id { return try await leave(context) }
        let list = view.list
        if !context.web.form.isOn("confirmed"), !context.web.wantsJSON {
            return try await confirmPage(
                context, title: "Remove \(person.username) from “\(list.name)”?",
                message: "They lose access to the list and its tasks.",
                action: "/lists/\(list.id)/members/\(person.accountID)/remove",
                button: "Remove")
        }
        try await domain.sharing.removeMember(
            identity, listID: list.id, accountID: person.accountID,
            ifVersion: context.web.form.version)
        return WebResponse.done(
            context, redirect: "/lists/\(list.id)/edit#members",
            toast: Flash(
                message: "Removed \(person.username) from “\(list.name)”",
                undo: UndoToken([.addMember(list.id, username: person.username, role: person.role)]).encoded))
    }

    private func leave(_ context: WebRequestContext) async throws -> Response {
        let identity = try member(context)
        let list = try await domain.tasks.list(identity, id: try context.pathID()).list
        if !context.web.form.isOn("confirmed"), !context.web.wantsJSON {
            return try await confirmPage(
                context, title: "Leave “\(list.name)”?",
                message: "You lose access to it until someone shares it with you again.",
                action: "/lists/\(list.id)/leave", button: "Leave list")
        }
        try await domain.sharing.removeMember(identity, listID: list.id, accountID: identity.account.id)
        return WebResponse.done(
            context, redirect: "/today", toast: Flash(message: "You left “\(list.name)”"),
            forceRedirect: true)
    }

    /// The member, the list as they see it, and the person a member form acts on.
    private func memberActedOn(_ context: WebRequestContext) async throws -> (Identity, ListView, MemberView) {
        let identity = try member(context)
        let view = try await domain.tasks.list(identity, id: try context.pathID())
        let accountID: AccountID = try context.pathID("accountId")
        guard
            let person = try await domain.sharing.members(identity, listID: view.list.id)
                .first(where: { $0.accountID == accountID })
        else { throw DoableError.notFound("Member not found.") }
        return (identity, view, person)
    }

    /// A refusal the share form shows by its fields; others (no access, a role too small) get their own page.
    private static func isFormError(_ error: DoableError) -> Bool {
        switch error {
        case .invalid, .conflict: true
        default: false
        }
    }
}
