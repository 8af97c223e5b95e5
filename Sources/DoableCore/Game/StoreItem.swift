import PublicInit

/// GAME-3: something in the companion store: worn by the companion or placed in its home.
@PublicInit
public struct StoreItem: Sendable, Equatable, Codable {
    public var id: StoreItemID
    public var name: String
    public var description: String
    public var category: Category
    /// Where it goes; equipping an item empties its slot of any other.
    public var slot: Slot
    public var price: Int
    /// An SVG fragment (no `<svg>` root) drawn in the slot's 100×100 box; checked by `SVGFragment.validate`.
    public var svg: String
    /// A retired item is no longer sold; whoever owns it keeps it.
    public var isRetired: Bool = false
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int64 = 1

    public enum Category: String, Sendable, Codable, CaseIterable { case clothes, accessory, furniture, trinket }

    /// Worn: `head`, `eyes`, `neck`, `body`, `held`. In the home: `floor` (left and right), `wall`, `rug`, `shelf`.
    public enum Slot: String, Sendable, Codable, CaseIterable {
        case head, eyes, neck, body, held, floorLeft, floorRight, wall, rug, shelf

        public var isWorn: Bool { [.head, .eyes, .neck, .body, .held].contains(self) }
    }
}

/// GAME-7: a subscription plan admins describe; payment is out of scope.
@PublicInit
public struct SubscriptionPlan: Sendable, Equatable, Codable {
    public var id: SubscriptionPlanID
    public var name: String
    /// Price in cents (`Money`).
    public var price: Money
    public var period: Period
    public var description: String
    public var isRetired: Bool = false
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int64 = 1

    public enum Period: String, Sendable, Codable, CaseIterable { case month, year }
}
