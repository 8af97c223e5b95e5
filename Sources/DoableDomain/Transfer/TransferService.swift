public import DoableCore

/// INTEROP-5 and ACC-8: importing tasks from other apps' files and exporting an account's data, as one service over
/// the shared core (`DomainService`). docs/import.md.
public struct TransferService: DomainService {
    let domain: Domain

    init(domain: Domain) { self.domain = domain }

    /// The server's clock (an import's dates are read in the member's zone on this day).
    public func now() -> Timestamp { domain.now() }
}

extension Domain {
    /// Imports and exports.
    public var transfer: TransferService { TransferService(domain: self) }
}
