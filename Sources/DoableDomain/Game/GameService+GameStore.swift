public import DoableCore
@_spi(StoreWriting) import DoableStore

/// GAME-3: the store — buying with points, the inventory, equipping. A purchase is one write of the profile (the
/// points and what is owned together) with its ledger line, so the same points cannot be spent twice.
extension GameService {
    /// The items on sale, as the caller sees them (owned, equipped, affordable).
    public func storeCatalogue(_ identity: Identity) async throws -> [StoreItemView] {
        let account = try await currentAccount(identity)
        let profile = try await gameProfileOrNew(account, now: clock())
        return try await store.storeItems(includeRetired: false).map { item in
            StoreItemView(
                item: item, isOwned: profile.owned[item.id] != nil,
                isEquipped: profile.equipped.contains(item.id), canAfford: profile.points >= item.price)
        }
    }

    /// What the caller owns (retired items included), newest first.
    public func inventory(_ identity: Identity) async throws -> [StoreItemView] {
        let account = try await currentAccount(identity)
        let profile = try await gameProfileOrNew(account, now: clock())
        var items: [StoreItemView] = []
        for (id, _) in profile.owned.sorted(by: { $0.value > $1.value }) {
            guard let item = try await store.storeItem(id: id) else { continue }
            items.append(
                StoreItemView(
                    item: item, isOwned: true, isEquipped: profile.equipped.contains(id),
                    canAfford: true))
        }
        return items
    }

    public func buyItem(_ identity: Identity, id: StoreItemID) async throws -> GameView {
        try await perform(by: identity.account.id) {
            let account = try await currentAccount(identity)
            try requireGameOn(account)
            let now = clock()
            var profile = try await gameProfileOrNew(account, now: now)
            guard let item = try await store.storeItem(id: id) else {
                throw DoableError.notFound("There is no item \(id) in the store.", field: "itemId")
            }
            guard !item.isRetired else {
                throw DoableError.conflict(
                    code: "item_retired", field: "itemId",
                    message: "\(item.name) is no longer sold.")
            }
            guard profile.owned[id] == nil else {
                throw DoableError.conflict(code: "already_owned", field: "itemId", message: "You own \(item.name) already.")
            }
            guard profile.points >= item.price else {
                throw DoableError.conflict(
                    code: "not_enough_points", field: "itemId",
                    message: "\(item.name) costs \(item.price) points; you have \(profile.points). "
                        + "Complete tasks to earn \(item.price - profile.points) more.")
            }
            profile.points -= item.price
            profile.owned[id] = now
            profile.updatedAt = now
            profile.version += 1
            let entry = LedgerEntry(
                id: .make(at: now), accountID: account.id, kind: .purchase, reference: id.description,
                points: -item.price, xp: 0, localDay: domain.calendar(of: account).day(of: now),
                detail: "Bought \(item.name).", at: now)
            return (WriteBatch([.addLedgerEntry(entry), .putGameProfile(profile)], now: now), ())
        }
        return try await game(identity)
    }

    /// Equips an owned item (taking off whatever was in its slot), or takes it off.
    public func equipItem(_ identity: Identity, id: StoreItemID, equipped: Bool) async throws -> GameView {
        try await perform(by: identity.account.id) {
            let account = try await currentAccount(identity)
            try requireGameOn(account)
            let now = clock()
            var profile = try await gameProfileOrNew(account, now: now)
            guard let item = try await store.storeItem(id: id) else {
                throw DoableError.notFound("There is no item \(id) in the store.", field: "itemId")
            }
            guard profile.owned[id] != nil else {
                throw DoableError.conflict(
                    code: "not_owned", field: "itemId",
                    message: "You don't own \(item.name); buy it in the store first.")
            }
            if equipped {
                guard !profile.equipped.contains(id) else { return (WriteBatch(), ()) }
                var kept: [StoreItemID] = []
                for other in profile.equipped {
                    if let otherItem = try await store.storeItem(id: other), otherItem.slot == item.slot { continue }
                    kept.append(other)
                }
                profile.equipped = kept + [id]
            } else {
                guard profile.equipped.contains(id) else { return (WriteBatch(), ()) }
                profile.equipped.removeAll { $0 == id }
            }
            profile.updatedAt = now
            profile.version += 1
            return (WriteBatch([.putGameProfile(profile)], now: now), ())
        }
        return try await game(identity)
    }

    /// GAME-1: the caller's ledger, newest first.
    public func gameLedger(_ identity: Identity, before: Timestamp? = nil, limit: Int = 100) async throws
        -> [LedgerEntry]
    {
        try await store.ledger(accountID: identity.account.id, before: before, limit: max(1, min(limit, 500)))
    }
}
