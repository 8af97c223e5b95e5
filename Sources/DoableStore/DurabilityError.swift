/// the database would not keep what the server acknowledges through a power cut, so the server does not start.
public struct DurabilityError: Error, CustomStringConvertible, Equatable {
    public let description: String

    public init(_ description: String) { self.description = description }
}
