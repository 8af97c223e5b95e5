/// The settings pages, in the order of the settings sub-navigation.
enum SettingsSection: CaseIterable {
    case profile, preferences, notifications, webhooks, password, tokens, calendars, account
    /// INTEROP-5 (`ImportWebController`).
    case importExport
    /// MKT-11, admins only (`AdminWebController`).
    case categories

    var isForAdmins: Bool { self == .categories }

    var path: String {
        switch self {
        case .profile: "/settings"
        case .preferences: "/settings/preferences"
        case .notifications: "/settings/notifications"
        case .webhooks: "/settings/webhooks"
        case .password: "/settings/password"
        case .tokens: "/settings/tokens"
        case .calendars: "/settings/calendars"
        case .account: "/settings/account"
        case .importExport: "/import"
        case .categories: "/admin/categories"
        }
    }

    var title: String {
        switch self {
        case .profile: "Profile"
        case .preferences: "Preferences"
        // Not "Notifications": the top bar's bell is the link of that name.
        case .notifications: "Notification settings"
        case .webhooks: "Webhooks"
        case .password: "Password"
        case .tokens: "Tokens and app passwords"
        case .calendars: "Calendar apps"
        case .account: "Account"
        case .importExport: "Import and export"
        case .categories: "Marketplace categories"
        }
    }
}
