import DoableCore
@_spi(StoreWriting) import DoableStore
import Foundation
import Testing

/// REACH-3: push devices on every engine: one row per endpoint (the same browser again replaces its row, for
/// whichever account subscribed last), no feed entry, and the last successful push read from the delivery queue.
extension StoreConformanceTests {
    func device(_ account: Account, endpoint: String, name: String = "Chrome on Android") -> PushSubscription {
        PushSubscription(
            id: .make(at: epoch), accountID: account.id, endpoint: endpoint, p256dh: "BKey", auth: "secret",
            deviceName: name, createdAt: epoch, updatedAt: epoch)
    }

    @Test(arguments: Engine.available)
    func REACH3_pushDevicesAreOnePerEndpointWithTheirLastSuccess(engine: Engine) async throws {
        try await withStore(engine) { store in
            let (ann, _) = try await store.register("ann")
            let (bob, _) = try await store.register("bob")
            let phone = device(ann, endpoint: "https://push.example/a")
            let laptop = device(ann, endpoint: "https://push.example/b", name: "Firefox on Linux")
            let changes = try await store.write(.putPushSubscription(phone), .putPushSubscription(laptop))
            #expect(changes.isEmpty, "devices have no feed entry")
            #expect(
                try await store.pushSubscriptions(accountIDs: [ann.id]).map(\.deviceName).sorted()
                    == ["Chrome on Android", "Firefox on Linux"])
            #expect(try await store.pushSubscription(endpoint: "https://push.example/a")?.id == phone.id)

            // Renewed keys: the same row, a new version.
            var renewed = phone
            renewed.auth = "newer"
            renewed.version += 1
            try await store.write(.putPushSubscription(renewed))
            #expect(try await store.pushSubscription(id: phone.id)?.auth == "newer")
            await #expect(throws: StoreError.self) { try await store.write(.putPushSubscription(phone)) }

            // The browser signs in as Bob and subscribes again: the endpoint moves to him.
            let moved = device(bob, endpoint: "https://push.example/a")
            try await store.write(.putPushSubscription(moved))
            #expect(try await store.pushSubscriptions(accountIDs: [ann.id]).map(\.id) == [laptop.id])
            #expect(try await store.pushSubscription(endpoint: "https://push.example/a")?.accountID == bob.id)

            // The last success is the newest push sent to the device.
            #expect(try await store.pushSubscription(id: laptop.id)?.lastSuccessAt == nil)
            let delivery = Delivery(
                id: .make(at: epoch), accountID: ann.id, channel: .push, target: laptop.id.description,
                event: "reminder", payload: "{}", nextAttemptAt: at(1), createdAt: epoch)
            try await store.write(.enqueueDelivery(delivery))
            var sent = try #require(try await store.claimDueDeliveries(now: at(1), leaseUntil: at(60), limit: 5).first)
            sent.attempts = 1
            sent.state = .sent
            sent.sentAt = at(2)
            try await store.record(
                DeliveryAttempt(deliveryID: sent.id, number: 1, at: at(2), succeeded: true, detail: "HTTP 201"),
                updating: sent)
            #expect(try await store.pushSubscription(id: laptop.id)?.lastSuccessAt == at(2))

            let current = try #require(try await store.pushSubscription(id: laptop.id))
            try await store.write(.deletePushSubscription(current))
            #expect(try await store.pushSubscriptions(accountIDs: [ann.id]).isEmpty)
        }
    }
}
