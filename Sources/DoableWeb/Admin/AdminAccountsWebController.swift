import DoableArt
import DoableCore
import DoableDomain
import DoableHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// ADMIN-1 and ADMIN-2 in the browser: the admin area's Accounts (`/admin/accounts`, search and pages,
/// `AdminAccountsPage`), one account (`/admin/accounts/{id}`, `AdminAccountPage`) with disable (with a reason),
/// enable, grant and revoke admin, and delete (asks first), and the Audit log (`/admin/audit`, `AuditLogPage`).
/// The Domain checks every rule again (the last admin, one's own account) and writes the audit entry; its refusal
/// comes back as the form's error. Anyone but an admin gets the 404 page.
struct AdminAccountsWebController: WebArea {
    let shell: WebShell
    let accounts: AccountService

    static let pageSize = 25
    static let auditPageSize = 50

    func addRoutes(to web: RouterGroup<WebRequestContext>) {
        web.get("admin/accounts") { _, context in try await accountsPage(context) }
        web.get("admin/accounts/{id}") { _, context in
            let identity = try admin(context)
            return try await accountPage(context, identity, try await target(context), form: FormData(), errors: FormErrors())
        }
        web.post("admin/accounts/{id}/disable") { _, context in
            try await act(context) { identity, account in
                let reason = context.web.form["reason"] ?? ""
                let changed = try await accounts.disable(identity, account: account.id.description, reason: reason)
                return "Disabled \(changed.username): every session of theirs has ended."
            }
        }
        web.post("admin/accounts/{id}/enable") { _, context in
            try await act(context) { identity, account in
                let changed = try await accounts.enable(identity, account: account.id.description)
                return "Enabled \(changed.username): they can sign in again."
            }
        }
        web.post("admin/accounts/{id}/admin") { _, context in
            try await act(context) { identity, account in
                let isAdmin = context.web.form.isOn("isAdmin")
                let changed = try await accounts.setAdmin(identity, account: account.id.description, isAdmin: isAdmin)
                return changed.isAdmin ? "\(changed.username) is now an admin." : "\(changed.username) is no longer an admin."
            }
        }
        web.post("admin/accounts/{id}/delete") { _, context in try await delete(context) }
        web.get("admin/audit") { _, context in try await auditPage(context) }
    }

    private func target(_ context: WebRequestContext) async throws -> Account {
        let id: AccountID = try context.pathID()
        return try await accounts.adminTarget(id.description)
    }

    private func accountsPage(_ context: WebRequestContext) async throws -> Response {
        let identity = try admin(context)
        let search = String((context.web.query["q"] ?? "").trimmingCharacters(in: .whitespaces).prefix(254))
        let offset = max(0, Int(context.web.query["offset"] ?? "") ?? 0)
        let found = try await accounts.listAccounts(
            identity, search: search.isEmpty ? nil : search, limit: Self.pageSize, offset: offset)
        let content = AdminAccountsPage(
            page: found, search: search, offset: offset, pageSize: Self.pageSize,
            time: MemberTime(preferences: identity.account.preferences))
        return try await adminPage(context, .accounts, body: content.body)
    }

    private func accountPage(
        _ context: WebRequestContext, _ identity: Identity, _ account: Account, form: FormData, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let content = AdminAccountPage(
            account: account, isSelf: account.id == identity.account.id,
            time: MemberTime(preferences: identity.account.preferences), form: form, errors: errors,
            csrf: csrfField(context))
        return try await adminPage(context, .accounts, body: content.body, status: status)
    }

    /// One action on one account: a toast on success, the account's page with the refusal otherwise.
    private func act(
        _ context: WebRequestContext, _ action: (Identity, Account) async throws -> String
    ) async throws -> Response {
        let identity = try admin(context)
        let account = try await target(context)
        do {
            let message = try await action(identity, account)
            return WebResponse.done(context, redirect: "/admin/accounts/\(account.id)", toast: Flash(message: message))
        } catch let error as DoableError {
            let current = (try? await accounts.adminTarget(account.id.description)) ?? account
            return try await accountPage(
                context, identity, current, form: context.web.form, errors: FormErrors(error, fields: ["reason"]),
                status: error.httpStatus)
        }
    }

    private func delete(_ context: WebRequestContext) async throws -> Response {
        let identity = try admin(context)
        let account = try await target(context)
        guard context.web.form.isOn("confirmed") else {
            return try await confirmPage(
                context, title: "Delete \(account.username)?",
                message: "Their account and everything that is theirs are deleted at once. This cannot be undone.",
                action: "/admin/accounts/\(account.id)/delete", button: "Delete \(account.username)")
        }
        do {
            try await accounts.deleteAccount(identity, account: account.id.description)
        } catch let error as DoableError {
            return try await accountPage(
                context, identity, account, form: FormData(), errors: FormErrors(error, fields: []),
                status: error.httpStatus)
        }
        return WebResponse.done(
            context, redirect: "/admin/accounts", toast: Flash(message: "Deleted \(account.username)."),
            forceRedirect: true)
    }

    private func auditPage(_ context: WebRequestContext) async throws -> Response {
        let identity = try admin(context)
        let before = context.web.query["before"].flatMap { AuditEntryID($0) }
        let entries = try await accounts.auditLog(identity, limit: Self.auditPageSize + 1, before: before)
        let shown = Array(entries.prefix(Self.auditPageSize))
        let content = AuditLogPage(
            entries: shown, older: entries.count > Self.auditPageSize ? shown.last?.id : nil,
            isFirstPage: before == nil, time: MemberTime(preferences: identity.account.preferences))
        return try await adminPage(context, .audit, body: content.body)
    }
}
