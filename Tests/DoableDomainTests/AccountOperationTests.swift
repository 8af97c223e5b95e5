import DoableCore
import DoableDomain
import Testing

/// ACC-1 and ACC-2 through the accounts service alone: registration, signing in, and a changed password.
@Suite struct AccountOperationTests {
    @Test func ACC1_ACC2_aMemberSignsInWithThePasswordAndNotWithAnother() async throws {
        try await DomainFixture.run { fixture in
            let ann = try await fixture.member("ann")
            let accounts = fixture.domain.accounts
            #expect(try await accounts.signIn(ann.account, password: "wrong horse") == nil)
            let session = try #require(try await accounts.signIn(ann.account, password: "correct horse"))
            #expect(try await accounts.authenticate(secret: session.secret)?.account.id == ann.account.id)
        }
    }

    @Test func ACC2_aChangedPasswordNeedsTheCurrentOneAndReplacesIt() async throws {
        try await DomainFixture.run { fixture in
            let ann = try await fixture.member("ann")
            let accounts = fixture.domain.accounts
            await #expect {
                try await accounts.changePassword(ann, current: "not it at all", new: "battery staple")
            } throws: { error in
                guard case DoableError.forbidden(_, let field) = error else { return false }
                return field == "currentPassword"
            }
            try await accounts.changePassword(ann, current: "correct horse", new: "battery staple")
            let account = try #require(try await accounts.account(login: "ann"))
            #expect(try await accounts.signIn(account, password: "correct horse") == nil)
            #expect(try await accounts.signIn(account, password: "battery staple") != nil)
        }
    }
}
