public import DoableCore
/// MKT-1 to MKT-11: the marketplace — postings, bids, questions and reviews, categories — as one service over the
/// shared core (`DomainService`). Controllers that serve the marketplace hold this, not the whole `Domain`.
public struct MarketService: DomainService {
    let domain: Domain

    init(domain: Domain) { self.domain = domain }

    /// MKT-12: the currency of every amount on the marketplace.
    public var currency: CurrencyCode { domain.currency }
}

extension Domain {
    /// The marketplace's operations.
    public var market: MarketService { MarketService(domain: self) }
}
