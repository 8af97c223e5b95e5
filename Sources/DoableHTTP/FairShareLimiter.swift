public import DoableCore
import Synchronization

/// Keeps one account's flood of requests from starving the others: each account has at most `perAccount`
/// requests being worked on at once; more wait their turn, and past `maxWaiting` waiting ones the account is
/// told to slow down (429). A lock rather than an actor, so a request with a free slot — nearly all of them —
/// passes without being suspended.
public final class FairShareLimiter: Sendable {
    private struct State {
        var inFlight: [AccountID: Int] = [:]
        var waiting: [AccountID: [CheckedContinuation<Void, Never>]] = [:]
    }

    public let perAccount: Int
    public let maxWaiting: Int
    private let state = Mutex(State())

    public init(perAccount: Int = 16, maxWaiting: Int = 512) {
        self.perAccount = perAccount
        self.maxWaiting = maxWaiting
    }

    public func acquire(_ account: AccountID) async throws {
        let admitted: Bool? = state.withLock { state in
            if takeSlot(account, &state) { return true }
            return state.waiting[account, default: []].count < maxWaiting ? false : nil
        }
        switch admitted {
        case true?: return
        case nil: throw DoableError.rateLimited(retryAfterSeconds: 1, message: "Too many requests at once; slow down.")
        case false?:
            await withCheckedContinuation { continuation in
                // A slot may have come free since the first look.
                let admittedNow = state.withLock { state in
                    if takeSlot(account, &state) { return true }
                    state.waiting[account, default: []].append(continuation)
                    return false
                }
                if admittedNow { continuation.resume() }
            }
        }
    }

    private func takeSlot(_ account: AccountID, _ state: inout State) -> Bool {
        let running = state.inFlight[account, default: 0]
        guard running < perAccount else { return false }
        state.inFlight[account] = running + 1
        return true
    }

    /// Hands the slot to the next waiting request of the account, or frees it.
    public func release(_ account: AccountID) {
        let next: CheckedContinuation<Void, Never>? = state.withLock { state in
            if var queue = state.waiting[account], !queue.isEmpty {
                let next = queue.removeFirst()
                state.waiting[account] = queue.isEmpty ? nil : queue
                return next
            }
            let running = state.inFlight[account, default: 1] - 1
            state.inFlight[account] = running > 0 ? running : nil
            return nil
        }
        next?.resume()
    }
}
