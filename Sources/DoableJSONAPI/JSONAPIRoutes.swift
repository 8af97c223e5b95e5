public import DoableDelivery
public import DoableDomain
public import DoableHTTP
public import Hummingbird

/// The JSON API's routes: the operators' endpoints (health, readiness, the OpenAPI document), everything under
/// /api/v1 (public sign-up and sign-in, the rest behind `AuthMiddleware`) and the private calendar feeds.
public enum JSONAPIRoutes {
    public static func add(
        to router: Router<AppRequestContext>, domain: Domain, limiter: SignInLimiter, fairShare: FairShareLimiter,
        pageCache: TaskPageCache, eventHeartbeat: Duration, trustedProxies: TrustedProxies,
        marketMap: MarketMapSettings = MarketMapSettings(),
        accountMailer: AccountMailer = AccountMailer(settings: DeliverySettings())
    ) {
        OperationsController(domain: domain).addRoutes(to: router)
        let api = router.group("api/v1")
        let accounts = AccountsController(
            accounts: domain.accounts, transfer: domain.transfer, photos: domain.photos, market: domain.market, limiter: limiter,
            mailer: accountMailer)
        accounts.addPublicRoutes(to: api)
        let security = AccountSecurityController(accounts: domain.accounts, limiter: limiter, mailer: accountMailer)
        security.addPublicRoutes(to: api)
        let authenticated = api.group().add(middleware: AuthMiddleware(domain: domain, fairShare: fairShare))
        accounts.addRoutes(to: authenticated)
        security.addRoutes(to: authenticated)
        InvitationsController(accounts: domain.accounts, mailer: accountMailer).addRoutes(to: authenticated)
        AdminAccountsController(accounts: domain.accounts).addRoutes(to: authenticated)
        TokensController(accounts: domain.accounts).addRoutes(to: authenticated)
        ListsController(tasks: domain.tasks).addRoutes(to: authenticated)
        TasksController(tasks: domain.tasks, photos: domain.photos, pageCache: pageCache).addRoutes(to: authenticated)
        LabelsController(tasks: domain.tasks).addRoutes(to: authenticated)
        TrashController(tasks: domain.tasks).addRoutes(to: authenticated)
        CollaborationController(
            tasks: domain.tasks, sharing: domain.sharing, reminders: domain.reminders, mailer: accountMailer
        ).addRoutes(to: authenticated)
        RemindersController(reminders: domain.reminders).addRoutes(to: authenticated)
        PushController(domain: domain).addRoutes(to: authenticated)
        MarketController(market: domain.market, map: marketMap).addRoutes(to: authenticated)
        AttachmentsController(photos: domain.photos).addRoutes(to: authenticated)
        ImportsController(transfer: domain.transfer).addRoutes(to: authenticated)
        let admin = AdminController(game: domain.game, market: domain.market)
        admin.addRoutes(to: authenticated)
        admin.addGameRoutes(to: authenticated)
        GameController(game: domain.game).addRoutes(to: authenticated)
        StatsController(game: domain.game).addRoutes(to: authenticated)
        SyncController(sync: domain.sync).addRoutes(to: authenticated)
        EventsController(domain: domain, heartbeat: eventHeartbeat).addRoutes(to: authenticated)
        FeedsController(transfer: domain.transfer, trustedProxies: trustedProxies).addRoutes(to: authenticated)
        CalendarFeedController(transfer: domain.transfer, trustedProxies: trustedProxies).addRoutes(to: router)
    }
}
