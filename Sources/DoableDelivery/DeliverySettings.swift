public import DoableCore
import DoableDomain
public import DoableMail

/// NOTIF-2 and NOTIF-5: how notifications leave the server.
public struct DeliverySettings: Sendable {
    /// `doable serve --smtp-url`; without it email deliveries fail at once with a note saying so.
    public var smtpURL: SMTPURL?
    /// `--mail-from`: the sender of every email.
    public var mailFrom = "doable@localhost"
    /// Where links in emails point: the address people open Doable at.
    public var publicURL = "http://127.0.0.1:8080"
    /// Reminders later than this (the server was down) are dropped with a note; nil sends them however late.
    public var reminderStaleAfterSeconds: Int64? = 6 * 3600
    /// How often the scheduler looks for due reminders and deliveries when it found none.
    public var pollInterval: Duration = .milliseconds(200)
    /// How long one webhook call may take in all.
    public var webhookTimeout: Duration = .seconds(10)
    /// Emails and webhook calls in flight at once: a receiver that hangs holds one of them, not the queue.
    public var maxConcurrentSends = 64
    /// Which addresses webhook calls may reach (OPS-7): public ones, and the ranges `--allow-outgoing` names.
    public var outgoing = OutgoingPolicy()
    /// How webhook hosts are looked up: the system's resolver, or a test's.
    public var resolver = HostResolver.system

    public init() {}
}
