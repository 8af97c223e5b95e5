/// The settings pages, in the order of the settings sub-navigation.
enum SettingsSection: CaseIterable {
    case profile, preferences, notifications, webhooks, password
    /// ACC-10 (`TwoFactorWebController`) and ACC-11 (`SessionsWebController`).
    case twoFactor, sessions
    case tokens, calendars
    /// ACC-12, for those who may invite (`InvitationsWebController`).
    case invitations
    case account
    /// INTEROP-5 (`ImportWebController`).
    case importExport
    /// ADMIN-1 and ADMIN-2, admins only (`AdminAccountsWebController`): the admin area's accounts and audit log.
    case administration
    /// MKT-11, admins only (`AdminWebController`).
    case categories

    var isForAdmins: Bool { self == .categories || self == .administration }

    /// Whether the settings navigation shows this entry to a member.
    func isShown(isAdmin: Bool, mayInvite: Bool) -> Bool {
        (!isForAdmins || isAdmin) && (self != .invitations || mayInvite)
    }

    var path: String {
        switch self {
        case .profile: "/settings"
        case .preferences: "/settings/preferences"
        case .notifications: "/settings/notifications"
        case .webhooks: "/settings/webhooks"
        case .password: "/settings/password"
        case .twoFactor: "/settings/two-factor"
        case .sessions: "/settings/sessions"
        case .invitations: "/settings/invitations"
        case .administration: "/admin/accounts"
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
        case .twoFactor: "Two-factor sign-in"
        case .sessions: "Sessions and devices"
        case .invitations: "Invitations"
        case .administration: "Accounts (admin)"
        case .tokens: "Tokens and app passwords"
        case .calendars: "Calendar apps"
        case .account: "Account"
        case .importExport: "Import and export"
        case .categories: "Marketplace categories"
        }
    }
}
