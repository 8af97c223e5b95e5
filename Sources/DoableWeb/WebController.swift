import HTTPTypes
import Foundation
import DoableCore
public import DoableDomain
public import Hummingbird
public import DoableHTTP
public import DoableDelivery

/// The web app (issue 11): its middleware and every area's routes. Each area is a `WebArea` controller in its own
/// folder, holding only the services it uses, with its pages as view types beside it; every write goes through the
/// same domain operation the API uses.
public struct WebController: Sendable {
    let domain: Domain
    let shell: WebShell

    /// `canSendEmail`: whether the server has a mail server (`--smtp-url`); without one the email channel is off.
    public init(
        domain: Domain, assets: WebAssets, trustedProxies: TrustedProxies, limiter: SignInLimiter,
        canSendEmail: Bool = true, marketMap: MarketMapSettings = MarketMapSettings(),
        accountMailer: AccountMailer = AccountMailer(settings: DeliverySettings())
    ) {
        self.domain = domain
        let map = MarketMap(settings: marketMap)
        self.shell = WebShell(
            renderer: WebRenderer(domain: domain, assets: assets, trustedProxies: trustedProxies, map: map),
            limiter: limiter, installationKey: CSRFKey(), canSendEmail: canSendEmail, map: map,
            accountMailer: accountMailer)
    }

    /// Every area of the web app, each given only the services it uses.
    var areas: [any WebArea] {
        [
            GameWebController(shell: shell, game: domain.game),
            PlansWebController(shell: shell, game: domain.game),
            MarketWebController(shell: shell, market: domain.market),
            MapWebController(shell: shell),
            ViewsWebController(
                shell: shell, domain: domain, tasks: domain.tasks, reminders: domain.reminders, sharing: domain.sharing),
            ListsWebController(shell: shell, domain: domain, tasks: domain.tasks, sharing: domain.sharing),
            TasksWebController(
                shell: shell, domain: domain, tasks: domain.tasks, reminders: domain.reminders, photos: domain.photos,
                sharing: domain.sharing, market: domain.market),
            StatsWebController(shell: shell, game: domain.game),
            AccountsWebController(shell: shell, accounts: domain.accounts),
            AccountLinksWebController(shell: shell, accounts: domain.accounts),
            EmailLinksWebController(
                shell: shell, domain: domain, accounts: domain.accounts, reminders: domain.reminders),
            SettingsWebController(shell: shell, accounts: domain.accounts, market: domain.market),
            PreferencesWebController(shell: shell, accounts: domain.accounts, domain: domain),
            WebhooksWebController(shell: shell, reminders: domain.reminders),
            SecurityWebController(shell: shell, domain: domain, accounts: domain.accounts),
            TwoFactorWebController(shell: shell, accounts: domain.accounts),
            SessionsWebController(shell: shell, accounts: domain.accounts),
            InvitationsWebController(shell: shell, accounts: domain.accounts),
            CalendarsWebController(shell: shell, accounts: domain.accounts, transfer: domain.transfer),
            AccountSettingsWebController(
                shell: shell, accounts: domain.accounts, transfer: domain.transfer, photos: domain.photos,
                market: domain.market),
            ImportWebController(shell: shell, tasks: domain.tasks, transfer: domain.transfer),
            NotificationsWebController(shell: shell, reminders: domain.reminders),
            AdminWebController(shell: shell, market: domain.market),
            AdminAccountsWebController(shell: shell, accounts: domain.accounts),
            AdminGameWebController(shell: shell, game: domain.game),
            AdminCatalogueWebController(shell: shell, game: domain.game, catalogue: AdminStoreCatalogue.catalogue),
            AdminCatalogueWebController(shell: shell, game: domain.game, catalogue: AdminPlanCatalogue.catalogue),
            LabelsWebController(shell: shell, tasks: domain.tasks),
            ShareTargetWebController(shell: shell),
            PushWebController(shell: shell, domain: domain),
        ]
    }

    public func addRoutes(to router: Router<AppRequestContext>) {
        let web = router.group(context: WebRequestContext.self)
            .add(middleware: WebErrorMiddleware(renderer: shell.renderer))
            .add(
                middleware: WebSessionMiddleware(
                    domain: domain, trustedProxies: shell.renderer.trustedProxies, csrfKey: shell.installationKey)
            )
            .add(middleware: MarketBadgeMiddleware(domain: domain))
            .add(middleware: GameNavMiddleware(domain: domain))
            .add(middleware: MoneyStyleMiddleware(currency: domain.currency))
        for area in areas { area.addRoutes(to: web) }
    }
}
