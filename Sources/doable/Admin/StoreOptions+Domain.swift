import DoableCore
import DoableDomain
import DoableStore
import Logging

extension StoreOptions {
    /// Runs `body` with a Domain over the configured store, then closes the store (also when `body` fails). A
    /// Domain refusal becomes the one sentence the user reads, with exit code 1.
    func withDomain<T>(label: String, _ body: (Domain) async throws -> T) async throws -> T {
        let store = try await openStore(logger: Logger(label: label))
        let domain = Domain(store: store, passwords: PasswordHasher())
        do {
            let result = try await body(domain)
            try await store.close()
            return result
        } catch let error as DoableError {
            try? await store.close()
            throw CLIError.user(error.message)
        } catch {
            try? await store.close()
            throw error
        }
    }
}
