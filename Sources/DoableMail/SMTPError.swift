/// NOTIF-2: why a message was not sent. `isTransient` tells the delivery queue (NOTIF-5) whether to try again
/// later: yes for 4xx replies, lost connections, timeouts and servers that break the protocol; no for 5xx replies
/// and for a configuration that cannot work (STARTTLS required but not offered, no usable AUTH mechanism) or a
/// message that cannot be written.
public enum SMTPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Could not connect, or the connection (or its TLS) broke.
    case connectionFailed(String)
    case timedOut(step: String)
    /// The server answered `step` (`RCPT TO`, `AUTH PLAIN`, …) with a 4xx or 5xx reply.
    case rejected(step: String, code: Int, message: String)
    case protocolViolation(String)
    case configuration(String)
    case invalidMessage(MailError)

    public var isTransient: Bool {
        switch self {
        case .connectionFailed, .timedOut, .protocolViolation: true
        case let .rejected(_, code, _): code < 500
        case .configuration, .invalidMessage: false
        }
    }

    public var description: String {
        switch self {
        case let .connectionFailed(detail): "SMTP connection failed: \(detail)"
        case let .timedOut(step): "SMTP server did not answer \(step) in time"
        case let .rejected(step, code, message): "SMTP server refused \(step): \(code) \(message)"
        case let .protocolViolation(detail): "SMTP protocol error: \(detail)"
        case let .configuration(detail): "SMTP configuration problem: \(detail)"
        case let .invalidMessage(error): error.description
        }
    }
}
