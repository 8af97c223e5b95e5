public import Hummingbird

extension RouterGroup {
    /// A handler of this group's routes.
    public typealias Handler = @Sendable (Request, Context) async throws -> Response

    /// A REST collection at `path`: `GET` reads it and `POST` adds to it; its members at `path/{id}`: `GET`,
    /// `PATCH` and `DELETE` (each only when given). Answers the members' group, for the actions on one member.
    @discardableResult
    public func collection(
        _ path: RouterPath, list: Handler? = nil, create: Handler? = nil, show: Handler? = nil,
        update: Handler? = nil, delete: Handler? = nil
    ) -> RouterGroup<Context> {
        let collection = group(path)
        if let list { collection.get(use: list) }
        if let create { collection.post(use: create) }
        let member = collection.group("{id}")
        if let show { member.get(use: show) }
        if let update { member.patch(use: update) }
        if let delete { member.delete(use: delete) }
        return member
    }
}
