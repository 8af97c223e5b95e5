import ArgumentParser

/// Administrative tools that work on the database directly, through the same domain operations: admins
/// (`grant`, `revoke`), the marketplace's categories and the suggestions members made (MKT-11), and `seed`.
/// Each subcommand lives in `Admin/`; they act as the server's own command line, not as a member.
struct Admin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Administrative tools.",
        subcommands: [
            AdminCreate.self, AdminList.self, AdminDisable.self, AdminEnable.self, AdminDelete.self, AdminGrant.self,
            AdminRevoke.self, AdminResetPassword.self, AdminCategories.self, AdminSuggestions.self, Seed.self,
        ]
    )
}
