import DoableCore

/// Issue 31: how an installation lets people in — `doable serve --registration`, `--require-verified-email`,
/// `--members-may-invite`.
public struct AccountPolicy: Sendable {
    /// ACC-12: who may register. `open`: anyone who reaches the server; `invite`: only with an invitation;
    /// `closed`: nobody (accounts come from `doable admin create`).
    public enum Registration: String, Sendable, CaseIterable { case open, invite, closed }

    public var registration: Registration
    /// ACC-9: unverified members can sign in but cannot share lists or post to the marketplace.
    public var requireVerifiedEmail: Bool
    /// ACC-12: whether members who are not admins may make invitation links.
    public var membersMayInvite: Bool
    /// How long an invitation link lasts unless its maker says otherwise.
    public var invitationDays: Int

    public init(
        registration: Registration = .open, requireVerifiedEmail: Bool = false, membersMayInvite: Bool = false,
        invitationDays: Int = 7
    ) {
        self.registration = registration
        self.requireVerifiedEmail = requireVerifiedEmail
        self.membersMayInvite = membersMayInvite
        self.invitationDays = invitationDays
    }
}

/// ACC-11: where a credential is made or used from — the device name read from its user agent, and the client
/// address.
public struct ClientDevice: Sendable {
    public var name: String
    public var address: String?

    public init(name: String, address: String?) {
        self.name = name
        self.address = address
    }

    public init(userAgent: String?, address: String?) {
        self.init(name: DeviceName.from(userAgent: userAgent), address: address)
    }

    /// For operations not made by a client (the server's command line).
    public static let commandLine = ClientDevice(name: "Command line", address: nil)
}
