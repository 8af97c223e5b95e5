import Crypto
public import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation

/// INTEROP-2: the member's secret for its feed URLs, and the lists it has a feed for.
public struct FeedLinks: Sendable {
    public var key: String
    /// Every live list the member can see: its own in its order, then those shared with it.
    public var lists: [TaskList]
}

/// Which feed of a key: every task with a due date, or one list.
public enum FeedScope: Sendable, Hashable {
    case dueTasks
    case list(ListID)
}

/// A feed's body with what conditional requests compare.
public struct FeedDocument: Sendable {
    public var body: String
    /// Strong and quoted: a digest of the body, so it changes exactly when the body does.
    public var etag: String
    /// The latest change to anything the feed shows, a task leaving it included; never in the future.
    public var lastModified: Timestamp
}

extension TransferService {
    /// How long a completed task with a due date stays in the all-tasks feed.
    public static let feedCompletedDays: Int64 = 30

    /// The caller's feed secret (made on the first ask) and its lists.
    public func feedLinks(_ identity: Identity) async throws -> FeedLinks {
        let accountID = identity.account.id
        var key = try await store.feedKey(accountID: accountID)?.key
        if key == nil { key = try await replaceFeedKey(of: accountID) }
        return FeedLinks(key: key ?? "", lists: try await feedLists(of: accountID))
    }

    /// A new secret: every URL made with the old one answers 404 from now on.
    public func rotateFeedKey(_ identity: Identity) async throws -> FeedLinks {
        let key = try await replaceFeedKey(of: identity.account.id)
        return FeedLinks(key: key, lists: try await feedLists(of: identity.account.id))
    }

    /// The feed a URL names. An unknown key, a disabled account, or a list the key's owner cannot see (any more)
    /// all answer the same 404, so a guess learns nothing. `taskLink` makes each task's web address.
    public func feed(key: String, scope: FeedScope, taskLink: @escaping @Sendable (TaskID) -> String? = { _ in nil })
        async throws -> FeedDocument
    {
        let notFound = DoableError.notFound("No such feed.")
        guard Self.isWellFormedFeedKey(key), let feedKey = try await store.feedKey(key: key),
            let account = try await store.account(id: feedKey.accountID), !account.isDisabled
        else { throw notFound }
        let lists = try await feedLists(of: account.id)
        let listNames = Dictionary(lists.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let now = clock()
        var tasks: [TaskItem]
        var name = "Doable"
        var latest = [feedKey.createdAt]
        switch scope {
        case .dueTasks:
            let cutoff = now.adding(seconds: -Self.feedCompletedDays * 86_400)
            var due: [TaskItem] = []
            for list in lists { due += try await store.tasks(listID: list.id, includingTrashed: false).filter { $0.due != nil } }
            tasks = due.filter { $0.status != .completed || ($0.completedAt ?? cutoff) > cutoff }
            // A completed task leaves the feed 30 days later without any write: that moment is a change too.
            latest += due.compactMap { task -> Timestamp? in
                guard task.status == .completed, let completedAt = task.completedAt else { return nil }
                let leaves = completedAt.adding(seconds: Self.feedCompletedDays * 86_400)
                return leaves <= now ? leaves : nil
            }
            latest += lists.map(\.updatedAt)
            latest += try await latestChange(accountID: account.id, listID: nil)
            tasks.sort { ($0.due?.sortKey ?? now, $0.id) < ($1.due?.sortKey ?? now, $1.id) }
        case .list(let listID):
            guard let list = lists.first(where: { $0.id == listID }) else { throw notFound }
            name = list.name
            tasks = try await store.tasks(listID: listID, includingTrashed: false)
            latest.append(list.updatedAt)
            latest += try await latestChange(accountID: account.id, listID: listID)
        }
        latest += tasks.map(\.updatedAt)
        let ownLabels = try await store.labels(ownerID: account.id)
        let body = FeedCalendarWriter.calendar(
            FeedCalendarWriter.Content(
                name: name, tasks: tasks,
                labelNames: Dictionary(ownLabels.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first }),
                listNames: listNames, taskLink: taskLink))
        let digest = SHA256.hash(data: Data(body.utf8)).prefix(16).lowercaseHex
        return FeedDocument(body: body, etag: "\"\(digest)\"", lastModified: min(latest.max() ?? now, now))
    }

    /// Keys are 43 characters of base64url (32 random bytes): anything else is not worth a query.
    static func isWellFormedFeedKey(_ key: String) -> Bool {
        key.utf8.count == 43
            && key.utf8.allSatisfy { byte in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
            }
    }

    /// Stores a new key for the account and answers the one stored (of two first asks at once, the later wins).
    private func replaceFeedKey(of accountID: AccountID) async throws -> String {
        let now = clock()
        let key = FeedKey(accountID: accountID, key: SecretToken.make(prefix: "").secret, createdAt: now)
        try await domain.commit(WriteBatch([.putFeedKey(key)], now: now), by: accountID)
        return try await store.feedKey(accountID: accountID)?.key ?? key.key
    }

    /// The live lists the account sees, as `listsSeen` orders them.
    private func feedLists(of accountID: AccountID) async throws -> [TaskList] {
        try await store.lists(ownerID: accountID) + domain.sharedLists(of: accountID).map(\.1)
    }

    /// When the account's feed last said anything (about the list): a deletion or a list leaving the member's view
    /// changes a feed without leaving a task or list behind to date it.
    private func latestChange(accountID: AccountID, listID: ListID?) async throws -> [Timestamp] {
        if let listID {
            let sequence = try await store.latestSequence(accountID: accountID, listID: listID)
            guard sequence > 0 else { return [] }
            return try await store.changes(accountID: accountID, listID: listID, after: sequence - 1, limit: 1).map(\.at)
        }
        let sequence = try await store.latestSequence(accountID: accountID)
        guard sequence > 0 else { return [] }
        return try await store.changes(accountID: accountID, after: sequence - 1, limit: 1).map(\.at)
    }
}
