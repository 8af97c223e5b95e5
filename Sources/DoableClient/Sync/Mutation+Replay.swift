import DoableAPI
import DoableCore

extension Mutation {
    /// The moment the change was made on the device's clock (what replay writes as `updatedAt`).
    var moment: Timestamp {
        Timestamp(milliseconds: HybridTimestamp(hlc)?.milliseconds ?? 0)
    }

    /// The id of the entity the mutation is about, when its args name one.
    var entityID: String? { args["id"]?.stringValue }
}
