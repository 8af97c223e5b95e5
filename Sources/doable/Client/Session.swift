import DoableAPI
import DoableContractMapping
import DoableCLI
import DoableClient
import DoableCore
import Foundation

/// A signed-in device: the home folder's config and token, and its open replica.
///
/// Reads go through `snapshot`, loaded once and loaded again after `invalidate()` (a change, a sync).
final class Session {
    let home: ClientHome
    let config: ClientConfig
    let server: URL
    let token: String
    let replica: Replica
    let options: ClientOptions
    private var cached: ReplicaSnapshot?

    init(home: ClientHome, options: ClientOptions) throws {
        guard let config = try home.readConfig(), let token = home.readToken() else { throw CLIError.notSignedIn }
        guard let server = URL(string: config.server) else {
            throw CLIError.user("The server address in \(home.configPath) is not a URL; run `doable login` again.")
        }
        self.home = home
        self.config = config
        self.server = server
        self.token = token
        self.options = options
        ClientHome.restrictNewFiles()
        replica = try Replica(path: home.replicaPath)
    }

    /// The replica as this command sees it.
    func snapshot() throws -> ReplicaSnapshot {
        if let cached { return cached }
        let loaded = try replica.snapshot()
        cached = loaded
        return loaded
    }

    /// Forgets the loaded snapshot: the replica changed.
    func invalidate() { cached = nil }

    var style: Style { options.outputStyle }
    var errorStyle: Style { options.errorStyle }

    /// The account as last pulled; nil before the first sync.
    var account: AccountRecord? { cached.map(\.account) ?? (try? replica.account()) }

    /// The member's time zone (account preferences): it decides what "today" is, as in the web app.
    var timeZone: TimeZone {
        account?.preferences.timeZone.flatMap(TimeZone.init(identifier:)) ?? .gmt
    }

    var weekStart: Preferences.Weekday {
        account?.preferences.values["weekStart"]?.stringValue.flatMap(Preferences.Weekday.init(rawValue:)) ?? .monday
    }

    func dueWords(now: Timestamp = .now) -> DueWords { DueWords(timeZone: timeZone, weekStart: weekStart, now: now) }

    func dateInput(now: Timestamp = .now) -> DateInput { DateInput(timeZone: timeZone, weekStart: weekStart, now: now) }

    /// Reads a date flag in the member's zone, or a user error naming the flag and the forms it takes.
    func date(_ text: String, flag: String) throws -> TaskDate {
        do {
            return try dateInput().parse(text, flag: flag)
        } catch {
            throw CLIError.user(error.description)
        }
    }

    var pendingCount: Int { (try? replica.pendingCount()) ?? 0 }
}
