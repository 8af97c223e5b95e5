/// INTEROP-1: what CalDAV clients see and change — calendars (lists), objects (tasks as VTODO), sync tokens — as one
/// service over the shared core (`DomainService`). docs/caldav.md.
public struct CalDAVService: DomainService {
    let domain: Domain

    init(domain: Domain) { self.domain = domain }
}

extension Domain {
    /// CalDAV's operations.
    public var calDAV: CalDAVService { CalDAVService(domain: self) }
}
