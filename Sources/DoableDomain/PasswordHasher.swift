import HummingbirdBcrypt
import NIOPosix
import Synchronization

/// bcrypt, run on the thread pool so hashing never blocks the event loop.
public struct PasswordHasher: Sendable {
    public let cost: UInt8

    public init(cost: UInt8 = 10) { self.cost = cost }

    public func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }

    /// Issue 27, finding 6: checks `password` against a hash of nothing at this cost, so that a sign-in with a login
    /// that names no account takes as long as one with a wrong password (the answer is always false).
    public func verifyAgainstNothing(_ password: String) async throws {
        let cost = self.cost
        let dummy = try await Self.dummies.withLock { $0[cost] }.asyncOrElse {
            let made = try await hash("doable: no such account")
            Self.dummies.withLock { $0[cost] = made }
            return made
        }
        _ = try await verify(password, hash: dummy)
    }

    private static let dummies = Mutex<[UInt8: String]>([:])
}

extension Optional where Wrapped == String {
    fileprivate func asyncOrElse(_ make: () async throws -> String) async throws -> String {
        if let self { return self }
        return try await make()
    }
}
