import DoableCore
import DoableDomain

/// INTEROP-2: the feed URLs of `GET /api/v1/feeds` and `POST /api/v1/feeds/rotate`, absolute as the client reached
/// the server (`Request.publicOrigin`).
struct FeedsDTO: Encodable, Sendable {
    struct Feed: Encodable, Sendable {
        let url: String
    }

    struct ListFeed: Encodable, Sendable {
        let listId: ListID
        let name: String
        let url: String
    }

    let all: Feed
    let lists: [ListFeed]

    init(_ links: FeedLinks, origin: String) {
        all = Feed(url: origin + FeedPath.dueTasks(key: links.key))
        lists = links.lists.map { ListFeed(listId: $0.id, name: $0.name, url: origin + FeedPath.list($0.id, key: links.key)) }
    }
}

/// Where the feeds are served (`CalendarFeedController`): the key is the only credential, as calendar apps send no
/// headers of their own.
enum FeedPath {
    static func dueTasks(key: String) -> String { "/feeds/\(key)/all.ics" }
    static func list(_ id: ListID, key: String) -> String { "/feeds/\(key)/lists/\(id).ics" }
}
