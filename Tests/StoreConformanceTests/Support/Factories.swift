import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation

/// A fixed "now" so every engine stores the same moments; `at(seconds)` is that many seconds later.
let epoch = Timestamp(milliseconds: 1_780_000_000_000)

func at(_ seconds: Int64) -> Timestamp { epoch.adding(seconds: seconds) }

func makeAccount(_ username: String, email: String? = nil, configure: (inout Account) -> Void = { _ in }) -> Account {
    var account = Account(
        id: .make(at: epoch), email: email ?? "\(username)@example.com", username: username,
        passwordHash: "$2b$12$notarealhashnotarealhashnotarealhashnotarealhashnot", firstName: "Test",
        lastName: username.capitalized, inboxID: .make(at: epoch), createdAt: epoch, updatedAt: epoch)
    configure(&account)
    return account
}

func makeInbox(of account: Account) -> TaskList {
    TaskList(
        id: account.inboxID, ownerID: account.id, name: "Inbox", isInbox: true, rank: "a0", createdAt: epoch,
        updatedAt: epoch)
}

func makeList(_ owner: Account, _ name: String, rank: String = "a1", configure: (inout TaskList) -> Void = { _ in })
    -> TaskList
{
    var list = TaskList(
        id: .make(at: epoch), ownerID: owner.id, name: name, rank: rank, createdAt: epoch,
        updatedAt: epoch)
    configure(&list)
    return list
}

func makeTask(
    in list: TaskList, _ title: String, rank: String = "a0", parent: TaskItem? = nil,
    configure: (inout TaskItem) -> Void = { _ in }
) -> TaskItem {
    var task = TaskItem(
        id: .make(at: epoch), ownerID: list.ownerID, listID: list.id, parentID: parent?.id,
        title: title, rank: rank, createdAt: epoch, updatedAt: epoch)
    configure(&task)
    return task
}

func makeLabel(_ owner: Account, _ name: String, color: String = "red") -> Label {
    Label(id: .make(at: epoch), ownerID: owner.id, name: name, color: color, createdAt: epoch, updatedAt: epoch)
}

func makeCredential(
    _ account: Account, kind: Credential.Kind = .session, secret: String = UUID().uuidString, created: Int64 = 0
) -> Credential {
    Credential(
        id: .make(at: epoch), accountID: account.id, kind: kind, name: "\(kind.rawValue) \(created)",
        scope: .readWrite, secretHash: "sha256:\(secret)", createdAt: at(created))
}

/// The next version of a stored value, as a domain operation writes it.
func edited<Value: Versioned>(_ value: Value, at seconds: Int64 = 1, _ change: (inout Value) -> Void) -> Value {
    var copy = value
    change(&copy)
    copy.version += 1
    copy.updatedAt = at(seconds)
    return copy
}

protocol Versioned {
    var version: Int64 { get set }
    var updatedAt: Timestamp { get set }
}

extension Account: Versioned {}
extension TaskList: Versioned {}
extension TaskItem: Versioned {}
extension Label: Versioned {}
extension ListMembership: Versioned {}

extension Store {
    /// Commits `operations` as one batch.
    @discardableResult
    func write(_ operations: WriteBatch.Operation..., now: Timestamp = epoch) async throws -> [Change] {
        try await commit(WriteBatch(operations, now: now))
    }

    /// A new account with its Inbox, as registration stores them.
    func register(_ username: String, email: String? = nil) async throws -> (account: Account, inbox: TaskList) {
        let account = makeAccount(username, email: email)
        let inbox = makeInbox(of: account)
        try await write(.putAccount(account), .putList(inbox))
        return (account, inbox)
    }

    /// Stores `tasks` in one batch, in order (parents before children).
    func put(_ tasks: [TaskItem]) async throws {
        _ = try await commit(WriteBatch(tasks.map { .putTask($0) }, now: epoch))
    }
}

/// The error `operation` threw, or nil when it succeeded.
func error(of operation: () async throws -> Void) async -> (any Error)? {
    do {
        try await operation()
        return nil
    } catch {
        return error
    }
}

func isVersionConflict(_ error: (any Error)?) -> Bool {
    if case .versionConflict = error as? StoreError { return true }
    return false
}
