import DoableCore

/// NOTIF-2: how the web app names each kind of notification, on the settings page and the email link pages.
extension AppNotification.Kind {
    /// A row of Settings → Notifications: "Reminders", "Task assigned to me".
    var settingsTitle: String {
        switch self {
        case .reminder: "Reminders"
        case .taskAssigned: "Task assigned to me"
        case .listShared: "List shared with me"
        case .comment: "Comments on my tasks"
        case .reminderMissed: "Missed reminders"
        }
    }

    /// What its emails are about, after "emails about": "reminders", "tasks assigned to you".
    var emailTopic: String {
        switch self {
        case .reminder, .reminderMissed: "reminders"
        case .taskAssigned: "tasks assigned to you"
        case .listShared: "lists shared with you"
        case .comment: "comments on your tasks"
        }
    }

    /// The kind whose email channel a link of this kind turns off (missed reminders are never emailed).
    var emailKind: Self { self == .reminderMissed ? .reminder : self }
}

/// INTEROP-4: what each webhook event means, for the webhook form's checkboxes.
extension WebhookEvent {
    var summary: String {
        switch self {
        case .taskCreated: "A task is created"
        case .taskUpdated: "A task changes"
        case .taskCompleted: "A task is completed"
        case .taskDeleted: "A task is deleted"
        case .reminder: "A reminder comes due"
        case .taskAssigned: "A task is assigned to me"
        case .listShared: "A list is shared with me"
        case .commentCreated: "Someone comments on my task"
        }
    }
}
