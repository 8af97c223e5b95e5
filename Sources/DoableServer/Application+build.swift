import DoableCore
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

    public init() {}
}

/// The router with every route and middleware, over a domain.
public func buildRouter(
    domain: Domain, limiter: SignInLimiter, fairShare: FairShareLimiter = FairShareLimiter(),
    pageCache: TaskPageCache = TaskPageCache()
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
    return router
}

/// The whole server: HTTP plus its background services (the trash purge), stopped gracefully on SIGTERM.
public func buildApplication(
    configuration: ServerConfiguration, store: any Store, passwords: PasswordHasher = PasswordHasher(),
    logger: Logger
) -> some ApplicationProtocol {
    let domain = Domain(store: store, passwords: passwords)
    let router = buildRouter(domain: domain, limiter: SignInLimiter(limits: configuration.signInLimits),
                             fairShare: FairShareLimiter(perAccount: configuration.maxConcurrentPerAccount),
                             pageCache: TaskPageCache(capacityBytes: configuration.pageCacheBytes))
    return Application(
        router: router,
        server: .http1(configuration: .init(idleTimeout: .seconds(configuration.idleTimeoutSeconds))),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                             serverName: "Doable"),
        services: [StoreCloser(store: store), TrashPurgeService(domain: domain, logger: logger)],
        logger: logger)
}
