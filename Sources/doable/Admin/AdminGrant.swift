import ArgumentParser
import DoableCore
import DoableDomain

/// MKT-11: `doable admin grant LOGIN` makes an account an admin (it then sets the marketplace's categories, in the
/// web app's settings or with `doable admin categories`); `doable admin revoke LOGIN` takes that back.
struct AdminGrant: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grant", abstract: "Make an account an admin (by username or email).")

    @Argument(help: "The account's username or email.") var login: String
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        try await AdminGrant.set(login, isAdmin: true, storeOptions)
    }

    static func set(_ login: String, isAdmin: Bool, _ storeOptions: StoreOptions) async throws {
        let account = try await storeOptions.withDomain(label: "doable.admin") { domain in
            try await domain.accounts.setAdmin(nil, account: login, isAdmin: isAdmin)
        }
        print(isAdmin ? "\(account.username) is an admin." : "\(account.username) is no longer an admin.")
    }
}

struct AdminRevoke: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Take an account's admin role away (by username or email).")

    @Argument(help: "The account's username or email.") var login: String
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        try await AdminGrant.set(login, isAdmin: false, storeOptions)
    }
}
