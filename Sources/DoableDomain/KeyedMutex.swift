/// Runs the holders of one key one after another within this process, in arrival order. Transitions of one
/// marketplace posting all write the posting, so concurrent ones would conflict in the store and retry; on a posting
/// many people bid on at once, queueing them here turns those retries into a short wait. Across processes (two
/// servers on one PostgreSQL) the store's version check still decides, and `perform` retries.
actor KeyedMutex {
    private var held: Set<String> = []
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    func lock(_ key: String) async {
        if held.insert(key).inserted { return }
        await withCheckedContinuation { waiting[key, default: []].append($0) }
    }

    /// Hands the key to the next waiter, or frees it.
    func unlock(_ key: String) {
        guard var queue = waiting[key], !queue.isEmpty else {
            held.remove(key)
            return
        }
        let next = queue.removeFirst()
        waiting[key] = queue.isEmpty ? nil : queue
        next.resume()
    }
}
