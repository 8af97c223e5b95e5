import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDelivery
import DoableDomain
import DoableHTTP
import Hummingbird

/// ACC-12: invitation links — admins', and members' when the server allows it.
struct InvitationsController: Sendable {
    let accounts: AccountService
    let mailer: AccountMailer

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("invitations", use: list)
        group.post("invitations", use: create)
        group.delete("invitations/{id}", use: revoke)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let invitations = try await accounts.openInvitations(try context.requireIdentity())
        return JSONResponse.make(["invitations": invitations.map(InvitationDTO.init)])
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.createInvitation)
        let issued = try await accounts.invite(
            identity, email: try body.nullableString("email") ?? nil,
            days: try body.integer("expiresInDays"))
        let emailed = issued.invitation.email != nil && mailer.canSend
        if emailed { mailer.invitation(issued, from: identity.account, listName: nil) }
        return JSONResponse.make(
            IssuedInvitationDTO(
                invitation: InvitationDTO(issued.invitation), url: mailer.url("/join/\(issued.secret)"),
                emailed: emailed), status: .created)
    }

    @Sendable func revoke(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await accounts.revokeInvitation(try context.requireWriter(), id: try context.pathID())
        return JSONResponse.noContent()
    }
}
