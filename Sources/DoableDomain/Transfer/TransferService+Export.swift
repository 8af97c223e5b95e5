public import DoableCore
@_spi(StoreWriting) import DoableStore

/// ACC-6: everything that is the member's own, in one document.
public struct AccountExport: Sendable {
    public var account: Account
    public var lists: [TaskList]
    public var trashedLists: [TaskList]
    public var tasks: [TaskItem]
    public var labels: [Label]
    public var credentials: [Credential]
    /// Who the member's lists are shared with, and the lists shared with the member (COLLAB-1).
    public var memberships: [ListMembership]
    /// Comments on the member's tasks and the comments it wrote on tasks it can still see (TASK-12).
    public var comments: [TaskComment]
    /// The member's own reminders (NOTIF-1) and webhooks, without their secrets (INTEROP-4).
    public var reminders: [Reminder]
    public var webhooks: [Webhook]
    public var calendar: String
    /// The marketplace (MKT): the member's postings, its bids, the questions it asked on postings it bid on, the
    /// reviews it wrote or received (once shown); and the photos of its tasks and postings (metadata; the bytes are at their URLs).
    public var postings: [MarketPosting] = []
    public var bids: [Bid] = []
    public var questions: [MarketQuestion] = []
    public var reviews: [MarketReview] = []
    public var photos: [Attachment] = []
    /// The companion game (GAME): the profile (nil if the member never played), every closed day, the whole ledger.
    public var game: GameProfile?
    public var gameDays: [GameDay] = []
    public var ledger: [LedgerEntry] = []
}

extension TransferService {
    public func export(_ identity: Identity) async throws -> AccountExport {
        let owner = identity.account.id
        let lists = try await store.lists(ownerID: owner)
        let trashedLists = try await store.trash(ownerID: owner).lists
        var tasks: [TaskItem] = []
        for list in lists + trashedLists {
            tasks += try await store.tasks(listID: list.id, includingTrashed: true)
        }
        let labels = try await store.labels(ownerID: owner)
        // Labels are each member's own: other members' labels on the member's tasks are theirs (COLLAB-3).
        let ownLabels = Set(labels.map(\.id))
        for index in tasks.indices { tasks[index].labelIDs.removeAll { !ownLabels.contains($0) } }
        var memberships = try await store.memberships(accountID: owner)
        for list in lists + trashedLists { memberships += try await store.memberships(listID: list.id) }
        var comments: [TaskComment] = []
        var seen = Set<CommentID>()
        for task in tasks { comments += try await store.comments(taskID: task.id) }
        for comment in try await store.comments(authorID: owner) {
            guard (try? await domain.taskAccess(comment.taskID, for: identity, .read)) != nil else { continue }
            comments.append(comment)
        }
        comments = comments.filter { seen.insert($0.id).inserted }
        let reminders = try await store.reminders(accountID: owner)
        var webhooks = try await store.webhooks(accountIDs: [owner])
        for index in webhooks.indices { webhooks[index].secret = "" }
        let calendar = ICalendarWriter.calendar(
            tasks: tasks.filter { $0.deletedAt == nil },
            labelNames: Dictionary(labels.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first }),
            listNames: Dictionary((lists + trashedLists).map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first }),
            reminders: Dictionary(grouping: reminders, by: \.taskID))
        var export = AccountExport(
            account: identity.account, lists: lists, trashedLists: trashedLists, tasks: tasks, labels: labels,
            credentials: try await store.credentials(of: owner), memberships: memberships, comments: comments,
            reminders: reminders, webhooks: webhooks, calendar: calendar)
        export.postings = try await store.postings(posterID: owner)
        export.bids = try await store.bids(bidderID: owner)
        var questions: [MarketQuestion] = []
        var reviews = try await store.reviews(reviewerID: owner) + domain.market.visibleReviews(of: owner, limit: 10_000)
        for posting in export.postings + (try await store.postings(ids: export.bids.map(\.postingID))) {
            questions += try await store.questions(postingID: posting.id).filter { $0.askerID == owner }
        }
        var seenReviews = Set<ReviewID>()
        reviews = reviews.filter { seenReviews.insert($0.id).inserted }
        var seenQuestions = Set<QuestionID>()
        export.questions = questions.filter { seenQuestions.insert($0.id).inserted }
        export.reviews = reviews
        export.photos =
            try await store.attachments(taskIDs: tasks.map(\.id))
            + store.attachments(postingIDs: export.postings.map(\.id))
        export.game = try await store.gameProfile(accountID: owner)
        if let game = export.game {
            export.gameDays = try await store.gameDays(
                accountID: owner, from: game.createdAt.civilDate.adding(days: -2),
                through: game.lastClosedDay)
            export.ledger = try await store.ledger(accountID: owner, before: nil, limit: 10_000_000)
        }
        return export
    }
}
