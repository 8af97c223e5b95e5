import DoableArt
import DoableCore

/// REACH-3 in Settings › Notifications: "Push to this device" (push.js subscribes the browser with the server's
/// VAPID key and posts its subscription here), and the devices that receive pushes, each with a test and Remove.
struct PushDevicesSection {
    let devices: [PushSubscription]
    /// The server's VAPID public key, for `pushManager.subscribe`.
    let publicKey: String
    let csrf: HTML
    let time: MemberTime

    var html: HTML {
        let list: HTML =
            devices.isEmpty
            ? "<p id=\"push-none\">No device receives push notifications yet.</p>"
            : """
            <ul class="webhook-list push-devices" aria-labelledby="push-heading">\(devices.html(item))</ul>
            """
        return """
            <section class="push-settings" aria-labelledby="push-heading">
            <h3 id="push-heading" class="settings-subheading">Push notifications</h3>
            <p>Reminders and notifications reach a phone or computer with Doable closed, as the channel \
            <strong>Push</strong> above chooses. Each message is encrypted for the device; the push service that \
            carries it cannot read it.</p>
            <div id="push-device" data-key="\(publicKey)">
            <button type="button" class="button primary" id="push-on" hidden>\(Icon.bell.html)Push to this device</button>
            <p id="push-state" class="hint" role="status">Push needs this page's script and a browser that supports \
            it (on an iPhone or iPad: Doable added to the home screen).</p>
            </div>
            \(list)
            </section>
            """
    }

    private func item(_ device: PushSubscription) -> HTML {
        let last: HTML = device.lastSuccessAt.map { "Last push \(time.agoElement($0))" } ?? "No push sent yet"
        return """
            <li id="push-\(device.id)" class="webhook-item" data-push-id="\(device.id)">
            <strong class="push-name">\(device.deviceName)</strong>
            <span class="webhook-meta">Added \(time.agoElement(device.createdAt)) · \(last)</span>
            <form method="post" action="/settings/push/\(device.id)/test" class="inline-form">\(csrf)\
            <button type="submit" class="button" aria-label="Send a test notification to \(device.deviceName)">Send test</button></form>
            <form method="post" action="/settings/push/\(device.id)/delete" class="inline-form">\(csrf)\
            <button type="submit" class="button quiet-danger" aria-label="Stop pushing to \(device.deviceName)">Remove</button></form>
            </li>
            """
    }
}
