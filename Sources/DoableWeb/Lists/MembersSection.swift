import DoableCore
import Foundation
import DoableDomain
import DoableArt

/// COLLAB-1: the Members section of a list's settings page: the owner and members with their roles; for an admin or
/// the owner the controls that change them and the share form; for anyone but the owner the way out.
struct MembersSection {
    var view: ListView
    var members: [MemberView]
    /// The signed-in member.
    var me: AccountID
    var share: ShareForm
    var csrf: HTML

    var html: HTML {
        let list = view.list
        let rows = members.html { memberRow($0) }
        let shareForm: HTML
        if view.role < .admin {
            shareForm = "<p class=\"hint\">The owner and admins of this list share it and change roles.</p>"
        } else if list.isInbox {
            shareForm = "<p class=\"hint\">The Inbox is yours alone; share another list instead.</p>"
        } else {
            shareForm = shareFormHTML
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
            \(csrf)<input type="hidden" name="back" value="/lists/\(list.id)">\
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

    private func memberRow(_ person: MemberView) -> HTML {
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
            data-confirm="Make \(name) the owner of “\(list.name)”? You stay on as an admin.">\(csrf)\(version)\
            <input type="hidden" name="role" value="owner">\
            <button type="submit" class="button" aria-label="Make owner: \(name)">Make owner</button></form>
            """ : ""
        return """
            <li class="member" id="member-\(person.accountID)">\(who)
            <div class="member-actions">
            <form method="post" action="/lists/\(list.id)/members/\(person.accountID)" class="inline-form member-role-form" \
            data-inplace>\(csrf)\(version)
            <label class="visually-hidden" for="role-\(person.accountID)">Role of \(name)</label>\
            <select id="role-\(person.accountID)" name="role">\(options)</select> \
            <button type="submit" class="button" aria-label="Change role: \(name)">Change role</button></form>
            <form method="post" action="/lists/\(list.id)/members/\(person.accountID)/remove" class="inline-form" data-inplace \
            data-confirm="Remove \(name) from “\(list.name)”? They lose access to its tasks.">\(csrf)\(version)\
            <button type="submit" class="button danger" aria-label="Remove \(name)">Remove</button></form>
            \(handOver)</div></li>
            """
    }

    private var shareFormHTML: HTML {
        let list = view.list
        let login = Field.input(
            "login", label: "Username or email", value: share.login, required: true,
            errors: share.errors, extra: " autocomplete=\"off\" maxlength=\"254\"")
        let role = Field.select(
            "role", label: "Role", options: ListRoleWords.grantable, selected: share.role,
            errors: share.errors)
        return """
            <form method="post" action="/lists/\(list.id)/members" class="share-form" aria-label="Share" data-inplace novalidate>
            <h3>Share this list</h3>
            \(csrf)
            \(share.errors.summary)
            <div class="field-row">\(login)\(role)</div>
            <p class="hint">Viewers read the list; editors also add, change and complete its tasks; admins also share it \
            and change its settings.</p>
            <button type="submit" class="button primary">Share</button>
            </form>
            """
    }
}
