public import DoableCore
import Foundation
@_spi(StoreWriting) import DoableStore

/// INTEROP-1: CalDAV's view of lists. Every write is the same domain operation as the API's (createList,
/// updateList, deleteList, removeMember); objects are in `Domain+CalDAVObjects.swift`, their writes in
/// `Domain+CalDAVWrites.swift`, sync in `Domain+CalDAVSync.swift`.
extension CalDAVService {
    /// Every list the caller can see, as calendars, in their order.
    public func davCalendars(_ identity: Identity) async throws -> [DAVCalendar] {
        var owners: [AccountID: Account] = [identity.account.id: identity.account]
        var calendars: [DAVCalendar] = []
        let views = try await domain.tasks.listsSeen(identity)
        let segments = try await store.calendarCollectionNames(listIDs: views.map(\.list.id))
        for (index, view) in views.enumerated() {
            var calendar = try await davCalendar(
                identity, view.list, role: view.role, order: index + 1,
                owners: &owners)
            calendar.segment = segments[view.list.id] ?? calendar.segment
            calendars.append(calendar)
        }
        return calendars
    }

    /// The calendar a URL segment names: a collection name a client chose for a list the caller sees, or a list id.
    public func davCalendar(_ identity: Identity, segment: String) async throws -> DAVCalendar {
        try await davCalendar(identity, listID: davListID(identity, segment: segment))
    }

    /// The list a URL segment names, without reading more than needed (every object request asks).
    public func davListID(_ identity: Identity, segment: String) async throws -> ListID {
        for id in try await store.calendarCollectionLists(name: segment) {
            if (try? await domain.access(id, for: identity, .read)) != nil { return id }
        }
        if let id = ListID(segment) { return id }
        throw DoableError.notFound("No such calendar.")
    }

    /// One calendar; `DoableError.notFound` when the caller cannot see the list.
    public func davCalendar(_ identity: Identity, listID: ListID) async throws -> DAVCalendar {
        let access = try await domain.access(listID, for: identity, .read)
        let order = (try await domain.tasks.listsSeen(identity).firstIndex { $0.list.id == listID } ?? 0) + 1
        var owners: [AccountID: Account] = [identity.account.id: identity.account]
        var calendar = try await davCalendar(identity, access.list, role: access.role, order: order, owners: &owners)
        calendar.segment = try await store.calendarCollectionNames(listIDs: [listID])[listID] ?? calendar.segment
        return calendar
    }

    private func davCalendar(
        _ identity: Identity, _ list: TaskList, role: ListRole, order: Int,
        owners: inout [AccountID: Account]
    ) async throws -> DAVCalendar {
        if owners[list.ownerID] == nil, let owner = try await store.account(id: list.ownerID) {
            owners[list.ownerID] = owner
        }
        let sequence = try await store.latestSequence(accountID: identity.account.id, listID: list.id)
        return DAVCalendar(list: list, role: role, owner: owners[list.ownerID], syncSequence: sequence, order: order)
    }

    /// `MKCALENDAR` and extended `MKCOL`: a new list (the segment the client chose is not kept: the list's URL is
    /// its id, so the caller answers 201 with a `Location`).
    /// `segment` is the URL segment the client chose; the list keeps it as its collection name, and it names a list
    /// that has no display name (with a number when the member already has a list of that name).
    public func davMakeCalendar(_ identity: Identity, segment: String, _ patch: DAVCalendarPatch) async throws
        -> DAVCalendar
    {
        if (try? await davCalendar(identity, segment: segment)) != nil {
            throw DoableError.conflict(code: "already_exists", field: nil, message: "A calendar is already there.")
        }
        var input = ListInput()
        input.calendarSegment = segment
        input.description = patch.description
        // A client's colour that Doable cannot show is not a reason to refuse the calendar.
        input.color = patch.color.flatMap { try? Rules.color(Self.davColor($0)) }
        let named = patch.displayName.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        let taken = Set(try await store.lists(ownerID: identity.account.id).map { $0.name.lowercased() })
        var name = named ?? String(segment.prefix(40))
        if named == nil, taken.contains(name.lowercased()) {
            name = (2...).lazy.map { "\(name) \($0)" }.first { !taken.contains($0.lowercased()) } ?? name
        }
        input.name = name
        let list = try await domain.tasks.createList(identity, input)
        return try await davCalendar(identity, listID: list.id)
    }

    /// `PROPPATCH`: renames, describes or recolours the list.
    public func davUpdateCalendar(_ identity: Identity, listID: ListID, _ patch: DAVCalendarPatch) async throws
        -> DAVCalendar
    {
        var input = ListInput()
        input.name = patch.displayName
        input.description = patch.description
        input.color = patch.color.map(Self.davColor)
        if input.name != nil || input.description != nil || input.color != nil {
            _ = try await domain.tasks.updateList(identity, id: listID, input)
        }
        return try await davCalendar(identity, listID: listID)
    }

    /// `DELETE` of a calendar: the list goes to the trash (a member who is not the owner leaves it instead).
    public func davDeleteCalendar(_ identity: Identity, listID: ListID) async throws {
        let access = try await domain.access(listID, for: identity, .read)
        if access.role == .owner {
            try await domain.tasks.deleteList(identity, id: listID)
        } else {
            try await domain.sharing.removeMember(identity, listID: listID, accountID: identity.account.id)
        }
    }

    /// Apple's `#RRGGBBAA` without its alpha; anything else as it came, for the colour rule to judge.
    static func davColor(_ value: String) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.count == 9 && trimmed.hasPrefix("#") ? String(trimmed.prefix(7)) : trimmed
    }

    /// HTTP Basic for CalDAV: a username or email with an app password or access token of the account, or the
    /// account's password unless the member turned that off. nil when it does not hold.
    public func davAuthenticate(login: String, password: String) async throws -> Identity? {
        guard !password.isEmpty else { return nil }
        guard let account = try await domain.accounts.account(login: login), !account.isDisabled else {
            try await domain.accounts.refuseUnknownLogin(password: password)
            return nil
        }
        if let identity = try await domain.accounts.authenticate(secret: password), identity.account.id == account.id,
            identity.credential.kind != .session
        {
            return identity
        }
        // ACC-10: with two-factor sign-in on, the account password alone signs in nowhere; app passwords do.
        guard account.preferences.calDAVAccountPassword, !account.hasTwoFactor,
            try await domain.passwords.verify(password, hash: account.passwordHash)
        else { return nil }
        // The account password stands for a read-write credential of its own that is never stored.
        let credential = Credential(
            id: CredentialID(account.id.uuid), accountID: account.id, kind: .appPassword,
            name: "Account password", scope: .readWrite, secretHash: "", createdAt: account.createdAt)
        return Identity(account: account, credential: credential)
    }
}
