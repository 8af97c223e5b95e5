public import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import Foundation
import Hummingbird
public import DoableHTTP

/// SYNC-1 to SYNC-4: `POST /api/v1/sync/push` and `POST /api/v1/sync/pull` for offline devices (docs/sync.md).
struct SyncController: Sendable {
    let sync: SyncService
    static let maximumMutations = 100

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post("sync/push", use: push)
        group.post("sync/pull", use: pull)
    }

    @Sendable func push(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.syncPush)
        let clientID = try Self.clientID(body)
        guard case .array(let items)? = body.fields["mutations"] else {
            throw body.has("mutations")
                ? body.typeError("mutations", "an array")
                : DoableError.invalid("mutations", "'mutations' is required: an array of at most 100 mutations.")
        }
        guard items.count <= Self.maximumMutations else {
            throw DoableError.invalid(
                "mutations",
                "A push takes at most \(Self.maximumMutations) mutations; "
                    + "send the rest in the next one.")
        }
        let mutations = try items.enumerated().map { try SyncMutationParser.mutation($1, at: $0) }
        let ids = mutations.map(\.id)
        if Set(ids).count != ids.count {
            throw DoableError.invalid("mutations", "Each mutation of a push needs its own 'id'.")
        }
        let outcome = try await sync.push(identity, clientID: clientID, mutations: mutations)
        if let failure = outcome.failure, !outcome.results.contains(where: { $0.status != .duplicate }) {
            throw failure
        }
        return JSONResponse.make(PushResponse(outcome, now: sync.now()))
    }

    @Sendable func pull(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        let body = try JSONObjectReader(
            try await request.jsonBody(emptyIsObject: true),
            allowed: RequestFields.syncPull)
        let clientID = body.has("clientId") ? try Self.clientID(body) : nil
        var cursor: SyncCursor?
        if let text = try body.nullableString("cursor") ?? nil {
            guard let parsed = SyncCursor(text) else {
                throw DoableError.invalid(
                    "cursor",
                    "'cursor' must be a cursor a pull answered; leave it out for a "
                        + "first sync.")
            }
            cursor = parsed
        }
        let limit = try body.integer("limit") ?? SyncService.maximumPullLimit
        guard (1...SyncService.maximumPullLimit).contains(limit) else {
            throw DoableError.invalid("limit", "'limit' must be from 1 to \(SyncService.maximumPullLimit).")
        }
        let page = try await sync.pull(identity, clientID: clientID, cursor: cursor, limit: limit)
        return JSONResponse.make(PullResponse(page, now: sync.now()))
    }

    static func clientID(_ body: JSONObjectReader) throws -> UUID {
        guard let text = try body.string("clientId"), let id = UUID.parse(text) else {
            throw DoableError.invalid("clientId", "'clientId' is required: a UUID the device made once and keeps.")
        }
        return id
    }
}

extension PushResponse {
    init(_ outcome: PushOutcome, now: Timestamp) {
        self.init(
            lastMutationId: outcome.lastMutationID, serverTime: now,
            results: outcome.results.map { result in
                MutationResult(
                    id: result.id, status: MutationResult.Status(rawValue: result.status.rawValue),
                    superseded: result.superseded.isEmpty ? nil : result.superseded,
                    error: result.error.map { MutationError(code: $0.code, field: $0.field, message: $0.message) })
            })
    }
}

extension PullResponse {
    init(_ page: SyncPage, now: Timestamp) {
        self.init(
            cursor: page.cursor.description, more: page.more, reset: page.reset, lastMutationId: page.lastMutationID,
            serverTime: now, account: page.account.map(AccountDTO.init), lists: page.lists.map(ListDTO.init),
            tasks: page.tasks.map { TaskDTO($0, now: now) }, labels: page.labels.map(LabelDTO.init),
            reminders: page.reminders.map(ReminderDTO.init),
            deleted: page.deleted.map { DeletedEntity(entity: $0.entity.rawValue, id: $0.id) })
    }
}

/// A full sync's pages carry 5,000 tasks each: they are written field by field like the task pages (DirectJSON.swift),
/// the few other entities through `Encodable`. `DirectJSONTests` checks the bytes are the same either way.
extension PullResponse: DirectJSONEncodable {
    public func writeJSON(to writer: JSONByteWriter) {
        writer.bytes.reserveCapacity(tasks.count * 640 + 1024)
        writer.raw("{\"cursor\":")
        writer.writeString(cursor)
        writer.raw(",\"more\":")
        writer.writeBool(more)
        writer.raw(",\"reset\":")
        writer.writeBool(reset)
        writer.raw(",\"lastMutationId\":")
        writer.writeInt(Int(lastMutationId))
        writer.raw(",\"serverTime\":")
        writer.writeText(serverTime)
        if let account {
            writer.raw(",\"account\":")
            writer.append(encoding: account)
        }
        writer.raw(",\"lists\":")
        writer.append(encoding: lists)
        writer.raw(",\"tasks\":[")
        for (index, task) in tasks.enumerated() {
            if index > 0 { writer.raw(",") }
            task.writeJSON(to: writer)
        }
        writer.raw("],\"labels\":")
        writer.append(encoding: labels)
        writer.raw(",\"reminders\":")
        writer.append(encoding: reminders)
        writer.raw(",\"deleted\":")
        writer.append(encoding: deleted)
        writer.raw("}")
    }
}

extension JSONByteWriter {
    /// Appends a value written through `Encodable` (these types always encode).
    func append(encoding value: some Encodable) {
        bytes.append(contentsOf: (try? StreamingJSONEncoder.encode(value)) ?? Array("null".utf8))
    }
}
