import DoableCore
import DoableDomain
import DoableHTTP
import Hummingbird

extension CalDAVController {
    /// The most objects one `sync-collection` answer carries when the client sets no `DAV:limit`: enough for a
    /// whole large list in one answer when only ETags are asked for, and a bounded response when bodies are.
    static let syncLimit = 20_000
    static let syncLimitWithBodies = 2_000

    /// REPORT: `calendar-query`, `calendar-multiget` (RFC 4791 §7.8, §7.9) and `sync-collection` (RFC 6578).
    func report(_ call: Call) async throws -> Response {
        guard let body = try await call.request.davXMLBody() else {
            throw DAVFailure.badRequest("A REPORT needs a body naming the report.")
        }
        switch body.name {
        case .caldav("calendar-multiget"): return try await multiget(call, body)
        case .caldav("calendar-query"): return try await query(call, body, calendar: try await reportCalendar(call))
        case .dav("sync-collection"): return try await sync(call, body, calendar: try await reportCalendar(call))
        default:
            throw DAVFailure.precondition(
                .dav("supported-report"),
                "Doable answers calendar-query, calendar-multiget and sync-collection.")
        }
    }

    private func reportCalendar(_ call: Call) async throws -> DAVCalendar {
        guard case .calendar(_, let segment) = call.path else {
            throw DAVFailure.precondition(.dav("supported-report"), "Ask a calendar collection for this report.")
        }
        return try await calendar(call, segment)
    }

    private func query(_ call: Call, _ body: XMLReader.Element, calendar: DAVCalendar) async throws -> Response {
        let asked = PropertyRequest(report: body)
        let filter = try CalendarQueryParser.filter(of: body)
        guard filter.name == "VCALENDAR" else {
            throw DAVFailure.precondition(.caldav("valid-filter"), "The filter's top comp-filter must be VCALENDAR.")
        }
        let objects = try await calDAV.davQuery(
            call.identity, listID: calendar.list.id, filter: filter,
            withBodies: asked.needsBodies)
        let properties = DAVProperties(identity: call.identity)
        let members = calendarHref(call, calendar)
        return Multistatus.response(
            objects.map { object in
                asked.entry(
                    href: DAVPath.objectHref(in: members, object.name),
                    target: .object(object, calendar: calendar), properties: properties)
            })
    }

    /// Each href answers in the form it was asked by; one that names nothing (or another member's resource) is a
    /// 404 response of its own.
    private func multiget(_ call: Call, _ body: XMLReader.Element) async throws -> Response {
        let asked = PropertyRequest(report: body)
        let hrefs = body.children(.dav("href")).map(\.trimmedText)
        var wanted: [ListID: [(href: String, name: String)]] = [:]
        var order: [ListID] = []
        var missing: Set<String> = []
        // The hrefs of one request nearly always share their calendar: its segment is looked up once.
        var listIDs: [String: ListID?] = [:]
        for href in hrefs {
            guard case .object(let user, let segment, let name)? = DAVPath(href), Self.names(call.identity.account, user)
            else {
                missing.insert(href)
                continue
            }
            let listID: ListID?
            if let known = listIDs[segment] {
                listID = known
            } else {
                listID = try? await calDAV.davListID(call.identity, segment: segment)
                listIDs[segment] = .some(listID)
            }
            guard let listID else {
                missing.insert(href)
                continue
            }
            if wanted[listID] == nil { order.append(listID) }
            wanted[listID, default: []].append((href, name))
        }
        var found: [String: (DAVObject, DAVCalendar?)] = [:]
        for listID in order {
            let names = wanted[listID] ?? []
            do {
                let calendar =
                    asked.contains(.dav("current-user-privilege-set"))
                    ? try await calDAV.davCalendar(call.identity, listID: listID) : nil
                let objects = try await calDAV.davObjects(call.identity, listID: listID, names: names.map(\.name))
                for (href, name) in names {
                    if let object = objects[name] { found[href] = (object, calendar) }
                }
            } catch DoableError.notFound {
                continue
            }
        }
        let properties = DAVProperties(identity: call.identity)
        return Multistatus.response(
            hrefs.map { href in
                guard !missing.contains(href), let (object, calendar) = found[href] else {
                    return DAVResponseEntry(href: href, status: .notFound)
                }
                return asked.entry(href: href, target: .object(object, calendar: calendar), properties: properties)
            })
    }

    /// RFC 6578: what changed since the token. Changed members carry the asked properties (their ETag always),
    /// removed ones answer 404, and a truncated answer adds a 507 for the collection; the new token closes it.
    private func sync(_ call: Call, _ body: XMLReader.Element, calendar: DAVCalendar) async throws -> Response {
        let tokenText = body.child(.dav("sync-token"))?.trimmedText ?? ""
        var sequence: Int64?
        if !tokenText.isEmpty {
            guard let parsed = DAVProperties.syncSequence(tokenText) else { throw DAVFailure.invalidSyncToken }
            sequence = parsed
        }
        let level = body.child(.dav("sync-level"))?.trimmedText ?? "1"
        guard level == "1" || level == "infinite" || level == "infinity" else {
            throw DAVFailure.badRequest("sync-level must be 1.")
        }
        var asked = PropertyRequest(report: body)
        if case .named(let names) = asked, !names.contains(.dav("getetag")) {
            asked = .named([.dav("getetag")] + names)
        }
        var limit = asked.needsBodies ? Self.syncLimitWithBodies : Self.syncLimit
        if let requested = body.child(.dav("limit"))?.child(.dav("nresults"))?.trimmedText {
            guard let count = Int(requested), count > 0 else {
                throw DAVFailure.badRequest("DAV:nresults must be a positive number.")
            }
            limit = min(limit, count)
        }
        let result: DAVSyncResult
        do {
            result = try await calDAV.davSync(
                call.identity, listID: calendar.list.id, after: sequence, limit: limit,
                withBodies: asked.needsBodies)
        } catch DAVError.invalidSyncToken {
            throw DAVFailure.invalidSyncToken
        }
        let properties = DAVProperties(identity: call.identity)
        let members = calendarHref(call, calendar)
        var entries = result.changed.map { object in
            asked.entry(
                href: DAVPath.objectHref(in: members, object.name),
                target: .object(object, calendar: calendar), properties: properties)
        }
        for name in result.removed {
            entries.append(DAVResponseEntry(href: DAVPath.objectHref(in: members, name), status: .notFound))
        }
        if result.truncated {
            entries.append(DAVResponseEntry(href: members, status: .insufficientStorage))
        }
        return Multistatus.response(entries, syncToken: DAVProperties.syncToken(result.sequence))
    }
}
