import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import Hummingbird
import DoableHTTP

/// NOTIF-1 and NOTIF-3 (reminders, snooze, silence), INTEROP-4 (webhooks) and NOTIF-5 (the delivery log).
struct RemindersController: Sendable {
    let reminders: ReminderService

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        let taskReminders = group.group("tasks/{id}/reminders")
        taskReminders.get(use: reminders)
        taskReminders.post(use: create)
        let reminder = group.group("reminders/{id}")
        reminder.patch(use: update)
        reminder.delete(use: delete)
        reminder.post("snooze", use: snooze)
        group.collection("webhooks", list: webhooks, create: createWebhook, delete: deleteWebhook)
        group.post("webhooks/{id}/test", use: testWebhook)
        group.get("deliveries", use: deliveries)
    }

    /// `at`, or `relativeTo` with `offsetMinutes` (0 when left out); nil when the body names neither.
    static func trigger(_ body: JSONObjectReader) throws -> Reminder.Trigger? {
        let at = try body.nullableTimestamp("at") ?? nil
        let anchor = try body.enumeration("relativeTo", Reminder.Anchor.self)
        let offset = try body.integer("offsetMinutes")
        if let at {
            guard anchor == nil, offset == nil else {
                throw DoableError.invalid("at", "Give either 'at' or 'relativeTo' with 'offsetMinutes', not both.")
            }
            return .at(at)
        }
        if let anchor { return .relative(to: anchor, offsetMinutes: offset ?? 0) }
        if offset != nil { throw DoableError.invalid("relativeTo", "'offsetMinutes' needs 'relativeTo' (due or start).") }
        return nil
    }

    @Sendable func reminders(_ request: Request, context: AppRequestContext) async throws -> Response {
        let reminders = try await reminders.reminders(try context.requireIdentity(), taskID: try context.pathID())
        return JSONResponse.make(["reminders": reminders.map(ReminderDTO.init)])
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let taskID: TaskID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.reminder)
        guard let trigger = try Self.trigger(body) else {
            throw DoableError.invalid("at", "Give 'at' (a moment) or 'relativeTo' (due or start) with 'offsetMinutes'.")
        }
        let reminder = try await reminders.createReminder(identity, taskID: taskID, trigger: trigger)
        return JSONResponse.make(ReminderDTO(reminder), status: .created).tagged(version: reminder.version)
    }

    @Sendable func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let id: ReminderID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.reminderUpdate)
        let reminder = try await reminders.updateReminder(
            identity, id: id, trigger: try Self.trigger(body),
            silenced: try body.bool("silenced"),
            ifVersion: try request.ifMatchVersion())
        return JSONResponse.make(ReminderDTO(reminder)).tagged(version: reminder.version)
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await reminders.deleteReminder(
            try context.requireWriter(), id: try context.pathID(),
            ifVersion: try request.ifMatchVersion())
        return JSONResponse.noContent()
    }

    /// Exactly one of `minutes`, `until` (a moment) or `preset`: `5m`, `1h` or `tomorrow` (09:00 tomorrow, the
    /// member's time).
    @Sendable func snooze(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let id: ReminderID = try context.pathID()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.snooze)
        let minutes = try body.integer("minutes")
        if body.isNull("until") { throw DoableError.invalid("until", "'until' must be an RFC 3339 date-time.") }
        let until = try body.nullableTimestamp("until") ?? nil
        let preset = try body.string("preset")
        guard [minutes != nil, until != nil, preset != nil].filter({ $0 }).count == 1 else {
            throw DoableError.invalid("minutes", "Give one of 'minutes', 'until' or 'preset' (5m, 1h, tomorrow).")
        }
        let snooze: ReminderService.Snooze
        if let minutes {
            snooze = .minutes(minutes)
        } else if let until {
            snooze = .until(until)
        } else {
            switch preset {
            case "5m": snooze = .minutes(5)
            case "1h": snooze = .minutes(60)
            case "tomorrow": snooze = .tomorrowMorning
            default: throw DoableError.invalid("preset", "'preset' must be 5m, 1h or tomorrow.")
            }
        }
        let reminder = try await reminders.snoozeReminder(identity, id: id, snooze)
        return JSONResponse.make(ReminderDTO(reminder)).tagged(version: reminder.version)
    }

    @Sendable func webhooks(_ request: Request, context: AppRequestContext) async throws -> Response {
        let hooks = try await reminders.webhooks(try context.requireIdentity())
        return JSONResponse.make(["webhooks": hooks.map { WebhookDTO($0) }])
    }

    @Sendable func createWebhook(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.webhook)
        guard let url = try body.string("url") else { throw DoableError.invalid("url", "'url' is required.") }
        guard let events = try body.strings("events") else {
            throw DoableError.invalid("events", "'events' is required: a list of event names.")
        }
        let hook = try await reminders.createWebhook(identity, url: url, events: events)
        return JSONResponse.make(WebhookDTO(hook, showingSecret: true), status: .created)
    }

    @Sendable func deleteWebhook(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await reminders.deleteWebhook(try context.requireWriter(), id: try context.pathID())
        return JSONResponse.noContent()
    }

    @Sendable func testWebhook(_ request: Request, context: AppRequestContext) async throws -> Response {
        let delivery = try await reminders.sendTest(try context.requireWriter(), webhookID: try context.pathID())
        return JSONResponse.make(DeliveryDTO(delivery, attempts: []), status: .accepted)
    }

    @Sendable func deliveries(_ request: Request, context: AppRequestContext) async throws -> Response {
        let limit = try CollaborationController.limit(request, maximum: 200) ?? 50
        let log = try await reminders.deliveries(try context.requireIdentity(), limit: limit)
        return JSONResponse.make(["deliveries": log.map { DeliveryDTO($0.0, attempts: $0.1) }])
    }
}
