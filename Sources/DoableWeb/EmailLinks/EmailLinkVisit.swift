import DoableCore
import DoableDelivery
import DoableDomain

/// An email link checked: its token, what it names, and the account it acts as.
struct EmailLinkVisit {
    let token: String
    let link: EmailLink
    let identity: Identity

    var base: String { "/email/\(token)" }
    var time: MemberTime { MemberTime(preferences: identity.account.preferences) }
}
