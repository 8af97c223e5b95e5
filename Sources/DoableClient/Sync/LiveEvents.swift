/// SYNC-5: a channel that tells the device the server has something new. The events carry no data the device
/// relies on: each is only a nudge to pull now.
public protocol LiveEvents: Sendable {
    /// One connection's nudges. The stream ends (or throws) when the connection closes; the caller reconnects.
    func nudges() -> AsyncThrowingStream<Void, any Error>
}
