public import DoableCore
public import Hummingbird

extension RequestContext {
    /// An id from the path; one that is not a UUID names nothing the caller can see, so it is a 404.
    public func pathID<T>(_ name: String = "id", as type: EntityID<T>.Type = EntityID<T>.self) throws -> EntityID<T> {
        guard let text = parameters.get(name), let id = EntityID<T>(text) else {
            throw DoableError.notFound("Not found.")
        }
        return id
    }
}
