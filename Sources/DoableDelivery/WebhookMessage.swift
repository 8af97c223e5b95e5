import DoableAPI
import DoableContractMapping
import Crypto
import DoableCore
import DoableDomain
import Foundation

/// INTEROP-4: the body of a webhook call and its signature (`X-Doable-Signature: sha256=<hex>`, the HMAC-SHA256 of
/// the raw body under the webhook's secret). The body carries the delivery's id, so a receiver can drop a repeat.
struct WebhookMessage: Encodable {
    let id: DeliveryID
    let event: String
    let createdAt: Timestamp
    let data: DataFields

    struct DataFields: Encodable {
        let title: String
        let body: String
        @Nullable var taskId: TaskID?
        @Nullable var listId: ListID?
        @Nullable var reminderId: ReminderID?
        /// MKT-8: the marketplace posting a notification is about.
        @Nullable var postingId: PostingID?
        @Nullable var task: TaskDTO?
    }

    init(_ delivery: Delivery, payload: DeliveryPayload) {
        id = delivery.id
        event = delivery.event
        createdAt = delivery.createdAt
        data = DataFields(
            title: payload.title, body: payload.body, taskId: payload.taskID, listId: payload.listID,
            reminderId: payload.reminderID, postingId: payload.postingID,
            task: payload.task.map { TaskDTO(TaskView(task: $0, progress: SubtaskProgress(done: 0, total: 0)), now: payload.at) })
    }

    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }

    static func signature(of body: Data, secret: String) -> String {
        "sha256=" + HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: Data(secret.utf8))).lowercaseHex
    }
}
