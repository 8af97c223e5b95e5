import DoableCore
import DoableDomain
import DoableStore
import Hummingbird
import Logging
import ServiceLifecycle

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

    /// A live event stream's heartbeat: well inside the idle timeout, so a quiet stream is never cut off.
    public var eventHeartbeat: Duration { .seconds(max(1, min(15, idleTimeoutSeconds / 3))) }

    public init() {}
}

/// The router with every route and middleware, over a domain.
public func buildRouter(
    domain: Domain, limiter: SignInLimiter, fairShare: FairShareLimiter = FairShareLimiter(),
    pageCache: TaskPageCache = TaskPageCache(), eventHeartbeat: Duration = .seconds(15)
) -> Router<AppRequestContext> {
    let router = Router(context: AppRequestContext.self)
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: QueryParameterLimitMiddleware())
    OperationsController(domain: domain).addRoutes(to: router)
    let api = router.group("api/v1")
    let accounts = AccountsController(domain: domain, limiter: limiter)
    accounts.addPublicRoutes(to: api)
    let authenticated = api.group().add(middleware: AuthMiddleware(domain: domain, fairShare: fairShare))
    accounts.addRoutes(to: authenticated)
    TokensController(domain: domain).addRoutes(to: authenticated)
    ListsController(domain: domain).addRoutes(to: authenticated)
    TasksController(domain: domain, pageCache: pageCache).addRoutes(to: authenticated)
    LabelsController(domain: domain).addRoutes(to: authenticated)
    TrashController(domain: domain).addRoutes(to: authenticated)
    EventsController(domain: domain, heartbeat: eventHeartbeat).addRoutes(to: authenticated)
    return router
}

/// The whole server: HTTP plus its background services, stopped gracefully on SIGTERM. The store's own service
/// comes first, so it stops last (after the server finished its requests and the other services stopped); the
/// schema is brought up to date before the server accepts a connection.
public func buildApplication(
    configuration: ServerConfiguration, store: any Store, passwords: PasswordHasher = PasswordHasher(),
    logger: Logger
) -> some ApplicationProtocol {
    let readiness = ReadinessGate()
    let domain = Domain(store: store, passwords: passwords, readiness: readiness)
    let router = buildRouter(domain: domain, limiter: SignInLimiter(limits: configuration.signInLimits),
                             fairShare: FairShareLimiter(perAccount: configuration.maxConcurrentPerAccount),
                             pageCache: TaskPageCache(capacityBytes: configuration.pageCacheBytes),
                             eventHeartbeat: configuration.eventHeartbeat)
    var app = Application(
        router: router,
        server: .http1(configuration: .init(idleTimeout: .seconds(configuration.idleTimeoutSeconds))),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                             serverName: "Doable"),
        services: [
            store,
            FeedNotifierService(domain: domain, logger: logger),
            FeedRetentionService(domain: domain, retentionDays: configuration.feedRetentionDays, logger: logger),
            TrashPurgeService(domain: domain, logger: logger),
        ],
        logger: logger)
    app.beforeServerStarts {
        try await store.prepare()
        readiness.open()
    }
    return app
}
