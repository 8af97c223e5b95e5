import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import DoableHTTP
import Hummingbird

/// ADMIN-1 and ADMIN-2: accounts as the admins manage them, and the audit log; 404 for anyone but an admin.
struct AdminAccountsController: Sendable {
    let accounts: AccountService

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("admin/accounts", use: list)
        group.post("admin/accounts/{id}/disable", use: disable)
        group.post("admin/accounts/{id}/enable", use: enable)
        group.post("admin/accounts/{id}/grant", use: grant)
        group.post("admin/accounts/{id}/revoke", use: revoke)
        group.delete("admin/accounts/{id}", use: delete)
        group.get("admin/audit", use: audit)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let limit = try Self.number(query.get("limit"), name: "limit", in: 1...500) ?? 50
        let offset = try Self.number(query.get("offset"), name: "offset", in: 0...1_000_000) ?? 0
        let page = try await accounts.listAccounts(
            try context.requireIdentity(), search: query.get("q"), limit: limit, offset: offset)
        return JSONResponse.make(AdminAccountPageDTO(accounts: page.accounts.map(AdminAccountDTO.init), total: page.total))
    }

    @Sendable func disable(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.disableAccount)
        let account = try await accounts.disable(
            identity, account: try Self.target(context), reason: try body.required("reason", body.string))
        return JSONResponse.make(AdminAccountDTO(account))
    }

    @Sendable func enable(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try await accounts.enable(try context.requireWriter(), account: try Self.target(context))
        return JSONResponse.make(AdminAccountDTO(account))
    }

    @Sendable func grant(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try await accounts.setAdmin(
            try context.requireWriter(), account: try Self.target(context), isAdmin: true)
        return JSONResponse.make(AdminAccountDTO(account))
    }

    @Sendable func revoke(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try await accounts.setAdmin(
            try context.requireWriter(), account: try Self.target(context), isAdmin: false)
        return JSONResponse.make(AdminAccountDTO(account))
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await accounts.deleteAccount(try context.requireWriter(), account: try Self.target(context))
        return JSONResponse.noContent()
    }

    @Sendable func audit(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let limit = try Self.number(query.get("limit"), name: "limit", in: 1...500) ?? 100
        var before: AuditEntryID?
        if let text = query.get("before") {
            guard let id = AuditEntryID(text) else {
                throw DoableError.invalid("before", "'before' is the id of an audit entry.")
            }
            before = id
        }
        let entries = try await accounts.auditLog(try context.requireIdentity(), limit: limit, before: before)
        return JSONResponse.make(["entries": entries.map { AuditEntryDTO($0) }])
    }

    /// The account's id from the path; an id that is not one is 404 like an account that does not exist.
    static func target(_ context: AppRequestContext) throws -> String {
        let id: AccountID = try context.pathID()
        return id.description
    }

    static func number(_ text: String?, name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw DoableError.invalid(
                name, "'\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }
}
