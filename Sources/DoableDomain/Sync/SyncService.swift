public import DoableCore

/// SYNC-1 to SYNC-5: offline devices' pushes (each mutation applied once, per-field clocks) and pulls (what changed
/// since a cursor), as one service over the shared core (`DomainService`). docs/sync.md.
public struct SyncService: DomainService {
    let domain: Domain

    init(domain: Domain) { self.domain = domain }

    /// The server's clock, the `serverTime` devices set their clocks by.
    public func now() -> Timestamp { domain.now() }
}

extension Domain {
    /// Devices' sync.
    public var sync: SyncService { SyncService(domain: self) }
}
