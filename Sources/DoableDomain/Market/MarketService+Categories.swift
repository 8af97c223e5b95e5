public import DoableCore
import Foundation
@_spi(StoreWriting) import DoableStore

/// MKT-11: categories are set by admins (the admin pages and API, and `doable admin categories`); a member may pick
/// "Other" and suggest one, which admins see.
extension MarketService {
    /// The categories a member may pick (not archived), "Other" last.
    public func marketCategories(includeArchived: Bool = false) async throws -> [MarketCategory] {
        let all = try await store.marketCategories().filter { includeArchived || !$0.isArchived }
        return all.filter { !$0.isOther } + all.filter(\.isOther)
    }

    /// A category by id or name (case-insensitive); for a new posting it must not be archived.
    func resolveCategory(_ text: String, field: String, forNew: Bool = false) async throws -> MarketCategory {
        let all = try await store.marketCategories()
        let key = Rules.matchKey(text.trimmingCharacters(in: .whitespaces))
        guard let category = all.first(where: { $0.id.description == key || Rules.matchKey($0.name) == key }) else {
            throw DoableError.invalid(
                field,
                "There is no category “\(text.prefix(40))”; pick one of "
                    + all.filter { !$0.isArchived }.map(\.name).joined(separator: ", ") + ".")
        }
        if forNew && category.isArchived {
            throw DoableError.invalid(field, "The category “\(category.name)” is no longer offered.")
        }
        return category
    }

    /// An admin adds a category.
    public func createCategory(_ admin: Identity?, name: String) async throws -> MarketCategory {
        try requireAdmin(admin)
        let name = try MarketRules.categoryName(name)
        return try await perform(by: admin?.account.id) {
            let now = clock()
            let category = MarketCategory(id: .make(at: now), name: name, createdAt: now)
            return (WriteBatch([.putCategory(category)], now: now), category)
        }
    }

    /// An admin renames a category or archives it (postings keep it; new ones can't pick it). "Other" stays.
    public func updateCategory(_ admin: Identity?, id: CategoryID, name: String?, isArchived: Bool?) async throws
        -> MarketCategory
    {
        try requireAdmin(admin)
        let name = try name.map { try MarketRules.categoryName($0) }
        return try await perform(by: admin?.account.id) {
            guard var category = try await store.marketCategory(id: id) else {
                throw DoableError.notFound("Category not found.")
            }
            if category.isOther && isArchived == true {
                throw DoableError.invalid("isArchived", "“Other” is always offered: it is how members suggest one.")
            }
            if let name { category.name = name }
            if let isArchived { category.isArchived = isArchived }
            category.version += 1
            return (WriteBatch([.putCategory(category)], now: clock()), category)
        }
    }

    /// A category by id or name, for the admin tools.
    public func category(named text: String) async throws -> MarketCategory {
        try await resolveCategory(text, field: "category")
    }

    /// MKT-11: what members suggested with "Other", newest first.
    public func categorySuggestions(_ admin: Identity?, limit: Int = 100) async throws -> [CategorySuggestion] {
        try requireAdmin(admin)
        let postings = try await store.postingsSuggestingCategories(limit: max(1, min(limit, 1_000)))
        let names = try await usernames(postings.map(\.posterID))
        return postings.compactMap { posting in
            posting.suggestedCategory.map {
                CategorySuggestion(
                    postingID: posting.id, postingTitle: posting.title, suggestion: $0,
                    poster: names[posting.posterID], createdAt: posting.createdAt)
            }
        }
    }
}
