import DoableAPI
import DoableContractMapping
import DoableClient
import DoableCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore

/// A device's way to the in-process server: the real router and JSON, through a network that drops, duplicates and
/// holds back calls. Every answer the server gave is shown to the oracle, even one the network then loses.
struct RouterSyncServer: SyncServer {
    let device: Int
    let token: String
    let client: any TestClientProtocol
    let network: SimulatedNetwork
    let oracle: SyncOracle
    let clock: SimulatedClock

    func push(_ request: PushRequest) async throws -> PushResponse {
        let body = try JSONEncoder().encode(request)
        let fault = try admit()
        var response: PushResponse = try await deliverPush(body, request)
        if fault == .duplicate { response = try await deliverPush(body, request) }
        if fault == .stash { network.stash(device, body) }
        if fault == .dropResponse { throw SimulatedOutage(description: "the answer was lost") }
        return response
    }

    func pull(_ request: PullRequest) async throws -> PullResponse {
        let body = try JSONEncoder().encode(request)
        let fault = try admit()
        var response: PullResponse = try await post("/api/v1/sync/pull", body)
        if fault == .duplicate { response = try await post("/api/v1/sync/pull", body) }
        if fault == .dropResponse { throw SimulatedOutage(description: "the answer was lost") }
        return response
    }

    /// Delivers a push held back earlier; its answer goes to the oracle only (the device gave up on it long ago).
    func redeliver(_ body: Data) async throws {
        let request = try JSONDecoder().decode(PushRequest.self, from: body)
        _ = try await deliverPush(body, request)
    }

    private func admit() throws -> Fault {
        if network.isOffline(device) { throw SimulatedOutage(description: "offline") }
        let fault = network.roll()
        if fault == .dropRequest { throw SimulatedOutage(description: "the request was lost") }
        return fault
    }

    private func deliverPush(_ body: Data, _ request: PushRequest) async throws -> PushResponse {
        let response: PushResponse = try await post("/api/v1/sync/push", body)
        oracle.record(request, response, serverNow: clock.now)
        return response
    }

    private func post<Answer: Decodable>(_ path: String, _ body: Data) async throws -> Answer {
        let headers: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
        let (status, data) = try await client.execute(
            uri: path, method: .post, headers: headers,
            body: ByteBuffer(bytes: body)
        ) { response in
            (response.status, Data(response.body.readableBytesView))
        }
        guard status == .ok else {
            let text = String(decoding: data, as: UTF8.self)
            oracle.violation("\(path) answered \(status.code): \(text)")
            throw ClientError.server(status: status.code, code: nil, field: nil, message: text)
        }
        return try JSONDecoder().decode(Answer.self, from: data)
    }
}
