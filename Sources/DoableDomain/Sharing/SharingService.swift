/// COLLAB-1 to COLLAB-3: a list's members and their roles, invitations and handing a list over, as one service over the shared core (`DomainService`).
public struct SharingService: DomainService {
    let domain: Domain

    init(domain: Domain) { self.domain = domain }
}

extension Domain {
    /// Sharing lists.
    public var sharing: SharingService { SharingService(domain: self) }
}
