import DoableCore
import DoableDomain
import DoableArt

/// Issue 28: an admin catalogue — the subscription plans, the store's items — is a table of entries, each with a
/// button to retire it or bring it back, the form to add one, and a page to edit one. What differs from one
/// catalogue to the next is described here; the routes, the pages' frame and the add, save and retire flow are
/// written once (`AdminCatalogueWebController`, `AdminCataloguePage`).
struct AdminCatalogue<Entry: Sendable, Marker: Sendable, Input: Sendable>: Sendable {
    typealias ID = EntityID<Marker>

    let section: AdminSection
    /// Where the catalogue lives, without the leading slash (`admin/plans`).
    let path: String
    /// The start of a row's id and of its retire button's: `plan` gives `plan-{id}` and `plan-{id}-retire`.
    let anchor: String
    /// The start of the forms' ids: `plan` gives `plan-add`, `plan-edit` and their headings' ids.
    let formID: String
    /// The forms' class beside `settings-form`.
    let formClass: String
    /// The form fields a refusal from the Domain may name.
    let fields: Set<String>
    let words: Words
    let table: Table
    let access: Access
    let form: Form

    /// What the pages and toasts say.
    struct Words: Sendable {
        let notFound: String
        /// The link from an entry's page back to the table ("All plans").
        let allEntries: String
        let addHeading: String
        let addButton: String
        let saveButton: String
        /// The button of an entry on offer, and of a retired one.
        let retire: String
        let unretire: String
        let added: @Sendable (String) -> String
        let saved: @Sendable (String) -> String
        let retired: @Sendable (String) -> String
        let unretired: @Sendable (String) -> String
        /// Above the table.
        let intro: HTML
        /// Above an entry's page.
        let entryIntro: HTML
    }

    /// The table of every entry.
    struct Table: Sendable {
        /// Its class beside `admin-table`.
        let className: String
        let caption: String
        /// The header cells but the last (the retire buttons' column, named `lastHeader` for screen readers).
        let headers: HTML
        let lastHeader: String
        let empty: String
        /// A row's cells, given the entry's retire form for the last.
        let cells: @Sendable (Entry, _ retireForm: HTML) -> HTML
        /// What an entry's page shows before its retire form, in a box of class `headClass`.
        let headClass: String
        let head: @Sendable (Entry) -> HTML
    }

    /// How the entries are read and written: the game service's operations for this catalogue.
    struct Access: Sendable {
        let id: @Sendable (Entry) -> ID
        let name: @Sendable (Entry) -> String
        let isRetired: @Sendable (Entry) -> Bool
        let all: @Sendable (GameService, Identity) async throws -> [Entry]
        let create: @Sendable (GameService, Identity, Input) async throws -> Entry
        let update: @Sendable (GameService, Identity, ID, Input) async throws -> Entry
        /// The input that retires an entry (true) or offers it again (false).
        let retiring: @Sendable (Bool) -> Input
    }

    /// The add and edit forms.
    struct Form: Sendable {
        /// What the add form starts with.
        let blank: FormData
        let values: @Sendable (Entry) -> FormData
        let fields: @Sendable (FormData, FormErrors) -> HTML
        /// The form's values for the Domain, or the refusals of what it cannot even read.
        let input: @Sendable (FormData) -> (input: Input, errors: FormErrors)
    }
}
