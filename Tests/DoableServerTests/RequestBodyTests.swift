import DoableCore
import Foundation
import HTTPTypes
import Testing

/// INTEROP-3 and issue 10, finding 6: every route that takes a JSON body refuses one sent as something else (415)
/// and one whose object repeats a name (400, naming it), with the one error shape.
@Suite("Request bodies")
struct RequestBodyTests {
    @Test func INTEROP3_everyBodyRouteRefusesOtherMediaTypesAndRepeatedNames() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register("bea", password: "right password")
            let list = try await api.createList(token, "Errands")
            let task = try await api.createTask(token, ["title": "Milk"])["id"] as? String ?? ""
            let label = try await api.call(.post, "/api/v1/labels", token: token, json: ["name": "home"]).string("id")
            let routes: [(HTTPRequest.Method, String)] = [
                (.post, "/api/v1/accounts"), (.post, "/api/v1/sessions"), (.patch, "/api/v1/me"),
                (.put, "/api/v1/me/password"), (.delete, "/api/v1/me"), (.post, "/api/v1/tokens"),
                (.post, "/api/v1/lists"), (.patch, "/api/v1/lists/\(list)"), (.post, "/api/v1/lists/\(list)/move"),
                (.post, "/api/v1/tasks"), (.patch, "/api/v1/tasks/\(task)"), (.post, "/api/v1/tasks/\(task)/complete"),
                (.post, "/api/v1/tasks/\(task)/move"), (.post, "/api/v1/labels"), (.patch, "/api/v1/labels/\(label)"),
            ]
            for (method, path) in routes {
                let repeated = try await api.call(method, path, token: token, rawBody: #"{"name":"a","name":"b"}"#)
                #expect(repeated.status == .badRequest, "\(method) \(path)")
                #expect(repeated.errorField == "name", "\(method) \(path)")
                for contentType in [
                    "text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1",
                    "application/jsonx", "multipart/form-data; boundary=x",
                ] {
                    let other = try await api.call(
                        method, path, token: token, rawBody: #"{"name":"a"}"#,
                        contentType: contentType)
                    #expect(other.status == .unsupportedMediaType, "\(method) \(path) as \(contentType)")
                    #expect(other.errorCode == "unsupported_media_type")
                }
                let missing = try await api.call(method, path, token: token, rawBody: #"{"name":"a"}"#, contentType: nil)
                #expect(missing.status == .unsupportedMediaType, "\(method) \(path) without Content-Type")
            }
            // What the API accepts: application/json, in any case, with a UTF-8 charset or none.
            for contentType in [
                "application/json", "Application/JSON", "application/json; charset=utf-8",
                "application/json;charset=UTF-8",
            ] {
                let created = try await api.call(
                    .post, "/api/v1/tasks", token: token, json: ["title": contentType],
                    contentType: contentType)
                #expect(created.status == .created, "\(contentType)")
            }
            // A bare action without a body needs no Content-Type.
            let bare = try await api.call(.post, "/api/v1/tasks/\(task)/complete", token: token)
            #expect(bare.status == .ok)
        }
    }

    /// The neighbour in headers: two Authorization headers are refused, not resolved by taking one.
    @Test func INTEROP3_twoAuthorizationHeadersAreRefused() async throws {
        try await TestServer.fresh { api in
            let token = try await api.register("cid")
            var headers: HTTPFields = [:]
            headers.append(HTTPField(name: .authorization, value: "Bearer \(token)"))
            headers.append(HTTPField(name: .authorization, value: "Bearer someone-else"))
            let status = try await api.client.execute(uri: "/api/v1/me", method: .get, headers: headers) { $0.status }
            #expect(status == .unauthorized)
            #expect(try await api.call(.get, "/api/v1/me", token: token).status == .ok)
        }
    }
}
