import DoableCore
import DoableDomain
import Testing

/// COLLAB-1 and COLLAB-3 through the domain alone: what each role may do in a shared list, and whose feeds hear of it.
@Suite struct SharingOperationTests {
    @Test func COLLAB1_anEditorAddsTasksAViewerOnlyReadsAndBothFeedsHearOfIt() async throws {
        try await DomainFixture.run { fixture in
            let ann = try await fixture.member("ann")
            let ben = try await fixture.member("ben")
            let cat = try await fixture.member("cat")
            var input = ListInput()
            input.name = "Household"
            let household = try await fixture.domain.tasks.createList(ann, input)
            let asEditor = try await fixture.domain.sharing.addMember(ann, listID: household.id, login: "ben", role: "editor")
            _ = try await fixture.domain.sharing.addMember(ann, listID: household.id, login: "cat", role: "viewer")
            #expect(asEditor.role == .editor && asEditor.accountID == ben.account.id)
            let members = try await fixture.domain.sharing.members(ann, listID: household.id)
            #expect(Set(members.map(\.username)) == ["ann", "ben", "cat"])

            let annBefore = try await fixture.changes(ann).last?.sequence ?? 0
            var task = TaskInput(title: "Buy bread")
            task.listID = household.id
            let bread = try await fixture.domain.tasks.createTask(ben, task)
            // The owner's feed hears of the editor's task, with who made it.
            let heard = try await fixture.changes(ann, after: annBefore)
            #expect(heard.contains { $0.entityID == bread.task.id.description && $0.actorID == ben.account.id })

            // The viewer reads it and may not write; nothing is written.
            #expect(try await fixture.domain.tasks.task(cat, id: bread.task.id).task.title == "Buy bread")
            var refused = TaskInput(title: "Not allowed")
            refused.listID = household.id
            await #expect(throws: DoableError.self) { try await fixture.domain.tasks.createTask(cat, refused) }
            await #expect(throws: DoableError.self) {
                try await fixture.domain.tasks.completeTask(cat, id: bread.task.id, includeSubtasks: false)
            }
            #expect(try await fixture.domain.tasks.task(ann, id: bread.task.id).task.status == .pending)
        }
    }

    @Test func COLLAB1_someoneNotSharedWithSeesNothing() async throws {
        try await DomainFixture.run { fixture in
            let ann = try await fixture.member("ann")
            let eve = try await fixture.member("eve")
            let secret = try await fixture.domain.tasks.createTask(ann, TaskInput(title: "Surprise party"))
            await #expect {
                try await fixture.domain.tasks.task(eve, id: secret.task.id)
            } throws: { error in
                guard case DoableError.notFound = error else { return false }
                return true
            }
        }
    }
}
