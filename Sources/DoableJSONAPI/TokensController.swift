import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import Hummingbird
import DoableHTTP

/// ACC-5: personal access tokens and app passwords.
struct TokensController: Sendable {
    let accounts: AccountService

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("tokens", use: list)
        group.post("tokens", use: create)
        group.delete("tokens/{id}", use: revoke)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        let credentials = try await accounts.credentials(identity)
        return JSONResponse.make(["tokens": credentials.map { CredentialDTO($0, current: identity.credential.id) }])
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.createToken)
        let issued = try await accounts.issueCredential(
            identity, name: try body.required("name", body.string),
            kind: try body.enumeration("kind", Credential.Kind.self) ?? .accessToken,
            scope: try body.enumeration("scope", Credential.Scope.self) ?? .readWrite,
            expiresAt: try body.nullableTimestamp("expiresAt") ?? nil,
            secondFactor: try body.secondFactor(),
            device: ClientDevice(userAgent: request.headers[.userAgent], address: context.clientAddress))
        return JSONResponse.make(
            IssuedCredentialDTO(
                credential: CredentialDTO(issued.credential, current: identity.credential.id),
                secret: issued.secret), status: .created)
    }

    @Sendable func revoke(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await accounts.revokeCredential(try context.requireWriter(), id: try context.pathID())
        return JSONResponse.noContent()
    }
}
