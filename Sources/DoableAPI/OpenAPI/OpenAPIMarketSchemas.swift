/// The marketplace (MKT) and photos (TASK-11) as the API answers them (API/MarketDTOs.swift).
extension OpenAPI {
    static let imageTypes = ["image/jpeg", "image/png", "image/gif", "image/webp"]

    static let postingFields: SchemaProperties = [
        "id": idSchema,
        "poster": nullable(described("Username", "The poster's username; null when the account is gone.")),
        "title": text("1 to 30 characters.", minLength: 1),
        "description": text("1 to 300 characters.", minLength: 1),
        "category": nullable(
            described(
                "CategoryRef",
                "MKT-11: the posting's category, an object with its id and name (null only if the category no longer exists).")),
        "suggestedCategory": nullable(text("MKT-11: with the category Other, the category the poster suggests.", minLength: 1)),
        "maxBid": described("Money", "The most a bid may ask."),
        "currency": described("CurrencyCode", "MKT-12: what maxBid, lowestBid and the bids are counted in."),
        "status": ref("PostingStatus"),
        "lowestBid": nullable(described("Money", "MKT-3: the lowest open bid; null without one.")),
        "bidCount": integer("Open bids.", minimum: 0),
        "location": nullable(ref("Location")),
        "when": nullable(described("PostingWhen", "MKT-12: when the job should happen; null when the poster did not say.")),
        "distanceKm": nullable(
            number(
                "MKT-9: kilometres from the point of `near` (two decimals); null without `near` or without a location.",
                minimum: 0)),
        "bearingDegrees": nullable(
            number(
                "MKT-9: the direction from the point of `near`, degrees clockwise from north (one decimal); null as distanceKm.",
                minimum: 0, exclusiveMaximum: 360)),
        "assignee": nullable(described("Username", "The bidder it is assigned to, while assigned or done.")),
        "photoIds": array(
            idSchema, maxItems: 10, description: "TASK-11: its photos, oldest first (bytes at GET /api/v1/attachments/{id})."),
        "createdAt": timestamp,
        "updatedAt": described("Timestamp", "Changes with every bid too."),
        "doneAt": nullable(timestamp),
        "version": integer(
            """
            Raised by every change, bids included. Send it back as `If-Match` (quoted, as the `ETag` header gives it) \
            to make a write fail with 409 `version_mismatch` if the posting changed meanwhile.
            """,
            minimum: 1),
        "myBid": nullable(described("OwnBid", "The caller's own open bid on it, if any.")),
        "unseenBidCount": nullable(
            integer(
                "MKT-8: for the poster, open bids placed or changed since it last read them; null for everyone else.",
                minimum: 0)),
    ]

    static let bidFields: SchemaProperties = [
        "id": idSchema,
        "postingId": idSchema,
        "bidder": nullable(described("Username", "The bidder's username; null when the account is gone.")),
        "amount": ref("Money"),
        "currency": described("CurrencyCode", "MKT-12: what amount is counted in."),
        "message": text("The bidder's word to the poster; may be empty."),
        "status": ref("BidStatus"),
        "createdAt": timestamp,
        "updatedAt": timestamp,
        "version": integer(
            """
            Raised by every change. Send it back as `If-Match` (quoted) to make a change or a withdrawal fail with 409 \
            `version_mismatch` if the bid changed meanwhile.
            """,
            minimum: 1),
        "bidderRating": described("MarketRating", "MKT-6: the bidder's standing, for the poster to weigh the bid."),
    ]

    static let marketSchemas: [String: JSONValue] = [
        "CategoryRef": obj(["id": idSchema, "name": text(minLength: 1)], description: "MKT-11: a posting's category."),
        "MarketSettings": obj(
            [
                "currency": ref("CurrencyCode"),
                "mapTiles": nullable(text("A tile URL template with {z}, {x} and {y}; null: no map tiles.")),
                "mapAttribution": text("What the tiles must be credited with; may be empty."),
                "placeSearch": boolean("Whether GET /api/v1/market/places can find addresses."),
            ], description: "MKT-12: how this server shows money and places."),
        "PlaceSearchResult": obj(
            [
                "places": array(
                    obj(["name": text(), "latitude": number(minimum: -90, maximum: 90), "longitude": number(minimum: -180, maximum: 180)]),
                    maxItems: 5),
                "available": boolean("False when the geocoder did not answer (places is then empty)."),
            ], description: "MKT-12: places found for an address."),
        "CurrencyCode": text(
            "MKT-12: an ISO 4217 code, the server's `--currency` (EUR unless set).", pattern: "^[A-Z]{3}$"),
        "PostingWhen": obj(
            [
                "from": described("Day", "The first (or only) day."),
                "until": nullable(described("Day", "The last day of a window; null for one day.")),
            ],
            description: "MKT-12: one day, or a window of days with both ends included."),
        "Location": obj(
            [
                "latitude": number(minimum: -90, maximum: 90),
                "longitude": number(minimum: -180, maximum: 180),
                "placeName": text("May be empty."),
                "exact": boolean(
                    """
                    True for the poster and the assignee; for everyone else the point is rounded to two decimals of a \
                    degree (about 1 km).
                    """),
            ], description: "MKT-1 and MKT-9: where the task is to be done (WGS 84 degrees)."),
        "OwnBid": obj(
            [
                "id": idSchema,
                "amount": ref("Money"),
                "message": text(),
                "status": ref("BidStatus"),
                "createdAt": timestamp,
                "updatedAt": timestamp,
                "version": integer(minimum: 1),
            ], description: "The caller's own open bid, inside a posting."),
        "MarketRating": obj(
            [
                "average": nullable(
                    number("The average of the member's visible ratings (two decimals); null without any.", minimum: 1, maximum: 5)),
                "count": integer("How many visible ratings.", minimum: 0),
                "completionRate": nullable(
                    number("completedCount / assignedCount (three decimals); null when never assigned.", minimum: 0, maximum: 1)),
                "assignedCount": integer("Postings the member was assigned (its accepted bids).", minimum: 0),
                "completedCount": integer("Of those, the ones their posters marked done.", minimum: 0),
            ],
            description: """
                A member's standing on the marketplace. A rating counts once it is visible: when both sides of a \
                posting rated, or 14 days after it was done.
                """),
        "Posting": obj(postingFields, description: "MKT-1, MKT-3, MKT-9: a posting as the caller may see it."),
        "PostingDetail": obj(
            postingFields
                + [
                    "bids": array(
                        ref("Bid"),
                        description: """
                            MKT-6: every bid for the poster (reading them marks them seen, MKT-8; `unseenBidCount` \
                            counts those new before this read); the caller's own for anyone else. Oldest first.
                            """),
                    "questions": array(ref("Question"), description: "Public questions, oldest first."),
                    "reviews": array(ref("Review"), description: "Visible reviews, and the caller's own hidden one."),
                    "canReview": boolean(
                        "The caller is the poster or the assignee of this done posting and has not rated it yet."),
                ], description: "A posting's page: the posting with its bids, questions and reviews."),
        "PostingPage": obj([
            "postings": array(ref("Posting")),
            "nextCursor": nullable(
                text("Pass as `cursor` for the next page; null on the last page and with `near`.", minLength: 1)),
        ]),
        "MyPostings": obj([
            "postings": array(ref("Posting"), description: "Newest first."),
            "unseenBidCount": integer(
                "MKT-8: the badge: open bids on all the caller's postings it has not seen.", minimum: 0),
        ]),
        "Bid": obj(bidFields, description: "MKT-4 and MKT-6: a bid with its bidder's standing."),
        "MyBid": obj(
            bidFields + ["posting": ref("Posting")], description: "MKT-5: one of the caller's bids with its posting."),
        "Question": obj(
            [
                "id": idSchema,
                "postingId": idSchema,
                "asker": nullable(described("Username", "Null when the account is gone.")),
                "body": text(minLength: 1),
                "answer": nullable(text("The poster's answer; null until it answers.", minLength: 1)),
                "answeredAt": nullable(timestamp),
                "createdAt": timestamp,
                "version": integer(minimum: 1),
            ], description: "A public question on a posting, and the poster's answer."),
        "Review": obj(
            [
                "id": idSchema,
                "postingId": idSchema,
                "reviewer": nullable(described("Username", "Null when the account is gone.")),
                "reviewee": nullable(
                    described(
                        "Username", "Null when the account is gone, and on a public profile (the profile's member).")),
                "rating": integer(minimum: 1, maximum: 5),
                "body": text("May be empty."),
                "createdAt": timestamp,
                "isVisible": boolean(
                    """
                    False while only its writer sees it: until the other side rated too, or 14 days after the posting \
                    was done.
                    """),
            ],
            description: "After a posting is done, the poster rates the assignee and the assignee the poster, once each."),
        "Category": obj(
            [
                "id": idSchema,
                "name": text(minLength: 1),
                "isOther": boolean("The category Other, with which a member suggests a new one; always offered."),
                "isArchived": boolean("Offered for new postings no more; postings in it keep it."),
                "createdAt": timestamp,
                "version": integer(minimum: 1),
            ], description: "MKT-11: a marketplace category, set by admins."),
        "CategorySuggestion": obj(
            [
                "postingId": idSchema,
                "postingTitle": text(minLength: 1),
                "suggestion": text(minLength: 1),
                "poster": nullable(ref("Username")),
                "createdAt": timestamp,
            ], description: "MKT-11: a category a member suggested with Other."),
        "Photo": obj(
            [
                "id": idSchema,
                "taskId": nullable(described("Id", "The task it belongs to; null for a posting's photo.")),
                "postingId": nullable(described("Id", "The posting it belongs to; null for a task's photo.")),
                "kind": ref("ImageKind"),
                "contentType": text(enum: imageTypes),
                "byteCount": integer(minimum: 1, maximum: 65_536),
                "url": text("Where its bytes are.", pattern: "^/api/v1/attachments/[0-9a-f-]{36}$"),
                "createdAt": timestamp,
            ], description: "TASK-11: a photo of a task or of a marketplace posting."),
        "MarketProfile": obj(
            [
                "rating": ref("MarketRating"),
                "reviews": array(
                    ref("Review"), description: "The latest visible reviews of the member (at most 20), newest first."),
            ], description: "A member's standing on the marketplace."),
    ]
}
