/// Wakes a waiting loop: `ring()` ends the current (or the next) `wait`, which otherwise ends after its timeout or
/// when its task is cancelled. Rings while nobody waits are remembered as one.
actor Doorbell {
    private var isRung = false
    private var waiter: (id: Int, continuation: CheckedContinuation<Void, Never>)?
    private var waits = 0

    func ring() {
        if let waiter {
            self.waiter = nil
            waiter.continuation.resume()
        } else {
            isRung = true
        }
    }

    /// Returns when rung (now or since the last wait), after `timeout`, or when the calling task is cancelled.
    func wait(timeout: Duration) async {
        if isRung {
            isRung = false
            return
        }
        waits += 1
        let id = waits
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            await self?.wake(id)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume()
                } else {
                    waiter = (id, continuation)
                }
            }
        } onCancel: {
            Task { await self.wake(id) }
        }
        timer.cancel()
    }

    private func wake(_ id: Int) {
        guard let waiter, waiter.id == id else { return }
        self.waiter = nil
        waiter.continuation.resume()
    }
}
