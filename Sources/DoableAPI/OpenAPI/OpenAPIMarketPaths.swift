/// MKT: postings, bids, questions and reviews; every member sees every posting, only its poster changes it.
extension OpenAPI {
    static let posterOnly = """
        The token may only read, or the caller is not the posting's poster (the message says so). Every member may see \
        a posting, so this is 403, not 404.
        """
    static let postingNotFound = "No posting has this id (a deleted one neither)."
    static let bidNotFound = "No bid of the caller's, or on a posting of the caller's, has this id."
    static let bidderOnly = "The token may only read, or the caller is the poster (who declines a bid instead)."

    static let marketPaths: [String: [String: Operation]] = [
        "/api/v1/market/postings": [
            "get": Operation(
                tag: "Marketplace", id: "searchPostings",
                summary: """
                    MKT-2 and MKT-9: open postings by words, category and status, newest first in pages; near a point, \
                    nearest first.
                    """,
                description: """
                    Every signed-in member sees every open posting. Locations are rounded to about 1 km for everyone \
                    but the poster and the assignee.
                    """,
                parameters: marketQuery, ok: ok(ref("PostingPage")), statuses: [400], isReadOnly: true,
                badRequest: """
                    A query parameter has a bad value (a status other than requested or bidded, or done not alone or \
                    with near, a point out of range, \
                    radiusKm without near or out of 0.1 to 500, a cursor this server did not give, an unknown \
                    category); `field` names it.
                    """),
            "post": Operation(
                tag: "Marketplace", id: "createPosting", summary: "MKT-1: post a task to the marketplace; it starts requested.",
                body: "CreatePostingRequest", status: 201, ok: okWithETag(ref("Posting"), "Posted."), conflicts: ["edit_conflict"],
                badRequest: "A rule is broken: title 1 to 30 and description 1 to 300 characters, a category that exists "
                    + "and is not archived, maxBid " + moneyRules
                    + ", a location in range; `field` names the input (location.latitude for a nested one).",
                forbidden: "The token may only read, or (ACC-9) the server requires a confirmed email address first.",
                forbiddenCodes: ["forbidden", "email_unverified"]),
        ],
        "/api/v1/market/postings/{id}": [
            "get": Operation(
                tag: "Marketplace", id: "getPosting", summary: "MKT-3 and MKT-6: a posting with its bids, questions and reviews.",
                description: "For its poster this shows every bid and so marks them seen (MKT-8).", parameters: [idParameter],
                ok: okWithETag(ref("PostingDetail")), statuses: [404], isReadOnly: true, notFound: postingNotFound),
            "patch": Operation(
                tag: "Marketplace", id: "updatePosting", summary: "MKT-10: the poster edits its posting while nobody is assigned.",
                description: """
                    A posting assigned (or done) meanwhile, say while the poster was offline, is refused with 409 \
                    `posting_assigned` and a message saying so, also when If-Match names an older version.
                    """,
                parameters: [idParameter], body: "UpdatePostingRequest", ok: ok(ref("Posting")), statuses: [404],
                conflicts: ["posting_assigned", "edit_conflict"], ifMatch: true, forbidden: posterOnly,
                notFound: postingNotFound),
            "delete": Operation(
                tag: "Marketplace", id: "deletePosting",
                summary: """
                    The poster takes an open posting off the marketplace; its open bids are declined and their bidders \
                    told.
                    """,
                parameters: [idParameter], status: 204, statuses: [404], conflicts: ["posting_assigned", "edit_conflict"],
                ifMatch: true, forbidden: posterOnly, notFound: postingNotFound),
        ],
        "/api/v1/market/postings/{id}/photos": [
            "post": photoOperation(
                tag: "Marketplace", id: "addPostingPhoto",
                summary: "MKT-1 and TASK-11: the poster adds a photo to its open posting (at most 10).",
                description: "Remove one with DELETE /api/v1/attachments/{id}.",
                conflicts: ["posting_assigned", "too_many_photos", "edit_conflict"], forbidden: posterOnly,
                notFound: postingNotFound)
        ],
        "/api/v1/market/postings/{id}/done": [
            "post": Operation(
                tag: "Marketplace", id: "markPostingDone",
                summary: "MKT-7: the poster marks its assigned posting done; both sides may then rate each other.",
                description: "Any request body is ignored. The assignee is told.", parameters: [idParameter],
                ok: ok(ref("Posting")), statuses: [404], conflicts: ["posting_not_assigned", "edit_conflict"], ifMatch: true,
                forbidden: posterOnly, notFound: postingNotFound)
        ],
        "/api/v1/market/postings/{id}/reopen": [
            "post": Operation(
                tag: "Marketplace", id: "reopenPosting",
                summary: "MKT-7: the poster returns its assigned posting to requested (not done): it takes bids again.",
                description: "Any request body is ignored. The assignee is told; its task stays in its list.",
                parameters: [idParameter], ok: ok(ref("Posting")), statuses: [404],
                conflicts: ["posting_not_assigned", "edit_conflict"], ifMatch: true, forbidden: posterOnly,
                notFound: postingNotFound)
        ],
        "/api/v1/market/postings/{id}/bids": [
            "get": Operation(
                tag: "Marketplace", id: "listBids",
                summary: "MKT-6: all bids for the poster (which marks them seen, MKT-8); the caller's own for anyone else. Oldest first.",
                parameters: [idParameter], ok: ok(wrapper("bids", "Bid")), statuses: [404], isReadOnly: true,
                notFound: postingNotFound),
            "post": Operation(
                tag: "Marketplace", id: "placeBid", summary: "MKT-4: bid on another member's requested or bidded posting.",
                description: """
                    The first open bid makes the posting bidded. A member has at most one open bid on a posting: \
                    bidding again changes that bid (200, the same id). The poster is told (NOTIF-4).
                    """,
                parameters: [idParameter], body: "PlaceBidRequest", status: 201, ok: okWithETag(ref("Bid"), "A new bid."),
                statuses: [404], conflicts: ["own_posting", "posting_closed", "edit_conflict"],
                badRequest: "amount is not " + moneyRules
                    + ", or is above the posting's maxBid; or a message over 300 characters; `field` names it.",
                notFound: postingNotFound,
                // MKT-4: bidding again on a posting changes the caller's open bid there.
                responses: ["200": okWithETag(ref("Bid"), "The caller's open bid on the posting, changed.")]),
        ],
        "/api/v1/market/bids/{id}": [
            "patch": Operation(
                tag: "Marketplace", id: "updateBid", summary: "MKT-4: the bidder changes the amount or message of its own open bid.",
                parameters: [idParameter], body: "UpdateBidRequest", ok: ok(ref("Bid")), statuses: [404],
                conflicts: ["bid_not_open", "posting_closed", "edit_conflict"], ifMatch: true,
                badRequest: "Neither amount nor message, an amount that is not " + moneyRules
                    + " or is above the posting's maxBid, or a message over 300 characters; `field` names it.",
                forbidden: bidderOnly, notFound: bidNotFound),
            "delete": Operation(
                tag: "Marketplace", id: "withdrawBid",
                summary: "MKT-4: the bidder withdraws its own open bid; the last open bid gone returns the posting to requested.",
                parameters: [idParameter], status: 204, statuses: [404], conflicts: ["bid_not_open", "edit_conflict"],
                ifMatch: true, forbidden: bidderOnly, notFound: bidNotFound),
        ],
        "/api/v1/market/bids/{id}/accept": [
            "post": Operation(
                tag: "Marketplace", id: "acceptBid",
                summary: """
                    MKT-6: the poster accepts an open bid: the posting is assigned to the bidder, every other open bid \
                    is declined, and the bidder finds it as a task in its list Marketplace.
                    """,
                description: """
                    Of two accepts of one posting at the same moment exactly one wins; the other gets 409 \
                    `posting_closed` saying the posting was assigned meanwhile. Any request body is ignored.
                    """,
                parameters: [idParameter], ok: okWithETag(ref("Posting"), "The posting, now assigned."), statuses: [404],
                conflicts: ["posting_closed", "bid_not_open", "edit_conflict"], forbidden: posterOnly, notFound: bidNotFound)
        ],
        "/api/v1/market/bids/{id}/decline": [
            "post": Operation(
                tag: "Marketplace", id: "declineBid",
                summary: "MKT-6: the poster declines an open bid; declining the last one returns the posting to requested.",
                description: "Any request body is ignored. The bidder is told.", parameters: [idParameter],
                ok: okWithETag(ref("Bid"), "The declined bid."), statuses: [404],
                conflicts: ["posting_closed", "bid_not_open", "edit_conflict"], forbidden: posterOnly, notFound: bidNotFound)
        ],
        "/api/v1/market/postings/{id}/questions": [
            "get": Operation(
                tag: "Marketplace", id: "listQuestions", summary: "The public questions on a posting and their answers, oldest first.",
                parameters: [idParameter], ok: ok(wrapper("questions", "Question")), statuses: [404], isReadOnly: true,
                notFound: postingNotFound),
            "post": Operation(
                tag: "Marketplace", id: "askQuestion",
                summary: "A member other than the poster asks a public question on an open posting; the poster is told.",
                parameters: [idParameter], body: "QuestionRequest", status: 201, ok: ok(ref("Question"), "Asked."),
                statuses: [404], conflicts: ["own_posting", "posting_closed", "edit_conflict"], notFound: postingNotFound),
        ],
        "/api/v1/market/questions/{id}/answer": [
            "post": Operation(
                tag: "Marketplace", id: "answerQuestion",
                summary: "The poster answers a question on its posting (again to correct it); the asker is told.",
                parameters: [idParameter], body: "AnswerRequest", ok: ok(ref("Question")), statuses: [404],
                conflicts: ["edit_conflict"], forbidden: posterOnly,
                notFound: "No question on a posting that is not deleted has this id.")
        ],
        "/api/v1/market/postings/{id}/reviews": [
            "post": Operation(
                tag: "Marketplace", id: "reviewPosting",
                summary: "After the posting is done, its poster rates the assignee and the assignee the poster, once each.",
                description: """
                    A rating stays hidden (isVisible false) until the other side rated too, or 14 days after the \
                    posting was done: neither answers the other's.
                    """,
                parameters: [idParameter], body: "ReviewRequest", status: 201, ok: ok(ref("Review"), "Rated."),
                statuses: [404], conflicts: ["posting_not_done", "already_reviewed", "edit_conflict"],
                forbidden: "The token may only read, or the caller is neither the poster nor the assignee.",
                notFound: postingNotFound)
        ],
        "/api/v1/market/my/postings": [
            "get": Operation(
                tag: "Marketplace", id: "myPostings",
                summary: "MKT-5 and MKT-8: the caller's postings, newest first, with the unseen-bids badge.",
                parameters: [
                    query(
                        "status", text(enum: ["all", "requested", "bidded", "assigned", "done"], default: "all"), "Which of them.")
                ], ok: ok(ref("MyPostings")), statuses: [400], isReadOnly: true,
                badRequest: "`status` is not all, requested, bidded, assigned or done.")
        ],
        "/api/v1/market/my/bids": [
            "get": Operation(
                tag: "Marketplace", id: "myBids", summary: "MKT-5: the caller's bids, newest first, each with its posting.",
                parameters: [
                    query(
                        "status", text(enum: ["all", "open", "assigned"], default: "all"),
                        "all; open: bids still open; assigned: accepted bids of postings assigned to the caller (or done).")
                ], ok: ok(wrapper("bids", "MyBid")), statuses: [400], isReadOnly: true,
                badRequest: "`status` is not all, open or assigned.")
        ],
        "/api/v1/market/settings": [
            "get": Operation(
                tag: "Marketplace", id: "getMarketSettings",
                summary: "MKT-12: the server's currency, its map tiles (if any) and whether it can search addresses.",
                ok: ok(ref("MarketSettings")), isReadOnly: true)
        ],
        "/api/v1/market/places": [
            "get": Operation(
                tag: "Marketplace", id: "searchPlaces",
                summary: "MKT-12: places matching an address, through the server's geocoder (`--geocoder`).",
                description: """
                    Up to five places, best first, named in the language of Accept-Language when the geocoder knows it. \
                    When the geocoder does not answer, `places` is empty and `available` false.
                    """,
                parameters: [query("q", text(minLength: 1, maxLength: 200), "The address or place, 1 to 200 characters.", required: true)],
                ok: ok(ref("PlaceSearchResult")), statuses: [400, 404], isReadOnly: true,
                badRequest: "`q` is missing, empty or over 200 characters.",
                notFound: "This server has no address search (it was started without --geocoder).")
        ],
        "/api/v1/market/categories": [
            "get": Operation(
                tag: "Marketplace", id: "listCategories", summary: "MKT-11: the categories a member may pick, Other last.",
                ok: ok(wrapper("categories", "Category")), isReadOnly: true)
        ],
    ]

    /// An operation whose body is a photo's bytes: any Content-Type, 400 for what is not an image, 413 for one over
    /// 65,536 bytes.
    static func photoOperation(
        tag: String, id: String, summary: String, description: String, conflicts: [String], forbidden: String,
        notFound: String? = nil
    ) -> Operation {
        Operation(
            tag: tag, id: id, summary: summary, description: description, parameters: [idParameter], requestBody: photoBody,
            status: 201, ok: ok(ref("Photo"), "Added."), statuses: [404], conflicts: conflicts, forbidden: forbidden,
            notFound: notFound,
            responses: [
                "400": errorResponse(400, "The body is empty, or its bytes are not a JPEG, PNG, GIF or WebP image (`field` is body)."),
                "413": errorResponse(
                    413,
                    """
                    The photo is over 65,536 bytes (`photo_too_large`, `field` body: the message says how large it is), \
                    or the body is over 1 MiB (`payload_too_large`; the connection is closed after the answer).
                    """,
                    codes: ["payload_too_large", "photo_too_large"]),
            ])
    }

    static let binary: JSONValue = .object(["schema": text(format: "binary")])

    static let photoBody: JSONValue = .object([
        "required": .bool(true),
        "description": .string(
            """
            TASK-11: the image itself, at most 65,536 bytes: a JPEG, PNG, GIF or WebP, recognised by its bytes whatever \
            the Content-Type says.
            """),
        "content": .object(Dictionary(uniqueKeysWithValues: (imageTypes + ["application/octet-stream"]).map { ($0, binary) })),
    ])
}
