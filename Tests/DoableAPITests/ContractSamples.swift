import DoableAPI
import DoableCore
import Foundation

/// One value of each main contract type with every optional field filled, so that each key the type can write is
/// written. Where an optional field belongs to one use of a type only (a bid's `posting` in "my bids", a posting's
/// `bids` on its own page), the sample for that use fills it and the others leave it out, as the server does.
enum ContractSamples {
    static let moment = Timestamp(milliseconds: 1_795_000_000_123)
    static let day = CivilDate(year: 2026, month: 11, day: 21)!

    static let list = ListDTO(
        id: .make(at: moment), name: "Errands", description: "Things to do in town", color: "#16A34A", icon: "🛒", isInbox: false,
        isArchived: false, openTaskCount: 3, role: .editor, memberCount: 2, ownerId: .make(at: moment), createdAt: moment,
        updatedAt: moment, deletedAt: moment, version: 4)

    static let reward = RewardDTO(
        points: 14, xp: 14, message: "+14 points and 14 XP", parts: [Reward.Part(label: "base", points: 10)], onTime: true,
        late: false, totalPoints: 120, level: 3, leveledUp: true, badges: [.firstTask],
        companion: RewardDTO.Reaction(name: "Pip", mood: .happy, says: "Well done!"))

    static let task = TaskDTO(
        id: .make(at: moment), listId: .make(at: moment), parentId: .make(at: moment), title: "Buy stamps", notes: "At the post office",
        status: .completed, priority: .high, due: .day(day), start: .moment(moment), labelIds: [.make(at: moment)],
        attachmentIds: [.make(at: moment)], estimatedMinutes: 15, category: .personal, assigneeId: .make(at: moment),
        recurrence: "FREQ=WEEKLY;BYDAY=MO", recurrenceBasis: .completion, completedAt: moment, isOverdue: false,
        progress: SubtaskProgress(done: 1, total: 2), createdAt: moment, updatedAt: moment, deletedAt: moment, version: 2,
        rank: "a0", reward: reward)

    static var preferences: Preferences {
        var preferences = Preferences()
        preferences.timeZone = "Europe/Berlin"
        preferences.quietHours = Preferences.QuietHours(start: "22:00", end: "07:00", mode: .defer)
        preferences.notificationChannels.byKind = ["reminder": Preferences.ChannelSet(inApp: true, email: true, webhook: false)]
        preferences.gameOptIn = true
        return preferences
    }

    static let account = AccountDTO(
        id: .make(at: moment), email: "ann@example.com", username: "ann", firstName: "Ann", lastName: "Lee", gender: .selfDescribed,
        genderDescription: "agender", dateOfBirth: CivilDate(year: 1990, month: 4, day: 1), educationLevel: .master,
        phone: "+14155550123", showEmail: true, showPhone: false, isAdmin: false, inboxId: .make(at: moment), preferences: preferences,
        createdAt: moment, updatedAt: moment)

    static let rating = MarketRatingDTO(average: 4.5, count: 2, completionRate: 0.667, assignedCount: 3, completedCount: 2)

    static let bid = BidDTO(
        id: .make(at: moment), postingId: .make(at: moment), bidder: "ben", amount: 35.5, currency: CurrencyCode("SEK")!,
        message: "Tomorrow morning", status: .open,
        createdAt: moment, updatedAt: moment, version: 1, bidderRating: rating)

    /// A posting as lists show it: without its page's bids, questions, reviews and `canReview`.
    static let posting = PostingDTO(
        id: .make(at: moment), poster: "ann", title: "Mow the lawn", description: "Front and back",
        category: CategoryRefDTO(
            id: .make(at: moment), name: "Gardening"), suggestedCategory: "Lawns", maxBid: 40, currency: .euro, status: .assigned, lowestBid: 35.5,
        bidCount: 1, location: LocationDTO(latitude: 52.52, longitude: 13.405, placeName: "Mitte", exact: true),
        when: PostingWhenDTO(from: CivilDate(year: 2026, month: 12, day: 5)!, until: CivilDate(year: 2026, month: 12, day: 7)), distanceKm: 1.25,
        bearingDegrees: 90.5, assignee: "ben", photoIds: [.make(at: moment)], createdAt: moment, updatedAt: moment, doneAt: moment,
        version: 3,
        myBid: OwnBidDTO(
            id: .make(at: moment), amount: 35.5, message: "Tomorrow morning", status: .open, createdAt: moment, updatedAt: moment,
            version: 1), unseenBidCount: 1)

    /// A posting's own page (`PostingDetail`).
    static var postingDetail: PostingDTO {
        var detail = posting
        detail.bids = [bid]
        detail.questions = [
            QuestionDTO(
                id: .make(at: moment), postingId: posting.id, asker: "ben", body: "Is there a mower?", answer: "Yes", answeredAt: moment,
                createdAt: moment, version: 2)
        ]
        detail.reviews = [
            ReviewDTO(
                id: .make(at: moment), postingId: posting.id, reviewer: "ann", reviewee: "ben", rating: 5, body: "Quick", createdAt: moment,
                isVisible: true)
        ]
        detail.canReview = false
        return detail
    }

    /// One of the caller's bids, with its posting (`MyBid`).
    static var myBid: BidDTO {
        var mine = bid
        mine.posting = posting
        return mine
    }

    static let storeItem = StoreItemDTO(
        id: .make(at: moment), name: "Bow tie", description: "A blue bow tie", category: .clothes, slot: .neck, price: 30,
        retired: false, svg: "<svg/>", owned: true, equipped: true, affordable: true)

    static let companion = CompanionDTO(
        name: "Pip", species: .fox, color: .teal, mood: .happy, level: 3, equipped: [storeItem], greeting: "Good morning!",
        svgUrl: "/api/v1/game/companion.svg")

    static let game = GameDTO(
        enabled: true, strict: false, points: 120, xp: 140, level: 3, levelXp: 20, levelNeeds: 100, completedCount: 12,
        companion: companion,
        streak: StreakDTO(
            current: 0, best: 6, today: TodayDTO(date: day, openDue: 1, done: 2, kept: false, off: false), offWeekdays: [5, 6],
            offDays: [day], restore: RestoreOfferDTO(day: day, lostStreak: 6, cost: 60, deadline: moment), restorableUntil: moment,
            days: [GameDayDTO(date: day, status: .missed, streak: 0, bonus: 0, dueCount: 2, doneCount: 1)]),
        badges: [EarnedBadgeDTO(id: .firstTask, title: "First task", summary: "Completed a task", awardedAt: moment)],
        rules: GameRules())
}
