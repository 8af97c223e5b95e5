import DoableAPI
import DoableContractMapping
import ArgumentParser
import DoableClient
import DoableCore
import Foundation

/// `doable login`: signs in, stores the session token (0600) and makes the first full sync.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in to a Doable server and copy your tasks to this device.",
        discussion: """
            Asks for what the flags leave out; the password is read without echo. The session token is kept in \
            $DOABLE_HOME/token (default ~/.config/doable), readable by you only. For scripts: \
            `echo "$PASSWORD" | doable login --server URL --login NAME --password-stdin`.
            """
    )

    @Option(name: .long, help: "The server's address, e.g. https://doable.example.com.") var server: String?
    @Option(name: .long, help: "Your username or email address.") var login: String?
    @Flag(name: .customLong("password-stdin"), help: "Read the password from standard input (for scripts).")
    var passwordStdin = false
    @OptionGroup var options: ClientOptions

    func run() async throws {
        let home = ClientHome()
        ClientHome.restrictNewFiles()
        let previous = try home.readConfig()
        let serverURL = try Self.serverURL(try server ?? ask("Server", default: previous?.server))
        let login = try self.login ?? ask("Username or email", default: previous?.login)
        let password = try readPassword()
        let signedIn: (token: String, account: AccountRecord)
        do {
            signedIn = try await APIClient(server: serverURL).signIn(login: login, password: password)
        } catch let error as ClientError {
            throw CLIError.user(Self.signInMessage(error, server: serverURL))
        }
        try await replaceSession(
            in: home, previous: previous, server: serverURL, account: signedIn.account,
            newToken: signedIn.token)
        try home.save(
            config: ClientConfig(
                server: serverURL.absoluteString, login: login,
                accountId: signedIn.account.id.description))
        try home.save(token: signedIn.token)
        let account = signedIn.account
        print("Signed in to \(serverURL.absoluteString) as \(account.username) (\(account.email)).")
        let session = try Session(home: home, options: options)
        let outcome = await session.sync(timeout: nil, showProgress: true)
        if case .synced = outcome {
            let snapshot = try session.snapshot()
            let (lists, tasks) = (snapshot.lists.count, snapshot.tasks.count)
            let counts = "\(SyncCommand.count(tasks, "task")) in \(SyncCommand.count(lists, "list"))"
            print("Copied \(counts) to this device.")
        } else {
            session.explain(outcome, isReading: true)
            Terminal.warn("The first sync did not finish; run `doable sync` to try again.")
        }
    }

    /// Keeps the replica when the same account signs in again on the same server (its unsent changes with it);
    /// otherwise empties it, refusing (and ending the new session again) when it holds another account's unsent
    /// changes. The replaced token is signed out on the server, so no forgotten session stays valid.
    func replaceSession(
        in home: ClientHome, previous: ClientConfig?, server: URL, account: AccountRecord,
        newToken: String
    ) async throws {
        guard let previous else { return try home.removeSession() }
        let isSameAccount = previous.server == server.absoluteString && previous.accountId == account.id.description
        if !isSameAccount, FileManager.default.fileExists(atPath: home.replicaPath) {
            let pending = try Replica(path: home.replicaPath).pendingCount()
            if pending > 0 {
                await Self.signOut(server: server, token: newToken)
                throw CLIError.user(
                    """
                    This device holds \(pending) unsent \(pending == 1 ? "change" : "changes") of \(previous.login) \
                    on \(previous.server). Sign in as \(previous.login) and run `doable sync`, or run `doable logout \
                    --force` to discard \(pending == 1 ? "it" : "them"), then sign in again.
                    """)
            }
        }
        if let oldToken = home.readToken(), oldToken != newToken, let oldServer = URL(string: previous.server) {
            await Self.signOut(server: oldServer, token: oldToken)
        }
        if !isSameAccount { try home.removeSession() }
    }

    /// Ends a session on the server if it answers in time; a session left behind expires there on its own.
    static func signOut(server: URL, token: String) async {
        _ = try? await withDeadline(Session.quickTimeout) {
            try await APIClient(server: server, token: token).signOut()
        }
    }

    func ask(_ question: String, default value: String?) throws -> String {
        let prompt = value.map { "\(question) [\($0)]: " } ?? "\(question): "
        guard let answer = Terminal.ask(prompt)?.trimmingCharacters(in: .whitespaces) else {
            throw CLIError.user("No \(question.lowercased()) given.")
        }
        if answer.isEmpty, let value { return value }
        guard !answer.isEmpty else { throw CLIError.user("No \(question.lowercased()) given.") }
        return answer
    }

    func readPassword() throws -> String {
        let password: String?
        if passwordStdin {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            var text = String(decoding: data, as: UTF8.self)
            // One trailing line break (`echo`'s; "\r\n" is one Character) is not part of the password.
            if text.last?.isNewline == true { text.removeLast() }
            password = text
        } else if Terminal.isInputTerminal {
            password = Terminal.askSecret("Password: ")
        } else {
            password = readLine(strippingNewline: true)
        }
        guard let password, !password.isEmpty else { throw CLIError.user("No password given.") }
        return password
    }

    /// The server address: http or https, without a trailing slash.
    static func serverURL(_ text: String) throws -> URL {
        var text = text.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else {
            throw CLIError.user("--server must be an address like https://doable.example.com (not '\(text)').")
        }
        return url
    }

    static func signInMessage(_ error: ClientError, server: URL) -> String {
        switch error {
        case .unauthorized, .server(status: 401, _, _, _):
            "The server refused this username or password."
        case .offline(let detail):
            "Could not reach \(server.absoluteString): \(detail). Check the address and your connection."
        case .server(_, _, _, let message):
            "The server refused to sign you in: \(message)"
        default:
            error.description
        }
    }
}
