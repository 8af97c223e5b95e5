import DoableCore
import DoableDomain
import Hummingbird

extension CalDAVController {
    /// PROPPATCH (RFC 4918 §9.2) of a calendar: rename, describe, recolour. Atomic: when one property cannot be set,
    /// none is, and the others answer 424 Failed Dependency.
    func proppatch(_ call: Call) async throws -> Response {
        guard let body = try await call.request.davXMLBody(), body.name == .dav("propertyupdate") else {
            throw DAVFailure.badRequest("The body must be a DAV:propertyupdate.")
        }
        let href = call.request.uri.path
        guard case .calendar(_, let segment) = call.path else {
            // A client tidying its principal or home is told, property by property, that nothing there changes.
            let names = body.children.flatMap { $0.children(.dav("prop")) }.flatMap(\.propertyNames)
            return Multistatus.response([
                DAVResponseEntry(
                    href: href,
                    propstats: [
                        .init(
                            status: .forbidden, properties: names.map { ($0, []) },
                            description: "Only a calendar's properties can be changed.")
                    ])
            ])
        }
        let calendar = try await calendar(call, segment)
        let update = CalendarPropertyUpdate(body.children, creating: false)
        guard update.refused.isEmpty else {
            var propstats = update.refused.map {
                DAVResponseEntry.Propstat(status: .forbidden, properties: [($0.name, [])], description: $0.reason)
            }
            if !update.accepted.isEmpty {
                propstats.append(.init(status: .failedDependency, properties: update.accepted.map { ($0, []) }))
            }
            return Multistatus.response([DAVResponseEntry(href: href, propstats: propstats)])
        }
        do {
            _ = try await calDAV.davUpdateCalendar(call.identity, listID: calendar.list.id, update.patch)
        } catch let error as DoableError {
            let culprit = update.property(forField: error.field).flatMap { update.accepted.contains($0) ? $0 : nil }
            let status: HTTPResponse.Status = if case .forbidden = error { .forbidden } else { .conflict }
            var propstats: [DAVResponseEntry.Propstat] = []
            if let culprit {
                propstats.append(.init(status: status, properties: [(culprit, [])], description: error.message))
                let others = update.accepted.filter { $0 != culprit }
                if !others.isEmpty { propstats.append(.init(status: .failedDependency, properties: others.map { ($0, []) })) }
            } else {
                propstats.append(
                    .init(
                        status: status, properties: update.accepted.map { ($0, []) },
                        description: error.message))
            }
            return Multistatus.response([DAVResponseEntry(href: href, propstats: propstats)])
        }
        return Multistatus.response([DAVResponseEntry(href: href, found: update.accepted.map { ($0, []) }, missing: [])])
    }

    /// MKCALENDAR (RFC 4791 §5.3.1) and extended MKCOL (RFC 5689): a new list that keeps the segment the client chose
    /// as its URL (clients go on using the URL they asked for).
    func makeCalendar(_ call: Call) async throws -> Response {
        guard case .calendar(_, let segment) = call.path else {
            throw DAVFailure(.forbidden, message: "A calendar can only be made inside the calendar home.")
        }
        if (try? await calDAV.davCalendar(call.identity, segment: segment)) != nil {
            throw DAVFailure(
                .methodNotAllowed, condition: .element(.dav("resource-must-be-null")),
                message: "A calendar exists at this URL.", headers: [.allow: Self.allow])
        }
        let isMKCOL = call.request.method == Self.mkcol
        let body = try await call.request.davXMLBody()
        let rootName: QName = isMKCOL ? .dav("mkcol") : .caldav("mkcalendar")
        if let body, body.name != rootName {
            throw DAVFailure.badRequest("The body must be a \(XMLWriter.tag(rootName)).")
        }
        let update = CalendarPropertyUpdate(body?.children ?? [], creating: true)
        if isMKCOL, !(update.resourceType ?? []).contains(.caldav("calendar")) {
            throw DAVFailure.precondition(
                .dav("valid-resourcetype"),
                "Only calendars can be made here: set the resourcetype to calendar.")
        }
        if update.refusesComponents {
            throw DAVFailure.precondition(
                .caldav("supported-calendar-component"),
                "A Doable calendar holds tasks (VTODO) only.")
        }
        let calendar = try await calDAV.davMakeCalendar(call.identity, segment: segment, update.patch)
        return Response(status: .created, headers: [.location: calendarHref(call, calendar), .contentLength: "0"])
    }

    /// DELETE of a calendar (the list goes to the trash, or the member leaves a shared one) or of an object.
    func delete(_ call: Call) async throws -> Response {
        switch call.path {
        case .calendar(_, let segment):
            let calendar = try await calendar(call, segment)
            try await calDAV.davDeleteCalendar(call.identity, listID: calendar.list.id)
        case .object(_, let segment, let name):
            let listID = try await listID(call, segment)
            try await calDAV.davDelete(
                call.identity, listID: listID, name: name,
                ifMatch: call.request.davHeader(.ifMatch))
        default:
            throw DAVFailure(.forbidden, message: "This resource cannot be deleted.")
        }
        return Response(status: .noContent)
    }
}
