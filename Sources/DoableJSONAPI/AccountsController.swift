import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDelivery
import DoableDomain
import Hummingbird
import NIOCore
import DoableHTTP

/// ACC-1..7: registration, sessions, profile, password, export and deletion.
struct AccountsController: Sendable {
    let accounts: AccountService
    let transfer: TransferService
    let photos: PhotoService
    let market: MarketService
    let limiter: SignInLimiter
    let mailer: AccountMailer

    func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post("accounts", use: register)
        group.post("sessions", use: signIn)
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.delete("sessions/current", use: signOut)
        group.delete("sessions", use: signOutEverywhere)
        group.get("me", use: me)
        group.patch("me", use: updateMe)
        group.delete("me", use: deleteMe)
        group.put("me/password", use: changePassword)
        group.get("me/export", use: export)
        // ACC-3: members view each other's profiles; strangers do not (issue 27, finding 6).
        group.get("users/{username}", use: publicProfile)
    }

    @Sendable func register(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.register)
        var input = Registration(
            email: try body.required("email", body.string),
            password: try body.required("password", body.string),
            username: try body.required("username", body.string))
        input.firstName = try body.required("firstName", body.string)
        input.lastName = try body.required("lastName", body.string)
        input.gender = try body.nullableEnumeration("gender", Gender.self) ?? nil
        input.genderDescription = try body.nullableString("genderDescription") ?? nil
        input.dateOfBirth = try body.nullableCivilDate("dateOfBirth") ?? nil
        input.educationLevel = try body.nullableEnumeration("educationLevel", EducationLevel.self) ?? nil
        input.phone = try body.nullableString("phone") ?? nil
        let invitation = try body.string("invitation")
        try limiter.admitRegistration(address: context.clientAddress)
        let (account, session): (Account, IssuedCredential)
        do {
            (account, session) = try await accounts.register(
                input, device: ClientDevice(userAgent: request.headers[.userAgent], address: context.clientAddress),
                invitation: invitation)
        } catch let error as DoableError where error.isTakenLogin {
            limiter.recordTakenRegistration(address: context.clientAddress)
            throw error
        }
        // ACC-9: the first confirmation link goes at once when the server asks for confirmed addresses.
        if accounts.needsVerification(account), mailer.canSend,
            let issued = try? await accounts.requestEmailVerification(Identity(account: account, credential: session.credential))
        {
            mailer.emailVerification(issued)
        }
        return JSONResponse.make(SessionDTO(account: AccountDTO(account), token: session.secret), status: .created)
    }

    @Sendable func signIn(_ request: Request, context: AppRequestContext) async throws -> Response {
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.signIn)
        let login = try body.required("login", body.string)
        let password = try body.required("password", body.string)
        let secondFactor = try body.secondFactor()
        let (account, session) = try await SignInFlow(accounts: accounts, limiter: limiter).signIn(
            login: login, password: password, secondFactor: secondFactor,
            userAgent: request.headers[.userAgent], address: context.clientAddress)
        return JSONResponse.make(SessionDTO(account: AccountDTO(account), token: session.secret), status: .created)
    }

    /// Issue 10, finding 8: every check of an account's password — not only signing in — goes through the sign-in
    /// limiter, so a stolen session cannot be used to guess the password at full speed. `operation` refuses a
    /// wrong password with a 403 naming `field`.
    @Sendable func signOut(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await accounts.signOut(try context.requireIdentity())
        return JSONResponse.noContent()
    }

    @Sendable func signOutEverywhere(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await accounts.signOutEverywhere(try context.requireIdentity())
        return JSONResponse.noContent()
    }

    @Sendable func me(_ request: Request, context: AppRequestContext) async throws -> Response {
        JSONResponse.make(AccountDTO(try context.requireIdentity().account))
    }

    @Sendable func updateMe(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.updateMe)
        var patch = ProfilePatch()
        patch.email = try body.string("email")
        patch.username = try body.string("username")
        patch.firstName = try body.string("firstName")
        patch.lastName = try body.string("lastName")
        patch.gender = try body.nullableEnumeration("gender", Gender.self)
        patch.genderDescription = try body.nullableString("genderDescription")
        patch.dateOfBirth = try body.nullableCivilDate("dateOfBirth")
        patch.educationLevel = try body.nullableEnumeration("educationLevel", EducationLevel.self)
        patch.phone = try body.nullableString("phone")
        patch.showEmail = try body.bool("showEmail")
        patch.showPhone = try body.bool("showPhone")
        if let preferences = try body.object("preferences", allowed: RequestFields.preferences) {
            patch.preferences = try Self.preferencesPatch(preferences)
        }
        return JSONResponse.make(AccountDTO(try await accounts.updateProfile(identity, patch)))
    }

    static func preferencesPatch(_ body: JSONObjectReader) throws -> PreferencesPatch {
        var patch = PreferencesPatch()
        patch.timeZone = try body.string("timeZone")
        patch.weekStart = try body.enumeration("weekStart", Preferences.Weekday.self)
        patch.theme = try body.enumeration("theme", Preferences.Theme.self)
        patch.accentColor = try body.string("accentColor")
        patch.defaultSort = try body.enumeration("defaultSort", TaskSort.self)
        if body.isNull("quietHours") {
            patch.quietHours = .some(nil)
        } else if let quiet = try body.object("quietHours", allowed: RequestFields.quietHours) {
            patch.quietHours = Preferences.QuietHours(
                start: try quiet.required("start", quiet.string), end: try quiet.required("end", quiet.string),
                mode: try quiet.enumeration("mode", Preferences.QuietHours.Mode.self) ?? .silent)
        }
        if let channels = try body.object("notificationChannels", allowed: RequestFields.notificationChannels) {
            patch.inApp = try channels.bool("inApp")
            patch.email = try channels.bool("email")
            patch.webhook = try channels.bool("webhook")
            patch.push = try channels.bool("push")
            patch.byKind = try channelsByKind(channels)
        }
        patch.gameOptIn = try body.bool("gameOptIn")
        patch.calDAVAccountPassword = try body.bool("calDAVAccountPassword")
        return patch
    }

    /// NOTIF-2: `byKind` as `{"reminder": {"email": false}, …}`; an unknown kind or channel is refused by its path
    /// (`preferences.notificationChannels.byKind.reminder.email`).
    static func channelsByKind(_ channels: JSONObjectReader) throws -> [AppNotification.Kind: ChannelsPatch] {
        guard channels.has("byKind") else { return [:] }
        if case .object(let fields)? = channels.fields["byKind"],
            let unknown = fields.keys.sorted().first(where: { !RequestFields.channelKinds.contains($0) })
        {
            let path = channels.name("byKind") + "." + unknown
            throw DoableError.invalid(
                path,
                "Unknown kind '\(unknown.prefix(50))'; kinds with a choice of channels: "
                    + PreferencesPatch.kindsWithChannels.map(\.rawValue).joined(separator: ", ") + ".")
        }
        guard let byKind = try channels.object("byKind", allowed: RequestFields.channelKinds) else { return [:] }
        var result: [AppNotification.Kind: ChannelsPatch] = [:]
        for kind in PreferencesPatch.kindsWithChannels {
            guard let set = try byKind.object(kind.rawValue, allowed: RequestFields.channelSet) else { continue }
            result[kind] = ChannelsPatch(
                inApp: try set.bool("inApp"), email: try set.bool("email"),
                webhook: try set.bool("webhook"), push: try set.bool("push"))
        }
        return result
    }

    @Sendable func changePassword(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.changePassword)
        let current = try body.required("currentPassword", body.string)
        let new = try body.required("newPassword", body.string)
        try await limiter.checkingPassword(of: identity, field: "currentPassword", context: context) {
            try await accounts.changePassword(identity, current: current, new: new)
        }
        return JSONResponse.noContent()
    }

    @Sendable func deleteMe(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.deleteMe)
        let password = try body.required("password", body.string)
        try await limiter.checkingPassword(of: identity, field: "password", context: context) {
            try await accounts.deleteAccount(identity, password: password)
        }
        return JSONResponse.noContent()
    }

    /// ACC-6 and INTEROP-5: `format` json (everything, the default), ics or csv (the tasks).
    @Sendable func export(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        switch request.uri.queryParameters.get("format") {
        case nil, "json": break
        case "ics": return Response.download(try await transfer.taskExport(identity).calendar, format: .ics)
        case "csv": return Response.download(try await transfer.taskExport(identity).csv, format: .csv)
        default: throw DoableError.invalid("format", "format is json, ics or csv.")
        }
        return JSONResponse.make(
            try await ExportDTO.assemble(for: identity, transfer: transfer, photos: photos, market: market))
    }

    @Sendable func publicProfile(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let username = context.parameters.get("username"),
            let account = try await accounts.publicProfile(username: username)
        else { throw DoableError.notFound("No member with this username.") }
        let market = try await market.marketProfile(accountID: account.id)
        return JSONResponse.make(
            PublicProfileDTO(
                account,
                market: MarketProfileDTO(
                    rating: MarketRatingDTO(market.rating), reviews: market.reviews.map(ReviewDTO.init))))
    }
}
