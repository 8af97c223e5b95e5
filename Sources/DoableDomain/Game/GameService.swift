/// GAME-1 to GAME-7: the companion game — points, levels, streaks, the store, plans, statistics — as one service
/// over the shared core (`DomainService`). Task completion asks it for a reward in the same batch.
public struct GameService: DomainService {
    let domain: Domain

    init(domain: Domain) { self.domain = domain }
}

extension Domain {
    /// The game's operations.
    public var game: GameService { GameService(domain: self) }
}
