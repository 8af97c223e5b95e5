public import DoableCore

/// ACC-6: everything a member has, as `GET /api/v1/me/export` answers it.
public struct ExportDTO: Encodable, Sendable {
    public let exportedAt: Timestamp
    public let account: AccountDTO
    public let lists: [ListDTO]
    public let tasks: [TaskDTO]
    public let labels: [LabelDTO]
    public let tokens: [CredentialDTO]
    public let memberships: [MembershipDTO]
    public let comments: [CommentDTO]
    public let reminders: [ReminderDTO]
    public let webhooks: [WebhookDTO]
    public let postings: [PostingDTO]
    public let bids: [BidDTO]
    public let questions: [QuestionDTO]
    public let reviews: [ReviewDTO]
    public let photos: [PhotoDTO]
    /// The tasks as an iCalendar document of VTODOs.
    public let calendar: String
    /// GAME: the companion game (profile, closed days, ledger); null if the member never played.
    @Nullable public var game: GameExportDTO?

    public init(
        exportedAt: Timestamp, account: AccountDTO, lists: [ListDTO], tasks: [TaskDTO], labels: [LabelDTO], tokens: [CredentialDTO],
        memberships: [MembershipDTO], comments: [CommentDTO], reminders: [ReminderDTO], webhooks: [WebhookDTO], postings: [PostingDTO],
        bids: [BidDTO], questions: [QuestionDTO], reviews: [ReviewDTO], photos: [PhotoDTO], calendar: String, game: GameExportDTO?
    ) {
        self.exportedAt = exportedAt
        self.account = account
        self.lists = lists
        self.tasks = tasks
        self.labels = labels
        self.tokens = tokens
        self.memberships = memberships
        self.comments = comments
        self.reminders = reminders
        self.webhooks = webhooks
        self.postings = postings
        self.bids = bids
        self.questions = questions
        self.reviews = reviews
        self.photos = photos
        self.calendar = calendar
        self.game = game
    }
}
