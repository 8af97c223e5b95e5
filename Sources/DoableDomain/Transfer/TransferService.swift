/// INTEROP-5 and ACC-8: importing tasks from other apps' files and exporting an account's data, as one service over
/// the shared core (`DomainService`). docs/import.md.
public struct TransferService: DomainService {
    let domain: Domain

    init(domain: Domain) { self.domain = domain }
}

extension Domain {
    /// Imports and exports.
    public var transfer: TransferService { TransferService(domain: self) }
}
