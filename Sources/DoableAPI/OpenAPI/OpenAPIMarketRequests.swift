/// What the marketplace operations accept.
extension OpenAPI {
    static let moneyRules = """
        a JSON number with at most two decimals, more than 0 and at most 1,000,000 (12.345 is refused, not rounded; a \
        string such as "12.50" is refused too)
        """

    static func moneyInput(_ description: String) -> JSONValue {
        number(description, exclusiveMinimum: 0, maximum: 1_000_000)
    }

    static let locationInput = obj(
        [
            "latitude": number("-90 to 90.", minimum: -90, maximum: 90),
            "longitude": number("-180 to 180.", minimum: -180, maximum: 180),
            "placeName": text("At most 100 characters after trimming; default empty.", maxLength: 100),
        ], required: ["latitude", "longitude"],
        description: "WGS 84 degrees; an error names `location.latitude` and so on.")

    static let postingInputFields: SchemaProperties = [
        "title": text("1 to 30 characters after trimming.", minLength: 1, maxLength: 30),
        "description": text("1 to 300 characters after trimming.", minLength: 1, maxLength: 300),
        "category": text(
            """
            A category's id or name (case-insensitive) as GET /api/v1/market/categories lists them; not an archived \
            one.
            """,
            minLength: 1, maxLength: 40),
        "suggestedCategory": nullable(
            text(
                """
                MKT-11: with the category Other, a category to suggest to the admins (1 to 40 characters after \
                trimming; empty or null for none); ignored with any other category.
                """,
                maxLength: 40)),
        "maxBid": moneyInput("The most a bid may ask: " + moneyRules + "."),
        "when": nullable(
            .object([
                "anyOf": .array([
                    text("One day, YYYY-MM-DD.", format: "date"),
                    obj(
                        [
                            "from": text("The first day, YYYY-MM-DD.", format: "date"),
                            "until": nullable(text("The last day, YYYY-MM-DD; not before from, at most 366 days on.", format: "date")),
                        ], required: ["from"]),
                ]),
                "description": .string(
                    """
                    MKT-12: when the job should happen: a day, or a window {from, until}; it may not end before the \
                    member's today. An error names the field `when`. Null removes it.
                    """),
            ])),
        "location": nullable(
            withDescription(
                locationInput,
                "Where the task is to be done, or null for nowhere in particular (MKT-9 finds only postings with one).")),
    ]

    static let bidInputFields: SchemaProperties = [
        "amount": moneyInput("MKT-4: " + moneyRules + "; at most the posting's maxBid."),
        "message": text("A word to the poster: at most 300 characters after trimming; default empty.", maxLength: 300),
    ]

    static let categoryName = text("1 to 40 characters after trimming.", minLength: 1, maxLength: 40)

    static let marketRequestSchemas: [String: JSONValue] = [
        "CreatePostingRequest": obj(
            postingInputFields, required: ["title", "description", "category", "maxBid"],
            description: "MKT-1: a new posting, requested.",
            examples: [
                .object([
                    "title": .string("Mow the lawn"), "description": .string("Front and back, about 200 m²."),
                    "category": .string("Gardening"), "maxBid": .int(40),
                    "location": .object([
                        "latitude": .double(52.52), "longitude": .double(13.405), "placeName": .string("Mitte"),
                    ]),
                ])
            ]),
        "UpdatePostingRequest": obj(
            postingInputFields, required: [],
            description: """
                MKT-10: only the fields given change; null clears location or suggestedCategory. maxBid may not go \
                below an open bid.
                """,
            examples: [.object(["maxBid": .double(45.5)])]),
        "PlaceBidRequest": obj(
            bidInputFields, required: ["amount"], description: "MKT-4.",
            examples: [.object(["amount": .double(35.5), "message": .string("Tomorrow morning")])]),
        "UpdateBidRequest": obj(
            bidInputFields, required: [], description: "MKT-4: a new amount, message, or both.",
            examples: [.object(["amount": .int(30)])], anyOf: [requiring("amount"), requiring("message")]),
        "QuestionRequest": obj(
            ["body": text("1 to 500 characters after trimming.", minLength: 1, maxLength: 500)],
            examples: [.object(["body": .string("Is there a lawn mower?")])]),
        "AnswerRequest": obj(
            ["answer": text("1 to 500 characters after trimming; replaces an earlier answer.", minLength: 1, maxLength: 500)],
            examples: [.object(["answer": .string("Yes, in the shed.")])]),
        "ReviewRequest": obj(
            [
                "rating": integer("1 to 5.", minimum: 1, maximum: 5),
                "body": text("At most 500 characters after trimming; default empty.", maxLength: 500),
            ], required: ["rating"], examples: [.object(["rating": .int(5), "body": .string("Quick and careful.")])]),
        "CreateCategoryRequest": obj(["name": categoryName], examples: [.object(["name": .string("Cooking")])]),
        "UpdateCategoryRequest": obj(
            [
                "name": categoryName,
                "isArchived": boolean("true: no longer offered for new postings (not for Other); false: offered again."),
            ], required: [], examples: [.object(["isArchived": .bool(true)])],
            anyOf: [requiring("name"), requiring("isArchived")]),
    ]
}
