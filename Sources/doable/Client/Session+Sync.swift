import DoableAPI
import DoableContractMapping
import DoableCLI
import DoableClient
import DoableCore
import Foundation

/// How a sync attempt ended.
enum SyncOutcome {
    case synced(SyncReport)
    /// `--offline`: not tried.
    case skipped
    case offline(String)
    case timedOut
    case sessionEnded
    case failed(String)

    var reachedServer: Bool { if case .synced = self { true } else { false } }
}

extension Session {
    /// How long a sync around a command may take before the command goes on offline (`DOABLE_SYNC_TIMEOUT`,
    /// seconds). It bounds a silent network; a server that is down refuses the connection, which is offline at once.
    static var quickTimeout: Duration {
        let seconds = ProcessInfo.processInfo.environment["DOABLE_SYNC_TIMEOUT"].flatMap(Double.init) ?? 5
        return .milliseconds(Int64(max(0.1, seconds) * 1000))
    }

    /// Pushes pending changes and pulls; never throws: the outcome says what happened.
    /// - Parameter timeout: nil waits as long as the sync takes (`doable sync`, the first sync after login).
    func sync(timeout: Duration?, showProgress: Bool = true) async -> SyncOutcome {
        guard !options.offline else { return .skipped }
        // Whatever the sync brings (or gets to before it is cut off) must show in what the command reads next.
        defer { invalidate() }
        let engine = SyncEngine(replica: replica, server: HTTPSyncServer(server: server, token: token))
        let display = ProgressDisplay(isEnabled: showProgress && Terminal.isErrorTerminal)
        defer { display.finish() }
        let run: @Sendable () async throws -> SyncReport = {
            try await engine.sync(progress: { display.update($0) })
        }
        do {
            if let timeout {
                do { return .synced(try await withDeadline(timeout, run)) } catch is DeadlineExceeded { return .timedOut }
            }
            return .synced(try await run())
        } catch let error as ClientError {
            switch error {
            case .offline(let detail): return .offline(detail)
            case .unauthorized: return .sessionEnded
            default: return .failed(error.description)
            }
        } catch {
            return .failed(String(describing: error))
        }
    }

    /// `doable sync --watch`: syncs, then again on every nudge of the live channel (or every 30 s without one),
    /// retrying with backoff while the server is away; prints a line for each sync that moved something.
    func watch() async {
        let engine = SyncEngine(replica: replica, server: HTTPSyncServer(server: server, token: token))
        let events = HTTPLiveEvents(server: server, token: token)
        let offlineMessage = self.offlineMessage
        FileHandle.standardError.write(Data("Watching \(server) for changes; Ctrl-C stops.\n".utf8))
        await engine.runLive(events: events) { result in
            let time = Timestamp.now.description.dropFirst(11).prefix(8)
            switch result {
            case .success(let report)
            where report.pushed > 0 || report.pulled > 0 || !report.rejected.isEmpty
                || report.pushRefused != nil:
                print("\(time) \(SyncCommand.summary(report))")
            case .success:
                break
            case .failure(let error):
                FileHandle.standardError.write(Data("\(time) \(error) \(offlineMessage)\n".utf8))
            }
        }
    }

    /// A reading command's sync first: on failure the replica is shown, and stderr says so.
    func syncBeforeReading() async {
        explain(await sync(timeout: Self.quickTimeout, showProgress: false), isReading: true)
    }

    /// A changing command's sync after its change is queued: the change is kept either way.
    func syncAfterChange() async {
        explain(await sync(timeout: Self.quickTimeout, showProgress: false), isReading: false)
    }

    /// Says on stderr what the outcome means for the user; quiet when all went well.
    func explain(_ outcome: SyncOutcome, isReading: Bool) {
        switch outcome {
        case .synced(let report):
            tell(rejected: report.rejected)
            if let refused = report.pushRefused {
                Terminal.warn(
                    errorStyle.yellow(
                        "The server took none of this device's changes (\(refused)). They "
                            + "stay here; sign in with a token that may write (doable login) to send them."))
            }
        case .skipped:
            if !isReading, pendingCount > 0 { Terminal.warn(errorStyle.dim(offlineMessage)) }
        case .offline:
            Terminal.warn(errorStyle.yellow(offlineMessage))
        case .timedOut:
            Terminal.warn(errorStyle.yellow("The server did not answer in time. " + offlineMessage))
        case .sessionEnded:
            Terminal.warn(errorStyle.red(CLIError.sessionEnded(server: config.server).description))
            Terminal.warn(errorStyle.yellow(offlineMessage))
        case .failed(let message):
            Terminal.warn(errorStyle.yellow("Sync failed: \(message)"))
            Terminal.warn(errorStyle.yellow(offlineMessage))
        }
    }

    /// "Working offline: 3 changes waiting."
    var offlineMessage: String {
        let pending = pendingCount
        return switch pending {
        case 0: "Working offline: showing this device's copy."
        case 1: "Working offline: 1 change waiting."
        default: "Working offline: \(pending) changes waiting."
        }
    }

    /// Tells about changes the server refused in a sync: their effect is gone, so the user must hear why.
    func tell(rejected fresh: [Rejection]) {
        guard !fresh.isEmpty else { return }
        Terminal.warn(
            errorStyle.red(
                fresh.count == 1
                    ? "The server refused 1 change:" : "The server refused \(fresh.count) changes:"))
        for rejection in fresh { Terminal.warn("  " + RejectionWords.line(rejection, name: entityName)) }
    }
}

/// A refused change in one line: "Editing 'Buy milk': The task is in the trash; restore it first."
enum RejectionWords {
    static let verbs = [
        "create": "Adding", "update": "Editing", "complete": "Completing", "reopen": "Reopening",
        "move": "Moving", "delete": "Deleting", "restore": "Restoring",
    ]

    /// `name(of:)` gives the title or name of the entity the change was about, when the device knows it.
    static func line(_ rejection: Rejection, name: (String) -> String?) -> String {
        let parts = rejection.name.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let verb = verbs[parts[1]] else {
            return "\(rejection.name): \(rejection.message)"
        }
        let subject =
            rejection.entityId.map { id in name(id).map { "'\($0)'" } ?? "a \(parts[0]) (\(id.prefix(13)))" }
            ?? "a \(parts[0])"
        return "\(verb) \(subject): \(rejection.message)"
    }
}

extension Session {
    /// The title or name of a task, list or label on this device, by its id text.
    func entityName(_ id: String) -> String? {
        guard let snapshot = try? snapshot() else { return nil }
        return snapshot.allTasks.first { $0.id.description == id }?.title
            ?? snapshot.allLists.first { $0.id.description == id }?.name
            ?? snapshot.labels.first { $0.id.description == id }?.name
    }
}
