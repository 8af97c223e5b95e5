/// The admin pages, in the order of the admin sub-navigation.
enum AdminSection: CaseIterable {
    case accounts, audit, categories, gameRules, store, plans

    var path: String {
        switch self {
        case .accounts: "/admin/accounts"
        case .audit: "/admin/audit"
        case .categories: "/admin/categories"
        case .gameRules: "/admin/game"
        case .store: "/admin/store"
        case .plans: "/admin/plans"
        }
    }

    /// The page's heading.
    var title: String {
        switch self {
        case .accounts: "Accounts"
        case .audit: "Audit log"
        case .categories: "Marketplace categories"
        case .gameRules: "Game rules"
        case .store: "Store items"
        case .plans: "Subscription plans"
        }
    }

    /// The sub-navigation's link.
    var navigationTitle: String {
        switch self {
        case .accounts: "Accounts"
        case .audit: "Audit log"
        case .categories: "Categories"
        case .gameRules: "Game rules"
        case .store: "Store items"
        case .plans: "Plans"
        }
    }
}
