import DoableCore
import DoableStore
public import Foundation
public import Logging
import Synchronization

/// Issue 34: whether the database's storage was full at the last write. Every write goes through `Domain.perform`,
/// which tells this of each storage-full refusal and each write that went through, so that the operator hears of
/// it once a minute (not once per request), `/readyz` and `/metrics` report it, and it clears by itself when a
/// write succeeds again, or when no write has met a full disk for `clearsAfter` (nothing was tried since).
public final class StorageStatus: Sendable {
    private struct State {
        var lastFull: Double?
        var lastLogged: Double?
        var refusedSinceLog = 0
    }

    private let state = Mutex(State())
    private let logger: Logger
    private let now: @Sendable () -> Double
    /// Seconds between log lines while writes keep failing.
    public static let logInterval: Double = 60
    /// Seconds after the last refusal that the state is no longer reported as full.
    public static let clearsAfter: Double = 30

    public init(
        logger: Logger = Logger(label: "doable"),
        now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        self.logger = logger
        self.now = now
    }

    /// A write found no room.
    public func noteFull() {
        let moment = now()
        let line: Int? = state.withLock { state in
            state.lastFull = moment
            state.refusedSinceLog += 1
            guard state.lastLogged.map({ moment - $0 >= Self.logInterval }) ?? true else { return nil }
            defer { state.lastLogged = moment; state.refusedSinceLog = 0 }
            return state.refusedSinceLog
        }
        if let line {
            logger.error(
                "The database's storage is full: writes are refused (507 storage_full) until space is freed; reads go on",
                metadata: [
                    "doable.refused_writes": "\(line)"
                ])
        }
    }

    /// A write went through: there is room again.
    public func noteWritten() {
        let cleared = state.withLock { state -> Bool in
            guard state.lastFull != nil else { return false }
            state.lastFull = nil
            state.lastLogged = nil
            state.refusedSinceLog = 0
            return true
        }
        if cleared { logger.notice("The database's storage has room again: writes go through") }
    }

    /// Whether the last write that met a full disk was recent, and none has gone through since.
    public var isFull: Bool {
        let moment = now()
        return state.withLock { state in state.lastFull.map { moment - $0 < Self.clearsAfter } ?? false }
    }
}

extension Domain {
    /// A background service's failed round: a full disk is told once a minute by `storage` (the service tries
    /// again every fraction of a second, and would otherwise say so every time); anything else is logged.
    public func reportBackgroundFailure(_ message: Logger.Message, _ error: any Error, logger: Logger) {
        switch error as? StoreError {
        case .storageFull?:
            storage.noteFull()
            return
        case .unavailable?:
            return  // the store says when the database goes away and when it is back, once each
        default:
            break
        }
        logger.error(message, metadata: ["doable.error": "\(String(reflecting: error))"])
    }
}
