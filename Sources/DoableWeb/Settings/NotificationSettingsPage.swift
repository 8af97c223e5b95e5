import DoableArt
import DoableCore
import DoableDomain

/// NOTIF-2 and NOTIF-3: which channels each kind of notification takes (the marketplace's kinds, MKT-8, in their own
/// group), and quiet hours, in one form.
struct NotificationSettingsPage {
    var email: String
    var timeZone: String
    var form: FormData
    var errors: FormErrors
    var csrf: HTML
    /// Without a mail server the Email column is shown switched off, with the reason.
    var canSendEmail = true
    /// REACH-3: the devices that receive pushes, and "Push to this device".
    var push: PushDevicesSection?

    /// The channels as the table's columns: (form value, column title).
    static let channelColumns: [(value: String, title: String)] = [
        ("inApp", "In app"), ("email", "Email"),
        ("webhook", "Webhook"), ("push", "Push"),
    ]

    /// The form filled with what is stored: one field per kind (its raw value) repeated for each channel chosen.
    static func form(_ account: Account) -> FormData {
        let preferences = account.preferences
        var pairs: [(String, String)] = [
            ("quietHours", preferences.quietHours == nil ? "" : "1"),
            ("quietStart", preferences.quietHours?.start ?? "22:00"),
            ("quietEnd", preferences.quietHours?.end ?? "07:00"),
            ("quietMode", preferences.quietHours?.mode.rawValue ?? "silent"),
            ("version", String(account.version)),
        ]
        for kind in PreferencesPatch.kindsWithChannels {
            let channels = preferences.notificationChannels.channels(for: kind)
            if channels.inApp { pairs.append((kind.rawValue, "inApp")) }
            if channels.email { pairs.append((kind.rawValue, "email")) }
            if channels.webhook { pairs.append((kind.rawValue, "webhook")) }
            if channels.push { pairs.append((kind.rawValue, "push")) }
        }
        return FormData(pairs: pairs)
    }

    private func rows(_ kinds: [AppNotification.Kind]) -> HTML {
        kinds.html { kind in
            let chosen = Set(form.all(kind.rawValue))
            let cells = Self.channelColumns.html { column in
                """
                <td><label class="cell-check"><input type="checkbox" name="\(kind.rawValue)" \
                value="\(column.value)" aria-label="\(kind.settingsTitle): \(column.title.lowercased())"\
                \(attribute: "checked", if: chosen.contains(column.value) && (column.value != "email" || canSendEmail))\
                \(attribute: "disabled", if: column.value == "email" && !canSendEmail)\
                \(column.value == "email" && !canSendEmail ? HTML(" aria-describedby=\"email-off\"") : "")></label></td>
                """
            }
            return "<tr><th scope=\"row\">\(kind.settingsTitle)</th>\(cells)</tr>"
        }
    }

    var body: HTML {
        // Tasks and lists first, then the marketplace's kinds (MKT-8) under their own heading row.
        let marketKinds = PreferencesPatch.kindsWithChannels.filter(\.isMarketplace)
        let market: HTML =
            marketKinds.isEmpty
            ? ""
            : """
            <tbody><tr><th scope="rowgroup" colspan="\(Self.channelColumns.count + 1)" class="channel-group">Marketplace</th></tr>
            \(rows(marketKinds))</tbody>
            """
        let heads = Self.channelColumns.html { "<th scope=\"col\">\($0.title)</th>" }
        return """
            <p>Choose how Doable tells you about each kind of event.</p>
            <ul class="channel-help">
            <li><strong>In app</strong>: the bell and the notification centre, and a browser notification while Doable is \
            open (once you allow it).</li>
            \(canSendEmail
                ? HTML("<li><strong>Email</strong>: a message to \(email); each one has a link to stop that kind.</li>")
                : HTML("<li id=\"email-off\"><strong>Email</strong> is off: this server has no mail server to send with. An administrator turns it on by starting Doable with <code>--smtp-url</code>.</li>"))
            <li><strong>Webhook</strong>: a signed POST to each of <a href="/settings/webhooks">your webhooks</a> that \
            subscribes to the event.</li>
            <li><strong>Push</strong>: a notification on each device you turned push on for (below), even with Doable \
            closed.</li>
            </ul>
            \(errors.summary)
            <form method="post" action="/settings/notifications" class="settings-form" novalidate>
            \(csrf)<input type="hidden" name="version" value="\(form["version"] ?? "")">
            <table class="channel-table">
            <caption>Notify me by</caption>
            <thead><tr><th scope="col">Event</th>\(heads)</tr></thead>
            <tbody>\(rows(PreferencesPatch.kindsWithChannels.filter { !$0.isMarketplace }))</tbody>
            \(market)
            </table>
            <p class="hint">Missed reminders (Doable was offline when they came due) always show in the app only.</p>
            \(quietHoursFields)
            <button type="submit" class="button primary">Save notification settings</button>
            </form>
            \(push?.html)
            """
    }

    /// NOTIF-3: quiet hours and what each mode does, in the member's time zone.
    private var quietHoursFields: HTML {
        let start = Field.input(
            "quietStart", label: "From", value: form["quietStart"], type: "time",
            hint: "24-hour time, like 22:00.", required: true, errors: errors)
        let end = Field.input(
            "quietEnd", label: "Until", value: form["quietEnd"], type: "time",
            hint: "Before the start time means the next morning.", required: true, errors: errors)
        let mode = Field.select(
            "quietMode", label: "During quiet hours",
            options: [
                ("silent", "Silent: in the app only"), ("defer", "Hold: send them when quiet hours end"),
            ], selected: form["quietMode"], errors: errors)
        return """
            <fieldset class="quiet-hours"><legend>Quiet hours</legend>
            <p class="hint">They apply to reminders, in your time zone (\(timeZone)).</p>
            \(Field.checkbox("quietHours", label: "Use quiet hours", isOn: form.isOn("quietHours")))
            \(start)
            \(end)
            \(mode)
            <ul class="hint quiet-modes">
            <li><strong>Silent</strong>: a reminder in quiet hours goes to the notification centre only, with no email, \
            webhook or push.</li>
            <li><strong>Hold</strong>: a reminder in quiet hours waits and goes out on every channel you chose when they \
            end.</li>
            </ul>
            </fieldset>
            """
    }
}
