public import DoableCore
public import DoableDomain
import DoableMail
import Foundation
public import Logging

/// ACC-8, ACC-9, ACC-12: the emails about an account itself — a password reset link, an address to verify, an
/// invitation — sent at once through `--smtp-url`, not through the notification queue: they concern who may sign
/// in, not what happened to a task. Sending happens after the answer (`post`), so an answer takes as long whether an
/// email went out or not (a reset request must not tell whether an address has an account).
public struct AccountMailer: Sendable {
    let settings: DeliverySettings
    let mailer: SMTPClient?
    let logger: Logger

    public init(settings: DeliverySettings, logger: Logger = Logger(label: "doable.mail")) {
        self.settings = settings
        mailer = settings.smtpURL.map { SMTPClient(url: $0, heloName: "doable", timeout: .seconds(10)) }
        self.logger = logger
    }

    /// Whether emails can be sent at all (a server without `--smtp-url` shows links to pass on instead).
    public var canSend: Bool { mailer != nil }

    /// The absolute URL of a path on this server, for links in emails and on the command line.
    public func url(_ path: String) -> String {
        (settings.publicURL.hasSuffix("/") ? String(settings.publicURL.dropLast()) : settings.publicURL) + path
    }

    public func passwordReset(_ issued: IssuedAccountLink) {
        let link = url("/reset-password/\(issued.secret)")
        post(
            to: issued.link.email, subject: "Reset your Doable password",
            lines: [
                "Someone — we hope you — asked to reset the password of the Doable account \(issued.account.username).",
                "Open this link within an hour to choose a new password; it works once:",
            ], link: link, button: "Choose a new password",
            footer: "If you did not ask, ignore this email: your password stays as it is.")
    }

    public func emailVerification(_ issued: IssuedAccountLink) {
        let link = url("/verify-email/\(issued.secret)")
        post(
            to: issued.link.email, subject: "Confirm your email address for Doable",
            lines: [
                "Confirm that \(issued.link.email) is the address of the Doable account \(issued.account.username).",
                "Open this link within a day; it works once:",
            ], link: link, button: "Confirm my address",
            footer: "If you did not register on Doable, ignore this email.")
    }

    /// An invitation to register (and, when it holds one, to a shared list named `listName`).
    public func invitation(_ issued: IssuedInvitation, from inviter: Account, listName: String?) {
        guard let email = issued.invitation.email else { return }
        let link = url("/join/\(issued.secret)")
        let what = listName.map { "to share the list “\($0)” with you on Doable" } ?? "to join Doable"
        post(
            to: email, subject: "\(inviter.displayName) invites you \(listName == nil ? "to Doable" : "to a list")",
            lines: [
                "\(inviter.displayName) (\(inviter.username)) would like \(what).",
                "Open this link to create your account; it works once, until "
                    + "\(issued.invitation.expiresAt.civilDate):",
            ], link: link, button: "Create my account", footer: "If you do not know them, ignore this email.")
    }

    func post(to address: String, subject: String, lines: [String], link: String, button: String, footer: String) {
        guard let mailer else { return }
        let message: MailMessage
        do {
            let text = lines.joined(separator: "\n") + "\n\n\(link)\n\n\(footer)\n"
            let html =
                "<!doctype html><html><body style=\"font-family:sans-serif\">"
                + lines.map { "<p>\(EmailHTML.escape($0))</p>" }.joined()
                + "<p><a href=\"\(EmailHTML.escape(link))\" style=\"display:inline-block;padding:10px 16px;background:#2563eb;"
                + "color:#fff;border-radius:6px;text-decoration:none\">\(EmailHTML.escape(button))</a></p>"
                + "<p style=\"color:#555;font-size:12px\">\(EmailHTML.escape(footer))</p></body></html>"
            message = MailMessage(
                from: try MailAddress(settings.mailFrom, displayName: "Doable"), to: try MailAddress(address),
                subject: subject, textBody: text, htmlBody: html)
        } catch {
            logger.warning("An account email could not be written", metadata: ["doable.error": "\(error)"])
            return
        }
        let logger = logger
        Task {
            do {
                try await mailer.send(message)
            } catch {
                logger.warning("An account email was not sent", metadata: ["doable.error": "\(error)"])
            }
        }
    }
}
