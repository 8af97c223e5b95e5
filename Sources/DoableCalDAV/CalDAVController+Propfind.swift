import DoableCore
import DoableDomain
import Hummingbird

/// What a PROPFIND (or a REPORT's `D:prop`) asks for.
enum PropertyRequest {
    case allprop(include: [QName])
    case propname
    case named([QName])

    /// RFC 4918 §9.1: no body, or an empty `propfind`, means `allprop`.
    init(propfind body: XMLReader.Element?) throws {
        guard let body else {
            self = .allprop(include: [])
            return
        }
        guard body.name == .dav("propfind") else { throw DAVFailure.badRequest("The body must be a DAV:propfind.") }
        if let prop = body.child(.dav("prop")) {
            self = .named(prop.propertyNames)
        } else if body.child(.dav("propname")) != nil {
            self = .propname
        } else {
            self = .allprop(include: body.child(.dav("include"))?.propertyNames ?? [])
        }
    }

    /// A REPORT's properties: its `D:prop`, `D:allprop` or, without either, the ETag alone.
    init(report body: XMLReader.Element) {
        if let prop = body.child(.dav("prop")) {
            self = .named(prop.propertyNames)
        } else if body.child(.dav("allprop")) != nil {
            self = .allprop(include: [.caldav("calendar-data")])
        } else {
            self = .named([.dav("getetag")])
        }
    }

    /// Whether answering needs the objects' bodies.
    var needsBodies: Bool {
        switch self {
        case .allprop(let include): include.contains(.caldav("calendar-data"))
        case .propname: false
        case .named(let names): names.contains(.caldav("calendar-data")) || names.contains(.dav("getcontentlength"))
        }
    }

    func contains(_ name: QName) -> Bool {
        switch self {
        case .allprop(let include): include.contains(name)
        case .propname: false
        case .named(let names): names.contains(name)
        }
    }

    /// The resource's response: the properties found (200) and the ones it does not have (404).
    func entry(href: String, target: DAVTarget, properties: DAVProperties) -> DAVResponseEntry {
        switch self {
        case .propname:
            return DAVResponseEntry(href: href, found: properties.names(target).map { ($0, []) }, missing: [])
        case .allprop(let include):
            var names = properties.allprop(target)
            for name in include where !names.contains(name) { names.append(name) }
            return entry(href: href, names: names, target: target, properties: properties, reportMissing: false)
        case .named(let names):
            return entry(href: href, names: names, target: target, properties: properties, reportMissing: true)
        }
    }

    private func entry(
        href: String, names: [QName], target: DAVTarget, properties: DAVProperties,
        reportMissing: Bool
    ) -> DAVResponseEntry {
        var found: [(name: QName, value: [XMLNode])] = []
        var missing: [QName] = []
        for name in names {
            if let value = properties.value(name, of: target) {
                found.append((name, value))
            } else if reportMissing {
                missing.append(name)
            }
        }
        return DAVResponseEntry(href: href, found: found, missing: missing)
    }
}

extension CalDAVController {
    /// PROPFIND (RFC 4918 §9.1) at Depth 0 or 1: discovery, the calendars of the home, the objects of a calendar.
    func propfind(_ call: Call) async throws -> Response {
        let asked = try PropertyRequest(propfind: try await call.request.davXMLBody())
        let depth = try call.request.davDepth()
        let properties = DAVProperties(identity: call.identity)
        // The resource itself answers under the URL it was asked by (a client may match on it).
        let selfHref = call.request.uri.path
        var entries: [DAVResponseEntry] = []
        switch call.path {
        case .root:
            entries.append(asked.entry(href: selfHref, target: .root, properties: properties))
        case .principal:
            entries.append(asked.entry(href: selfHref, target: .principal, properties: properties))
        case .home:
            entries.append(asked.entry(href: selfHref, target: .home, properties: properties))
            if depth > 0 {
                for calendar in try await calDAV.davCalendars(call.identity) {
                    entries.append(
                        asked.entry(
                            href: calendarHref(call, calendar), target: .calendar(calendar),
                            properties: properties))
                }
            }
        case .calendar(_, let segment):
            let calendar = try await calendar(call, segment)
            entries.append(asked.entry(href: selfHref, target: .calendar(calendar), properties: properties))
            if depth > 0 {
                let objects = try await calDAV.davObjects(
                    call.identity, listID: calendar.list.id,
                    withBodies: asked.needsBodies)
                entries.reserveCapacity(objects.count + 1)
                let members = calendarHref(call, calendar)
                for object in objects {
                    entries.append(
                        asked.entry(
                            href: DAVPath.objectHref(in: members, object.name),
                            target: .object(object, calendar: calendar), properties: properties))
                }
            }
        case .object(_, let segment, let name):
            let listID = try await listID(call, segment)
            let object = try await calDAV.davObject(call.identity, listID: listID, name: name)
            let calendar =
                asked.contains(.dav("current-user-privilege-set"))
                ? try await calDAV.davCalendar(call.identity, listID: listID) : nil
            entries.append(
                asked.entry(
                    href: selfHref, target: .object(object, calendar: calendar),
                    properties: properties))
        }
        return Multistatus.response(entries)
    }
}
