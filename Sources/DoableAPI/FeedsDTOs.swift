public import DoableCore
import PublicInit

/// INTEROP-2: the feed URLs of `GET /api/v1/feeds` and `POST /api/v1/feeds/rotate`, absolute as the client reached
/// the server (`Request.publicOrigin`).
@PublicInit
public struct FeedsDTO: Codable, Sendable {
    @PublicInit
    public struct Feed: Codable, Sendable {
        public let url: String
    }

    @PublicInit
    public struct ListFeed: Codable, Sendable {
        public let listId: ListID
        public let name: String
        public let url: String
    }

    public let all: Feed
    public let lists: [ListFeed]
}

/// Where the feeds are served (`CalendarFeedController`): the key is the only credential, as calendar apps send no
/// headers of their own.
public enum FeedPath {
    public static func dueTasks(key: String) -> String { "/feeds/\(key)/all.ics" }
    public static func list(_ id: ListID, key: String) -> String { "/feeds/\(key)/lists/\(id).ics" }
}
