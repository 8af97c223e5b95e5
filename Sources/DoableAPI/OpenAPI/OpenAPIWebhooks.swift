/// INTEROP-4 (OpenAPI 3.1 `webhooks`): what the server sends to a webhook's URL (Notify/DeliverySender.swift,
/// Notify/WebhookMessage.swift).
extension OpenAPI {
    static let webhooks: JSONValue = .object([
        "doableEvent": .object([
            "post": .object([
                "operationId": .string("receiveDoableEvent"),
                "tags": .array([.string("Webhooks")]),
                "summary": .string("INTEROP-4: one event, POSTed to a webhook's URL."),
                "description": .string(webhookCallDescription),
                "security": .array([]),
                "parameters": .array([
                    headerParameter("X-Doable-Event", "The event, as the body's `event`.", ref("DeliveryEvent"), required: true),
                    headerParameter("X-Doable-Delivery", "The delivery's id, as the body's `id`.", ref("Id"), required: true),
                    headerParameter(
                        "X-Doable-Signature",
                        "`sha256=` and the lowercase hex HMAC-SHA256 of the raw body under the webhook's secret.",
                        text(pattern: "^sha256=[0-9a-f]{64}$"), required: true),
                ]),
                "requestBody": .object(["required": .bool(true), "content": jsonContent(ref("WebhookPayload"))]),
                "responses": .object([
                    "2XX": .object(["description": .string("Delivered.")]),
                    "default": .object([
                        "description": .string(
                            """
                            Not delivered: retried for a day for 408, 425, 429 and 5xx (and when there is no answer), \
                            given up at once for anything else.
                            """)
                    ]),
                ]),
            ])
        ])
    ])

    static let webhookCallDescription = """
        Sent for each event the webhook subscribes to, from a delivery queued in the same transaction as the change or \
        notification it tells of (NOTIF-5); task events within about a second of the change. Headers: `Content-Type: \
        application/json`, `User-Agent: Doable-Webhook/1`, `X-Doable-Event` (the event), `X-Doable-Delivery` (the \
        delivery's id, also the body's `id`) and `X-Doable-Signature: sha256=<hex>`, the lowercase hex HMAC-SHA256 of \
        the raw body bytes under the webhook's secret (compare it in constant time before trusting the body). A 2xx \
        answer counts as delivered. HTTP 408, 425, 429, any 5xx, a refused connection or a timeout (5 s to connect, 10 \
        s to answer) is retried with exponential backoff and jitter (about 30 s, 1 min, 2 min … at most an hour apart) \
        for a day; any other status, or more than 3 redirects, fails the delivery for good. Every attempt is in `GET \
        /api/v1/deliveries`. A delivery may arrive twice (a crash between sending and recording it): drop repeats by \
        `X-Doable-Delivery`. Deliveries of one webhook are not ordered; use `createdAt`.
        """
}
