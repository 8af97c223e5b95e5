// swift-tools-version:6.1
import CompilerPluginSupport
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// Tests read better without per-file imports of every transitive module.
let testSwiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "doable",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "doable", targets: ["doable"]),
        .library(name: "DoableCore", targets: ["DoableCore"]),
        .library(name: "DoableAPI", targets: ["DoableAPI"]),
        .library(name: "DoableStore", targets: ["DoableStore"]),
        .library(name: "DoableDomain", targets: ["DoableDomain"]),
        .library(name: "DoableServer", targets: ["DoableServer"]),
        .library(name: "DoableClient", targets: ["DoableClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.1"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
    ],
    targets: [
        /// `@PublicInit`: a public memberwise initialiser written by the compiler, for types other modules build.
        .macro(
            name: "PublicInitMacros",
            dependencies: [
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(name: "PublicInit", dependencies: ["PublicInitMacros"], swiftSettings: swiftSettings),
        .target(
            name: "DoableCore",
            dependencies: ["PublicInit"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "DoableStore",
            dependencies: [
                "PublicInit",
                "DoableCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Resources/store-catalogue.json")],
            swiftSettings: swiftSettings
        ),
        /// Issue 28: the /api/v1 contract (request and response types), shared by the server and the client. No I/O.
        .target(
            name: "DoableAPI",
            dependencies: ["DoableCore", "PublicInit"],
            swiftSettings: swiftSettings
        ),
        /// The domain operations: the only way for any other module to change data. No Hummingbird here.
        .target(
            name: "DoableDomain",
            dependencies: [
                "PublicInit",
                "DoableCore",
                "DoableStore",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        /// What the server draws, for the web app and the API alike: the companion and its items as SVG (GAME-2,
        /// GAME-3), the statistics charts (GAME-8), and the escaped `HTML` text they are written in. No I/O.
        .target(
            name: "DoableArt",
            dependencies: ["DoableCore"],
            swiftSettings: swiftSettings
        ),
        /// Issue 28: the domain's views as the contract's answers (`TaskDTO(view, now:)`, …), for the JSON API, sync and
        /// webhooks alike.
        .target(
            name: "DoableContractMapping",
            dependencies: ["DoableAPI", "DoableArt", "DoableCore", "DoableDomain"],
            swiftSettings: swiftSettings
        ),
        /// NOTIF-2 and NOTIF-5: delivering what the domain queued — emails through DoableMail, webhooks through the
        /// outgoing-address policy (OPS-7) — and the signed links in emails.
        .target(
            name: "DoableDelivery",
            dependencies: [
                "DoableAPI",
                "DoableContractMapping",
                "DoableCore",
                "DoableDomain",
                "DoableMail",
                "DoableStore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        /// NOTIF-2: outgoing mail — the SMTP client (STARTTLS or implicit TLS, timeouts per step) and the message
        /// format. Knows nothing of accounts or of the server.
        .target(
            name: "DoableMail",
            dependencies: [
                "DoableCore",
                "DoableStore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        /// Issue 28: the HTTP plumbing every surface shares — the request context, the one error shape, bearer and
        /// session authentication, the limiters, the connection guard, JSON reading and writing, request logs and
        /// metrics. Knows no page, no route of the API and no CalDAV.
        .target(
            name: "DoableHTTP",
            dependencies: [
                "DoableCore",
                "DoableDomain",
                "DoableStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        /// INTEROP-3: the JSON API under /api/v1 — controllers that read a request, call a feature service and answer
        /// with the contract's types — plus the operators' endpoints (health, readiness, metrics, the OpenAPI document).
        .target(
            name: "DoableJSONAPI",
            dependencies: [
                "DoableAPI",
                "DoableArt",
                "DoableContractMapping",
                "DoableCore",
                "DoableDelivery",
                "DoableDomain",
                "DoableHTTP",
                "DoableStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        /// INTEROP-1: Doable as a CalDAV server for tasks (WebDAV, RFC 4791, RFC 6578): XML in and out, over the
        /// CalDAV service.
        .target(
            name: "DoableCalDAV",
            dependencies: [
                "DoableCore",
                "DoableDomain",
                "DoableHTTP",
                "DoableStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        /// Issue 11: the web app — pages, forms, the session and CSRF middleware, its stylesheet and script.
        .target(
            name: "DoableWeb",
            dependencies: [
                "DoableAPI",
                "DoableArt",
                "DoableContractMapping",
                "DoableCore",
                "DoableDelivery",
                "DoableDomain",
                "DoableHTTP",
                "DoableStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        /// OPS-5: the certificate and key `doable serve --tls-cert` presents, checked before anything listens and read
        /// again on SIGHUP.
        .target(
            name: "DoableTLS",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        /// The server as one application: every surface's routes on one router, the background services (delivery,
        /// backups, retention, the metrics listener) and their lifecycle.
        .target(
            name: "DoableServer",
            dependencies: [
                "DoableAPI",
                "DoableCalDAV",
                "DoableContractMapping",
                "DoableCore",
                "DoableDelivery",
                "DoableDomain",
                "DoableHTTP",
                "DoableJSONAPI",
                "DoableStore",
                "DoableTLS",
                "DoableWeb",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        /// SYNC-3..5: the offline client library (replica, outbox, sync engine, HTTP). No server code: it must build
        /// for an app too.
        .target(
            name: "DoableClient",
            dependencies: [
                "PublicInit",
                "DoableAPI",
                "DoableCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        /// The `doable` client's pure helpers: columns, colour rules, dates in words and as input, progress lines.
        .target(
            name: "DoableCLI",
            dependencies: ["DoableCore"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "doable",
            dependencies: [
                "DoableAPI",
                "DoableContractMapping",
                "DoableCore",
                "DoableMail",
                "DoableDelivery",
                "DoableCLI",
                "DoableClient",
                "DoableStore",
                "DoableDomain",
                "DoableServer",
                "DoableHTTP",
                "DoableTLS",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        /// Issue 28: prints the OpenAPI document that `DoableAPI` builds (the server's `openapi.json`).
        .executableTarget(
            name: "doable-openapi",
            dependencies: ["DoableAPI"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "HelloBench",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            path: "bench/HelloBench",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DoableCoreTests",
            dependencies: ["DoableCore"],
            exclude: ["Fixtures"],
            swiftSettings: testSwiftSettings
        ),
        /// ACC-10: the QR code encoder, its symbols read back by an independent decoder (zxing-cpp in .venv).
        .testTarget(
            name: "DoableArtTests",
            dependencies: ["DoableArt", "DoableCore"],
            swiftSettings: testSwiftSettings
        ),
        .testTarget(
            name: "StoreConformanceTests",
            dependencies: [
                "DoableCore", "DoableStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: testSwiftSettings
        ),
        /// SYNC-4: the seeded simulation of many devices against the server's domain in-process.
        .testTarget(
            name: "SyncSimulationTests",
            dependencies: [
                "DoableCore", "DoableStore", "DoableDomain", "DoableServer", "DoableClient", "DoableContractMapping", "DoableAPI", "DoableHTTP",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: testSwiftSettings
        ),
        /// Issue 28: the contract and the OpenAPI document built from it.
        .testTarget(
            name: "DoableAPITests",
            dependencies: ["DoableAPI", "DoableCore"],
            swiftSettings: testSwiftSettings
        ),
        .testTarget(
            name: "DoableCLITests",
            dependencies: ["DoableCLI", "DoableCore"],
            swiftSettings: testSwiftSettings
        ),
        .testTarget(
            name: "DoableClientTests",
            dependencies: [
                "DoableAPI",
                "DoableClient", "DoableCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // A replica file of the first format, made by hand (issue 32: its migration).
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: testSwiftSettings
        ),
        /// Issue 28: the domain's operations called directly, without HTTP.
        .testTarget(
            name: "DoableDomainTests",
            dependencies: ["DoableCore", "DoableStore", "DoableDomain"],
            swiftSettings: testSwiftSettings
        ),
        .testTarget(
            name: "DoableServerTests",
            dependencies: [
                "DoableCore", "DoableStore", "DoableDomain", "DoableServer", "DoableMail", "DoableContractMapping", "DoableDelivery",
                "DoableArt", "DoableHTTP", "DoableJSONAPI", "DoableCalDAV", "DoableWeb", "DoableAPI", "DoableTLS",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: testSwiftSettings
        ),
    ]
)
