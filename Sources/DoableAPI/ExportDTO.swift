public import DoableCore
import PublicInit

/// ACC-6: everything a member has, as `GET /api/v1/me/export` answers it.
@PublicInit
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
}
