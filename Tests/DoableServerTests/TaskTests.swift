import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation
import Testing

@Suite("Tasks")
struct TaskTests {
    @Test func TASK1_createWithEveryField() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let list = try await api.createList(token, "Study")
            let label = try await api.call(.post, "/api/v1/labels", token: token, json: ["name": "exam", "color": "red"])
            let due = "\(futureDay(5))T09:30:00Z"
            let task = try await api.createTask(
                token,
                [
                    "title": "Revise chapter 3", "notes": "Focus on proofs", "listId": list, "due": due,
                    "start": futureDay(1), "priority": "high", "labelIds": [label.string("id")], "estimatedMinutes": 90,
                    "category": "study",
                ])
            #expect(task["title"] as? String == "Revise chapter 3")
            #expect(task["due"] as? String == "\(futureDay(5))T09:30:00.000Z")
            #expect(task["start"] as? String == futureDay(1))
            #expect(task["priority"] as? String == "high")
            #expect(task["labelIds"] as? [String] == [label.string("id")])
            #expect(task["estimatedMinutes"] as? Int == 90)
            #expect(task["category"] as? String == "study")
            #expect(task["status"] as? String == "pending")
            #expect(task["completedAt"] is NSNull)
            let fetched = try await api.call(.get, "/api/v1/tasks/\(task["id"] as? String ?? "")", token: token)
            #expect(fetched.string("notes") == "Focus on proofs")
        }
    }

    @Test func TASK1_badFieldsAreRefusedWithTheirNameAndNothingIsStored() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let cases: [([String: Any], String)] = [
                (["title": ""], "title"), (["title": String(repeating: "t", count: 201)], "title"),
                (["title": "x", "notes": String(repeating: "n", count: 10_001)], "notes"),
                (["title": "x", "priority": "urgent"], "priority"), (["title": "x", "category": "fun"], "category"),
                (["title": "x", "estimatedMinutes": 0], "estimatedMinutes"),
                (["title": "x", "estimatedMinutes": 1.5], "estimatedMinutes"),
                (["title": "x", "due": "tomorrow"], "due"),
                (["title": "x", "due": futureDay(1), "start": futureDay(2)], "start"),
                (["title": "x", "labelIds": ["not-a-uuid"]], "labelIds"), (["title": 7], "title"),
                (["title": "x", "colour": "red"], "colour"), (["notes": "no title"], "title"),
            ]
            for (body, field) in cases {
                let response = try await api.call(.post, "/api/v1/tasks", token: token, json: body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.errorField == field, "\(body)")
            }
            let missingList = try await api.call(
                .post, "/api/v1/tasks", token: token,
                json: ["title": "x", "listId": UUID().uuidString])
            #expect(missingList.status == .notFound)
            #expect(missingList.errorField == "listId")
            #expect(try await api.call(.post, "/api/v1/tasks", token: token, rawBody: "{\"title\": ").status == .badRequest)
            #expect(try await api.call(.post, "/api/v1/tasks", token: token, rawBody: "[1,2]").status == .badRequest)
            #expect(try await api.tasks(token).isEmpty)
        }
    }

    @Test func TASK2_editEveryFieldAndRefuseADeadlineInThePast() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let task = try await api.createTask(token, ["title": "Draft", "due": futureDay(2)])
            let id = task["id"] as? String ?? ""
            let edited = try await api.call(
                .patch, "/api/v1/tasks/\(id)", token: token,
                json: [
                    "title": "Final", "notes": "n", "priority": "low", "category": "work", "estimatedMinutes": 15,
                    "status": "inProgress", "due": futureDay(4), "start": NSNull(),
                ])
            #expect(edited.status == .ok)
            #expect(edited.string("title") == "Final")
            #expect(edited.string("status") == "inProgress")
            #expect(edited.string("due") == futureDay(4))
            let past = try await api.call(
                .patch, "/api/v1/tasks/\(id)", token: token,
                json: ["due": "2001-01-01", "title": "Should not stick"])
            #expect(past.status == .badRequest)
            #expect(past.errorField == "due")
            #expect(past.object["error"].map { "\($0)" }?.contains("past") == true)
            let pastMoment = try await api.call(
                .patch, "/api/v1/tasks/\(id)", token: token,
                json: ["due": "2020-06-01T10:00:00+02:00"])
            #expect(pastMoment.status == .badRequest)
            let kept = try await api.call(.get, "/api/v1/tasks/\(id)", token: token)
            #expect(kept.string("title") == "Final")
            #expect(kept.string("due") == futureDay(4))
            let cleared = try await api.call(.patch, "/api/v1/tasks/\(id)", token: token, json: ["due": NSNull()])
            #expect(cleared["due"] is NSNull)
        }
    }

    @Test func TASK3_completeAndReopenAndOverdue() async throws {
        let server = try TestServer()
        try await server.run { api in
            let token = try await api.register()
            let task = try await api.createTask(token, ["title": "Pay rent"])
            let id = task["id"] as? String ?? ""
            let done = try await api.call(.post, "/api/v1/tasks/\(id)/complete", token: token)
            #expect(done.status == .ok)
            #expect(done.string("status") == "completed")
            #expect(!done.string("completedAt").isEmpty)
            let reopened = try await api.call(.post, "/api/v1/tasks/\(id)/reopen", token: token)
            #expect(reopened.string("status") == "pending")
            #expect(reopened["completedAt"] is NSNull)

            // A date that arrived by import or sync keeps its past deadline and shows as overdue.
            var stored = try #require(try await server.store.task(id: TaskID(id)!))
            stored.due = .day(CivilDate(year: 2020, month: 1, day: 2)!)
            stored.version += 1
            _ = try await server.store.commit(WriteBatch([.putTask(stored)]))
            let overdue = try await api.call(.get, "/api/v1/tasks/\(id)", token: token)
            #expect(overdue["isOverdue"] as? Bool == true)
            _ = try await api.call(.post, "/api/v1/tasks/\(id)/complete", token: token)
            #expect(try await api.call(.get, "/api/v1/tasks/\(id)", token: token)["isOverdue"] as? Bool == false)
        }
    }

    @Test func TASK4_subtasksNestToAnyDepthWithProgress() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let root = try await api.createTask(token, ["title": "Move house"])
            let rootID = root["id"] as? String ?? ""
            let level1 = try await api.createTask(token, ["title": "Pack", "parentId": rootID])
            let level2 = try await api.createTask(token, ["title": "Kitchen", "parentId": level1["id"] as Any])
            let level3 = try await api.createTask(token, ["title": "Plates", "parentId": level2["id"] as Any])
            let level4 = try await api.createTask(token, ["title": "Wrap", "parentId": level3["id"] as Any])
            _ = try await api.createTask(token, ["title": "Book van", "parentId": rootID])
            #expect(level4["listId"] as? String == root["listId"] as? String)
            _ = try await api.call(.post, "/api/v1/tasks/\(level4["id"] as? String ?? "")/complete", token: token)
            let progress =
                try await api.call(.get, "/api/v1/tasks/\(rootID)", token: token)["progress"]
                as? [String: Any]
            #expect(progress?["done"] as? Int == 1)
            #expect(progress?["total"] as? Int == 5)
            let all = try await api.call(
                .post, "/api/v1/tasks/\(level1["id"] as? String ?? "")/complete",
                token: token, json: ["includeSubtasks": true])
            #expect((all["progress"] as? [String: Any])?["done"] as? Int == 3)
            let after = try await api.call(.get, "/api/v1/tasks/\(rootID)", token: token)["progress"] as? [String: Any]
            #expect(after?["done"] as? Int == 4)
            let children = try await api.tasks(token, "parent=\(rootID)")
            #expect(children.map { $0["title"] as? String } == ["Pack", "Book van"])
        }
    }

    @Test func TASK5_manualOrderMovesAndSorts() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let list = try await api.createList(token, "Errands")
            var ids: [String] = []
            for (title, priority, due) in [("Bank", "low", 3), ("Post", "high", 9), ("Shop", "medium", 1)] {
                let task = try await api.createTask(
                    token,
                    [
                        "title": title, "listId": list, "priority": priority,
                        "due": futureDay(due),
                    ])
                ids.append(task["id"] as? String ?? "")
            }
            func titles(_ query: String) async throws -> [String] {
                try await api.tasks(token, "list=\(list)\(query)").compactMap { $0["title"] as? String }
            }
            #expect(try await titles("") == ["Bank", "Post", "Shop"])
            let moved = try await api.call(.post, "/api/v1/tasks/\(ids[2])/move", token: token, json: ["beforeId": ids[0]])
            #expect(moved.status == .ok)
            #expect(try await titles("") == ["Shop", "Bank", "Post"])
            _ = try await api.call(.post, "/api/v1/tasks/\(ids[2])/move", token: token, json: ["afterId": ids[0]])
            #expect(try await titles("") == ["Bank", "Shop", "Post"])
            #expect(try await titles("&sort=due") == ["Shop", "Bank", "Post"])
            #expect(try await titles("&sort=priority") == ["Post", "Shop", "Bank"])
            #expect(try await titles("&sort=title") == ["Bank", "Post", "Shop"])
            #expect(try await titles("&sort=created") == ["Shop", "Post", "Bank"])
            let bad = try await api.call(.get, "/api/v1/tasks?sort=random", token: token)
            #expect(bad.status == .badRequest)
            #expect(bad.errorField == "sort")
            let cycle = try await api.call(
                .post, "/api/v1/tasks/\(ids[0])/move", token: token,
                json: ["parentId": ids[0]])
            #expect(cycle.status == .badRequest)
        }
    }

    @Test func TASK6_labelsFilterRenameAndDelete() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let home = try await api.call(.post, "/api/v1/labels", token: token, json: ["name": "home"]).string("id")
            let quick = try await api.call(.post, "/api/v1/labels", token: token, json: ["name": "quick"]).string("id")
            _ = try await api.createTask(token, ["title": "Dishes", "labelIds": [home, quick]])
            _ = try await api.createTask(token, ["title": "Laundry", "labelIds": [home]])
            _ = try await api.createTask(token, ["title": "Email", "labelIds": [quick]])
            #expect(try await api.tasks(token, "label=\(home)").count == 2)
            #expect(try await api.tasks(token, "label=\(home),\(quick)").map { $0["title"] as? String } == ["Dishes"])
            let duplicate = try await api.call(.post, "/api/v1/labels", token: token, json: ["name": "HOME"])
            #expect(duplicate.status == .conflict)
            let renamed = try await api.call(
                .patch, "/api/v1/labels/\(home)", token: token,
                json: ["name": "house", "color": "#00FF00"])
            #expect(renamed.string("name") == "house")
            #expect(try await api.call(.delete, "/api/v1/labels/\(quick)", token: token).status == .noContent)
            let dishes = try await api.tasks(token, "label=\(home)").first { $0["title"] as? String == "Dishes" }
            #expect(dishes?["labelIds"] as? [String] == [home])
            #expect(try await api.call(.get, "/api/v1/labels", token: token).array("labels").count == 1)
        }
    }

    @Test func TASK7_searchByWordsWithFilters() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let other = try await api.register("mallory")
            let list = try await api.createList(token, "Home")
            _ = try await api.createTask(token, ["title": "Buy oat milk", "listId": list, "priority": "high"])
            _ = try await api.createTask(token, ["title": "Call plumber", "notes": "Ask about the milk pipe"])
            _ = try await api.createTask(token, ["title": "Buy bread", "due": futureDay(2)])
            _ = try await api.createTask(other, ["title": "Buy milk too"])
            func titles(_ query: String) async throws -> Set<String> {
                Set(try await api.tasks(token, query).compactMap { $0["title"] as? String })
            }
            #expect(try await titles("q=milk") == ["Buy oat milk", "Call plumber"])
            #expect(try await titles("q=mil") == ["Buy oat milk", "Call plumber"], "words match as prefixes")
            #expect(try await titles("q=buy%20milk") == ["Buy oat milk"], "every word must match")
            #expect(try await titles("q=MILK&list=\(list)") == ["Buy oat milk"])
            #expect(try await titles("q=milk&priority=high") == ["Buy oat milk"])
            #expect(try await titles("q=buy&dueFrom=\(futureDay(1))&dueTo=\(futureDay(2))") == ["Buy bread"])
            #expect(try await titles("q=buy&status=completed").isEmpty)
            #expect(try await titles("q=%22%3B%20DROP") == [], "odd input is just words")
            let bad = try await api.call(.get, "/api/v1/tasks?dueFrom=soon", token: token)
            #expect(bad.errorField == "dueFrom")
        }
    }

    @Test func TASK8_deleteGoesToTrashWithSubtasksAndRestores() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let parent = try await api.createTask(token, ["title": "Plan party"])
            let id = parent["id"] as? String ?? ""
            let child = try await api.createTask(token, ["title": "Invite", "parentId": id])
            #expect(try await api.call(.delete, "/api/v1/tasks/\(id)", token: token).status == .noContent)
            #expect(try await api.tasks(token).isEmpty)
            let trash = try await api.call(.get, "/api/v1/trash", token: token)
            #expect(trash.array("tasks").map { $0["title"] as? String } == ["Plan party"])
            #expect(trash["retentionDays"] as? Int == 30)
            let edit = try await api.call(.patch, "/api/v1/tasks/\(id)", token: token, json: ["title": "x"])
            #expect(edit.status == .conflict)
            let restored = try await api.call(.post, "/api/v1/tasks/\(id)/restore", token: token)
            #expect(restored.status == .ok)
            #expect((restored["progress"] as? [String: Any])?["total"] as? Int == 1)
            let after = try await api.call(.get, "/api/v1/tasks/\(child["id"] as? String ?? "")", token: token)
            #expect(after["deletedAt"] is NSNull)
            #expect(try await api.call(.get, "/api/v1/trash", token: token).array("tasks").isEmpty)
        }
    }

    @Test func TASK8_trashIsPurgedAfterThirtyDays() async throws {
        let start = Timestamp.now
        let offset = Offset()
        let server = try TestServer(clock: { start.adding(seconds: offset.seconds) })
        try await server.run { api in
            let token = try await api.register()
            let task = try await api.createTask(token, ["title": "Old"])
            let id = TaskID(task["id"] as? String ?? "")!
            _ = try await api.createTask(token, ["title": "Kid", "parentId": id.description])
            _ = try await api.call(.delete, "/api/v1/tasks/\(id)", token: token)
            offset.seconds = 29 * 86_400
            #expect(try await server.domain.tasks.purgeExpiredTrash() == 0)
            #expect(try await server.store.task(id: id) != nil)
            offset.seconds = 31 * 86_400
            #expect(try await server.domain.tasks.purgeExpiredTrash() == 2)
            #expect(try await server.store.task(id: id) == nil)
            #expect(try await api.call(.get, "/api/v1/trash", token: token).array("tasks").isEmpty)
        }
    }

    @Test func TASK9_duplicateWithSubtasksAndMoveBetweenLists() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let target = try await api.createList(token, "Someday")
            let task = try await api.createTask(token, ["title": "Trip", "priority": "medium"])
            let id = task["id"] as? String ?? ""
            _ = try await api.createTask(token, ["title": "Tickets", "parentId": id])
            let later = try await api.createTask(token, ["title": "After"])
            let copy = try await api.call(.post, "/api/v1/tasks/\(id)/duplicate", token: token)
            #expect(copy.status == .created)
            #expect(copy.string("title") == "Trip")
            #expect(copy.string("id") != id)
            #expect((copy["progress"] as? [String: Any])?["total"] as? Int == 1)
            let order = try await api.tasks(token, "list=\(task["listId"] as? String ?? "")&parent=")
            _ = order
            let roots = try await api.tasks(token, "list=\(task["listId"] as? String ?? "")").filter { $0["parentId"] is NSNull }
            #expect(roots.map { $0["title"] as? String } == ["Trip", "Trip", "After"])
            #expect(roots.last?["id"] as? String == later["id"] as? String)
            let moved = try await api.call(.post, "/api/v1/tasks/\(id)/move", token: token, json: ["listId": target])
            #expect(moved.status == .ok)
            let inTarget = try await api.tasks(token, "list=\(target)")
            #expect(Set(inTarget.compactMap { $0["title"] as? String }) == ["Trip", "Tickets"])
        }
    }
}

/// A mutable clock offset shared with a test server's clock.
final class Offset: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int64 = 0
    var seconds: Int64 {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

@Suite("Concurrent edits")
struct ConcurrentEditTests {
    @Test func TASK2_concurrentEditsOfOneTaskAreRetriedNotRefused() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let id = try await api.createTask(token, ["title": "Shared"])["id"] as? String ?? ""
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<10 {
                    group.addTask {
                        try await api.call(.patch, "/api/v1/tasks/\(id)", token: token, json: ["notes": "edit \(index)"])
                            .status.code
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 10), "every edit lands, one after another")
        }
    }
}

@Suite("Restoring")
struct RestoreTests {
    @Test func TASK8_aSubtaskRestoredWithoutItsParentComesBackAtTheTopAndOneFromATrashedListInTheInbox() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register()
            let inbox = try await api.call(.get, "/api/v1/me", token: token).string("inboxId")
            let parent = try await api.createTask(token, ["title": "Parent"])["id"] as? String ?? ""
            let child = try await api.createTask(token, ["title": "Child", "parentId": parent])["id"] as? String ?? ""
            _ = try await api.call(.delete, "/api/v1/tasks/\(parent)", token: token)
            let restoredChild = try await api.call(.post, "/api/v1/tasks/\(child)/restore", token: token)
            #expect(restoredChild.status == .ok)
            #expect(restoredChild["parentId"] is NSNull)
            #expect(try await api.call(.get, "/api/v1/tasks/\(parent)", token: token)["deletedAt"] is String)

            let list = try await api.createList(token, "Doomed")
            let orphan = try await api.createTask(token, ["title": "Orphan", "listId": list])["id"] as? String ?? ""
            _ = try await api.call(.delete, "/api/v1/tasks/\(orphan)", token: token)
            _ = try await api.call(.delete, "/api/v1/lists/\(list)", token: token)
            let restored = try await api.call(.post, "/api/v1/tasks/\(orphan)/restore", token: token)
            #expect(restored.string("listId") == inbox)
            let again = try await api.call(.post, "/api/v1/tasks/\(orphan)/restore", token: token)
            #expect(again.status == .conflict)
            #expect(again.errorCode == "not_in_trash")
        }
    }
}
