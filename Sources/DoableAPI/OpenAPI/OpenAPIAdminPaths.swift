/// Admin tools (MKT-11: marketplace categories; GAME-1, GAME-3, GAME-7: the game's constants, the store's items,
/// the plans); 404 for anyone but an admin.
extension OpenAPI {
    static let categoryAdminNotFound =
        "The caller is not an admin (admin paths answer 404 to everyone else), or no category has this id."
    static let gameAdminNotFound =
        "The caller is not an admin (admin paths answer 404 to everyone else), or nothing has this id."

    static let adminPaths: [String: [String: Operation]] = [
        "/api/v1/admin/categories": [
            "get": Operation(
                tag: "Admin", id: "adminListCategories",
                summary: "MKT-11: every category, archived ones too, Other last (admins only).",
                ok: ok(wrapper("categories", "Category")), statuses: [404], isReadOnly: true, notFound: categoryAdminNotFound),
            "post": Operation(
                tag: "Admin", id: "createCategory", summary: "MKT-11: add a category (admins only).",
                body: "CreateCategoryRequest", status: 201, ok: okWithETag(ref("Category"), "Added."), statuses: [404],
                conflicts: ["already_exists", "edit_conflict"], notFound: categoryAdminNotFound),
        ],
        "/api/v1/admin/categories/{id}": [
            "patch": Operation(
                tag: "Admin", id: "updateCategory",
                summary: "MKT-11: rename a category, archive it or offer it again (admins only).", parameters: [idParameter],
                body: "UpdateCategoryRequest", ok: okWithETag(ref("Category")), statuses: [404],
                conflicts: ["already_exists", "edit_conflict"],
                badRequest: """
                    Neither name nor isArchived, a name that is empty or over 40 characters, or archiving Other \
                    (`field` isArchived); `field` names it.
                    """,
                notFound: categoryAdminNotFound)
        ],
        "/api/v1/admin/category-suggestions": [
            "get": Operation(
                tag: "Admin", id: "listCategorySuggestions",
                summary: "MKT-11: the categories members suggested with Other, newest first (admins only).",
                parameters: [query("limit", integer(minimum: 1, maximum: 1_000, default: 100), "How many.")],
                ok: ok(wrapper("suggestions", "CategorySuggestion")), statuses: [400, 404], isReadOnly: true,
                badRequest: "`limit` is not a whole number from 1 to 1,000.", notFound: categoryAdminNotFound)
        ],
        "/api/v1/admin/game/rules": [
            "get": Operation(
                tag: "Admin", id: "adminGetGameRules", summary: "GAME-1: the constants of the game's formulas (admins only).",
                ok: ok(ref("GameRules")), statuses: [404], isReadOnly: true, notFound: gameAdminNotFound),
            "patch": Operation(
                tag: "Admin", id: "adminUpdateGameRules",
                summary: "GAME-1: change some of the constants (admins only); the next reward uses them.", body: "GameRulesPatch",
                ok: ok(ref("GameRules")), statuses: [404], conflicts: ["edit_conflict"],
                badRequest: "An unknown constant, a value that is not a whole number or is out of its range; `field` is rules.NAME.",
                notFound: gameAdminNotFound),
        ],
        "/api/v1/admin/store/items": [
            "get": Operation(
                tag: "Admin", id: "adminListStoreItems", summary: "GAME-3: every store item, retired ones too (admins only).",
                ok: ok(wrapper("items", "AdminStoreItem")), statuses: [404], isReadOnly: true, notFound: gameAdminNotFound),
            "post": Operation(
                tag: "Admin", id: "adminCreateStoreItem", summary: "GAME-3: add an item to the store (admins only).",
                body: "CreateStoreItemRequest", status: 201, ok: okWithETag(ref("AdminStoreItem"), "Added."), statuses: [404],
                conflicts: ["edit_conflict"],
                badRequest: """
                    A missing field, a name or description too long, a price out of range, or an SVG fragment that is \
                    not allowed; `field` names it.
                    """,
                notFound: gameAdminNotFound),
        ],
        "/api/v1/admin/store/items/{id}": [
            "patch": Operation(
                tag: "Admin", id: "adminUpdateStoreItem",
                summary: "GAME-3: change a store item, retire it or sell it again (admins only).", parameters: [idParameter],
                body: "UpdateStoreItemRequest", ok: okWithETag(ref("AdminStoreItem")), statuses: [404],
                conflicts: ["edit_conflict"], notFound: gameAdminNotFound)
        ],
        "/api/v1/admin/plans": [
            "get": Operation(
                tag: "Admin", id: "adminListPlans", summary: "GAME-7: every subscription plan, retired ones too (admins only).",
                ok: ok(wrapper("plans", "AdminPlan")), statuses: [404], isReadOnly: true, notFound: gameAdminNotFound),
            "post": Operation(
                tag: "Admin", id: "adminCreatePlan", summary: "GAME-7: add a subscription plan (admins only).",
                body: "CreatePlanRequest", status: 201, ok: okWithETag(ref("AdminPlan"), "Added."), statuses: [404],
                conflicts: ["edit_conflict"], notFound: gameAdminNotFound),
        ],
        "/api/v1/admin/plans/{id}": [
            "patch": Operation(
                tag: "Admin", id: "adminUpdatePlan", summary: "GAME-7: change a plan, retire it or offer it again (admins only).",
                parameters: [idParameter], body: "UpdatePlanRequest", ok: okWithETag(ref("AdminPlan")), statuses: [404],
                conflicts: ["edit_conflict"], notFound: gameAdminNotFound)
        ],
    ]
}
