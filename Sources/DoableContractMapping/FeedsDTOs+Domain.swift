public import DoableAPI
import DoableCore
public import DoableDomain

extension FeedsDTO {
    public init(_ links: FeedLinks, origin: String) {
        self.init(
            all: Feed(url: origin + FeedPath.dueTasks(key: links.key)),
            lists: links.lists.map { ListFeed(listId: $0.id, name: $0.name, url: origin + FeedPath.list($0.id, key: links.key)) })
    }
}
