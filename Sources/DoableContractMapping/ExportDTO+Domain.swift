public import DoableAPI
import DoableCore
public import DoableDomain

extension ExportDTO {
    /// ACC-6: everything the member has, as the API's export answers it and the web app's settings page downloads it.
    public static func assemble(
        for identity: Identity, transfer: TransferService, photos: PhotoService, market: MarketService
    ) async throws -> ExportDTO {
        let export = try await transfer.export(identity)
        let now = Timestamp.now
        let views = export.tasks.map { TaskView(task: $0, progress: SubtaskProgress(done: 0, total: 0)) }
        var photoIDs: [TaskID: [AttachmentID]] = [:]
        for start in stride(from: 0, to: export.tasks.count, by: 500) {
            let chunk = export.tasks[start..<min(start + 500, export.tasks.count)].map(\.id)
            photoIDs.merge(try await photos.photoIDs(taskIDs: chunk)) { first, _ in first }
        }
        return ExportDTO(
            exportedAt: now, account: AccountDTO(export.account),
            lists: (export.lists + export.trashedLists).map { ListDTO($0, openTaskCount: 0) },
            tasks: views.map { TaskDTO($0, now: now, attachmentIDs: photoIDs[$0.task.id] ?? []) },
            labels: export.labels.map(LabelDTO.init),
            tokens: export.credentials.map { CredentialDTO($0, current: identity.credential.id) },
            memberships: export.memberships.map(MembershipDTO.init),
            comments: export.comments.map {
                CommentDTO(CommentView(comment: $0, author: nil, canEdit: false, canDelete: false))
            },
            reminders: export.reminders.map(ReminderDTO.init), webhooks: export.webhooks.map { WebhookDTO($0) },
            postings: try await market.myPostings(identity).map(PostingDTO.init),
            bids: try await market.myBids(identity).map { BidDTO($0.0, posting: $0.1) },
            questions: export.questions.map { QuestionDTO(QuestionView(question: $0, asker: identity.account.username)) },
            reviews: export.reviews.map {
                ReviewDTO(ReviewView(review: $0, reviewer: nil, reviewee: nil, isVisible: true))
            },
            photos: export.photos.map(PhotoDTO.init),
            calendar: export.calendar,
            game: export.game.map {
                GameExportDTO(
                    $0, enabled: export.account.preferences.gameOptIn, days: export.gameDays, ledger: export.ledger)
            })
    }
}
