import ArgumentParser
import DoableCLI
import DoableCore
import DoableDomain
import Foundation

/// ADMIN-1: accounts from the server's own command line, through the same domain operations the admin area uses,
/// each written to the audit log (ADMIN-2) with "command line" as who did it.
struct AdminCreate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create an account (the first one is an admin), whatever the registration mode.",
        discussion: "The password is read from standard input (one line), or asked for on a terminal.")

    @Option(help: "The account's email address.") var email: String
    @Option(help: "The account's username (3–30 letters, digits, underscores).") var username: String
    @Option(help: "First name.") var firstName: String
    @Option(help: "Last name.") var lastName: String
    @Flag(help: "Make the account an admin (the first account always is).") var admin = false
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        var input = Registration(email: email, password: try Self.readPassword(), username: username)
        input.firstName = firstName
        input.lastName = lastName
        let account = try await storeOptions.withDomain(label: "doable.admin") { domain in
            try await domain.accounts.adminCreateAccount(input, isAdmin: admin)
        }
        print("Created \(account.username) (\(account.id))\(account.isAdmin ? ", an admin" : "").")
    }

    static func readPassword() throws -> String {
        if isatty(0) != 0, let typed = getpass("Password for the new account: ") {
            return String(cString: typed)
        }
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw CLIError.user("Give the password on standard input (one line).")
        }
        return line
    }
}

struct AdminList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List accounts, with when each was created and last seen.")

    @Option(help: "Only accounts whose email, username or name contains this.") var search: String?
    @Option(help: "How many (1–500).") var limit = 100
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let page = try await storeOptions.withDomain(label: "doable.admin") { domain in
            try await domain.accounts.listAccounts(nil, search: search, limit: limit, offset: 0)
        }
        var table = Table(columns: [.init(), .init(isFlexible: true), .init(), .init(), .init()])
        table.append(["USERNAME", "EMAIL", "CREATED", "LAST SEEN", "STATE"])
        for account in page.accounts {
            var state = [account.isDisabled ? "disabled" : "enabled"]
            if account.isAdmin { state.append("admin") }
            if account.hasTwoFactor { state.append("2FA") }
            table.append([
                account.username, account.email, account.createdAt.civilDate.description,
                account.lastSeenAt.map { $0.civilDate.description } ?? "never", state.joined(separator: ", "),
            ])
        }
        table.render(maxWidth: Terminal.outputWidth).forEach { print($0) }
        print("\(page.accounts.count) of \(page.total) account\(page.total == 1 ? "" : "s").")
    }
}

struct AdminDisable: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable",
        abstract: "Disable an account: every session and token of it ends; the reason is shown at sign-in.")

    @Argument(help: "The account's username, email or id.") var account: String
    @Option(help: "Why (shown to the member).") var reason: String
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let disabled = try await storeOptions.withDomain(label: "doable.admin") { domain in
            try await domain.accounts.disable(nil, account: account, reason: reason)
        }
        print("\(disabled.username) is disabled.")
    }
}

struct AdminEnable: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "enable", abstract: "Enable a disabled account.")

    @Argument(help: "The account's username, email or id.") var account: String
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let enabled = try await storeOptions.withDomain(label: "doable.admin") { domain in
            try await domain.accounts.enable(nil, account: account)
        }
        print("\(enabled.username) is enabled.")
    }
}

struct AdminDelete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete an account and everything of its own, at once and for good.")

    @Argument(help: "The account's username, email or id.") var account: String
    @Flag(help: "Do not ask first.") var yes = false
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        if !yes {
            print("Delete \(account) and everything of its own? This cannot be undone. Type yes: ", terminator: "")
            guard readLine()?.lowercased() == "yes" else { throw CLIError.user("Nothing deleted.") }
        }
        try await storeOptions.withDomain(label: "doable.admin") { domain in
            try await domain.accounts.deleteAccount(nil, account: account)
        }
        print("Deleted \(account).")
    }
}

struct AdminResetPassword: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-password",
        abstract: "Print a one-time link (valid an hour) that lets the member set a new password.")

    @Argument(help: "The account's username, email or id.") var login: String
    @Option(help: "The address people open Doable at (env DOABLE_PUBLIC_URL).")
    var publicUrl = ProcessInfo.processInfo.environment["DOABLE_PUBLIC_URL"] ?? "http://127.0.0.1:8080"
    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let issued = try await storeOptions.withDomain(label: "doable.admin") { domain in
            try await domain.accounts.adminPasswordResetLink(account: login)
        }
        let base = publicUrl.hasSuffix("/") ? String(publicUrl.dropLast()) : publicUrl
        print("Give \(issued.account.username) this link; it works once, for an hour:")
        print("\(base)/reset-password/\(issued.secret)")
    }
}
