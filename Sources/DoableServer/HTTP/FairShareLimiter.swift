import DoableCore

/// Keeps one account's flood of requests from starving the others: each account has at most `perAccount`
/// requests being worked on at once; more wait their turn, and past `maxWaiting` waiting ones the account is
/// told to slow down (429).
public actor FairShareLimiter {
    public let perAccount: Int
    public let maxWaiting: Int
    private var inFlight: [AccountID: Int] = [:]
    private var waiting: [AccountID: [CheckedContinuation<Void, Never>]] = [:]

    public init(perAccount: Int = 16, maxWaiting: Int = 512) {
        self.perAccount = perAccount
        self.maxWaiting = maxWaiting
    }

    public func acquire(_ account: AccountID) async throws {
        let running = inFlight[account, default: 0]
        if running < perAccount {
            inFlight[account] = running + 1
            return
        }
        guard waiting[account, default: []].count < maxWaiting else {
            throw DoableError.rateLimited(retryAfterSeconds: 1, message: "Too many requests at once; slow down.")
        }
        await withCheckedContinuation { waiting[account, default: []].append($0) }
    }

    /// Hands the slot to the next waiting request of the account, or frees it.
    public func release(_ account: AccountID) {
        if var queue = waiting[account], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[account] = queue.isEmpty ? nil : queue
            next.resume()
            return
        }
        let running = inFlight[account, default: 1] - 1
        inFlight[account] = running > 0 ? running : nil
    }
}
