import DoableCore
import DoableDomain
import Testing

/// NOTIF-1 and NOTIF-4 through the reminders service alone: a due reminder fires once into a notification.
@Suite struct ReminderOperationTests {
    @Test func NOTIF1_aDueReminderFiresOnceIntoANotification() async throws {
        try await DomainFixture.run { fixture in
            let ann = try await fixture.member("ann")
            let task = try await fixture.domain.tasks.createTask(ann, TaskInput(title: "Water the plants"))
            let reminder = try await fixture.domain.reminders.createReminder(
                ann, taskID: task.task.id, trigger: .at(fixture.now.adding(seconds: -60)))
            #expect(try await fixture.domain.reminders.reminders(ann, taskID: task.task.id).map(\.id) == [reminder.id])

            #expect(try await fixture.domain.reminders.fireDueReminders() == 1)
            #expect(try await fixture.domain.reminders.fireDueReminders() == 0)
            let page = try await fixture.domain.reminders.notifications(ann)
            #expect(page.unreadCount == 1)
            #expect(page.notifications.first?.taskID == task.task.id)
        }
    }

    @Test func NOTIF1_someoneWhoCannotSeeTheTaskCannotSetAReminderOnIt() async throws {
        try await DomainFixture.run { fixture in
            let ann = try await fixture.member("ann")
            let eve = try await fixture.member("eve")
            let task = try await fixture.domain.tasks.createTask(ann, TaskInput(title: "Surprise party"))
            await #expect(throws: DoableError.self) {
                try await fixture.domain.reminders.createReminder(eve, taskID: task.task.id, trigger: .at(fixture.now))
            }
            #expect(try await fixture.domain.reminders.reminders(ann, taskID: task.task.id).isEmpty)
        }
    }
}
