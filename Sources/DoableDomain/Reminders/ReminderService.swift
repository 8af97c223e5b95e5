/// NOTIF-1 to NOTIF-5: reminders and their firing, in-app notifications, webhooks and the delivery queue, as one service over the shared core (`DomainService`).
public struct ReminderService: DomainService {
    let domain: Domain

    init(domain: Domain) { self.domain = domain }
}

extension Domain {
    /// Reminders, notifications and deliveries.
    public var reminders: ReminderService { ReminderService(domain: self) }
}
