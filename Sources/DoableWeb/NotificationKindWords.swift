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
        case .bidPlaced: "New bids on my postings"
        case .bidAccepted: "My bid accepted"
        case .bidDeclined: "My bid declined"
        case .marketQuestion: "Questions on my postings"
        case .marketAnswer: "Answers to my questions"
        case .marketTaskDone: "Marketplace work finished or marked done"
        case .marketReview: "Marketplace reviews of me"
        case .badgeEarned: "Badges I earn (companion game)"
        case .streakAtRisk: "My streak is about to break (companion game)"
        }
    }

    /// What its emails are about, after "emails about": "reminders", "tasks assigned to you".
    var emailTopic: String {
        switch self {
        case .reminder, .reminderMissed: "reminders"
        case .taskAssigned: "tasks assigned to you"
        case .listShared: "lists shared with you"
        case .comment: "comments on your tasks"
        case .bidPlaced: "bids on your postings"
        case .bidAccepted: "your accepted bids"
        case .bidDeclined: "your declined bids"
        case .marketQuestion: "questions on your postings"
        case .marketAnswer: "answers to your questions"
        case .marketTaskDone: "finished marketplace work"
        case .marketReview: "reviews of you"
        case .badgeEarned: "badges you earn"
        case .streakAtRisk: "your streak"
        }
    }

    /// The kind whose email channel a link of this kind turns off (missed reminders are never emailed).
    var emailKind: Self { self == .reminderMissed ? .reminder : self }

    /// MKT-8: bids, questions, answers, finished work and reviews on the marketplace.
    var isMarketplace: Bool {
        switch self {
        case .bidPlaced, .bidAccepted, .bidDeclined, .marketQuestion, .marketAnswer, .marketTaskDone, .marketReview:
            true
        case .reminder, .reminderMissed, .taskAssigned, .listShared, .comment, .badgeEarned, .streakAtRisk: false
        }
    }
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
        case .bidPlaced: "Someone bids on my posting"
        case .bidAccepted: "My bid is accepted"
        case .bidDeclined: "My bid is declined"
        case .marketQuestion: "Someone asks about my posting"
        case .marketAnswer: "My question is answered"
        case .marketTaskDone: "Work on a posting is finished or marked done"
        case .marketReview: "Someone reviews me"
        case .badgeEarned: "I earn a badge in the companion game"
        case .streakAtRisk: "My companion-game streak is about to break"
        case .webhookTest: "A test call (Send test)"
        }
    }
}
