import DoableCore
import DoableDomain
@testable import DoableServer
@testable import DoableHTTP
@testable import DoableJSONAPI
@testable import DoableCalDAV
@testable import DoableWeb
import Foundation
import HTTPTypes
import Testing

/// Issue 15 in the browser: the marketplace's pages (MKT-1..11). Ann posts, Ben (and Cal) find, bid and do; each
/// has a browser of their own on one server; the Domain arranges what a test is not about.
@Suite struct WebMarketTests {
    struct People {
        let server: TestServer
        let ann: WebClient
        let ben: WebClient
        let annID: Identity
        let benID: Identity
    }

    /// Ann is signed in on `web`, Ben on a browser of his own.
    private func people(_ server: TestServer, _ web: WebClient, _ api: APIClient) async throws -> People {
        try await web.register("ann")
        let ben = WebClient(api.client)
        try await ben.register("ben")
        let ann = try #require(try await server.domain.accounts.authenticate(secret: try await web.apiToken("ann")))
        let benID = try #require(try await server.domain.accounts.authenticate(secret: try await ben.apiToken("ben")))
        return People(server: server, ann: web, ben: ben, annID: ann, benID: benID)
    }

    private static let kreuzberg = MarketPosting.Location(
        point: GeoPoint(latitude: 52.4986, longitude: 13.4033),
        placeName: "Kreuzberg")

    private func post(
        _ p: People, _ title: String, maxBid: Int64 = 5_000, category: String = "Gardening",
        location: MarketPosting.Location? = kreuzberg, description: String = "Please help."
    )
        async throws -> PostingID
    {
        try await p.server.domain.market.createPosting(
            p.annID,
            PostingInput(
                title: title, description: description, category: category, maxBid: Money(cents: maxBid),
                location: location)
        ).posting.id
    }

    // MARK: MKT-1, MKT-11

    @Test func MKT1_annPostsATaskWithAPhotoAndAPlaceFromTheForm() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let p = try await people(server, web, api)
            let form = try await p.ann.get("/market/new")
            #expect(form.status == .ok)
            #expect(form.body.contains("enctype=\"multipart/form-data\""))
            for (name, label) in [
                ("title", "Title"), ("description", "Description"), ("category", "Category"),
                ("maxBid", "Maximum bid"), ("placeName", "Place name"), ("latitude", "Latitude"),
                ("longitude", "Longitude"), ("photos", "Photos"),
            ] {
                #expect(form.body.contains("<label for=\"f-\(name)\">\(label)"), "\(label)")
            }
            #expect(form.body.contains(">Use my location</button>"))
            #expect(form.body.contains("aria-current=\"page\">Post a task</a>"))
            let sent = try await p.ann.postMultipart(
                "/market/postings",
                [
                    ("title", "Mow the lawn"), ("description", "About 200 square metres, mower in the shed."),
                    ("category", "\(MarketCategory.seededID(3))"), ("maxBid", "40,5"), ("placeName", "Kreuzberg"),
                    ("latitude", "52.4986"), ("longitude", "13.4033"),
                ], files: [FormFile(filename: "lawn.png", type: "image/png", bytes: TestImage.png())])
            #expect(sent.status == .seeOther, "\(sent.body.prefix(600))")
            let id = try #require(WebClient.first("/market/postings/([0-9a-f-]{36})$", in: sent.location ?? ""))
            let page = try await p.ann.get("/market/postings/\(id)")
            #expect(page.body.contains("<h1>Mow the lawn</h1>"))
            #expect(page.body.contains("class=\"market-status status-requested\">Open for bids<"))
            #expect(page.body.contains("<dd class=\"posting-max\">€40.50</dd>"))
            #expect(page.body.contains("Gardening"))
            #expect(page.body.contains("<p class=\"place-name\">Kreuzberg</p>"))
            #expect(page.body.contains("Exact location: 52.4986, 13.4033"))
            let photo = try #require(WebClient.first("<img src=\"/attachments/([0-9a-f-]{36})\"", in: page.body))
            #expect(page.body.contains("alt=\"Mow the lawn: photo 1 of 1\""))
            let bytes = try await p.ann.bytes(.get, "/attachments/\(photo)")
            #expect(bytes.status == .ok && bytes.bytes == TestImage.png())
            // Anyone signed in sees it; its photo too.
            #expect(try await p.ben.bytes(.get, "/attachments/\(photo)").status == .ok)
        }
    }

    @Test func MKT1_aRefusedPostingKeepsWhatWasTypedAndSaysWhyByEachField() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let p = try await people(server, web, api)
            let refused = try await p.ann.postMultipart(
                "/market/postings",
                [
                    ("title", String(repeating: "x", count: 31)), ("description", "Fine <b>text</b>"),
                    ("category", "Gardening"), ("maxBid", "12.345"), ("latitude", "52.5"), ("longitude", ""),
                ], files: [])
            #expect(refused.status == .badRequest)
            #expect(refused.body.contains("id=\"f-title-error\">Title must be 1 to 30 characters.</p>"))
            #expect(refused.body.contains("value=\"\(String(repeating: "x", count: 31))\""))
            #expect(refused.body.contains(">Fine &lt;b&gt;text&lt;/b&gt;</textarea>"))
            // One message at a time, each by its field.
            let money = try await p.ann.postMultipart(
                "/market/postings",
                [
                    ("title", "Paint"), ("description", "The fence"), ("category", "Gardening"), ("maxBid", "12.345"),
                ], files: [])
            #expect(money.body.contains("id=\"f-maxBid-error\">The maximum bid may have at most two decimals.</p>"))
            let place = try await p.ann.postMultipart(
                "/market/postings",
                [
                    ("title", "Paint"), ("description", "The fence"), ("category", "Gardening"), ("maxBid", "12"),
                    ("latitude", "52.5"), ("longitude", ""),
                ], files: [])
            #expect(place.body.contains("id=\"f-longitude-error\">"))
            let photo = try await p.ann.postMultipart(
                "/market/postings",
                [
                    ("title", "Paint"), ("description", "The fence"), ("category", "Gardening"), ("maxBid", "12"),
                ], files: [FormFile(filename: "evil.png", type: "image/png", bytes: Array("<html>".utf8))], fetch: true)
            #expect(photo.status == .badRequest)
            #expect((photo.json["error"] as? [String: Any])?["field"] as? String == "photos")
            #expect(try await server.domain.market.myPostings(p.annID).isEmpty, "a refused form posts nothing")
        }
    }

    @Test func MKT11_otherWithASuggestedCategory() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let p = try await people(server, web, api)
            let form = try await p.ann.get("/market/new").body
            #expect(form.contains("data-other>Other</option>"))
            #expect(form.contains(">Suggest a category"))
            let sent = try await p.ann.postMultipart(
                "/market/postings",
                [
                    ("title", "Tune my piano"), ("description", "An old upright."), ("category", "Other"),
                    ("suggestedCategory", "Music"), ("maxBid", "80"),
                ], files: [])
            let id = try #require(WebClient.first("/market/postings/([0-9a-f-]{36})$", in: sent.location ?? ""))
            let posting = try await server.domain.market.postingView(p.annID, id: try #require(PostingID(id))).posting
            #expect(posting.suggestedCategory == "Music")
            #expect(try await p.ann.get("/market/postings/\(id)").body.contains("Other (you suggested “Music”)"))
        }
    }

    // MARK: MKT-2, MKT-3

    @Test func MKT2_MKT3_searchFindsOpenPostingsByWordsNewestFirstWithPosterStatusAndLowestBid() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let p = try await people(server, web, api)
            let lawn = try await post(p, "Mow the lawn", description: "Front and back garden.")
            let hedge = try await post(p, "Trim the hedge", description: "Garden hedge, two metres.")
            let move = try await post(p, "Carry a sofa", category: "Moving", description: "Third floor, no lift.")
            _ = try await server.domain.market.placeBid(p.benID, postingID: lawn, amount: Money(cents: 3_000))
            let all = try await p.ben.get("/market").body
            #expect(all.contains(">Open postings, newest first</h2>"))
            let order = [move, hedge, lawn].map { all.range(of: "id=\"posting-\($0)\"")?.lowerBound }
            #expect(order.allSatisfy { $0 != nil } && order[0]! < order[1]! && order[1]! < order[2]!)
            #expect(all.contains("by <a href=\"/users/ann\">@ann</a>"))
            #expect(all.contains("status-bidded\">Has bids<") && all.contains("Lowest bid €30.00"))
            #expect(all.contains("No bids yet"))
            let found = try await p.ben.get("/market?q=garden").body
            #expect(found.contains("2 open postings found</h2>"))
            #expect(found.contains("Trim the hedge") && found.contains("Mow the lawn") && !found.contains("Carry a sofa"))
            #expect(found.contains("value=\"garden\""))
            let none = try await p.ben.get("/market?q=piano")
            #expect(none.status == .ok && none.body.contains(">No results</h2>"))
            // Browse by category.
            let moving = try await p.ben.get("/market?category=\(MarketCategory.seededID(2))").body
            #expect(moving.contains("Carry a sofa") && !moving.contains("Mow the lawn"))
            #expect(moving.contains("aria-current=\"page\">Moving</a>"))
            // An assigned posting is no longer found.
            let bid = try await server.domain.market.myBids(p.benID).first!.0.bid
            _ = try await server.domain.market.acceptBid(p.annID, id: bid.id)
            #expect(!(try await p.ben.get("/market?q=lawn").body.contains("Mow the lawn")))
        }
    }

    // MARK: MKT-4, MKT-6, MKT-8

    @Test func MKT4_benBidsChangesAndWithdrawsHisBid() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let p = try await people(server, web, api)
            let id = try await post(p, "Mow the lawn", maxBid: 4_000)
            let page = try await p.ben.get("/market/postings/\(id)").body
            #expect(page.contains(">Your bid<") && page.contains("More than 0 and at most €40.00, with at most two decimals."))
            #expect(page.contains("Approximate location (to about 1 km): 52.5, 13.4."))
            #expect(!page.contains("52.4986"), "others never see the exact place")
            // Over the maximum, and a third decimal, are refused by the field; the amount typed stays.
            let over = try await p.ben.post("/market/postings/\(id)/bids", [("amount", "41"), ("message", "Tomorrow")])
            #expect(over.status == .badRequest)
            #expect(over.body.contains("id=\"bid-amount-error\">The amount must be at most the maximum bid of 40.00.</p>"))
            #expect(over.body.contains("value=\"41\"") && over.body.contains(">Tomorrow</textarea>"))
            let cents = try await p.ben.post("/market/postings/\(id)/bids", [("amount", "3.999")], fetch: true)
            #expect((cents.json["error"] as? [String: Any])?["field"] as? String == "amount")
            // Placed, then changed; a second bid changes the open one.
            let placed = try await p.ben.post("/market/postings/\(id)/bids", [("amount", "30"), ("message", "Tomorrow")])
            #expect(placed.status == .seeOther && placed.location == "/market/postings/\(id)#bids")
            let mine = try await p.ben.get("/market/postings/\(id)").body
            #expect(mine.contains("Bid placed: €30.00"))
            #expect(mine.contains("You bid <strong class=\"bid-amount\">€30.00</strong>"))
            let bidID = try #require(
                WebClient.first(
                    "action=\"/market/postings/[0-9a-f-]+/bids/([0-9a-f-]{36})\"",
                    in: mine))
            let changed = try await p.ben.post(
                "/market/postings/\(id)/bids/\(bidID)",
                [("amount", "25.50"), ("message", ""), ("version", "1")])
            #expect(changed.status == .seeOther)
            #expect(try await server.domain.market.myBids(p.benID).map(\.0.bid.amount) == [Money(cents: 2_550)])
            _ = try await p.ben.post("/market/postings/\(id)/bids", [("amount", "20")])
            #expect(try await server.domain.market.myBids(p.benID).map(\.0.bid.amount) == [Money(cents: 2_000)])
            // Withdraw asks first without the script.
            let asked = try await p.ben.post("/market/postings/\(id)/bids/\(bidID)/withdraw")
            #expect(asked.status == .ok && asked.body.contains("Withdraw your bid of €20.00?"))
            let gone = try await p.ben.post("/market/postings/\(id)/bids/\(bidID)/withdraw", [("confirmed", "1")])
            #expect(gone.status == .seeOther)
            let after = try await p.ben.get("/market/postings/\(id)").body
            #expect(after.contains("Place bid") && after.contains("bid-withdrawn\">Withdrawn<"))
            #expect(try await server.domain.market.postingView(p.annID, id: id).posting.status == .requested)
            // Ann cannot bid on her own posting.
            let own = try await p.ann.get("/market/postings/\(id)").body
            #expect(!own.contains("Place bid"))
            let refused = try await p.ann.post("/market/postings/\(id)/bids", [("amount", "10")])
            #expect(refused.status == .conflict && refused.body.contains("You can&#39;t bid on your own posting."))
        }
    }

    @Test func MKT6_MKT8_annSeesTheBadgeAndEachBidderWithRatingThenAcceptsOne() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let p = try await people(server, web, api)
            let cal = WebClient(api.client)
            try await cal.register("cal")
            let calID = try #require(try await server.domain.accounts.authenticate(secret: try await cal.apiToken("cal")))
            let id = try await post(p, "Mow the lawn")
            let quiet = try await p.ann.get("/today").body
            #expect(quiet.contains("id=\"nav-market-badge\" aria-hidden=\"true\" hidden>0</span>"))
            _ = try await server.domain.market.placeBid(
                p.benID, postingID: id, amount: Money(cents: 3_000),
                message: "I have a mower")
            _ = try await server.domain.market.placeBid(calID, postingID: id, amount: Money(cents: 2_500))
            // MKT-8: the badge on every page's sidebar, and on My postings.
            let today = try await p.ann.get("/today").body
            #expect(today.contains("<span class=\"visually-hidden\" id=\"nav-market-unseen\"> (2 new bids)</span>"))
            #expect(today.contains("id=\"nav-market-badge\" aria-hidden=\"true\">2</span>"))
            #expect(try await p.ann.get("/market/badge").json["unseenBidCount"] as? Int == 2)
            let mine = try await p.ann.get("/market/mine").body
            #expect(mine.contains("<span class=\"market-new\">2 new bids</span>"))
            // MKT-6: every bid with the bidder's profile and standing, lowest first, new ones marked.
            let page = try await p.ann.get("/market/postings/\(id)").body
            #expect(page.contains("<a class=\"bidder\" href=\"/users/ben\">@ben</a>"))
            #expect(page.contains("<a class=\"bidder\" href=\"/users/cal\">@cal</a>"))
            #expect(page.contains("No ratings yet · no postings assigned yet"))
            #expect(page.contains("I have a mower"))
            #expect(page.components(separatedBy: "<span class=\"market-new\">New</span>").count == 3)
            #expect(page.range(of: "@cal")!.lowerBound < page.range(of: "@ben")!.lowerBound)
            // Opening it marked them seen: the badge of this very page is gone already.
            #expect(page.contains("id=\"nav-market-badge\" aria-hidden=\"true\" hidden>0</span>"))
            #expect(try await server.domain.market.unseenBidCount(p.annID) == 0)
            #expect(!(try await p.ann.get("/market/postings/\(id)").body.contains("market-new\">New")))
            // Accepting asks first, then assigns and declines the other.
            let benBid = try #require(try await server.domain.market.myBids(p.benID).first?.0.bid.id)
            let asked = try await p.ann.post("/market/postings/\(id)/bids/\(benBid)/accept")
            #expect(asked.status == .ok && asked.body.contains("Accept @ben&#39;s bid of €30.00?"))
            #expect(asked.body.contains("“Mow the lawn” is assigned to @ben and the other bid is declined."))
            let accepted = try await p.ann.post("/market/postings/\(id)/bids/\(benBid)/accept", [("confirmed", "1")])
            #expect(accepted.status == .seeOther)
            let assigned = try await p.ann.get("/market/postings/\(id)").body
            #expect(assigned.contains("status-assigned\">Assigned<"))
            #expect(assigned.contains("You accepted @ben's bid of €30.00."))
            #expect(assigned.contains(">Mark done</button>") && assigned.contains(">Not done: reopen for bids</button>"))
            #expect(assigned.contains("bid-declined\">Declined<"))
            #expect(!assigned.contains("Edit posting"))
            // Ben finds it in his list "Marketplace", with the exact place, and the notes link back.
            let benPage = try await p.ben.get("/market/postings/\(id)").body
            #expect(benPage.contains("Exact location: 52.4986, 13.4033"))
            let taskID = try #require(WebClient.first("<a href=\"/tasks/([0-9a-f-]{36})\">open the task</a>", in: benPage))
            let task = try await p.ben.get("/tasks/\(taskID)").body
            #expect(task.contains("Marketplace") && task.contains("/market/postings/\(id)"))
            // Cal sees it assigned, rounded, without a bid form.
            let calPage = try await cal.get("/market/postings/\(id)").body
            #expect(calPage.contains("This posting is assigned: it takes no more bids or questions."))
            #expect(calPage.contains("Approximate location") && !calPage.contains("Place bid"))
            let mineBen = try await p.ben.get("/market/mine?bids=assigned").body
            #expect(mineBen.contains("Assigned to you") && mineBen.contains("Mow the lawn"))
            #expect(try await cal.get("/market/mine?bids=assigned").body.contains("No posting is assigned to you."))
        }
    }

    @Test func MKT6_decliningTheLastBidReturnsThePostingToRequested() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let p = try await people(server, web, api)
            let id = try await post(p, "Mow the lawn")
            let bid = try await server.domain.market.placeBid(p.benID, postingID: id, amount: Money(cents: 3_000)).bid
            let declined = try await p.ann.post(
                "/market/postings/\(id)/bids/\(bid.id)/decline", [("confirmed", "1")],
                fetch: true)
            #expect(declined.status == .ok && declined.json["ok"] as? Bool == true)
            #expect(try await server.domain.market.postingView(p.annID, id: id).posting.status == .requested)
            // Another member's bid is not Ben's to act on: 404.
            let stranger = try await p.ben.post("/market/postings/\(id)/bids/\(bid.id)/accept", [("confirmed", "1")])
            #expect(stranger.status == .notFound || stranger.status == .forbidden || stranger.status == .conflict)
        }
    }

    // MARK: MKT-7 and ratings

    @Test func MKT7_doneAndNotDoneThenBothRateEachOtherHiddenUntilBothRated() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let p = try await people(server, web, api)
            let id = try await post(p, "Mow the lawn")
            let bid = try await server.domain.market.placeBid(p.benID, postingID: id, amount: Money(cents: 3_000)).bid
            _ = try await server.domain.market.acceptBid(p.annID, id: bid.id)
            // Not done: back to requested, taking bids again.
            let reopened = try await p.ann.post("/market/postings/\(id)/reopen", [("confirmed", "1")])
            #expect(reopened.status == .seeOther)
            #expect(try await server.domain.market.postingView(p.annID, id: id).posting.status == .requested)
            let again = try await server.domain.market.placeBid(p.benID, postingID: id, amount: Money(cents: 2_800)).bid
            _ = try await server.domain.market.acceptBid(p.annID, id: again.id)
            let asked = try await p.ann.post("/market/postings/\(id)/done")
            #expect(asked.body.contains("Mark “Mow the lawn” done?"))
            _ = try await p.ann.post("/market/postings/\(id)/done", [("confirmed", "1")])
            let done = try await p.ann.get("/market/postings/\(id)").body
            #expect(done.contains("status-done\">Done<") && done.contains("Rate @ben"))
            // A rating needs 1 to 5 stars.
            let none = try await p.ann.post("/market/postings/\(id)/reviews", [("body", "Great")])
            #expect(none.status == .badRequest && none.body.contains("id=\"review-rating-error\">Choose a rating"))
            #expect(none.body.contains(">Great</textarea>"))
            let rated = try await p.ann.post("/market/postings/\(id)/reviews", [("rating", "5"), ("body", "Neat work")])
            #expect(rated.status == .seeOther)
            let hidden = try await p.ann.get("/market/postings/\(id)").body
            #expect(hidden.contains("It is shown once @ben rates you too, or after 14 days."))
            #expect(hidden.contains("Only you see this until @ben rates you too"))
            #expect(!(try await p.ben.get("/market/postings/\(id)").body.contains("Neat work")), "hidden from Ben")
            _ = try await p.ben.post("/market/postings/\(id)/reviews", [("rating", "4"), ("body", "Friendly")])
            let both = try await p.ben.get("/market/postings/\(id)").body
            #expect(both.contains("Neat work") && both.contains("Friendly"))
            #expect(both.contains("5 of 5 stars") && both.contains("4 of 5 stars"))
            #expect(!both.contains("Rate @ann"), "one rating each")
        }
    }

    // MARK: Questions

    @Test func questionsAreAskedByOthersAndAnsweredByThePosterUntilAssigned() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let p = try await people(server, web, api)
            let id = try await post(p, "Mow the lawn")
            let empty = try await p.ben.post("/market/postings/\(id)/questions", [("body", " ")])
            #expect(empty.status == .badRequest && empty.body.contains("id=\"question-body-error\""))
            let asked = try await p.ben.post("/market/postings/\(id)/questions", [("body", "Is there a mower?")])
            #expect(asked.status == .seeOther)
            let annPage = try await p.ann.get("/market/postings/\(id)").body
            #expect(annPage.contains("Is there a mower?") && annPage.contains("Not answered yet."))
            let questionID = try #require(WebClient.first("questions/([0-9a-f-]{36})/answer", in: annPage))
            _ = try await p.ann.post(
                "/market/postings/\(id)/questions/\(questionID)/answer",
                [("answer", "Yes, in the shed")])
            let benPage = try await p.ben.get("/market/postings/\(id)").body
            #expect(benPage.contains("Yes, in the shed") && benPage.contains("Answer by the poster"))
            #expect(!benPage.contains("/answer\""), "only the poster answers")
            #expect(!annPage.contains(">Ask a question<"), "the poster does not ask")
        }
    }

    // MARK: MKT-9

    @Test func MKT9_nearMeListsOpenPostingsNearestFirstWithTheirDistanceAndMapsThem() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let p = try await people(server, web, api)
            let centre = GeoPoint(latitude: 52.5200, longitude: 13.4050)
            let near = try await post(
                p, "Water plants",
                location: .init(
                    point: GeoPoint(
                        latitude: 52.5290, longitude: 13.4050), placeName: "Mitte north"))
            let nearer = try await post(
                p, "Feed the cat",
                location: .init(
                    point: GeoPoint(
                        latitude: 52.5200, longitude: 13.4100), placeName: "Mitte east"))
            _ = try await post(
                p, "Far away",
                location: .init(
                    point: GeoPoint(latitude: 51.34, longitude: 12.37),
                    placeName: "Leipzig"))
            _ = try await post(p, "Nowhere", location: nil)
            let form = try await p.ben.get("/market/near")
            #expect(form.status == .ok && form.body.contains(">Use my location</button>"))
            #expect(form.body.contains("value=\"5\"") && !form.body.contains("near-map"))
            // Ann sees her own postings' exact places (others' are rounded to about 1 km, MKT-9's privacy).
            let page = try await p.ann.get("/market/near?lat=\(centre.latitude)&lon=\(centre.longitude)").body
            #expect(page.contains("2 open postings within 5 km, nearest first"))
            let first = try #require(page.range(of: "id=\"posting-\(nearer)\""))
            let second = try #require(page.range(of: "id=\"posting-\(near)\""))
            #expect(first.lowerBound < second.lowerBound)
            #expect(!page.contains("Far away") && !page.contains("Nowhere"))
            #expect(page.contains("<span class=\"posting-distance\">") && page.contains(" km north</span>"))
            #expect(page.contains("<svg class=\"near-map\""))
            #expect(page.contains("<a class=\"near-pin-link\" href=\"/market/postings/\(nearer)\" aria-label=\"1. Feed the cat"))
            #expect(page.contains("<title>2. Water plants, 1.0 km north</title>"))
            // A larger radius finds Munich too; a typed place of one's own postings works as a point.
            let wide = try await p.ben.get("/market/near?lat=52.52&lon=13.405&radius=500").body
            #expect(wide.contains("3 open postings within 500 km"))
            let byPlace = try await p.ann.get("/market/near?place=mitte+east").body
            #expect(byPlace.contains("2 open postings within 5 km"))
            let byCoordinates = try await p.ben.get("/market/near?place=52.52%2C+13.405").body
            #expect(byCoordinates.contains("2 open postings within 5 km"))
            // Refusals by their field, the typed values kept.
            let bad = try await p.ben.get("/market/near?lat=95&lon=13.4")
            #expect(bad.status == .badRequest && bad.body.contains("id=\"f-lat-error\">Latitude must be a number from -90 to 90."))
            #expect(bad.body.contains("value=\"95\""))
            let radius = try await p.ben.get("/market/near?lat=52.52&lon=13.405&radius=900")
            #expect(radius.body.contains("id=\"f-radius-error\">The radius must be from 0.1 to 500 km."))
            let unknown = try await p.ben.get("/market/near?place=Atlantis")
            #expect(unknown.body.contains("id=\"f-place-error\">Doable knows no place “Atlantis”"))
        }
    }

    @Test func MKT9_theMapPutsTheSearcherAtTheCentreAndAPostingNorthEastAt2KmUpRightToScale() throws {
        let map = MarketNearMap(
            radiusKm: 5,
            pins: [
                .init(number: 1, title: "Feed <the> cat", href: "/market/postings/p1", distanceKm: 2, bearingDegrees: 45)
            ])
        let c = MarketNearMap.centre
        let (x, y) = MarketNearMap.position(distanceKm: 2, bearingDegrees: 45, radiusKm: 5)
        #expect(x > c && y < c, "north-east is up and to the right")
        let scale = MarketNearMap.plotRadius / 5
        #expect(abs(hypot(x - c, y - c) - 2 * scale) < 0.001, "2 km is 2/5 of the way to the outer ring")
        #expect(abs((x - c) - (c - y)) < 0.001, "45°: as far right as up")
        let north = MarketNearMap.position(distanceKm: 5, bearingDegrees: 0, radiusKm: 5)
        #expect(abs(north.x - c) < 0.001 && abs(north.y - (c - MarketNearMap.plotRadius)) < 0.001)
        let beyond = MarketNearMap.position(distanceKm: 9, bearingDegrees: 90, radiusKm: 5)
        #expect(abs(beyond.x - (c + MarketNearMap.plotRadius)) < 0.001, "clamped to the outer ring")
        #expect(MarketNearMap.rings(radiusKm: 5) == [1, 2, 3, 4, 5])
        #expect(MarketNearMap.rings(radiusKm: 7) == [2, 4, 7])
        #expect(MarketNearMap.rings(radiusKm: 0.5) == [0.1, 0.2, 0.3, 0.4, 0.5])
        let svg = map.svg.markup
        #expect(svg.contains("<circle class=\"near-you-dot\" cx=\"200\" cy=\"200\" r=\"6\"/>"))
        for label in ["1 km", "2 km", "3 km", "4 km", "5 km"] { #expect(svg.contains(">\(label)</text>"), "\(label)") }
        #expect(svg.contains("<circle class=\"near-ring\" cx=\"200\" cy=\"200\" r=\"170\"/>"))
        #expect(svg.contains("<circle class=\"near-ring\" cx=\"200\" cy=\"200\" r=\"68\"/>"))
        #expect(
            svg.contains(
                "<a class=\"near-pin-link\" href=\"/market/postings/p1\" "
                    + "aria-label=\"1. Feed &lt;the&gt; cat, 2.0 km north-east\"><title>1. Feed &lt;the&gt; cat, 2.0 km north-east</title>"))
        #expect(svg.contains("cx=\"\(MarketNearMap.number(x))\" cy=\"\(MarketNearMap.number(y))\""))
        #expect(svg.contains("aria-labelledby=\"near-map-title\"") && svg.contains(">Map of 1 posting within 5 km"))
        #expect(
            MarketWords.distance(0.35) == "350 m" && MarketWords.distance(1.26) == "1.3 km"
                && MarketWords.distance(12.4) == "12 km")
        #expect(
            MarketWords.direction(44) == "north-east" && MarketWords.direction(359) == "north"
                && MarketWords.direction(200) == "south")
    }

    // MARK: MKT-10

    @Test func MKT10_anEditFromAFormOpenedBeforeTheAssignmentIsRefusedWithTheReason() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let p = try await people(server, web, api)
            let id = try await post(p, "Mow the lawn")
            let edit = try await p.ann.get("/market/postings/\(id)/edit")
            #expect(edit.status == .ok && edit.body.contains("value=\"Mow the lawn\""))
            let version = try #require(edit.hidden("version"))
            #expect(try await p.ben.get("/market/postings/\(id)/edit").status == .notFound, "only the poster edits")
            // Meanwhile (another tab, an offline client) Ann accepts Ben's bid.
            let bid = try await server.domain.market.placeBid(p.benID, postingID: id, amount: Money(cents: 3_000)).bid
            _ = try await server.domain.market.acceptBid(p.annID, id: bid.id)
            let fields: [(String, String)] = [
                ("version", version), ("title", "Mow the big lawn"), ("description", "Please help."),
                ("category", "Gardening"), ("maxBid", "50"), ("placeName", "Kreuzberg"), ("latitude", "52.4986"),
                ("longitude", "13.4033"),
            ]
            let stale = try await p.ann.post("/market/postings/\(id)", fields)
            #expect(stale.status == .conflict)
            #expect(stale.body.contains("This posting was assigned meanwhile; it can no longer be edited."))
            #expect(stale.body.contains("value=\"Mow the big lawn\""), "what was typed stays")
            let fetched = try await p.ann.post("/market/postings/\(id)", fields, fetch: true)
            #expect(fetched.status == .conflict)
            #expect((fetched.json["error"] as? [String: Any])?["code"] as? String == "posting_assigned")
            #expect(try await server.domain.market.postingView(p.annID, id: id).posting.title == "Mow the lawn")
            // Before that, an edit saves.
            let other = try await post(p, "Trim the hedge")
            let saved = try await p.ann.post(
                "/market/postings/\(other)",
                [
                    ("version", "1"), ("title", "Trim two hedges"), ("description", "Both sides."),
                    ("category", "Gardening"), ("maxBid", "45"),
                ])
            #expect(saved.status == .seeOther)
            let changed = try await server.domain.market.postingView(p.annID, id: other).posting
            #expect(changed.title == "Trim two hedges" && changed.location == nil && changed.maxBid == Money(cents: 4_500))
        }
    }

    @Test func deletingAPostingAsksFirstAndTakesItOffTheMarketplace() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let p = try await people(server, web, api)
            let id = try await post(p, "Mow the lawn")
            let page = try await p.ann.get("/market/postings/\(id)").body
            #expect(page.contains("data-confirm=\"Take “Mow the lawn” off the marketplace?"))
            let asked = try await p.ann.post("/market/postings/\(id)/delete")
            #expect(asked.status == .ok && asked.body.contains(">Delete posting</button>"))
            let gone = try await p.ann.post("/market/postings/\(id)/delete", [("confirmed", "1")])
            #expect(gone.status == .seeOther && gone.location == "/market/mine")
            #expect(try await p.ben.get("/market/postings/\(id)").status == .notFound)
        }
    }

    @Test func MKT1_thePosterAddsAndDeletesPhotosOnThePageWhileThePostingIsOpen() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let p = try await people(server, web, api)
            let id = try await post(p, "Mow the lawn")
            #expect(!(try await p.ben.get("/market/postings/\(id)").body.contains("Add photos")), "the poster's alone")
            let none = try await p.ann.postMultipart("/market/postings/\(id)/photos", files: [])
            #expect(none.status == .badRequest && none.body.contains("Choose one or more photos to upload."))
            let added = try await p.ann.postMultipart(
                "/market/postings/\(id)/photos",
                files: [
                    FormFile(filename: "a.png", type: "image/png", bytes: TestImage.png(seed: 1)),
                    FormFile(filename: "b.jpg", type: "image/jpeg", bytes: TestImage.jpeg()),
                ])
            #expect(added.status == .seeOther && added.location == "/market/postings/\(id)#photos")
            let page = try await p.ann.get("/market/postings/\(id)").body
            #expect(page.contains("Photos <span class=\"progress\">2 of 10</span>"))
            let photo = try #require(WebClient.first("action=\"/attachments/([0-9a-f-]{36})/delete\"", in: page))
            #expect(page.contains("data-confirm=\"Delete photo 1 of 2? There is no undo.\""))
            let deleted = try await p.ann.post(
                "/attachments/\(photo)/delete",
                [("confirmed", "1"), ("back", "/market/postings/\(id)#photos")])
            #expect(deleted.status == .seeOther && deleted.location == "/market/postings/\(id)#photos")
            #expect(try await server.domain.market.postingView(p.annID, id: id).photoIDs.count == 1)
            // Once assigned, the photos stay as they are (MKT-10).
            let bid = try await server.domain.market.placeBid(p.benID, postingID: id, amount: Money(cents: 1_000)).bid
            _ = try await server.domain.market.acceptBid(p.annID, id: bid.id)
            let late = try await p.ann.postMultipart(
                "/market/postings/\(id)/photos",
                files: [
                    FormFile(filename: "c.png", type: "image/png", bytes: TestImage.png(seed: 3))
                ], fetch: true)
            #expect(late.status == .badRequest)
            #expect(((late.json["error"] as? [String: Any])?["message"] as? String)?.contains("assigned meanwhile") == true)
            #expect(!(try await p.ann.get("/market/postings/\(id)").body.contains("Add photos")))
        }
    }

    @Test func VIEW5_marketPagesAreInTheSidebarAndMarkTheirPlace() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let p = try await people(server, web, api)
            for path in ["/market", "/market/near", "/market/mine", "/market/new"] {
                let page = try await p.ann.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(page.body.contains("<a href=\"/market\" aria-current=\"page\"><svg class=\"icon\""), "\(path)")
                #expect(page.body.contains("<nav class=\"market-nav\" aria-label=\"Marketplace\">"), "\(path)")
            }
            #expect(try await p.ann.get("/today").body.contains("<a href=\"/market\"><svg class=\"icon\""))
            #expect(try await p.ann.get("/today").body.contains("#market\"></use></svg>Marketplace<"))
            #expect(try await p.ann.get("/market/postings/not-an-id").status == .notFound)
        }
    }
}

/// MKT-12 and issue 29 item 8: the day a job should happen, statuses in plain words, amounts in the server's currency
/// as the browser's language writes money, and finished postings under their own filter.
extension WebMarketTests {
    @Test func MKT12_aPostingSaysWhenItsAmountsShowTheCurrencyAndFinishedOnesHaveAFilter() async throws {
        let server = try TestServer()
        try await server.runWeb { web, api in
            let p = try await people(server, web, api)
            let form = try await p.ann.get("/market/new")
            #expect(form.body.contains("<label for=\"f-whenFrom\">Day"))
            #expect(form.body.contains("Maximum bid (EUR)"))
            let fields: [(String, String)] = [
                ("title", "Move a sofa"), ("description", "Third floor."), ("category", "Gardening"), ("maxBid", "80"),
            ]
            let past = try await p.ann.postMultipart(
                "/market/postings", fields + [("whenFrom", futureDay(-2))], files: [])
            #expect(past.status == .badRequest)
            #expect(past.body.contains("id=\"f-whenFrom-error\">When cannot be in the past"))
            let backwards = try await p.ann.postMultipart(
                "/market/postings", fields + [("whenFrom", futureDay(5)), ("whenUntil", futureDay(3))], files: [])
            #expect(backwards.body.contains("id=\"f-whenFrom-error\">The last day cannot be before the first."))
            let sent = try await p.ann.postMultipart(
                "/market/postings", fields + [("whenFrom", futureDay(1)), ("whenUntil", futureDay(3))], files: [])
            #expect(sent.status == .seeOther)
            let id = try #require(WebClient.first("/market/postings/([0-9a-f-]{36})$", in: sent.location ?? ""))
            let page = try await p.ann.get("/market/postings/\(id)")
            #expect(page.body.contains("<dt>When</dt><dd class=\"posting-day\">Tomorrow – "))
            #expect(page.body.contains("<dd class=\"posting-max\">€80.00</dd>"))
            #expect(page.body.contains("status-requested\">Open for bids<"))
            let swedish = try await p.ben.get("/market/postings/\(id)", headers: [.acceptLanguage: "sv-SE,sv;q=0.9"])
            #expect(swedish.body.contains("<dd class=\"posting-max\">80,00\u{A0}€</dd>"), "Swedish writes euros after")

            // Done: nothing open is left, and the page says where the finished one is instead of "nobody posted".
            let postingID = try #require(PostingID(id))
            let bid = try await server.domain.market.placeBid(p.benID, postingID: postingID, amount: Money(cents: 7_000))
            _ = try await server.domain.market.acceptBid(p.annID, id: bid.bid.id)
            let assigned = try await p.ben.get("/market/postings/\(id)").body
            #expect(assigned.contains("<dd class=\"posting-lowest\">Bid accepted</dd>"), "not “No bids yet”")
            _ = try await server.domain.market.markPostingDone(p.annID, id: postingID)
            let open = try await p.ben.get("/market").body
            #expect(open.contains("No open posting right now."))
            #expect(open.contains("href=\"/market?show=finished\">Show finished postings</a>"))
            #expect(!open.contains("Nobody has posted a task yet."))
            let finished = try await p.ben.get("/market?show=finished").body
            #expect(finished.contains(">Finished postings, newest first</h2>"))
            #expect(finished.contains("id=\"posting-\(id)\"") && finished.contains("status-done\">Done<"))
            #expect(finished.contains("<a href=\"/market?show=finished\" aria-current=\"page\">Finished</a>"))
        }
    }
}
