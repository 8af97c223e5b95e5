import ArgumentParser
import DoableCore
import DoableDomain
import DoableServer
import Foundation
import Hummingbird
import Logging
import DoableMail
import DoableDelivery
import DoableHTTP
import DoableTLS

/// OPS-1: `doable serve` runs the server until SIGTERM or SIGINT, then finishes in-flight requests.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the Doable server.")

    @Option(name: .long, help: "Address to listen on (env DOABLE_HOST).")
    var host: String = ProcessInfo.processInfo.environment["DOABLE_HOST"] ?? "127.0.0.1"

    @Option(name: .long, help: "Port to listen on (env DOABLE_PORT).")
    var port: Int = Int(ProcessInfo.processInfo.environment["DOABLE_PORT"] ?? "") ?? 8080

    @Option(name: .long, help: "Log level: trace, debug, info, notice, warning, error (env DOABLE_LOG_LEVEL).")
    var logLevel: String = ProcessInfo.processInfo.environment["DOABLE_LOG_LEVEL"] ?? "info"

    @Option(name: .long, help: "bcrypt cost for new password hashes (env DOABLE_BCRYPT_COST).")
    var bcryptCost: Int = Int(ProcessInfo.processInfo.environment["DOABLE_BCRYPT_COST"] ?? "") ?? 10

    @Option(name: .long, help: "Seconds a connection may stay silent before it is closed (env DOABLE_IDLE_TIMEOUT).")
    var idleTimeout: Int = Int(ProcessInfo.processInfo.environment["DOABLE_IDLE_TIMEOUT"] ?? "") ?? 60

    @Option(name: .long, help: "Requests of one account worked on at once; more wait their turn (env DOABLE_MAX_CONCURRENT_PER_ACCOUNT).")
    var maxConcurrentPerAccount: Int = Int(ProcessInfo.processInfo.environment["DOABLE_MAX_CONCURRENT_PER_ACCOUNT"] ?? "") ?? 16

    @Option(
        name: .long, help: "MiB of memory for rendered task pages, served again while nothing changed; 0 turns it off (env DOABLE_PAGE_CACHE_MB).")
    var pageCacheMb: Int = Int(ProcessInfo.processInfo.environment["DOABLE_PAGE_CACHE_MB"] ?? "") ?? 16

    @Option(name: .long, help: "Days the change feed is kept; a client further behind resyncs from scratch (env DOABLE_FEED_RETENTION_DAYS).")
    var feedRetentionDays: Int = Int(ProcessInfo.processInfo.environment["DOABLE_FEED_RETENTION_DAYS"] ?? "") ?? 90

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A reverse proxy (address or CIDR block) whose X-Forwarded-For names the client; repeat or separate with commas (env DOABLE_TRUSTED_PROXY).",
            valueName: "address"))
    var trustedProxy: [String] = ProcessInfo.processInfo.environment["DOABLE_TRUSTED_PROXY"].map { [$0] } ?? []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Serve HTTPS (HTTP/2 and HTTP/1.1) with this PEM certificate, its chain after it; read again with --tls-key on SIGHUP (env DOABLE_TLS_CERT).",
            valueName: "file"))
    var tlsCert: String = ProcessInfo.processInfo.environment["DOABLE_TLS_CERT"] ?? ""

    @Option(name: .long, help: ArgumentHelp("The unencrypted PEM private key of --tls-cert (env DOABLE_TLS_KEY).", valueName: "file"))
    var tlsKey: String = ProcessInfo.processInfo.environment["DOABLE_TLS_KEY"] ?? ""

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --tls-cert: also listen for plain HTTP on this port and answer every request with a redirect to HTTPS (env DOABLE_REDIRECT_HTTP).",
            valueName: "port"))
    var redirectHttp: Int = ProcessInfo.processInfo.environment["DOABLE_REDIRECT_HTTP"].flatMap { Int($0) } ?? 0

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Let webhooks reach this otherwise refused range (loopback, private, link-local …), for trusted internal receivers: an address or CIDR block; repeat or separate with commas (env DOABLE_ALLOW_OUTGOING).",
            valueName: "CIDR"))
    var allowOutgoing: [String] = ProcessInfo.processInfo.environment["DOABLE_ALLOW_OUTGOING"].map { [$0] } ?? []

    @Option(
        name: .long, help: "Serve GET /metrics (Prometheus) on a listener of its own on this port; 0, the default, is off (env DOABLE_METRICS_PORT).")
    var metricsPort: Int = ProcessInfo.processInfo.environment["DOABLE_METRICS_PORT"].flatMap { Int($0) } ?? 0

    @Option(name: .long, help: "Address for the metrics listener (env DOABLE_METRICS_HOST).")
    var metricsHost: String = ProcessInfo.processInfo.environment["DOABLE_METRICS_HOST"] ?? "127.0.0.1"

    @Option(
        name: .long,
        help:
            "Bearer token GET /metrics requires; without --metrics-port it is then served on the main listener (env DOABLE_METRICS_TOKEN, which keeps it out of the process list)."
    )
    var metricsToken: String = ProcessInfo.processInfo.environment["DOABLE_METRICS_TOKEN"] ?? ""

    @Option(name: .long, help: "MKT-12: the ISO 4217 currency of marketplace amounts, such as SEK or USD (env DOABLE_CURRENCY).")
    var currency: String = ProcessInfo.processInfo.environment["DOABLE_CURRENCY"] ?? "EUR"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "MKT-12: a map tile server for the marketplace, as a URL template such as https://tile.example.org/{z}/{x}/{y}.png; without it the pages draw a schematic map (env DOABLE_MAP_TILES).",
            valueName: "URL"))
    var mapTiles: String = ProcessInfo.processInfo.environment["DOABLE_MAP_TILES"] ?? ""

    @Option(name: .long, help: "What the map tiles must be credited with, shown on every map (env DOABLE_MAP_ATTRIBUTION).")
    var mapAttribution: String = ProcessInfo.processInfo.environment["DOABLE_MAP_ATTRIBUTION"] ?? ""

    @Option(
        name: .long,
        help: ArgumentHelp(
            "MKT-12: a Nominatim-compatible geocoder for finding places by address, such as https://nominatim.example.org (env DOABLE_GEOCODER).",
            valueName: "URL"))
    var geocoder: String = ProcessInfo.processInfo.environment["DOABLE_GEOCODER"] ?? ""

    @Option(name: .long, help: "SMTP server for email notifications: smtp://[user:password@]host[:port] or smtps://… (env DOABLE_SMTP_URL).")
    var smtpUrl: String = ProcessInfo.processInfo.environment["DOABLE_SMTP_URL"] ?? ""

    @Option(name: .long, help: "Sender address of notification emails (env DOABLE_MAIL_FROM).")
    var mailFrom: String = ProcessInfo.processInfo.environment["DOABLE_MAIL_FROM"] ?? "doable@localhost"

    @Option(name: .long, help: "The address people open Doable at, for links in emails; default http://HOST:PORT (env DOABLE_PUBLIC_URL).")
    var publicUrl: String = ProcessInfo.processInfo.environment["DOABLE_PUBLIC_URL"] ?? ""

    @Option(
        name: .long,
        help:
            "Minutes after which a reminder that came due while the server was down is dropped with a note instead of sent; 0 sends it however late (env DOABLE_REMINDER_STALE_MINUTES)."
    )
    var reminderStaleMinutes: Int = Int(ProcessInfo.processInfo.environment["DOABLE_REMINDER_STALE_MINUTES"] ?? "") ?? 360

    @Option(name: .long, help: "Folder for scheduled backups; unset: none (env DOABLE_BACKUP_DIR).")
    var backupDir: String = ProcessInfo.processInfo.environment["DOABLE_BACKUP_DIR"] ?? ""

    @Option(name: .long, help: "How often a scheduled backup is taken: 6h, 30m, 1d (env DOABLE_BACKUP_EVERY).")
    var backupEvery: String = ProcessInfo.processInfo.environment["DOABLE_BACKUP_EVERY"] ?? "6h"

    @Option(name: .long, help: "Scheduled backups kept; older ones are removed (env DOABLE_BACKUP_KEEP).")
    var backupKeep: Int = Int(ProcessInfo.processInfo.environment["DOABLE_BACKUP_KEEP"] ?? "") ?? 28

    @Option(name: .long, help: "Days notifications, delivery records and sync rejections are kept (env DOABLE_NOTIFICATION_RETENTION_DAYS).")
    var notificationRetentionDays: Int = Int(ProcessInfo.processInfo.environment["DOABLE_NOTIFICATION_RETENTION_DAYS"] ?? "") ?? 180

    @Flag(
        name: .long,
        help:
            "Start on a PostgreSQL server that runs with fsync or synchronous_commit off, which can lose acknowledged writes on a power cut: for throwaway databases only (env DOABLE_ALLOW_UNSAFE_DURABILITY=1)."
    )
    var allowUnsafeDurability = false

    /// The flag, or its environment variable.
    var allowsUnsafeDurability: Bool {
        allowUnsafeDurability
            || ["1", "true", "yes"].contains(ProcessInfo.processInfo.environment["DOABLE_ALLOW_UNSAFE_DURABILITY"]?.lowercased() ?? "")
    }

    @Option(
        name: .long,
        help: ArgumentHelp(
            "ACC-12: who may register — open (anyone who reaches the server), invite (only with an invitation link) or closed (only `doable admin create`) (env DOABLE_REGISTRATION).",
            valueName: "open|invite|closed"))
    var registration: String = ProcessInfo.processInfo.environment["DOABLE_REGISTRATION"] ?? "open"

    @Flag(
        name: .long,
        help:
            "ACC-9: members must confirm their email address (a link is emailed) before they share lists or post to the marketplace (env DOABLE_REQUIRE_VERIFIED_EMAIL=1)."
    )
    var requireVerifiedEmail = false

    @Flag(
        name: .long,
        help: "ACC-12: members who are not admins may make invitation links too (env DOABLE_MEMBERS_MAY_INVITE=1).")
    var membersMayInvite = false

    /// The installation's account policy, from the flags or their environment variables.
    var accountPolicy: AccountPolicy {
        let environment = ProcessInfo.processInfo.environment
        let on = { (name: String) in ["1", "true", "yes"].contains(environment[name]?.lowercased() ?? "") }
        return AccountPolicy(
            registration: AccountPolicy.Registration(rawValue: registration) ?? .open,
            requireVerifiedEmail: requireVerifiedEmail || on("DOABLE_REQUIRE_VERIFIED_EMAIL"),
            membersMayInvite: membersMayInvite || on("DOABLE_MEMBERS_MAY_INVITE"))
    }

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        guard AccountPolicy.Registration(rawValue: registration) != nil else {
            throw ValidationError("--registration must be open, invite or closed.")
        }
        if accountPolicy.requireVerifiedEmail && smtpUrl.isEmpty {
            throw ValidationError("--require-verified-email needs a mail server to send the links: give --smtp-url.")
        }
        guard (1...65535).contains(port) else { throw ValidationError("--port must be 1 to 65535.") }
        guard (1...3600).contains(idleTimeout) else { throw ValidationError("--idle-timeout must be 1 to 3600.") }
        guard (1...10_000).contains(maxConcurrentPerAccount) else {
            throw ValidationError("--max-concurrent-per-account must be 1 to 10000.")
        }
        guard (0...1024).contains(pageCacheMb) else { throw ValidationError("--page-cache-mb must be 0 to 1024.") }
        guard (1...3650).contains(feedRetentionDays) else {
            throw ValidationError("--feed-retention-days must be 1 to 3650.")
        }
        guard BackupSchedule.interval(parsing: backupEvery) != nil else {
            throw ValidationError("--backup-every must be a duration of at least a minute: 90s, 30m, 6h or 1d.")
        }
        guard (1...10_000).contains(backupKeep) else { throw ValidationError("--backup-keep must be 1 to 10000.") }
        guard (1...36_500).contains(notificationRetentionDays) else {
            throw ValidationError("--notification-retention-days must be 1 to 36500.")
        }
        guard (4...16).contains(bcryptCost) else { throw ValidationError("--bcrypt-cost must be 4 to 16.") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("Unknown --log-level \(logLevel).") }
        do {
            _ = try TrustedProxies(parsing: trustedProxy)
        } catch {
            throw ValidationError("--trusted-proxy: \(error)")
        }
        do {
            _ = try OutgoingPolicy(parsing: allowOutgoing)
        } catch {
            throw ValidationError("--allow-outgoing: \(error)")
        }
        if metricsPort != 0 {
            guard (1...65535).contains(metricsPort), metricsPort != port else {
                throw ValidationError("--metrics-port must be 1 to 65535 and not --port.")
            }
        }
        guard tlsCert.isEmpty == tlsKey.isEmpty else { throw ValidationError("--tls-cert and --tls-key go together.") }
        if redirectHttp != 0 {
            guard !tlsCert.isEmpty else { throw ValidationError("--redirect-http needs --tls-cert and --tls-key.") }
            guard (1...65535).contains(redirectHttp), redirectHttp != port, redirectHttp != metricsPort else {
                throw ValidationError("--redirect-http must be 1 to 65535 and not --port or --metrics-port.")
            }
        }
        if !smtpUrl.isEmpty {
            do { _ = try SMTPURL(smtpUrl) } catch { throw ValidationError("--smtp-url: \(error)") }
        }
        do { _ = try MailAddress(mailFrom) } catch { throw ValidationError("--mail-from: \(error)") }
        if !publicUrl.isEmpty, !(publicUrl.hasPrefix("http://") || publicUrl.hasPrefix("https://")) {
            throw ValidationError("--public-url must start with http:// or https://.")
        }
        guard (0...525_600).contains(reminderStaleMinutes) else {
            throw ValidationError("--reminder-stale-minutes must be 0 to 525600.")
        }
        if CurrencyCode(currency) == nil {
            throw ValidationError("--currency must be an ISO 4217 code such as EUR, SEK or USD, not '\(currency)'.")
        }
        if !mapTiles.isEmpty, let problem = MarketMapSettings.tilesProblem(mapTiles) { throw ValidationError(problem) }
        if !geocoder.isEmpty {
            guard let url = URL(string: geocoder), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError("--geocoder must be an http or https URL, such as https://nominatim.example.org.")
            }
        }
        if !metricsToken.isEmpty, metricsToken.utf8.count < 16 || metricsToken.contains(where: \.isWhitespace) {
            throw ValidationError("--metrics-token must be at least 16 characters, without spaces.")
        }
    }

    func run() async throws {
        AllocatorTuning.applyForServer()
        var logger = Logger(label: "doable")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        // Before the database is opened and anything listens: a certificate that cannot be served stops the start.
        let tls = tlsCert.isEmpty ? nil : try ReloadableTLSIdentity(certificateFile: tlsCert, keyFile: tlsKey)
        let scheme = tls == nil ? "http" : "https"
        let store = try storeOptions.storeForServer(logger: logger, allowUnsafeDurability: allowsUnsafeDurability)
        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.idleTimeoutSeconds = Int64(idleTimeout)
        configuration.maxConcurrentPerAccount = maxConcurrentPerAccount
        configuration.pageCacheBytes = pageCacheMb << 20
        configuration.feedRetentionDays = feedRetentionDays
        configuration.trustedProxies = try TrustedProxies(parsing: trustedProxy)
        configuration.tls = tls
        configuration.redirectHTTPPort = redirectHttp == 0 ? nil : redirectHttp
        configuration.recordRetentionDays = notificationRetentionDays
        if !backupDir.isEmpty, let interval = BackupSchedule.interval(parsing: backupEvery) {
            configuration.backup = BackupSchedule(directory: backupDir, interval: interval, keep: backupKeep)
        }
        if let path = ProcessInfo.processInfo.environment["DOABLE_TEST_CLOCK_FILE"], !path.isEmpty {
            let clock = OffsetClock(path: path)
            configuration.clock = { clock.now() }
            logger.warning("The clock is shifted by the file in DOABLE_TEST_CLOCK_FILE (tests only)")
        }
        configuration.delivery.outgoing = try OutgoingPolicy(parsing: allowOutgoing)
        configuration.currency = CurrencyCode(currency) ?? .euro
        configuration.accountPolicy = accountPolicy
        configuration.marketMap = MarketMapSettings(
            tiles: mapTiles.isEmpty ? nil : mapTiles, attribution: mapAttribution,
            geocoder: geocoder.isEmpty ? nil : URL(string: geocoder))
        configuration.delivery.smtpURL = smtpUrl.isEmpty ? nil : try SMTPURL(smtpUrl)
        configuration.delivery.mailFrom = mailFrom
        configuration.delivery.publicURL = publicUrl.isEmpty ? "\(scheme)://\(host):\(port)" : publicUrl
        configuration.delivery.reminderStaleAfterSeconds = reminderStaleMinutes == 0 ? nil : Int64(reminderStaleMinutes) * 60
        if metricsPort != 0 || !metricsToken.isEmpty {
            configuration.metrics = ServerMetrics.bootstrap()
            configuration.metricsHost = metricsHost
            configuration.metricsPort = metricsPort == 0 ? nil : metricsPort
            configuration.metricsToken = metricsToken.isEmpty ? nil : metricsToken
        }
        let app = try buildApplication(
            configuration: configuration, store: store,
            passwords: PasswordHasher(cost: UInt8(bcryptCost)), logger: logger)
        if let tls {
            logger.info(
                "TLS certificate loaded",
                metadata: ["doable.tls.serial": "\(tls.current.serialNumber)", "doable.tls.not_after": "\(tls.current.notValidAfter)"])
        }
        logger.info("Doable is listening", metadata: ["doable.address": "\(scheme)://\(host):\(port)"])
        try await app.runService()
    }
}
