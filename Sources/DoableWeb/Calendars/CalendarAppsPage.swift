import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import DoableArt

/// INTEROP-1 and INTEROP-2 in the browser (`/settings/calendars`): what to type into a CalDAV app, how each app
/// wants it, the account-password switch, and the ICS feed links with the form that replaces them.
struct CalendarAppsPage {
    /// `scheme://host` as the browser reached Doable (`Request.publicOrigin`).
    let origin: String
    let username: String
    let links: FeedLinks
    let allowsAccountPassword: Bool
    let version: Int64
    let csrf: HTML

    var davURL: String { "\(origin)/dav/" }
    var principalURL: String { "\(origin)/dav/principals/\(username)/" }

    var html: HTML {
        """
        <p>Your tasks can live in the apps you already use, in two ways: <strong>sync</strong> them both ways with
        CalDAV (change a task anywhere, see it everywhere, offline too), or <strong>subscribe</strong> a calendar to
        a read-only feed.</p>
        <h3 id="caldav-heading" class="settings-subheading">Sync with CalDAV</h3>
        \(caldav)
        <h3 id="feeds-heading" class="settings-subheading">Subscribe to a feed</h3>
        \(feeds)
        """
    }

    // MARK: CalDAV (INTEROP-1)

    private var caldav: HTML {
        """
        <p>Apple Reminders, Thunderbird, tasks.org (through DAVx⁵) and todoman (through vdirsyncer) sync with Doable.
        Each of your lists, and each list shared with you, is a task list there; a list you may only view is read
        only.</p>
        <div class="caldav-account">
        \(Self.copyField(id: "caldav-server", label: "Server address", value: davURL))
        \(Self.copyField(id: "caldav-principal", label: "Principal URL", value: principalURL,
                         hint: "For apps that ask for the full address of your account."))
        \(Self.copyField(id: "caldav-username", label: "Username", value: username,
                         hint: "Your email address works too."))
        </div>
        <p><strong>Password:</strong> make an <a href="/settings/tokens">app password</a> for each app and type it
        instead of your account password. An app password only syncs; you can revoke it alone when a phone is lost,
        and it never needs changing when your password does.</p>
        <form method="post" action="/settings/calendars" class="settings-form" id="caldav-password-form">
        \(csrf)<input type="hidden" name="version" value="\(String(version))">
        \(Field.checkbox("calDAVAccountPassword", label: "Let my account password sign in CalDAV apps (app "
                            + "passwords always work)", isOn: allowsAccountPassword))
        <button type="submit" class="button primary">Save</button>
        </form>
        \(howTo)
        """
    }

    private var howTo: HTML {
        """
        <h4>Step by step</h4>
        <details class="client-howto"><summary>Apple Reminders on iPhone or iPad</summary>
        <ol><li>Open Settings → Calendar → Accounts → Add Account → Other → <strong>Add CalDAV Account</strong>
        (on newer systems: Settings → Apps → Calendar → Calendar Accounts).</li>
        <li>Server: <code>\(davURL)</code>; User Name: <code>\(username)</code>; Password: an app password.</li>
        <li>Tap Next, keep Reminders switched on, and Save. Your lists appear in Reminders.</li></ol></details>
        <details class="client-howto"><summary>Apple Reminders on a Mac</summary>
        <ol><li>Open System Settings → Internet Accounts → Add Account → Add Other Account → <strong>CalDAV
        Account</strong>.</li>
        <li>Account Type: Manual; User Name: <code>\(username)</code>; Password: an app password; Server Address:
        <code>\(davURL)</code>.</li>
        <li>Sign In, and tick Reminders.</li></ol></details>
        <details class="client-howto"><summary>Thunderbird</summary>
        <ol><li>In the Calendar or Tasks tab choose New Calendar → <strong>On the Network</strong>.</li>
        <li>Username: <code>\(username)</code>; Location: <code>\(davURL)</code>; Find Calendars, and type an app
        password when asked.</li>
        <li>Tick the lists to sync and Subscribe. Tasks show in the Tasks tab.</li></ol></details>
        <details class="client-howto"><summary>Android: DAVx⁵ and tasks.org</summary>
        <ol><li>Install DAVx⁵ and tasks.org. In DAVx⁵ add an account → <strong>Login with URL and user
        name</strong>.</li>
        <li>Base URL: <code>\(davURL)</code>; User name: <code>\(username)</code>; Password: an app password.</li>
        <li>Create the account, open its CalDAV tab and tick the lists to sync. In tasks.org choose Settings →
        Synchronization → DAVx⁵.</li></ol></details>
        <details class="client-howto"><summary>todoman with vdirsyncer</summary>
        <p>Save the app password in <code>~/.config/doable-app-password</code>, then put this in
        <code>~/.config/vdirsyncer/config</code> and run <code>vdirsyncer discover doable</code> and
        <code>vdirsyncer sync</code>:</p>
        <pre class="config-snippet"><code>\(vdirsyncerConfig)</code></pre>
        <p>and this in <code>~/.config/todoman/config.py</code>:</p>
        <pre class="config-snippet"><code>path = "~/.local/share/doable/*"
        date_format = "%Y-%m-%d"
        time_format = "%H:%M"</code></pre></details>
        """
    }

    private var vdirsyncerConfig: String {
        """
        [general]
        status_path = "~/.local/share/vdirsyncer/status/"

        [pair doable]
        a = "doable_local"
        b = "doable_remote"
        collections = ["from a", "from b"]
        metadata = ["displayname", "color"]

        [storage doable_local]
        type = "filesystem"
        path = "~/.local/share/doable/"
        fileext = ".ics"

        [storage doable_remote]
        type = "caldav"
        item_types = ["VTODO"]
        url = "\(davURL)"
        username = "\(username)"
        password.fetch = ["command", "cat", "~/.config/doable-app-password"]
        """
    }

    // MARK: ICS feeds (INTEROP-2)

    private var feeds: HTML {
        let all = FeedPath.dueTasks(key: links.key)
        let lists = links.lists.html { list in
            "<li>\(Self.copyField(id: "feed-\(list.id)", label: "“\(list.name)”", value: origin + FeedPath.list(list.id, key: links.key)))</li>"
        }
        return """
            <p>Google Calendar, Apple Calendar, Outlook and Thunderbird can subscribe to an address that lists your
            tasks: read only, and refreshed about every 15 minutes. Calendars that show no tasks show each task with a
            due date as an event on its day, ☐ while it is open and ☑ once it is done.</p>
            \(Self.copyField(id: "feed-all", label: "All tasks with a due date", value: origin + all,
                         hint: "Open ones, and those completed in the last 30 days, from every list you can see."))
            <h4 id="feed-lists-heading">One list</h4>
            <ul class="feed-list" aria-labelledby="feed-lists-heading">\(lists)</ul>
            <details class="client-howto"><summary>How to subscribe</summary>
            <ul><li>Google Calendar (on the web): Other calendars → + → <strong>From URL</strong>, paste the address.</li>
            <li>Apple Calendar on a Mac: File → <strong>New Calendar Subscription</strong>; on an iPhone: Settings →
            Calendar → Accounts → Add Account → Other → <strong>Add Subscribed Calendar</strong>.</li>
            <li>Outlook: Add calendar → <strong>Subscribe from web</strong>.</li>
            <li>Thunderbird: New Calendar → On the Network, paste the address as the Location.</li></ul></details>
            <p class="hint">Each address is its own password: anyone who has it can read those tasks. If one got out,
            make new links; the old ones stop working at once, and your calendars need the new ones.</p>
            <form method="post" action="/settings/calendars/rotate" class="inline-form" data-confirm="Make new feed \
            links? Calendars subscribed to the current ones stop getting updates until you subscribe them again.">
            \(csrf)<input type="hidden" name="back" value="/settings/calendars">
            <button type="submit" class="button danger">Make new feed links</button>
            </form>
            """
    }

    /// A read-only field to copy from: selectable without the script, with a Copy button once it runs (`copy.js`).
    static func copyField(id: String, label: String, value: String, hint: String? = nil) -> HTML {
        let described: HTML = hint != nil ? " aria-describedby=\"\(id)-hint\"" : ""
        return """
            <div class="field copy-field"><label for="\(id)">\(label)</label>\
            \(hint.map { HTML("<p class=\"hint\" id=\"\(id)-hint\">\($0)</p>") })
            <div class="copy-row"><input id="\(id)" type="text" readonly value="\(value)" spellcheck="false" \
            autocomplete="off"\(described)>\
            <button type="button" class="button" data-copy="\(id)" data-name="\(label)" aria-label="Copy \(label)" \
            hidden>Copy</button></div></div>
            """
    }
}
