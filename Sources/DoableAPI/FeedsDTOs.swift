public import DoableCore

/// INTEROP-2: the feed URLs of `GET /api/v1/feeds` and `POST /api/v1/feeds/rotate`, absolute as the client reached
/// the server (`Request.publicOrigin`).
public struct FeedsDTO: Codable, Sendable {
    public struct Feed: Codable, Sendable {
        public let url: String

        public init(
            url: String
        ) {
            self.url = url
        }
    }

    public struct ListFeed: Codable, Sendable {
        public let listId: ListID
        public let name: String
        public let url: String

        public init(
            listId: ListID, name: String, url: String
        ) {
            self.listId = listId
            self.name = name
            self.url = url
        }
    }

    public let all: Feed
    public let lists: [ListFeed]

    public init(
        all: Feed, lists: [ListFeed]
    ) {
        self.all = all
        self.lists = lists
    }

}

/// Where the feeds are served (`CalendarFeedController`): the key is the only credential, as calendar apps send no
/// headers of their own.
public enum FeedPath {
    public static func dueTasks(key: String) -> String { "/feeds/\(key)/all.ics" }
    public static func list(_ id: ListID, key: String) -> String { "/feeds/\(key)/lists/\(id).ics" }
}
