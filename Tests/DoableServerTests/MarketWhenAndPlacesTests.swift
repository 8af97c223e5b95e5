import DoableCore
import DoableDelivery
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// MKT-12 through the REST API, on every engine: when a job should happen, the server's currency beside every
/// amount, finished postings under their own filter, and finding a place by its address through the geocoder the
/// server was given (a fake Nominatim on a real port).
@Suite("Marketplace: when, currency and places", .serialized)
struct MarketWhenAndPlacesTests {
    static let postings = MarketAPITests.postings

    @Test(arguments: APIEngine.available)
    func MKT12_aPostingSaysWhenAsADayOrAWindowAndRefusesThePast(_ engine: APIEngine) async throws {
        try await EngineServer.run(engine) { api, _ in
            let ann = try await api.register("ann")
            let day = futureDay(4), last = futureDay(6)
            let one = try await MarketAPITests.post(api, ann, ["when": day])
            let oneWhen = try #require(one["when"] as? [String: Any])
            #expect(oneWhen["from"] as? String == day && oneWhen["until"] is NSNull)
            let window = try await MarketAPITests.post(api, ann, ["when": ["from": day, "until": last]])
            let id = try #require(window["id"] as? String)
            let read = try await api.call(.get, "\(Self.postings)/\(id)", token: ann)
            let stored = try #require(read.object["when"] as? [String: Any])
            #expect(stored["from"] as? String == day && stored["until"] as? String == last)
            let plain = try await MarketAPITests.post(api, ann)
            #expect(plain["when"] is NSNull, "a posting that does not say has null")

            let yesterday = futureDay(-1)
            let refused: [Any] = [
                yesterday, ["from": yesterday, "until": yesterday], ["from": last, "until": day], "next week",
                ["from": day, "until": "soon"], ["until": day], ["from": day, "until": futureDay(4 + 400)], 42,
            ]
            for when in refused {
                let response = try await api.call(
                    .post, Self.postings, token: ann,
                    json: ["title": "Paint", "description": "The fence", "category": "Gardening", "maxBid": 20, "when": when])
                #expect(response.status == .badRequest, "\(when): \(String(describing: response.json))")
                #expect(response.errorField?.hasPrefix("when") == true, "\(when): \(String(describing: response.json))")
            }
            let past = try await api.call(
                .post, Self.postings, token: ann,
                json: ["title": "Paint", "description": "The fence", "category": "Gardening", "maxBid": 20, "when": yesterday])
            let message = (past.object["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains("cannot be in the past"), "\(message)")

            // Changing it: a new day, then null removes it; nothing else moves.
            let moved = try await api.call(
                .patch, "\(Self.postings)/\(id)", token: ann, json: ["when": ["from": last, "until": NSNull()]])
            #expect(moved.status == .ok)
            #expect((moved.object["when"] as? [String: Any])?["from"] as? String == last)
            #expect(moved.string("title") == "Mow the lawn")
            let cleared = try await api.call(.patch, "\(Self.postings)/\(id)", token: ann, json: ["when": NSNull()])
            #expect(cleared.status == .ok && cleared.object["when"] is NSNull)
        }
    }

    @Test(arguments: APIEngine.available)
    func MKT12_amountsCarryTheServersCurrencyAndFinishedPostingsHaveTheirOwnFilter(_ engine: APIEngine) async throws {
        let sek = try #require(CurrencyCode("sek"))
        try await EngineServer.run(engine, currency: sek) { api, _ in
            let ann = try await api.register("ann")
            let ben = try await api.register("ben")
            let settings = try await api.call(.get, "/api/v1/market/settings", token: ben)
            #expect(settings.status == .ok && settings.string("currency") == "SEK")
            #expect(settings.object["mapTiles"] is NSNull && settings.object["placeSearch"] as? Bool == false)

            let posting = try await MarketAPITests.post(api, ann, ["title": "Walk the dog"])
            let id = try #require(posting["id"] as? String)
            #expect(posting["currency"] as? String == "SEK")
            let bid = try await MarketAPITests.bid(api, ben, on: id, 30)
            #expect(bid.status == .created && bid.string("currency") == "SEK")
            let notes = try await MarketAPITests.notifications(api, ann)
            #expect(notes.contains { ($0["body"] as? String)?.contains("bids SEK 30.00") == true }, "\(notes)")

            // Nothing open but a finished posting: the default search is empty, status=done finds it.
            let bidID = bid.string("id")
            #expect(try await api.call(.post, "/api/v1/market/bids/\(bidID)/accept", token: ann).status == .ok)
            #expect(try await api.call(.post, "\(Self.postings)/\(id)/done", token: ann).status == .ok)
            #expect(try await api.call(.get, Self.postings, token: ben).array("postings").isEmpty)
            let finished = try await api.call(.get, "\(Self.postings)?status=done", token: ben)
            #expect(finished.status == .ok && MarketAPITests.ids(finished.array("postings")) == [id])
            for query in ["status=done,requested", "status=done&near=52.5,13.4", "status=assigned"] {
                let response = try await api.call(.get, "\(Self.postings)?\(query)", token: ben)
                #expect(response.status == .badRequest && response.errorField == "status", "\(query)")
            }
        }
    }

    @Test(arguments: APIEngine.available)
    func MKT12_placesAreFoundByAddressThroughTheGeocoderTheServerWasGiven(_ engine: APIEngine) async throws {
        let asked = Asked()
        let geocoder = Router()
        geocoder.get("search") { request, _ -> Response in
            let q = request.uri.queryParameters["q"].map(String.init) ?? ""
            await asked.add(q, language: request.headers[.acceptLanguage])
            let body =
                q == "Oranienstraße 5"
                ? #"[{"display_name":"Oranienstraße 5, Kreuzberg, Berlin","lat":"52.5016","lon":"13.4190"},{"display_name":"Broken","lat":"north","lon":"1"}]"#
                : "[]"
            return Response(
                status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: body)))
        }
        try await Application(router: geocoder).test(.live) { fake in
            let port = try #require(fake.port)
            let map = MarketMapSettings(
                tiles: "https://tiles.example.org/{z}/{x}/{y}.png", attribution: "© Example",
                geocoder: URL(string: "http://127.0.0.1:\(port)"))
            try await EngineServer.run(engine, marketMap: map) { api, _ in
                let ben = try await api.register("ben")
                let settings = try await api.call(.get, "/api/v1/market/settings", token: ben)
                #expect(settings.string("mapTiles") == "https://tiles.example.org/{z}/{x}/{y}.png")
                #expect(settings.string("mapAttribution") == "© Example" && settings.object["placeSearch"] as? Bool == true)

                let found = try await api.call(
                    .get, "/api/v1/market/places?q=Oranienstra%C3%9Fe%205", token: ben,
                    headers: [.acceptLanguage: "de-DE"])
                #expect(found.status == .ok && found.object["available"] as? Bool == true)
                let places = found.array("places")
                #expect(places.count == 1, "the entry without a valid point is left out")
                #expect(places.first?["name"] as? String == "Oranienstraße 5, Kreuzberg, Berlin")
                #expect(places.first?["latitude"] as? Double == 52.5016 && places.first?["longitude"] as? Double == 13.419)
                #expect(await asked.questions == [Asked.Question(q: "Oranienstraße 5", language: "de-DE")])

                let none = try await api.call(.get, "/api/v1/market/places?q=Nowhere", token: ben)
                #expect(none.status == .ok && none.array("places").isEmpty && none.object["available"] as? Bool == true)
                let empty = try await api.call(.get, "/api/v1/market/places?q=%20", token: ben)
                #expect(empty.status == .badRequest && empty.errorField == "q")
            }
        }
        // A geocoder that does not answer: no places, `available` false, never a 5xx.
        let silent = MarketMapSettings(geocoder: URL(string: "http://127.0.0.1:9"))
        try await EngineServer.run(engine, marketMap: silent) { api, _ in
            let ben = try await api.register("ben")
            let response = try await api.call(.get, "/api/v1/market/places?q=Anywhere", token: ben)
            #expect(response.status == .ok && response.object["available"] as? Bool == false)
        }
        // Without --geocoder: 404, saying why.
        try await EngineServer.run(engine) { api, _ in
            let ben = try await api.register("ben")
            let response = try await api.call(.get, "/api/v1/market/places?q=Anywhere", token: ben)
            #expect(response.status == .notFound)
        }
    }

    /// What the fake geocoder was asked.
    actor Asked {
        struct Question: Equatable {
            var q: String
            var language: String?
        }
        var questions: [Question] = []
        func add(_ q: String, language: String?) { questions.append(Question(q: q, language: language)) }
    }
}
