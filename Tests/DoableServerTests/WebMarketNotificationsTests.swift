import DoableCore
import DoableDomain
@testable import DoableDelivery
@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import Foundation
import HTTPTypes
import Testing

/// The marketplace outside its own pages: its notifications in the centre, the settings and emails (MKT-8,
/// NOTIF-2, NOTIF-4), and a member's standing on the public profile (ACC-3).
@Suite struct WebMarketNotificationsTests {
    struct Market {
        let ann: Identity
        let ben: Identity
        let posting: PostingView
    }

    /// Ann (signed in on `web`) posts "Mow the lawn"; Ben has an account.
    private func market(_ server: TestServer, _ web: WebClient, _ api: APIClient) async throws -> Market {
        try await web.register("ann")
        let bens = WebClient(api.client)
        try await bens.register("ben")
        let ann = try #require(try await server.domain.accounts.authenticate(secret: try await web.apiToken("ann")))
        let ben = try #require(try await server.domain.accounts.authenticate(secret: try await bens.apiToken("ben")))
        let posting = try await server.domain.market.createPosting(
            ann,
            PostingInput(
                title: "Mow the lawn", description: "About 200 square metres.", category: "Gardening",
                maxBid: Money(cents: 5_000)))
        return Market(ann: ann, ben: ben, posting: posting)
    }

    @Test func MKT8_aBidNotificationOpensItsPosting() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let market = try await market(server, web, api)
            _ = try await server.domain.market.placeBid(
                market.ben, postingID: market.posting.posting.id,
                amount: Money(cents: 3_000))
            let page = try await web.get("/notifications").body
            #expect(page.contains("New bid on “Mow the lawn”"))
            let target = "/market/postings/\(market.posting.posting.id)"
            #expect(page.contains("name=\"to\" value=\"\(target)\""))
            let id = try #require(WebClient.first("id=\"notification-([0-9a-f-]{36})\"", in: page))
            let opened = try await web.post("/notifications/\(id)/open", [("to", target)])
            #expect(opened.status == .seeOther && opened.location == target)
        }
    }

    @Test func NOTIF2_theSettingsOfferTheMarketplaceKindsAndWebhookEvents() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            _ = try await market(server, web, api)
            let settings = try await web.get("/settings/notifications").body
            #expect(settings.contains("class=\"channel-group\">Marketplace</th>"))
            for kind in AppNotification.Kind.allCases where kind.isMarketplace {
                #expect(settings.contains("<th scope=\"row\">\(kind.settingsTitle)</th>"), "\(kind)")
                #expect(settings.contains("name=\"\(kind.rawValue)\" value=\"email\""), "\(kind)")
            }
            let hooks = try await web.get("/settings/webhooks").body
            for event in [
                "bid.placed", "bid.accepted", "bid.declined", "posting.question", "posting.answer",
                "posting.task_done", "posting.review",
            ] {
                #expect(hooks.contains("value=\"\(event)\""), "\(event)")
            }
        }
    }

    @Test func NOTIF2_aPostingNotificationsEmailLinksToThePosting() throws {
        var settings = DeliverySettings()
        settings.publicURL = "https://doable.example/"
        let posting = PostingID.make(at: .now)
        let payload = DeliveryPayload(
            kind: "bidPlaced", title: "New bid on “Mow the lawn”", body: "ben bids EUR 30.00",
            postingID: posting, notificationKind: .bidPlaced, at: .now)
        let delivery = Delivery(
            id: .make(at: .now), accountID: .make(at: .now), channel: .email,
            target: "ann@example.com", event: "bid.placed", payload: "", nextAttemptAt: .now,
            createdAt: .now)
        let mail = try EmailComposer(settings: settings, linkKey: "key").message(
            for: delivery, payload: payload,
            now: .now)
        #expect(mail.textBody.contains("Open the posting: https://doable.example/market/postings/\(posting)"))
        #expect(mail.htmlBody?.contains("<a href=\"https://doable.example/market/postings/\(posting)\">Open the posting</a>") == true)
        #expect(!mail.textBody.contains("Open the task"))
    }

    @Test func ACC3_theProfileShowsTheMarketplaceRatingCompletionAndReviews() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let market = try await market(server, web, api)
            let fresh = try await web.get("/users/ben").body
            #expect(fresh.contains("<h2 id=\"market-standing-heading\">On the marketplace</h2>"))
            #expect(fresh.contains("No ratings yet") && fresh.contains("No postings assigned yet"))
            let id = market.posting.posting.id
            let bid = try await server.domain.market.placeBid(market.ben, postingID: id, amount: Money(cents: 3_000))
            _ = try await server.domain.market.acceptBid(market.ann, id: bid.bid.id)
            _ = try await server.domain.market.markPostingDone(market.ann, id: id)
            _ = try await server.domain.market.reviewPosting(market.ann, postingID: id, rating: 5, body: "Neat & quick <3")
            // Hidden until both rated (or 14 days passed).
            #expect(try await web.get("/users/ben").body.contains("No ratings yet"))
            _ = try await server.domain.market.reviewPosting(market.ben, postingID: id, rating: 4, body: "Clear brief")
            let page = try await web.get("/users/ben").body
            #expect(page.contains("<dd class=\"market-rating\">5.0 ★ from 1 rating</dd>"))
            #expect(page.contains("Finished 1 of 1 assigned posting (100%)"))
            #expect(page.contains("<a href=\"/users/ann\">@ann</a>"))
            #expect(page.contains("<p class=\"review-body\">Neat &amp; quick &lt;3</p>"))
            #expect(page.contains("<span class=\"visually-hidden\">5 of 5 stars</span>"))
            let anns = try await web.get("/users/ann").body
            #expect(anns.contains("4.0 ★ from 1 rating"))
        }
    }
}
