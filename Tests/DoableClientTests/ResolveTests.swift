import DoableClient
import DoableCore
import Testing

/// Finding tasks, lists and labels from what a person types.
@Suite struct ResolveTests {
    static let ids = [
        "0192f7a3-0000-7000-8000-000000000001", "0192f7a3-0000-7000-8000-000000000002",
        "0192f7b0-0000-7000-8000-000000000003",
    ].compactMap(TaskID.init)

    func device() async throws -> Device {
        let server = FakeServer()
        await server.addTask(id: Self.ids[0], title: "Buy milk", rank: "a0")
        await server.addTask(id: Self.ids[1], title: "Buy bread", rank: "a1")
        await server.addTask(id: Self.ids[2], title: "Old", rank: "a2", deleted: true)
        await server.addList(name: "Work", id: ListID("0192f7c0-0000-7000-8000-000000000004")!)
        await server.addLabel(name: "Urgent")
        return try await Device.synced(with: server)
    }

    @Test("a unique prefix or the full id finds the task, in either case")
    func unique() async throws {
        let device = try await device()
        #expect(try device.replica.resolveTask("0192F7A3-0000-7000-8000-000000000002").title == "Buy bread")
        #expect(try device.replica.resolveTask(Self.ids[0].description).title == "Buy milk")
        #expect(try device.replica.resolveTask("0192f7b", includeDeleted: true).title == "Old")
    }

    @Test("an ambiguous prefix names its candidates by ids long enough to tell them apart")
    func ambiguous() async throws {
        let device = try await device()
        do {
            _ = try device.replica.resolveTask("0192f7a")
            Issue.record("expected .ambiguous")
        } catch let ClientError.ambiguous(message) {
            #expect(message.contains("2 tasks"))
            #expect(message.contains("“Buy milk”") && message.contains("“Buy bread”"))
            #expect(message.contains("0192f7a3-0000-7000-8000-000000000001 "))
        }
    }

    @Test("a missing prefix is .notFound; tasks in the trash are found only when asked")
    func missing() async throws {
        let device = try await device()
        #expect(
            throws: ClientError.notFound(
                "No task on this device has an id starting with “ffff” (tasks in the trash were not searched).")
        ) {
            try device.replica.resolveTask("ffff")
        }
        #expect(throws: ClientError.self) { try device.replica.resolveTask("0192f7b") }
        #expect(throws: ClientError.self) { try device.replica.resolveTask("  ") }
    }

    @Test("lists and labels resolve by name (case-insensitive) or by id prefix")
    func listsAndLabels() async throws {
        let device = try await device()
        #expect(try device.replica.resolveList("work").name == "Work")
        #expect(try device.replica.resolveList("INBOX").isInbox)
        #expect(try device.replica.resolveList("0192f7c0").name == "Work")
        #expect(try device.replica.resolveLabel("urgent").name == "Urgent")
        #expect(throws: ClientError.self) { try device.replica.resolveList("Home") }
        #expect(throws: ClientError.self) { try device.replica.resolveLabel("nope") }
    }
}
