import AsyncHTTPClient
import DoableCore
import DoableDomain
@testable import DoableDelivery
@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing

/// OPS-7 and issue 27, finding 2: webhooks reach neither loopback nor private networks, however the address is
/// written or looked up, unless an admin allows the range; redirects are not followed; failures are told in
/// general words.
struct OutgoingHTTPTests {
    /// What a receiver on loopback was asked: each request's path and Host header.
    final class Seen: Sendable {
        let requests = Mutex<[(path: String, host: String)]>([])
    }

    /// Runs a receiver on a loopback port (POST /hook answers 200, POST /moved redirects to /hook) around `body`.
    func withReceiver(_ body: @Sendable (Int, Seen) async throws -> Void) async throws {
        let seen = Seen()
        let router = Router()
        router.post("hook") { request, _ -> HTTPResponse.Status in
            seen.requests.withLock { $0.append((request.uri.path, request.head.authority ?? "")) }
            return .ok
        }
        router.post("moved") { request, _ -> Response in
            seen.requests.withLock { $0.append((request.uri.path, request.head.authority ?? "")) }
            return Response(status: .found, headers: [.location: "/hook"])
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            try await body(try #require(client.port), seen)
        }
    }

    func outgoing(allowing ranges: [String] = [], names: [String: [String]] = [:]) throws -> OutgoingHTTP {
        let resolver = HostResolver { host in
            guard let addresses = names[host] else { throw HostResolver.NotFound() }
            return addresses.compactMap { IPAddress($0) }
        }
        return OutgoingHTTP(
            policy: try OutgoingPolicy(parsing: ranges), resolver: resolver,
            configuration: .init(timeout: .init(connect: .seconds(2), read: .seconds(5))))
    }

    func post(_ client: OutgoingHTTP, _ url: String) async throws(OutgoingHTTP.Failure) -> Int {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.body = .bytes(ByteBuffer(string: "{}"))
        return try await client.execute(request, timeout: .seconds(5)) { response in
            _ = try? await response.body.collect(upTo: 1 << 16)
            return Int(response.status.code)
        }
    }

    @Test func OPS7_aNameThatLeadsToLoopbackIsRefusedOnTheAddressItResolvedTo() async throws {
        try await withReceiver { port, seen in
            let client = try outgoing(names: ["rebind.example": ["127.0.0.1"], "mapped.example": ["::ffff:127.0.0.1"]])
            for url in [
                "http://rebind.example:\(port)/hook", "http://mapped.example:\(port)/hook",
                "http://127.0.0.1:\(port)/hook", "http://[::ffff:127.0.0.1]:\(port)/hook",
                "http://2130706433:\(port)/hook", "http://0x7f000001:\(port)/hook",
            ] {
                await #expect(throws: OutgoingHTTP.Failure.self, "\(url)") { _ = try await post(client, url) }
            }
            #expect(seen.requests.withLock { $0.isEmpty }, "nothing reached the receiver")
            await client.shutdown()
        }
    }

    @Test func OPS7_theCallGoesToTheAddressThatWasJudgedWithTheNameAsItsHost() async throws {
        try await withReceiver { port, seen in
            // The name exists only in this resolver: the client connects to the address judged, no second lookup.
            let client = try outgoing(allowing: ["127.0.0.0/8"], names: ["receiver.example": ["127.0.0.1"]])
            #expect(try await post(client, "http://receiver.example:\(port)/hook") == 200)
            #expect(seen.requests.withLock { $0.map(\.host) } == ["receiver.example:\(port)"])
            await client.shutdown()
        }
    }

    @Test func OPS7_aNameWithPublicAndPrivateAddressesIsCalledOnlyOnAPublicOne() async throws {
        let client = try outgoing(names: [
            "split.example": ["10.0.0.7", "::1", "93.184.216.34"],
            "inside.example": ["10.0.0.7", "fd00::7"],
        ])
        let target = try await client.connectionTarget(of: "https://split.example/hook")
        #expect(target.address == IPAddress("93.184.216.34"))
        await #expect(throws: OutgoingHTTP.Failure.refused("a private network address")) {
            _ = try await client.connectionTarget(of: "https://inside.example/hook")
        }
        await #expect(throws: OutgoingHTTP.Failure.couldNotConnect) {
            _ = try await client.connectionTarget(of: "https://nowhere.example/hook")
        }
        await client.shutdown()
    }

    @Test func OPS7_redirectsAreNotFollowed() async throws {
        try await withReceiver { port, seen in
            let client = try outgoing(allowing: ["127.0.0.1"])
            #expect(try await post(client, "http://127.0.0.1:\(port)/moved") == 302)
            #expect(seen.requests.withLock { $0.map(\.path) } == ["/moved"], "the redirect's target was not asked")
            await client.shutdown()
        }
    }

    @Test func OPS7_aWebhookDeliveryTellsWhyInGeneralWordsNotTheRawError() async throws {
        let server = try TestServer()
        try await server.run { _ in
            try await withReceiver { port, seen in
                let sender = DeliverySender(domain: server.domain, settings: DeliverySettings(), logger: .init(label: "test"))
                let strict = try outgoing()
                let allowing = try outgoing(allowing: ["127.0.0.1"])
                func call(_ url: String, _ client: OutgoingHTTP) async throws -> ReminderService.DeliveryOutcome {
                    let now = Timestamp.now
                    let hook = Webhook(
                        id: .make(at: now), accountID: .make(at: now), url: url, events: [.taskCreated],
                        secret: "whsec_test", feedCursor: 0, createdAt: now, updatedAt: now)
                    let delivery = Delivery(
                        id: .make(at: now), accountID: hook.accountID, channel: .webhook,
                        target: hook.id.description, event: "task.created", payload: "{}",
                        nextAttemptAt: now, createdAt: now)
                    let payload = DeliveryPayload(kind: "task.created", title: "T", body: "", at: now)
                    return try await sender.callWebhook(delivery, hook: hook, payload: payload, client: client)
                }
                let refused = try await call("http://127.0.0.1:\(port)/hook", strict)
                #expect(
                    refused
                        == .permanent(
                            "not sent: the host is a loopback address, which this server does not call "
                                + "(an admin can allow it with --allow-outgoing)"))
                #expect(try await call("http://127.0.0.1:\(port)/hook", allowing) == .sent("HTTP 200"))
                #expect(
                    try await call("http://127.0.0.1:\(port)/moved", allowing)
                        == .permanent("HTTP 302: redirects are not followed"))
                // A closed port: not "Connection refused (errno 111)", which would make the log a port scanner.
                let closed = try await call("http://127.0.0.1:1/hook", allowing)
                #expect(closed == .transient("could not connect"))
                #expect(seen.requests.withLock { $0.count } == 2)
                await strict.shutdown()
                await allowing.shutdown()
            }
        }
    }

    @Test func OPS7_aWebhookToAnInternalAddressIsRefusedWhenItIsMadeInAnyWrittenForm() async throws {
        try await TestServer.fresh { api in
            let ann = try await api.register("ann")
            for url in [
                "http://127.0.0.1:9000/h", "http://localhost/h", "http://LOCALHOST./h", "http://[::1]/h",
                "http://0.0.0.0/h", "http://169.254.169.254/latest/meta-data", "http://10.0.0.1/h",
                "http://192.168.1.1/h", "http://172.16.0.1/h", "http://2130706433/h", "http://0x7f000001/h",
                "http://0177.0.0.1/h", "http://0/h", "http://[::ffff:127.0.0.1]/h", "http://[fd00::1]/h",
            ] {
                let response = try await api.call(
                    .post, "/api/v1/webhooks", token: ann,
                    json: ["url": url, "events": ["task.created"]])
                #expect(response.status == .badRequest, "\(url)")
                #expect(response.errorField == "url", "\(url)")
            }
            let message = try await api.call(
                .post, "/api/v1/webhooks", token: ann,
                json: ["url": "http://10.0.0.1/h", "events": ["task.created"]])
            #expect(
                ((message["error"] as? [String: Any])?["message"] as? String)?
                    .contains("a private network address") == true)
            #expect(try await api.call(.get, "/api/v1/webhooks", token: ann).array("webhooks").isEmpty)
        }
    }
}
