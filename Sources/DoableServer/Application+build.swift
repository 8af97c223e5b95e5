public import DoableCore
public import DoableDomain
public import DoableStore
public import Hummingbird
public import Logging
import ServiceLifecycle
public import DoableDelivery
import DoableCalDAV
import DoableWeb
public import DoableJSONAPI
public import DoableHTTP
public import DoableTLS

/// What `doable serve` needs to know.
public struct ServerConfiguration: Sendable {
    public var host: String = "127.0.0.1"
    public var port: Int = 8080
    public var logLevel: Logger.Level = .info
    public var signInLimits = SignInLimiter.Limits()
    public var idleTimeoutSeconds: Int64 = 60
    public var maxConcurrentPerAccount = 16
    /// Memory for rendered task pages (`TaskPageCache`); 0 turns the cache off.
    public var pageCacheBytes = 16 << 20
    /// How long change-feed entries are kept (SYNC-4: an older cursor gets a reset).
    public var feedRetentionDays = 90
    /// How long notifications, finished deliveries and sync rejections are kept (issue 26).
    public var recordRetentionDays = 180
    /// Scheduled backups (OPS-4); none unless set.
    public var backup: BackupSchedule?
    /// Reverse proxies whose `X-Forwarded-For` names the client (OPS-5).
    public var trustedProxies = TrustedProxies()
    /// HTTPS with HTTP/2 on the main listener, its certificate read again on SIGHUP (OPS-5); plain HTTP/1.1 unless set.
    public var tls: ReloadableTLSIdentity?
    /// A plain-HTTP listener on this port that redirects every request to HTTPS (`--redirect-http`, needs `tls`).
    public var redirectHTTPPort: Int?
    /// Where `GET /metrics` is served (OPS-3); nowhere unless `metrics` is set and a port or a token is given.
    public var metrics: ServerMetrics?
    public var metricsHost = "127.0.0.1"
    public var metricsPort: Int?
    public var metricsToken: String?
    /// NOTIF-2 and NOTIF-5: SMTP, the public address for links, the reminder scheduler.
    public var delivery = DeliverySettings()
    /// MKT-12: the currency of the marketplace's amounts, and its map and address search.
    public var currency = CurrencyCode.euro
    public var marketMap = MarketMapSettings()
    /// Issue 31: registration mode, email verification, who may invite.
    public var accountPolicy = AccountPolicy()
    /// The domain's clock: the real one, except in tests that pass days (`OffsetClock`).
    public var clock: @Sendable () -> Timestamp = { .now }

    /// A live event stream's heartbeat: well inside the idle timeout, so a quiet stream is never cut off.
    public var eventHeartbeat: Duration { .seconds(max(1, min(15, idleTimeoutSeconds / 3))) }

    public init() {}
}

/// The router with every route and middleware, over a domain.
public func buildRouter(
    domain: Domain, limiter: SignInLimiter, fairShare: FairShareLimiter = FairShareLimiter(),
    pageCache: TaskPageCache = TaskPageCache(), eventHeartbeat: Duration = .seconds(15),
    trustedProxies: TrustedProxies = TrustedProxies(), metrics: ServerMetrics? = nil, metricsToken: String? = nil,
    canSendEmail: Bool = true, marketMap: MarketMapSettings = MarketMapSettings(), servesTLS: Bool = false,
    accountMailer: AccountMailer = AccountMailer(settings: DeliverySettings())
) -> HeadAsGet<Router<AppRequestContext>> {
    let router = Router(context: AppRequestContext.self)
    if servesTLS { router.add(middleware: HTTPSMiddleware()) }
    if metrics != nil { router.add(middleware: MetricsMiddleware()) }
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: ResponseCompressionMiddleware())
    let assets = WebAssets.shared
    router.add(
        middleware: ErrorMiddleware(
            dialects: [.dav], notFoundPage: { WebPages.notFound($0, assets: assets) },
            tooLargePage: { WebPages.photosTooLarge($0, assets: assets) }))
    router.add(middleware: QueryParameterLimitMiddleware())
    router.add(middleware: BodyLimitMiddleware())
    router.add(middleware: ClientAddressMiddleware(trustedProxies: trustedProxies))
    CalDAVRoutes.add(to: router, domain: domain, limiter: limiter, fairShare: fairShare)
    if let metrics, let metricsToken {
        MetricsController(metrics: metrics, token: metricsToken).addRoutes(to: router)
    }
    JSONAPIRoutes.add(
        to: router, domain: domain, limiter: limiter, fairShare: fairShare, pageCache: pageCache,
        eventHeartbeat: eventHeartbeat, trustedProxies: trustedProxies, marketMap: marketMap,
        accountMailer: accountMailer)
    assets.addRoutes(to: router)
    AppShellRoutes(assets: assets).addRoutes(to: router)
    WebController(
        domain: domain, assets: assets, trustedProxies: trustedProxies, limiter: limiter, canSendEmail: canSendEmail,
        marketMap: marketMap, accountMailer: accountMailer
    )
    .addRoutes(to: router)
    return HeadAsGet(inner: router)
}

/// The whole server: HTTP plus its background services (the metrics listener among them), stopped gracefully on
/// SIGTERM. The store's own service comes first, so it stops last (after the server finished its requests and the
/// other services stopped); the schema is brought up to date before the server accepts a connection.
public func buildApplication(
    configuration: ServerConfiguration, store: any Store, passwords: PasswordHasher = PasswordHasher(),
    logger: Logger
) throws -> some ApplicationProtocol {
    let readiness = ReadinessGate()
    let domain = Domain(
        store: store, passwords: passwords, clock: configuration.clock, readiness: readiness,
        webhookPolicy: Domain.WebhookPolicy(
            ownHosts: [configuration.host], ownPort: configuration.port,
            outgoing: configuration.delivery.outgoing),
        currency: configuration.currency, accountPolicy: configuration.accountPolicy)
    let pageCache = TaskPageCache(capacityBytes: configuration.pageCacheBytes)
    // On its own listener the metrics need no token unless one is given; on the API's listener they always do.
    let metricsOnOwnListener = configuration.metricsPort != nil
    let router = buildRouter(
        domain: domain,
        limiter: SignInLimiter(limits: configuration.signInLimits, ledger: DatabaseSignInLedger(domain: domain)),
        fairShare: FairShareLimiter(perAccount: configuration.maxConcurrentPerAccount),
        pageCache: pageCache, eventHeartbeat: configuration.eventHeartbeat,
        trustedProxies: configuration.trustedProxies, metrics: configuration.metrics,
        metricsToken: metricsOnOwnListener ? nil : configuration.metricsToken,
        canSendEmail: configuration.delivery.smtpURL != nil, marketMap: configuration.marketMap,
        servesTLS: configuration.tls != nil,
        accountMailer: AccountMailer(settings: configuration.delivery, logger: logger))
    var services: [any Service] = [
        store,
        FeedNotifierService(domain: domain, logger: logger),
        PeriodicJob.feedRetention(domain: domain, retentionDays: configuration.feedRetentionDays, logger: logger),
        PeriodicJob.trashPurge(domain: domain, logger: logger),
        PeriodicJob.gameDays(domain: domain, logger: logger),
        ReminderScheduler(domain: domain, settings: configuration.delivery, logger: logger),
        DeliverySender(domain: domain, settings: configuration.delivery, logger: logger),
        WebhookFanOut(domain: domain, logger: logger),
        PeriodicJob.recordRetention(domain: domain, retentionDays: configuration.recordRetentionDays, logger: logger),
    ]
    var backups: BackupScheduler?
    if let schedule = configuration.backup, let archiving = store as? any StoreArchiving {
        backups = BackupScheduler(store: archiving, schedule: schedule, readiness: readiness, logger: logger)
        services.append(backups!)
    }
    if let metrics = configuration.metrics {
        metrics.addSampledGauge(
            name: "doable_storage_full",
            help: "1 while writes are refused because the database's storage is full, else 0."
        ) {
            domain.storage.isFull ? 1 : 0
        }
        metrics.addSampledGauge(name: "doable_page_cache_bytes", help: "Bytes of rendered task pages kept.") {
            Double(pageCache.bytes)
        }
        if let backups {
            metrics.addSampledGauge(
                name: "doable_backup_last_success_timestamp",
                help: "When the last scheduled backup was written (seconds since 1970; 0: none yet)."
            ) {
                backups.lastSuccessTimestamp ?? 0
            }
        }
        if let port = configuration.metricsPort {
            let metricsRouter = Router(context: AppRequestContext.self)
            metricsRouter.add(middleware: ErrorMiddleware())
            MetricsController(metrics: metrics, token: configuration.metricsToken).addRoutes(to: metricsRouter)
            services.append(
                Application(
                    router: metricsRouter, server: .http1(configuration: .init(idleTimeout: .seconds(60))),
                    configuration: .init(address: .hostname(configuration.metricsHost, port: port), serverName: "Doable"),
                    logger: logger))
        }
    }
    if let tls = configuration.tls {
        services.append(TLSReloadService(identity: tls, logger: logger))
        if let port = configuration.redirectHTTPPort {
            services.append(
                Application(
                    responder: HTTPSRedirect(httpsPort: configuration.port),
                    server: .http1(configuration: .init(idleTimeout: .seconds(configuration.idleTimeoutSeconds))),
                    configuration: .init(address: .hostname(configuration.host, port: port), serverName: "Doable"),
                    logger: logger))
        }
    }
    var app = Application(
        router: router,
        server: try .doable(configuration: configuration),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port),
            serverName: "Doable"),
        services: services,
        logger: logger)
    app.beforeServerStarts {
        try await store.prepare()
        readiness.open()
    }
    return app
}
