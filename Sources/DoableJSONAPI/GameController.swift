import DoableAPI
import DoableContractMapping
import DoableCore
import DoableDomain
import Hummingbird
import NIOCore
import DoableArt
import DoableHTTP

/// GAME-1, GAME-2, GAME-4, GAME-5 and GAME-7: the caller's companion game — the game itself, the companion and its
/// pictures, the streak's buy-back, badges and the ledger — and the subscription plans. The store and the inventory
/// are in `GameController+Store.swift`. Everything is the caller's own: there is nothing of anyone else's to see.
struct GameController: Sendable {
    let game: GameService

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        let game = group.group("game")
        game.get(use: show)
        game.patch(use: update)
        let companion = game.group("companion")
        companion.patch(use: updateCompanion)
        companion.post("pet", use: pet)
        game.get("companion.svg", use: companionPicture)
        game.get("home.svg", use: homePicture)
        game.post("streak/restore", use: restoreStreak)
        game.get("badges", use: badges)
        game.get("ledger", use: ledger)
        group.get("plans", use: plans)
        addStoreRoutes(to: group)
    }

    func respond(_ view: GameView) -> Response {
        JSONResponse.make(GameDTO(view))
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        respond(try await game.game(try context.requireIdentity()))
    }

    /// On and off (409 when it already is), strict mode and days off.
    @Sendable func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.game)
        var patch = GamePatch()
        patch.isEnabled = try body.bool("enabled")
        patch.isStrict = try body.bool("strict")
        patch.offWeekdays = try body.integers("offWeekdays", maximumCount: 7).map { Set($0) }
        patch.offDays = try body.civilDates("offDays", maximumCount: 366).map { Set($0) }
        return respond(try await game.updateGame(identity, patch))
    }

    /// GAME-2: the companion's name (1 to 30 characters), species and color (`colour`, its name before, still reads).
    @Sendable func updateCompanion(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let body = try JSONObjectReader(try await request.jsonBody(), allowed: RequestFields.companion)
        var patch = CompanionPatch()
        patch.name = try body.string("name")
        patch.species = try body.enumeration("species", Companion.Species.self)
        patch.color =
            try body.enumeration("color", Companion.Color.self) ?? body.enumeration("colour", Companion.Color.self)
        return respond(try await game.updateCompanion(identity, patch))
    }

    /// GAME-2: the companion answers being petted. Any request body is ignored.
    @Sendable func pet(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireWriter()
        let says = try await game.petCompanion(identity)
        let game = try await game.game(identity)
        return JSONResponse.make(PetDTO(says: says, mood: game.mood))
    }

    struct PetDTO: Encodable, Sendable {
        let says: String
        let mood: Mood
    }

    /// GAME-2 and GAME-3: the companion wearing what is equipped in a worn slot.
    @Sendable func companionPicture(_ request: Request, context: AppRequestContext) async throws -> Response {
        let game = try await game.game(try context.requireIdentity())
        return Self.svgResponse(Self.companionSVG(game))
    }

    /// GAME-3: the companion at home, with the furniture and trinkets placed.
    @Sendable func homePicture(_ request: Request, context: AppRequestContext) async throws -> Response {
        let game = try await game.game(try context.requireIdentity())
        let furniture = game.equippedItems.filter { !$0.slot.isWorn }
        return Self.svgResponse(CompanionArt.home(companionSVG: Self.companionSVG(game), furniture: furniture))
    }

    /// Petted within the last minute: the picture shows it.
    static let pettedSeconds: Int64 = 60

    static func companionSVG(_ game: GameView) -> String {
        let companion = game.profile.companion
        let now = Timestamp.now
        let petted = game.profile.pettedAt.map { now.milliseconds - $0.milliseconds < pettedSeconds * 1000 } ?? false
        return CompanionArt.svg(
            companion: companion, mood: game.mood, level: game.level,
            worn: game.equippedItems.filter(\.slot.isWorn), petted: petted,
            title: "\(companion.name) the \(companion.species.rawValue), level \(game.level)")
    }

    /// A picture drawn by the server: nothing in it runs, and it is drawn afresh each time.
    static func svgResponse(_ svg: String) -> Response {
        let headers: HTTPFields = [
            .contentType: "image/svg+xml",
            .xContentTypeOptions: "nosniff",
            .cacheControl: "private, no-cache",
            .contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'",
        ]
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: svg)))
    }

    /// GAME-4: buys back the streak the latest missed day broke. Any request body is ignored.
    @Sendable func restoreStreak(_ request: Request, context: AppRequestContext) async throws -> Response {
        respond(try await game.restoreStreak(try context.requireWriter()))
    }

    /// GAME-5: all nine badges, earned or not, in their order.
    @Sendable func badges(_ request: Request, context: AppRequestContext) async throws -> Response {
        let game = try await game.game(try context.requireIdentity())
        let badges = Badge.allCases.map { BadgeDTO(badge: $0, awardedAt: game.profile.badges[$0]) }
        return JSONResponse.make(["badges": badges])
    }

    /// GAME-1: the caller's ledger, newest first, in pages: `before` the `at` of the last line seen.
    @Sendable func ledger(_ request: Request, context: AppRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        var before: Timestamp?
        if let text = request.uri.queryParameters.get("before") {
            guard let moment = Timestamp(rfc3339: text) else {
                throw DoableError.invalid("before", "'before' must be an RFC 3339 date-time.")
            }
            before = moment
        }
        let limit = try CollaborationController.limit(request, maximum: 500) ?? 100
        let entries = try await game.gameLedger(identity, before: before, limit: limit)
        return JSONResponse.make(["entries": entries.map(LedgerEntryDTO.init)])
    }

    /// GAME-7: the plans on offer (retired ones are not).
    @Sendable func plans(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireIdentity()
        return JSONResponse.make(["plans": try await game.subscriptionPlans().map(PlanDTO.init)])
    }
}

extension JSONObjectReader {
    /// A list of whole numbers, at most `maximumCount` of them.
    func integers(_ key: String, maximumCount: Int) throws -> [Int]? {
        switch fields[key] {
        case nil: return nil
        case .array(let items)?:
            guard items.count <= maximumCount else {
                throw DoableError.invalid(name(key), "'\(name(key))' has more than \(maximumCount) items.")
            }
            return try items.map { item in
                guard case .number(let value) = item, value.rounded() == value, abs(value) < 1e15 else {
                    throw DoableError.invalid(name(key), "'\(name(key))' must be a list of whole numbers.")
                }
                return Int(value)
            }
        default: throw typeError(key, "an array")
        }
    }

    /// A list of days (YYYY-MM-DD), at most `maximumCount` of them.
    func civilDates(_ key: String, maximumCount: Int) throws -> [CivilDate]? {
        switch fields[key] {
        case nil: return nil
        case .array(let items)?:
            guard items.count <= maximumCount else {
                throw DoableError.invalid(name(key), "'\(name(key))' has more than \(maximumCount) items.")
            }
            return try items.map { item in
                guard case .string(let text) = item, let day = CivilDate(text) else {
                    throw DoableError.invalid(name(key), "'\(name(key))' must be a list of dates (YYYY-MM-DD).")
                }
                return day
            }
        default: throw typeError(key, "an array")
        }
    }
}
