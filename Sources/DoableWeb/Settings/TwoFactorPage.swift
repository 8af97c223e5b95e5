import DoableArt
import DoableCore
import DoableDomain

/// ACC-10: two-factor sign-in in the settings. Off: what it is and the button that starts it. Started: the QR code
/// (on a white card in either theme: scanners expect dark on light), the key to type instead, and the first code
/// that turns it on. On: how many recovery codes are left, new codes (with a code), and turning it off (with the
/// password and a code). Recovery codes show once, on the answer that made them.
struct TwoFactorPage {
    enum State {
        case off
        case pending(TwoFactorEnrolment)
        case on(codesLeft: Int)
    }

    var state: State
    /// Recovery codes just made, shown this once.
    var recoveryCodes: [RecoveryCode]?
    var errors: FormErrors
    var csrf: HTML

    var body: HTML {
        """
        \(recoveryCodes.map(codesShown))
        \(content)
        """
    }

    private var content: HTML {
        switch state {
        case .off:
            return """
                <p>With two-factor sign-in, signing in needs a 6-digit code from an authenticator app on your phone
                (such as Aegis, Google Authenticator or 1Password) as well as your password, so a stolen password is
                not enough. Access tokens and app passwords keep working without a code.</p>
                <p><strong>Two-factor sign-in is off.</strong></p>
                \(errors.summary)
                <form method="post" action="/settings/two-factor/start" class="settings-form">\(csrf)
                <button type="submit" class="button primary">Set up two-factor sign-in</button>
                </form>
                """
        case .pending(let enrolment):
            let qr = QRCode(text: enrolment.otpauthURI).map {
                HTML(unsafeMarkup: $0.svg(label: "QR code for your authenticator app"))
            }
            let grouped = stride(from: 0, to: enrolment.secret.count, by: 4).map { start -> String in
                let from = enrolment.secret.index(enrolment.secret.startIndex, offsetBy: start)
                let to = enrolment.secret.index(from, offsetBy: 4, limitedBy: enrolment.secret.endIndex) ?? enrolment.secret.endIndex
                return String(enrolment.secret[from..<to])
            }.joined(separator: " ")
            let code = Field.input(
                "code", label: "Code from the app", value: "", hint: "The 6 digits the app shows for Doable now.",
                required: true, errors: errors,
                extra: " inputmode=\"numeric\" autocomplete=\"one-time-code\" maxlength=\"7\" autofocus")
            return """
                <ol class="steps">
                <li><p>Scan this QR code with your authenticator app.</p>
                <div class="qr-card">\(qr)</div>
                <p class="hint">Cannot scan it? Add an account in the app by hand with this key (time based):</p>
                <div class="copy-row"><input id="totp-secret" class="secret" type="text" readonly value="\(grouped)" aria-label="Key for the authenticator app" spellcheck="false" autocomplete="off"><button type="button" class="button" data-copy="totp-secret" data-name="the key" hidden>\(Icon.copy.html)Copy</button></div></li>
                <li><p>Enter the code the app shows, to turn two-factor sign-in on.</p>
                \(errors.summary)
                <form method="post" action="/settings/two-factor/confirm" class="settings-form" novalidate>\(csrf)
                \(code)
                <button type="submit" class="button primary">Turn on two-factor sign-in</button>
                </form></li>
                </ol>
                """
        case .on(let left):
            let plural = left == 1 ? "recovery code" : "recovery codes"
            return """
                <p><strong>Two-factor sign-in is on.</strong> Signing in asks for a code from your authenticator app.</p>
                <p>You have \(left) unused \(plural). Each works once, in place of a code, if you lose your phone.</p>
                \(errors.summary)
                <h3 id="renew-heading">New recovery codes</h3>
                <p>The old codes stop working.</p>
                <form method="post" action="/settings/two-factor/recovery-codes" class="settings-form" aria-labelledby="renew-heading" novalidate>\(csrf)
                \(Field.input("totp", label: "Code from your authenticator app", value: "", required: true, errors: errors, extra: " inputmode=\"numeric\" autocomplete=\"one-time-code\" maxlength=\"7\""))
                <button type="submit" class="button">Make new recovery codes</button>
                </form>
                <h3 id="off-heading">Turn off two-factor sign-in</h3>
                <form method="post" action="/settings/two-factor/disable" class="settings-form danger-zone" aria-labelledby="off-heading" novalidate>\(csrf)
                \(Field.input("password", label: "Password", value: "", type: "password", required: true, errors: errors, extra: " autocomplete=\"current-password\""))
                \(Field.input("offCode", label: "Code or recovery code", value: "", required: true, errors: errors, extra: " autocomplete=\"one-time-code\" maxlength=\"20\""))
                <button type="submit" class="button danger">Turn off two-factor sign-in</button>
                </form>
                """
        }
    }

    private func codesShown(_ codes: [RecoveryCode]) -> HTML {
        let items = codes.html { "<li><code>\($0.description)</code></li>" }
        let all = codes.map(\.description).joined(separator: "\n")
        return """
            <div class="new-secret" role="status">
            <h3>Your recovery codes</h3>
            <p><strong>Save them now</strong>, somewhere other than your phone. Doable shows them only this once; each
            works once, in place of a code from the app.</p>
            <ul class="recovery-codes" aria-label="Recovery codes">\(items)</ul>
            <textarea id="recovery-codes-text" class="visually-hidden" readonly tabindex="-1" aria-hidden="true">\(all)</textarea>
            <button type="button" class="button" data-copy="recovery-codes-text" data-name="the recovery codes" hidden>\(Icon.copy.html)Copy the codes</button>
            </div>
            """
    }
}
