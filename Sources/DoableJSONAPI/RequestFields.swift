import DoableCore
import DoableDomain

/// The fields each request body accepts, by the OpenAPI operation that takes it: the controllers read bodies
/// with these sets, and `APIContractTests` fails when the document's request schemas say otherwise.
enum RequestFields {
    static let register: Set<String> = [
        "email", "password", "username", "firstName", "lastName", "gender", "genderDescription", "dateOfBirth",
        "educationLevel", "phone", "invitation",
    ]
    static let signIn: Set<String> = ["login", "password", "totp", "recoveryCode"]
    static let updateMe: Set<String> = [
        "email", "username", "firstName", "lastName", "gender", "genderDescription", "dateOfBirth",
        "educationLevel", "phone", "showEmail", "showPhone", "preferences",
    ]
    static let preferences: Set<String> = [
        "timeZone", "weekStart", "theme", "accentColor", "defaultSort", "quietHours", "notificationChannels",
        "gameOptIn", "calDAVAccountPassword",
    ]
    static let quietHours: Set<String> = ["start", "end", "mode"]
    static let notificationChannels: Set<String> = ["inApp", "email", "webhook", "push", "byKind"]
    /// NOTIF-2: `byKind` names kinds of notification, each with its channels.
    static let channelKinds: Set<String> = Set(PreferencesPatch.kindsWithChannels.map(\.rawValue))
    static let channelSet: Set<String> = ["inApp", "email", "webhook", "push"]
    /// REACH-3: what `PushSubscription.toJSON()` gives; `expirationTime` is accepted and not used.
    static let pushSubscription: Set<String> = ["endpoint", "expirationTime", "keys"]
    static let pushKeys: Set<String> = ["p256dh", "auth"]
    static let changePassword: Set<String> = ["currentPassword", "newPassword"]
    static let deleteMe: Set<String> = ["password"]
    static let createToken: Set<String> = ["name", "kind", "scope", "expiresAt", "totp", "recoveryCode"]
    /// Issue 31: forgotten passwords, two-factor sign-in, invitations, administration.
    static let requestPasswordReset: Set<String> = ["email"]
    static let resetPassword: Set<String> = ["password"]
    static let confirmTwoFactor: Set<String> = ["code"]
    static let secondFactor: Set<String> = ["totp", "recoveryCode"]
    static let disableTwoFactor: Set<String> = ["password", "totp", "recoveryCode"]
    static let createInvitation: Set<String> = ["email", "expiresInDays"]
    static let disableAccount: Set<String> = ["reason"]
    static let list: Set<String> = ["name", "description", "color", "icon", "isArchived"]
    static let moveList: Set<String> = ["beforeId", "afterId"]
    static let task: Set<String> = [
        "title", "notes", "listId", "parentId", "status", "priority", "due", "start", "labelIds",
        "estimatedMinutes", "category", "assigneeId", "recurrence", "recurrenceBasis",
    ]
    static let reminder: Set<String> = ["at", "relativeTo", "offsetMinutes"]
    static let reminderUpdate: Set<String> = ["at", "relativeTo", "offsetMinutes", "silenced"]
    static let snooze: Set<String> = ["minutes", "until", "preset"]
    static let webhook: Set<String> = ["url", "events"]
    static let completeTask: Set<String> = ["includeSubtasks"]
    static let moveTask: Set<String> = ["listId", "parentId", "beforeId", "afterId"]
    static let label: Set<String> = ["name", "color"]
    static let addMember: Set<String> = ["login", "role"]
    static let updateMember: Set<String> = ["role"]
    static let comment: Set<String> = ["body"]
    static let markRead: Set<String> = ["ids", "all"]
    /// MKT-1, MKT-10: a posting; `location` is an object of its own.
    static let posting: Set<String> = [
        "title", "description", "category", "suggestedCategory", "maxBid", "location", "when",
    ]
    static let postingWhen: Set<String> = ["from", "until"]
    static let location: Set<String> = ["latitude", "longitude", "placeName"]
    /// MKT-4: a bid, new or changed.
    static let bid: Set<String> = ["amount", "message"]
    static let question: Set<String> = ["body"]
    static let answer: Set<String> = ["answer"]
    static let review: Set<String> = ["rating", "body"]
    /// MKT-11: the admin's categories.
    static let category: Set<String> = ["name"]
    static let categoryUpdate: Set<String> = ["name", "isArchived"]
    /// GAME-1, GAME-2, GAME-4: the game and the companion.
    static let game: Set<String> = ["enabled", "strict", "offWeekdays", "offDays"]
    static let companion: Set<String> = ["name", "species", "color", "colour"]
    /// GAME-1, GAME-3, GAME-7 for admins: the formula's constants (by name), store items, plans.
    static let gameRules: Set<String> = Set(GameRules().constants.map(\.name))
    static let storeItem: Set<String> = ["name", "description", "category", "slot", "price", "svg", "retired"]
    static let plan: Set<String> = ["name", "price", "period", "description", "retired"]

    /// Each operation's body fields, as the document names the operations.
    static let syncPush: Set<String> = ["clientId", "mutations"]
    static let syncPull: Set<String> = ["clientId", "cursor", "limit"]
    static let byOperation: [String: Set<String>] = [
        "register": register, "signIn": signIn, "updateMe": updateMe, "deleteMe": deleteMe,
        "changePassword": changePassword, "createToken": createToken, "createList": list, "updateList": list,
        "moveList": moveList, "createTask": task, "updateTask": task, "completeTask": completeTask,
        "moveTask": moveTask, "createLabel": label, "updateLabel": label, "addMember": addMember,
        "updateMember": updateMember, "addComment": comment, "updateComment": comment, "markNotificationsRead": markRead,
        "createReminder": reminder, "updateReminder": reminderUpdate, "snoozeReminder": snooze,
        "createWebhook": webhook, "createPushSubscription": pushSubscription, "syncPush": syncPush, "syncPull": syncPull,
        "createPosting": posting, "updatePosting": posting, "placeBid": bid, "updateBid": bid,
        "askQuestion": question, "answerQuestion": answer, "reviewPosting": review, "createCategory": category,
        "updateCategory": categoryUpdate, "updateGame": game, "updateCompanion": companion,
        "adminUpdateGameRules": gameRules, "adminCreateStoreItem": storeItem, "adminUpdateStoreItem": storeItem,
        "adminCreatePlan": plan, "adminUpdatePlan": plan, "requestPasswordReset": requestPasswordReset,
        "resetPassword": resetPassword, "confirmTwoFactor": confirmTwoFactor, "disableTwoFactor": disableTwoFactor,
        "renewRecoveryCodes": secondFactor, "createInvitation": createInvitation, "adminDisableAccount": disableAccount,
    ]
}
