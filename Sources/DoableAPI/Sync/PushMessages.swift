public import DoableCore
public import Foundation
import PublicInit

/// SYNC-3: the body of `POST /api/v1/sync/push`: at most 100 mutations of one device, in id order.
@PublicInit
public struct PushRequest: Codable, Sendable, Equatable {
    /// The device's client id (written lower-case).
    public var clientId: UUID
    public var mutations: [Mutation]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        clientId = try Self.uuid(try container.decode(String.self, forKey: .clientId), decoder: decoder)
        mutations = try container.decodeIfPresent([Mutation].self, forKey: .mutations) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(clientId.lowercasedString, forKey: .clientId)
        try container.encode(mutations, forKey: .mutations)
    }

    enum CodingKeys: String, CodingKey { case clientId, mutations }

    static func uuid(_ text: String, decoder: any Decoder) throws -> UUID {
        guard let uuid = UUID.parse(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a UUID"))
        }
        return uuid
    }
}

/// SYNC-3: the answer to a push: how far the server got, its clock, and what became of each mutation it handled.
@PublicInit
public struct PushResponse: Codable, Sendable, Equatable {
    /// The last of this device's mutations the server has handled.
    public var lastMutationId: Int64
    /// The server's clock, taken into the device's hybrid clock.
    public var serverTime: Timestamp
    public var results: [MutationResult]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lastMutationId = try container.decode(Int64.self, forKey: .lastMutationId)
        serverTime = try container.decode(Timestamp.self, forKey: .serverTime)
        results = try container.decodeIfPresent([MutationResult].self, forKey: .results) ?? []
    }
}

/// What the server did with one pushed mutation.
public struct MutationResult: Codable, Sendable, Equatable {
    public var id: Int64
    public var status: Status
    /// Fields of an update that a later write (by clock) had already set, so they were not changed.
    public var superseded: [String]?
    /// Why it was rejected, when it was.
    public var error: MutationError?

    /// A result with the given fields.
    public init(id: Int64, status: Status, superseded: [String]? = nil, error: MutationError? = nil) {
        self.id = id
        self.status = status
        self.superseded = superseded
        self.error = error
    }

    /// `applied`, `rejected` or `duplicate`; a status this client does not know is kept as it came.
    public struct Status: RawRepresentable, Codable, Sendable, Hashable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let applied = Status(rawValue: "applied")
        public static let rejected = Status(rawValue: "rejected")
        public static let duplicate = Status(rawValue: "duplicate")
    }
}

/// The API's error for a rejected mutation (`in_trash`, `validation_failed`, …).
public struct MutationError: Codable, Sendable, Equatable {
    public var code: String
    public var field: String?
    public var message: String

    /// An error with the given fields.
    public init(code: String, field: String? = nil, message: String) {
        self.code = code
        self.field = field
        self.message = message
    }

    /// Writes `field` as `null` when no one field is at fault, as every error of the API does.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ContractKey.self)
        try container.encode(code, forKey: "code")
        try container.encode(field, forKey: "field")
        try container.encode(message, forKey: "message")
    }
}
