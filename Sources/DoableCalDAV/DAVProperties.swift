import DoableCore
import DoableDomain
import DoableHTTP

/// A resource whose properties a PROPFIND or REPORT reads.
enum DAVTarget {
    case root
    case principal
    case home
    case calendar(DAVCalendar)
    /// An object; its calendar, when known, gives the privileges.
    case object(DAVObject, calendar: DAVCalendar?)
}

/// The live properties of Doable's resources, as the caller sees them (INTEROP-1). A property a resource does not
/// have is nil, so it goes into the 404 propstat. Every URL a client may be given (principal, home, calendar)
/// answers the discovery properties (`current-user-principal`, `calendar-home-set`): Thunderbird users paste a
/// calendar's URL, and some clients start discovery wherever they were pointed.
struct DAVProperties {
    let identity: Identity

    static let objectContentType = "text/calendar; charset=utf-8"
    static let syncTokenPrefix = "http://doable.invalid/sync/"

    static func syncToken(_ sequence: Int64) -> String { syncTokenPrefix + String(sequence) }

    /// `http://doable.invalid/sync/<n>` to `n`; nil for any other shape.
    static func syncSequence(_ token: String) -> Int64? {
        guard token.hasPrefix(syncTokenPrefix), let sequence = Int64(token.dropFirst(syncTokenPrefix.count)),
            sequence >= 0
        else { return nil }
        return sequence
    }

    private var username: String { identity.account.username }

    func value(_ name: QName, of target: DAVTarget) -> [XMLNode]? {
        if case .object(let object, let calendar) = target { return objectValue(name, object, calendar) }
        switch (name.namespace, name.local) {
        case (DAVNamespace.dav, "current-user-principal"): return [.href(DAVPath.principalHref(username))]
        case (DAVNamespace.caldav, "calendar-home-set"): return [.href(DAVPath.homeHref(username))]
        case (DAVNamespace.dav, "principal-collection-set"): return [.href("/dav/principals/")]
        case (DAVNamespace.dav, "resourcetype"): return resourceType(target)
        case (DAVNamespace.dav, "displayname"): return displayName(target).map { [.text($0)] }
        case (DAVNamespace.dav, "current-user-privilege-set"): return Self.privileges(writable(target))
        case (DAVNamespace.dav, "supported-report-set"):
            guard case .calendar = target else { return [] }
            return ["calendar-query", "calendar-multiget"].map { Self.report(.caldav($0)) }
                + [Self.report(.dav("sync-collection"))]
        case (DAVNamespace.dav, "owner"):
            if case .calendar(let calendar) = target {
                return calendar.owner.map { [.href(DAVPath.principalHref($0.username))] }
            }
            return target.isRoot ? nil : [.href(DAVPath.principalHref(username))]
        default: break
        }
        switch target {
        case .principal: return principalValue(name)
        case .calendar(let calendar): return calendarValue(name, calendar)
        default: return nil
        }
    }

    private func principalValue(_ name: QName) -> [XMLNode]? {
        switch (name.namespace, name.local) {
        case (DAVNamespace.dav, "principal-URL"): [.href(DAVPath.principalHref(username))]
        case (DAVNamespace.caldav, "calendar-user-address-set"):
            [.href("mailto:" + identity.account.email), .href(DAVPath.principalHref(username))]
        case (DAVNamespace.caldav, "calendar-user-type"): [.text("INDIVIDUAL")]
        default: nil
        }
    }

    private func calendarValue(_ name: QName, _ calendar: DAVCalendar) -> [XMLNode]? {
        switch (name.namespace, name.local) {
        case (DAVNamespace.caldav, "calendar-description"): [.text(calendar.list.description)]
        case (DAVNamespace.apple, "calendar-color"): [.text(ListColor.hex(calendar.list.color) + "FF")]
        case (DAVNamespace.apple, "calendar-order"): [.text(String(calendar.order))]
        case (DAVNamespace.calendarServer, "getctag"): [.text(String(calendar.syncSequence))]
        case (DAVNamespace.dav, "sync-token"): [.text(Self.syncToken(calendar.syncSequence))]
        case (DAVNamespace.caldav, "supported-calendar-component-set"):
            [.element(.caldav("comp"), attributes: [("name", "VTODO")])]
        case (DAVNamespace.caldav, "supported-calendar-data"):
            [.element(.caldav("calendar-data"), attributes: [("content-type", "text/calendar"), ("version", "2.0")])]
        case (DAVNamespace.caldav, "max-resource-size"): [.text(String(maxRequestBodyBytes))]
        default: nil
        }
    }

    private func objectValue(_ name: QName, _ object: DAVObject, _ calendar: DAVCalendar?) -> [XMLNode]? {
        switch (name.namespace, name.local) {
        case (DAVNamespace.dav, "getetag"): [.text(object.etag)]
        case (DAVNamespace.dav, "getcontenttype"): [.text(Self.objectContentType)]
        case (DAVNamespace.dav, "getlastmodified"): [.text(HTTPDate.format(object.lastModified))]
        case (DAVNamespace.dav, "resourcetype"): []
        case (DAVNamespace.dav, "getcontentlength"): object.body.map { [.text(String($0.utf8.count))] }
        case (DAVNamespace.caldav, "calendar-data"): object.body.map { [.text($0)] }
        case (DAVNamespace.dav, "current-user-privilege-set"): calendar.map { Self.privileges(canWrite($0)) }
        case (DAVNamespace.dav, "current-user-principal"): [.href(DAVPath.principalHref(username))]
        default: nil
        }
    }

    /// What `allprop` returns: the cheap live properties (RFC 4918 §9.1 lets a server leave out expensive ones).
    func allprop(_ target: DAVTarget) -> [QName] {
        switch target {
        case .root: [.dav("resourcetype"), .dav("displayname"), .dav("current-user-principal")]
        case .principal:
            [
                .dav("resourcetype"), .dav("displayname"), .dav("current-user-principal"), .dav("principal-URL"),
                .caldav("calendar-home-set"), .caldav("calendar-user-address-set"),
            ]
        case .home:
            [
                .dav("resourcetype"), .dav("displayname"), .dav("current-user-principal"), .caldav("calendar-home-set"),
                .dav("owner"),
            ]
        case .calendar:
            [
                .dav("resourcetype"), .dav("displayname"), .dav("owner"), .caldav("calendar-description"),
                .apple("calendar-color"), .apple("calendar-order"), .calendarServer("getctag"), .dav("sync-token"),
                .caldav("supported-calendar-component-set"), .dav("current-user-principal"),
            ]
        case .object(let object, _):
            [.dav("resourcetype"), .dav("getetag"), .dav("getcontenttype"), .dav("getlastmodified")]
                + (object.body == nil ? [] : [.dav("getcontentlength")])
        }
    }

    /// Every property the resource has, for `propname`.
    func names(_ target: DAVTarget) -> [QName] {
        let candidates: [QName] = [
            .dav("resourcetype"), .dav("displayname"), .dav("current-user-principal"), .dav("principal-URL"),
            .dav("principal-collection-set"), .dav("owner"), .dav("current-user-privilege-set"),
            .dav("supported-report-set"), .dav("sync-token"), .dav("getetag"), .dav("getcontenttype"),
            .dav("getlastmodified"), .dav("getcontentlength"), .caldav("calendar-home-set"),
            .caldav("calendar-user-address-set"), .caldav("calendar-user-type"), .caldav("calendar-description"),
            .caldav("supported-calendar-component-set"), .caldav("supported-calendar-data"),
            .caldav("max-resource-size"), .caldav("calendar-data"), .apple("calendar-color"),
            .apple("calendar-order"), .calendarServer("getctag"),
        ]
        return candidates.filter { value($0, of: target) != nil }
    }

    private func resourceType(_ target: DAVTarget) -> [XMLNode] {
        switch target {
        case .root, .home: [.element(.dav("collection"))]
        case .principal: [.element(.dav("principal"))]
        case .calendar: [.element(.dav("collection")), .element(.caldav("calendar"))]
        case .object: []
        }
    }

    private func displayName(_ target: DAVTarget) -> String? {
        switch target {
        case .root: "Doable"
        case .principal:
            "\(identity.account.firstName) \(identity.account.lastName)".trimmingXMLWhitespace().nonEmpty ?? username
        case .home: "Doable lists"
        case .calendar(let calendar): calendar.list.name
        case .object: nil
        }
    }

    private func canWrite(_ calendar: DAVCalendar) -> Bool { identity.canWrite && calendar.canWrite }

    private func writable(_ target: DAVTarget) -> Bool {
        switch target {
        case .root, .principal: false
        case .home: identity.canWrite
        case .calendar(let calendar): canWrite(calendar)
        case .object(_, let calendar): calendar.map(canWrite) ?? false
        }
    }

    /// A viewer's (or a read-only credential's) calendar grants reading only, so Thunderbird shows it read-only.
    static func privileges(_ writable: Bool) -> [XMLNode] {
        let read = ["read", "read-current-user-privilege-set"]
        let write = ["write", "write-properties", "write-content", "bind", "unbind"]
        return (writable ? read + write : read).map { .element(.dav("privilege"), [.element(.dav($0))]) }
    }

    private static func report(_ name: QName) -> XMLNode {
        .element(.dav("supported-report"), [.element(.dav("report"), [.element(name)])])
    }
}

extension DAVTarget {
    var isRoot: Bool {
        if case .root = self { return true }
        return false
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
